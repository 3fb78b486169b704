/**
 * Issue #32 (the Time Count and Threshold of Pain model): a hostile player against the schedule and
 * its requests, on the harness with the model loaded as a world loads it (TC_LOADER: the tracker, the
 * table, the maneuver, stance and heal cards). What a player's client sends or writes decides
 * nothing it may not decide; each refusal is localized and changes nothing. Holes this review found
 * and closed (each has its case below):
 * - a player's `update(…, { recursive: false })` replaced `system` and so reset the GM-only
 *   fatigue, ToP losses, stance and its transition (condition-step.ts);
 * - a player's write of its combatant's initiative before the schedule's first write was kept
 *   (tc-tracker.ts);
 * - a combatant without initiative in a begun combat shifted stance and made maneuvers on no count,
 *   for free (tc-act.ts; the attack card already refused it);
 * - a take-back after the Time Count moved on gave the SF back: the attacker acted again at the
 *   later count (tc-schedule.ts `sameCount`, tc-attack.ts, tc-maneuver-actions.ts);
 * - an initiative rolled after the count had begun was taken as an absolute count, so a late
 *   arrival — or a combatant taken out and put back, shedding its SF — acted at once (tc-act-actions.ts);
 * - the owner's attributes took ±1,000,000: one hit with that Power took a creature past the HP
 *   bound and the card's Apply failed; now ±300, as a bonus (creature-data.ts).
 * Numbers: Hadwin (the player's, test/fixtures/tc-world.ts) +5 with his long sword (BAB 3 + Str 2),
 * SF 1d6+6 rolled (a PC); the goblin (1 level of good BAB) Primary 10 + Agility 1 = 11, 8 HP, ToP 3;
 * initiative Hadwin 6, the goblin 7 (002:246: lowest first).
 */
import { describe, expect, it } from 'vitest';
import { getHarness, type HarnessCombat } from '../harness/index.js';
import { askGM, attackActionsSettled, undoNoteLines } from '../../src/cards/kernel/index.js';
import { requestCardAction } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState, type CardTarget } from '../../src/cards/attack/attack-state.js';
import { advanceCount, scheduleAct, setTcInitiative, tcSchedule } from '../../src/combat/tc-schedule.js';
import { tcActCard } from '../../src/cards/tc-act/tc-act-actions.js';
import { tcManeuverState } from '../../src/cards/tc-maneuver/tc-maneuver-state.js';
import { tcCardView, tcCreature, tcFighter, tcOf, useTcWorld, worldPlays } from '../fixtures/tc-world.js';

const h = await getHarness();
await import('../../src/cards/attack/attack-gm.js');
const { gm, player, otherPlayer } = h.users;

useTcWorld(h, 3232, { loaded: true, endCombats: true });

const view = tcCardView(h);
const notice = () => view.lastNotice();
const state = (message: ChatMessage) => cardState(view.messageOf(message)) as AttackCardState;
const target = (message: ChatMessage) => state(message).targets[0] as CardTarget;
const hp = (actor: Actor) => (actor.system as unknown as { hp: { value: number } }).hp.value;

/** The goblin above (`owner` owns it; none: the GM's). */
const goblinOf = (owner?: User) =>
  tcCreature(h, {
    name: 'Goblin',
    type: 'npc',
    ...(owner ? { owner } : {}),
    abilities: { dex: 12, con: 12 },
    attributes: { agility: 1 },
    hp: { value: 8 },
    levels: 1,
    weapons: [
      {
        name: 'Short spear',
        speedClass: 'fast',
        damage: '1d6',
        damageTypes: ['piercing'],
        category: 'simple',
      },
    ],
  });

/**
 * Hadwin and the goblin in a begun combat; with `initiative`, Hadwin 6 and the goblin 7 and the
 * count advanced to 6 (Hadwin acting). The GM's client.
 */
async function fight(o: { initiative?: boolean; goblinOwner?: User } = {}) {
  const fighter = await tcFighter(h);
  const goblin = await goblinOf(o.goblinOwner);
  h.as(gm);
  const combat = h.startCombat([fighter, goblin]) as HarnessCombat;
  await combat.startCombat();
  await attackActionsSettled();
  const id = (a: Actor) => combat.combatants.find((c) => c.actor === a)?.id as string;
  const [f, g] = [id(fighter), id(goblin)];
  if (o.initiative !== false) {
    await setTcInitiative(combat, f, { total: 6 });
    await setTcInitiative(combat, g, { total: 7 });
    await advanceCount(combat);
  }
  return { fighter, goblin, combat, f, g };
}

/** `user`'s client sends `query` with `data`; the answer (a refusal is shown there as a warning). */
async function ask(user: User, query: string, data: Record<string, unknown>) {
  h.as(user);
  h.notices.length = 0;
  const result = await askGM(query, data);
  await attackActionsSettled();
  h.as(gm);
  return result;
}

/** `owner` targets `defender` and attacks with `weapon`; the card, or null when refused. */
async function attack(owner: User, attacker: Actor, defender: Actor, weapon: string) {
  h.as(owner);
  h.target(owner, h.placeToken(defender, { x: 100, y: 0 }));
  const item = attacker.items.find((i) => i.name === weapon) as Item;
  const message = await game.gng.attack(attacker, item);
  await attackActionsSettled();
  h.as(gm);
  return message ?? null;
}

/** `user` presses `action` on the attack card (a hidden button: the request a macro sends). */
async function act(user: User, message: ChatMessage, action: string) {
  h.as(user);
  h.notices.length = 0;
  const result = await requestCardAction(message.id as string, action as never, target(message).id, {});
  await attackActionsSettled();
  h.as(gm);
  return result;
}

const BAD = 'The request to the GM was not understood; nothing was changed.';
const cards = () => game.messages.size;

describe('the tracker’s requests, forged', () => {
  it('another’s combatant, another combat’s, junk fields, counts and action ids: refused, nothing moves', async () => {
    const { combat, f, g } = await fight();
    const other = h.startCombat([await goblinOf()], { scene: h.createScene({ name: 'Elsewhere' }) });
    const otherId = [...other.combatants][0]?.id as string;
    const before = structuredClone(combat.getFlag('gng', 'tc'));
    const count = cards();
    const tcAct = (user: User, data: Record<string, unknown>) =>
      ask(user, 'gng.tcAct', { combatId: combat.id, combatantId: f, ...data });
    const refusals: [User, Record<string, unknown>, string][] = [
      [
        otherPlayer,
        { action: 'drawWeapon' },
        'You do not own Hadwin: only its owners or a GM choose its action.',
      ],
      [
        player,
        { combatantId: g, action: 'drawWeapon' },
        'You do not own Goblin: only its owners or a GM choose its action.',
      ],
      [player, { combatantId: otherId, action: 'drawWeapon' }, 'That combatant is not in this combat.'],
      [player, { combatId: 'nope', action: 'drawWeapon' }, 'That combat no longer exists.'],
      [player, { combatantId: 7, action: 'drawWeapon' }, 'That combatant is not in this combat.'],
      [player, { action: 'drawWeapon', sf: 0 }, BAD],
      [player, { action: '__proto__' }, BAD],
      [player, { action: 'constructor' }, BAD],
      [player, { action: ['drawWeapon'] }, BAD],
      // A footnote-2 action and one timed by a spell's casting time are not the tracker's.
      [player, { action: 'concentrate' }, BAD],
      [player, { action: 'prepareSpell' }, BAD],
      [player, { action: 'attack', weaponId: 'nope' }, 'Hadwin has no such weapon.'],
    ];
    for (const counts of [0, -3, 1.5, Number.NaN, 61, 1e9, '3', null])
      refusals.push([player, { action: 'hold', counts }, 'Hold for a whole number of counts from 1 to 60.']);
    for (const [user, data, message] of refusals) {
      expect((await tcAct(user, data)).ok, JSON.stringify(data)).toBe(false);
      expect(notice(), JSON.stringify(data)).toBe(message);
    }
    expect(combat.getFlag('gng', 'tc')).toEqual(before);
    expect(cards()).toBe(count);
  });

  it('out of turn, twice at one count, a double click: one act', async () => {
    const { combat, f, g } = await fight();
    expect(
      await ask(player, 'gng.tcAct', { combatId: combat.id, combatantId: g, action: 'hold', counts: 1 }),
    ).toMatchObject({ ok: false });
    // The GM's own request for the goblin, out of turn (it acts at 7).
    expect(
      await ask(gm, 'gng.tcAct', { combatId: combat.id, combatantId: g, action: 'hold', counts: 1 }),
    ).toMatchObject({
      ok: false,
      error: 'GNG.Model.TC.Act.Error.NotActing',
    });
    h.as(player);
    const request = { combatId: combat.id, combatantId: f, action: 'hold', counts: 2 };
    const results = await Promise.all([askGM('gng.tcAct', request), askGM('gng.tcAct', request)]);
    await attackActionsSettled();
    expect(results.map((r) => r.ok).sort()).toEqual([false, true]);
    // Held 2 counts from 6: next 8; a third request at count 6 is out of turn.
    expect(await ask(player, 'gng.tcAct', request)).toMatchObject({ ok: false });
    expect(notice()).toBe('Hadwin does not act now: its next count is 8, the Time Count is 6.');
    expect(tcSchedule(combat).next).toEqual({ [f]: 8, [g]: 7 });
  });

  it('initiative: another’s combatant, a second roll, junk ids; the GM’s Undo only, and not once the schedule moved', async () => {
    const { combat, f, g } = await fight({ initiative: false });
    const roll = (user: User, combatantIds: unknown, more: Record<string, unknown> = {}) =>
      ask(user, 'gng.tcInitiative', { combatId: combat.id, combatantIds, ...more });
    expect(await roll(player, [f, g])).toMatchObject({ ok: false });
    expect(notice()).toBe('You do not own Goblin: only its owners or a GM choose its action.');
    for (const ids of [[], 'x', [7], Array.from({ length: 101 }, () => f)]) {
      expect((await roll(player, ids)).ok).toBe(false);
      expect(notice()).toMatch(
        /^(The request to the GM was not understood; nothing was changed\.|That combatant is not in this combat\.)$/,
      );
    }
    expect(await roll(player, [f], { total: 1 })).toMatchObject({ ok: false });
    expect(tcSchedule(combat).next).toEqual({});
    // 1d6 [2] + 4 − Wisdom 0 = 6; a second roll finds it on the schedule.
    h.dice.queue(2);
    expect((await roll(player, [f, f])).ok).toBe(true);
    const card = game.messages.contents.at(-1) as ChatMessage;
    expect((await roll(player, [f])).ok).toBe(false);
    expect(notice()).toBe('Nobody here still needs an initiative roll.');
    expect(tcSchedule(combat).next).toEqual({ [f]: 6 });
    // The card's Undo is the GM's: a player's request is refused.
    h.as(player);
    expect(view.buttons(card)).toEqual([]);
    expect((await tcActCard.request(card.id as string, 'tcActUndo', 'combat')).ok).toBe(false);
    await attackActionsSettled();
    expect(notice()).toBe('Only a GM may undo a Time Count card.');
    h.as(gm);
    expect(tcSchedule(combat).next).toEqual({ [f]: 6 });
    // The GM moved Hadwin by hand since: the Undo is refused, nothing changes.
    await setTcInitiative(combat, f, { total: 4 });
    await view.click(card, 'tcActUndo');
    expect(notice()).toBe(
      "Hadwin's place on the Time Count has changed since; that step can no longer be undone exactly.",
    );
    expect(tcSchedule(combat).next).toEqual({ [f]: 4 });
  });
});

describe('initiative rolled once the count has begun', () => {
  it('counts from the current count: a late arrival (or a combatant put back) does not act at once', async () => {
    const { combat, f, g } = await fight();
    await scheduleAct(combat, f, { sf: 9, reason: 'long sword' }); // 6 → 15
    await advanceCount(combat); // 7: the goblin
    // The player's second character joins: 1d6 [3] + 4 − Wisdom 0 = 7 counts from count 7 → 14.
    const aeus = await tcCreature(h, { name: 'Aeus', owner: player, hp: { value: 12 } });
    h.as(gm);
    const a = combat.addCombatant(aeus).id;
    h.dice.queue(3);
    expect((await ask(player, 'gng.tcInitiative', { combatId: combat.id, combatantIds: [a] })).ok).toBe(true);
    // Hole: before, its next count was 7, so it acted at once (and a combatant taken out and put
    // back shed its SF the same way).
    expect(tcSchedule(combat)).toMatchObject({ count: 7, next: { [f]: 15, [g]: 7, [a]: 14 } });
    expect(view.text(game.messages.contents.at(-1) as ChatMessage)).toContain(
      'Aeus joins at count 7: initiative 1d6+4 [3] = 7, so it first acts at 14.',
    );
    expect(
      await ask(player, 'gng.tcAct', { combatId: combat.id, combatantId: a, action: 'hold', counts: 1 }),
    ).toMatchObject({ ok: false });
    expect(notice()).toBe('Aeus does not act now: its next count is 14, the Time Count is 7.');
    expect(tcSchedule(combat).next[f]).toBe(15);
  });
});

describe('the initiative mirror, hand-written', () => {
  it("a player's write of its combatant's initiative is put back, before the schedule's first write too", async () => {
    const { combat, f } = await fight({ initiative: false });
    expect(combat.getFlag('gng', 'tc')).toBeUndefined();
    h.as(player);
    await combat.combatants.get(f)?.update({ initiative: -50 });
    await attackActionsSettled();
    h.as(gm);
    // Hole: kept before the fix (no schedule yet), sorting Hadwin first with no count.
    expect(combat.combatants.get(f)?.initiative).toBeNull();
    expect(tcSchedule(combat).next).toEqual({});
    await setTcInitiative(combat, f, { total: 6 });
    h.as(player);
    await combat.combatants.get(f)?.update({ initiative: 1 });
    await attackActionsSettled();
    h.as(gm);
    expect(combat.combatants.get(f)?.initiative).toBe(6);
    expect(tcSchedule(combat).next).toEqual({ [f]: 6 });
  });

  it("a player's write of the Combat's flags, round or turn is refused by Foundry", async () => {
    const { combat } = await fight();
    const before = structuredClone(combat.getFlag('gng', 'tc'));
    h.as(player);
    for (const write of [
      { 'flags.gng.tc.count': 99 },
      { 'flags.gng.tc.next': {} },
      { round: 9 },
      { turn: 1 },
    ])
      await expect(combat.update(write)).rejects.toThrow(/lacks permission/);
    h.as(gm);
    expect(combat.getFlag('gng', 'tc')).toEqual(before);
    expect(combat.round).toBe(1);
  });
});

describe('acting without a count', () => {
  it('a combatant without initiative in a begun combat neither shifts stance nor makes a maneuver', async () => {
    const { fighter, goblin, combat, g } = await fight({ initiative: false });
    await setTcInitiative(combat, g, { total: 7 });
    await advanceCount(combat);
    const count = cards();
    expect(await ask(player, 'gng.tcStance', { actorUuid: fighter.uuid, stance: 'defensive' })).toMatchObject(
      {
        ok: false,
      },
    );
    expect(notice()).toBe('Hadwin has no initiative yet: roll it first.');
    const trip = {
      action: 'start',
      actorUuid: fighter.uuid,
      maneuver: 'trip',
      targets: [{ actorUuid: goblin.uuid, tokenId: null }],
    };
    expect(await ask(player, 'gng.tcManeuverAction', trip)).toMatchObject({ ok: false });
    expect(notice()).toBe('Hadwin has no initiative yet: roll it first.');
    expect(tcOf(fighter)).toMatchObject({ stance: 'basic', stanceUntil: 0, fatigue: 0 });
    expect(tcOf(goblin).stance).toBe('basic');
    expect(tcSchedule(combat).next).toEqual({ [g]: 7 });
    expect(cards()).toBe(count);
  });

  it("a stance for someone else's actor, or the same stance twice: refused", async () => {
    const { fighter, goblin, combat } = await fight();
    const before = tcSchedule(combat);
    for (const [user, actor, stance, message] of [
      [otherPlayer, fighter, 'defensive', "Only Hadwin's owners or a GM may change its stance."],
      [player, goblin, 'prone', "Only Goblin's owners or a GM may change its stance."],
    ] as const) {
      expect(await ask(user, 'gng.tcStance', { actorUuid: actor.uuid, stance })).toMatchObject({ ok: false });
      expect(notice()).toBe(message);
    }
    expect(await ask(player, 'gng.tcStance', { actorUuid: fighter.uuid, stance: 'basic' })).toMatchObject({
      ok: false,
    });
    expect(tcSchedule(combat)).toEqual(before);
    expect([tcOf(fighter).stance, tcOf(goblin).stance]).toEqual(['basic', 'basic']);
  });
});

describe('taking an act back once the Time Count moved on', () => {
  it('the attack: taken back at a later count, its SF stays spent (noted on the card)', async () => {
    const { fighter, goblin, combat, f, g } = await fight();
    // d20 12 + 5 = 17 hits Primary 11; SF 1d6 [3] + 6 = 9: 6 → 15.
    h.dice.queue(12, 3);
    const message = (await attack(player, fighter, goblin, 'Long sword')) as ChatMessage;
    expect(tcSchedule(combat).next[f]).toBe(15);
    await advanceCount(combat); // 7: the goblin
    expect((await act(player, message, 'undoAttack')).ok).toBe(true);
    // Hole: before the fix Hadwin was back at 6, acting at 7 with a fresh attack.
    expect(tcSchedule(combat)).toMatchObject({ count: 7, next: { [f]: 15, [g]: 7 } });
    // Stored as a key and its data (issue #34), read in the reader's language.
    const notes = state(message).tc?.withdrawn?.notes;
    expect(notes).toEqual([
      { key: 'GNG.Model.TC.Act.Error.CountMoved', data: { name: 'Hadwin', count: 6, now: 7 } },
    ]);
    expect(undoNoteLines(notes)).toEqual([
      'Hadwin acted at count 6 and the Time Count is now 7: that act is not taken back, its speed factor stays.',
    ]);
    expect(await attack(player, fighter, goblin, 'Long sword')).toBeNull();
    expect(notice()).toBe('Hadwin does not act now: its next count is 15, the Time Count is 7.');
    expect(hp(goblin)).toBe(8);
  });

  it('the maneuver: its take-back at a later count is refused; the SF and the fatigue stay', async () => {
    const { fighter, goblin, combat, f } = await fight();
    // Trip: d20 9; SF 1d6 [4] + 3 = 7: 6 → 13; 1 fatigue (002:558–572).
    h.dice.queue(9, 4);
    h.as(player);
    const message = (await (
      game.gng as unknown as { tcManeuver(a: Actor, m: string, o: object): Promise<ChatMessage | null> }
    ).tcManeuver(fighter, 'trip', { targets: [goblin] })) as ChatMessage;
    await attackActionsSettled();
    h.as(gm);
    expect(tcSchedule(combat).next[f]).toBe(13);
    expect(tcOf(fighter).fatigue).toBe(1);
    await advanceCount(combat); // 7
    h.as(player);
    h.notices.length = 0;
    await view.click(message, 'takeBackTcManeuver');
    expect(notice()).toBe(
      'Hadwin acted at count 6 and the Time Count is now 7: that act is not taken back, its speed factor stays.',
    );
    h.as(gm);
    expect(tcSchedule(combat).next[f]).toBe(13);
    expect(tcOf(fighter).fatigue).toBe(1);
    expect(tcManeuverState(view.messageOf(message))?.withdrawn).toBeNull();
  });
});

describe('the Constitution check (002:162)', () => {
  it('rolled by the target’s owner only, once; a double click rolls once', async () => {
    const { fighter, goblin } = await fight({ goblinOwner: otherPlayer });
    // 12 + 5 hits; SF 3; damage d8 7 + Str 2 + Power 1 = 10 against ToP 3: fatigue 3, HP 8 − 7 = 1:
    // fatigue 3 ≥ HP 1, a check DC 3 − 1 = 2.
    h.dice.queue(12, 3);
    const message = (await attack(player, fighter, goblin, 'Long sword')) as ChatMessage;
    h.as(player);
    h.dice.queue(7);
    await view.click(message, 'rollDamage');
    await view.click(message, 'applyDamage');
    expect(target(message).tc?.consciousness).toMatchObject({ dc: 2, roll: null });
    expect((await act(player, message, 'tcConsciousness')).ok).toBe(false);
    expect(notice()).toBe('Player may not do that on this attack card.');
    expect(target(message).tc?.consciousness?.roll).toBeNull();
    h.as(otherPlayer);
    h.dice.queue(15, 15);
    const results = await Promise.all([
      requestCardAction(message.id as string, 'tcConsciousness', target(message).id, {}),
      requestCardAction(message.id as string, 'tcConsciousness', target(message).id, {}),
    ]);
    await attackActionsSettled();
    h.as(gm);
    expect(results.map((r) => r.ok).sort()).toEqual([false, true]);
    // d20 15 + Con 1 = 16 ≥ 2: conscious, once.
    expect(target(message).tc?.consciousness?.roll).toMatchObject({ natural: 15, total: 16, success: true });
    expect((await act(otherPlayer, message, 'tcConsciousness')).ok).toBe(false);
    expect(target(message).tc?.consciousness?.roll).toMatchObject({ natural: 15 });
  });
});

describe('the GM-only fields of model.tc', () => {
  const GM_ONLY =
    "Only a GM changes Hadwin's fatigue, Invigoration, Threshold of Pain losses, impairments, paralysis, petrification and stance: the cards and the GM's controls write them. Nothing was changed.";
  const hurt = { fatigue: 6, topLost: 2, stance: 'defensive', stanceUntil: 11, impairments: { slashing: 1 } };
  const writes: [Record<string, unknown>, { recursive?: boolean }][] = [
    [{ 'system.model.tc.fatigue': 0 }, {}],
    [{ 'system.model.tc.stanceUntil': 0 }, {}],
    [{ 'system.model.tc': { ...hurt, fatigue: 0 } }, {}],
    [{ 'system.model.tc.-=stanceUntil': null }, {}],
    [{ 'system.model.-=tc': null }, {}],
    [{ 'system.-=model': null }, {}],
    [{ 'system.==model': { tc: {} } }, {}],
    [{ 'system.model': null }, {}],
    // Hole: `recursive: false` replaces `system` whole, and with it the model's fields.
    [{ system: { hp: { value: 28 } } }, { recursive: false }],
    [{ 'system.hp.value': 27 }, { recursive: false }],
  ];
  for (const [write, options] of writes)
    it(`${JSON.stringify(write)} ${JSON.stringify(options)}: refused with the message, nothing changed`, async () => {
      const fighter = await tcFighter(h, { tc: hurt });
      h.as(player);
      h.notices.length = 0;
      await fighter.update(write, options);
      await attackActionsSettled();
      expect(notice()).toBe(GM_ONLY);
      h.as(gm);
      expect(tcOf(fighter)).toMatchObject(hurt);
      expect(hp(fighter)).toBe(28);
    });

  it("a replacing write that got past the player's client (no hooks there) is put back by the GM's", async () => {
    const fighter = await tcFighter(h, { tc: hurt });
    const call = Hooks.call.bind(Hooks);
    Hooks.call = ((name: string, ...args: unknown[]) =>
      name === 'preUpdateActor' ? true : call(name, ...args)) as typeof Hooks.call;
    h.as(player);
    try {
      await fighter.update({ system: { hp: { value: 28 } } }, { recursive: false });
    } finally {
      Hooks.call = call;
    }
    await attackActionsSettled();
    h.as(gm);
    expect(h.notices.map((n) => n.message)).toContain(
      "Player changed Hadwin's Time Count health or stance without the GM: it was put back.",
    );
    expect(tcOf(fighter)).toMatchObject(hurt);
  });

  it('the owner edits the attributes within ±300; past them the write (or an effect) is refused with the reason', async () => {
    const fighter = await tcFighter(h);
    h.as(player);
    // Hole: the bound was ±1,000,000, and one hit with Power 1,000,000 took a creature's HP past
    // −1,000,000, so the card's Apply failed on the HP bound ("the attack card's action failed").
    for (const [value, reason] of [
      [301, /^model\.tc\.attributes\.power must be between -300 and 300 \(got 301\)\.$/],
      [-1_000_000, /^model\.tc\.attributes\.power must be between -300 and 300 \(got -1000000\)\.$/],
      [1.5, /not an integer/],
      [Number.NaN, /not a finite number/],
      [null, /may not be null/],
    ] as const)
      await expect(fighter.update({ 'system.model.tc.attributes.power': value })).rejects.toThrow(reason);
    await expect(fighter.update({ 'system.model.tc.attributes.topBase': -1 })).rejects.toThrow(
      /^model\.tc\.attributes\.topBase must be between 0 and 300 \(got -1\)\.$/,
    );
    // An effect the player puts on the actor past the bound is skipped (effect-guard.ts).
    await fighter.createEmbeddedDocuments('ActiveEffect', [
      { name: 'Giant', changes: [{ key: 'system.model.tc.attributes.power', mode: 2, value: '1000' }] },
    ]);
    h.as(gm);
    expect(tcOf(fighter).attributes).toMatchObject({ power: 1, topBase: 3 });
  });

  it('at the bound, a card still works: Power 300 on a 1-HP goblin is applied', async () => {
    const { fighter, goblin } = await fight();
    await goblin.update({ 'system.hp.value': 1 });
    h.as(player);
    await fighter.update({ 'system.model.tc.attributes.power': 300 });
    // 12 + 5 hits; SF 3; damage d8 5 + Str 2 + Power 300 = 307 against ToP 3: fatigue +3, HP −304.
    h.dice.queue(12, 3);
    const message = (await attack(player, fighter, goblin, 'Long sword')) as ChatMessage;
    h.as(player);
    h.dice.queue(5);
    await view.click(message, 'rollDamage');
    await view.click(message, 'applyDamage');
    h.as(gm);
    expect(target(message).damage).toMatchObject({ final: 307 });
    expect(hp(goblin)).toBe(1 - 304);
    expect(tcOf(goblin)).toMatchObject({ fatigue: 3, topLost: 1 });
  });
});

describe('the Heal, asked by a player', () => {
  it('is refused whatever it asks; nothing healed, no card', async () => {
    const fighter = await tcFighter(h, { hp: 20, tc: { fatigue: 6 } });
    const count = cards();
    for (const data of [
      { invigoration: '5', fatigue: '3' },
      { invigoration: '999', fatigue: '999' },
      { invigoration: '-5', fatigue: '1e9' },
    ]) {
      expect(await ask(player, 'gng.tcHeal', { actorUuid: fighter.uuid, ...data })).toMatchObject({
        ok: false,
      });
      expect(notice()).toBe('Only a GM heals under the Time Count model.');
    }
    expect(tcOf(fighter)).toMatchObject({ fatigue: 6, invigoration: 0 });
    expect(cards()).toBe(count);
  });
});

describe('while the world plays another model', () => {
  it('every Time Count request is refused; nothing changes', async () => {
    const fighter = await tcFighter(h, { tc: { fatigue: 6 } });
    const goblin = await goblinOf();
    await worldPlays(h, 'gng');
    const count = cards();
    for (const [user, query, data, message] of [
      [
        player,
        'gng.tcAct',
        { combatId: 'x', combatantId: 'y', action: 'hold', counts: 1 },
        'The world does not play the Time Count model.',
      ],
      [
        player,
        'gng.tcInitiative',
        { combatId: 'x', combatantIds: ['y'] },
        'The world does not play the Time Count model.',
      ],
      [
        player,
        'gng.tcStance',
        { actorUuid: fighter.uuid, stance: 'defensive' },
        'Stances are played under the Time Count model only.',
      ],
      [
        player,
        'gng.tcManeuverAction',
        {
          action: 'start',
          actorUuid: fighter.uuid,
          maneuver: 'trip',
          targets: [{ actorUuid: goblin.uuid, tokenId: null }],
        },
        'These maneuvers are played under the Time Count model only.',
      ],
      [
        gm,
        'gng.tcHeal',
        { actorUuid: fighter.uuid, invigoration: '1', fatigue: '1' },
        'The world does not play the Time Count model: nothing was healed.',
      ],
    ] as const) {
      expect((await ask(user, query, data)).ok, query).toBe(false);
      expect(notice(), query).toBe(message);
    }
    expect(tcOf(fighter)).toMatchObject({ fatigue: 6, invigoration: 0, stance: 'basic' });
    expect(cards()).toBe(count);
  });
});
