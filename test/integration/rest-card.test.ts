/**
 * The rest card (issue 17, first slice): `game.gng.rest` asks the active GM, who rests the actor
 * through the engine (`restOutcome`) with the real dice, applies the changes and posts one card;
 * the GM's Undo restores exactly what the rest changed. Expected values are worked out by hand from
 * GnG "HEALING" / "RECOVERY OF DISABLED BODY PARTS" and docs/rules.md "Rest, recovery and the dying".
 *
 * The patient: the Appendix 3 fighter (5th level, Con 18 → modifier +4, Medium: HP size multiplier
 * 1), owned by Player, at 3 HP, 60 nonlethal damage, 3 points of Strength damage and 9 of Dexterity
 * damage, a disabled arm and a disabled leg (in that order). So:
 * - weekly HP rate (1 + 4) × 1 = 5; doubled by a week of complete bed rest, 10;
 * - nonlethal heals 1 per hour per level: a night 8 × 5 = 40, a week 168 × 5 = 840;
 * - ability points: a night 1, a week 7 × 1, a bed-rest week 7 × 2, per damaged ability;
 * - a disabled part recovers on d% ≤ Con 18; with a healer 2 × 18 = 36; bed rest and a healer 3 × 18 = 54.
 */
import { weekProgressOf } from '../../src/cards/shared/rest-read.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cardHelpers, fromConsole } from '../fixtures/cards.js';
import { getHarness, installDice3d } from '../harness/index.js';
import { appendix3Fighter, appendix3Rogue } from '../fixtures/appendix3.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { REST_QUERY, restCardOf, requestRestUndo } from '../../src/cards/rest/rest-actions.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { openSheetOn } from '../fixtures/sheet-tabs.js';

const h = await getHarness();
const { buttons, click } = cardHelpers(h);
const { gm, player, otherPlayer } = h.users;
beforeEach(() => h.reset(17));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const parts = (actor: Actor) => ['disabled-arm', 'disabled-leg'].filter((id) => actor.statuses.has(id));

/** What the rest may change, in one comparable value. */
function snapshot(actor: Actor) {
  const s = sys(actor);
  return {
    hp: s.hp.value,
    nonlethal: s.hp.nonlethal,
    str: s.abilities.str.damage,
    dex: s.abilities.dex.damage,
    parts: parts(actor),
    week: weekProgressOf(actor),
  };
}

async function patient(): Promise<Actor> {
  h.as(gm);
  const fighter = await appendix3Fighter(h, player);
  await fighter.update({
    'system.hp.value': 3,
    'system.hp.nonlethal': 60,
    'system.abilities.str.damage': 3,
    'system.abilities.dex.damage': 9,
  });
  await fighter.toggleStatusEffect('disabled-arm', { active: true });
  await fighter.toggleStatusEffect('disabled-leg', { active: true });
  expect(sys(fighter).hp.max).toBeGreaterThanOrEqual(13);
  return fighter;
}

/** Player rests the fighter with these d% queued; the rest card. */
async function rests(
  fighter: Actor,
  options: Parameters<typeof game.gng.rest>[1],
  d100: number[],
): Promise<ChatMessage> {
  // A healer's help is the GM's to declare (the player's request would be refused).
  h.as(options?.healer ? h.users.gm : player);
  const count = game.messages.size;
  h.dice.queue(...d100);
  expect(await game.gng.rest(fighter, options)).toMatchObject({ ok: true });
  await attackActionsSettled();
  expect(game.messages.size).toBe(count + 1);
  const card = game.messages.contents.at(-1) as ChatMessage;
  expect(card.author?.isGM).toBe(true);
  expect(card.speaker.actor).toBe(fighter.id);
  return card;
}

const text = (card: ChatMessage) =>
  (game.messages.get(card.id as string)?.content ?? '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('resting heals by the rules', () => {
  it('a night: no HP yet (1 of 7 days), 40 nonlethal, 1 point per ability, one d% per part', async () => {
    const fighter = await patient();
    // Arm 10 ≤ 18 recovers; leg 50 > 18 does not.
    const card = await rests(fighter, { kind: 'night' }, [10, 50]);
    expect(snapshot(fighter)).toEqual({
      hp: 3,
      nonlethal: 20, // 60 − 8 × 5
      str: 2,
      dex: 8,
      parts: ['disabled-leg'],
      week: { days: 1, bedRestDays: 0 },
    });
    const state = restCardOf(card);
    expect(state?.outcome.rolls.map((r) => [r.roll, r.chance, r.recovers])).toEqual([
      [10, 18, true],
      [50, 18, false],
    ]);
    const arm = game.i18n.localize('GNG.Status.disabled-arm');
    const leg = game.i18n.localize('GNG.Status.disabled-leg');
    expect(text(card)).toContain('Healing week: 1 of 7 days.');
    expect(text(card)).not.toContain('of complete bed rest'); // 0 of it: not said
    expect(text(card)).toContain('Nonlethal damage 60 → 20.');
    expect(text(card)).toContain('Strength damage 3 → 2.');
    expect(text(card)).toContain(`${arm} recovers (day 1).`);
    expect(text(card)).toContain(`${leg} is still disabled.`);
    expect(text(card)).toContain(`Day 1, ${leg}: 50 against 18% — not yet.`);

    // The next week starts from the stored day: 1 + 7 = 8 completes the week (+5 HP), 1 day carried.
    // Only the leg is left: 18 on day 1 recovers.
    await rests(fighter, { kind: 'week' }, [18]);
    expect(snapshot(fighter)).toEqual({
      hp: 8,
      nonlethal: 0,
      str: 0,
      dex: 1, // 8 − 7
      parts: [],
      week: { days: 1, bedRestDays: 0 },
    });
  });

  it('a day of complete bed rest counts toward the week and says how much of it was bed rest', async () => {
    const fighter = await patient();
    const card = await rests(fighter, { kind: 'bed-rest-day' }, [100, 100]);
    expect(snapshot(fighter).week).toEqual({ days: 1, bedRestDays: 1 });
    expect(text(card)).toContain('Healing week: 1 of 7 days (1 of complete bed rest).');
  });

  it('a week: the weekly rate, 7 points per ability, d% day by day until each part recovers', async () => {
    const fighter = await patient();
    const dsn = installDice3d();
    // Day 1: arm 50 no, leg 18 yes; day 2: arm 90 no; day 3: arm 5 yes → 4 rolls.
    const card = await rests(fighter, { kind: 'week' }, [50, 18, 90, 5]);
    // Each d% shown by Dice So Nice once, for this card, to everyone (a public card).
    expect(dsn.shown.map((s) => [s.formula, s.total, s.messageId, s.whisper])).toEqual(
      [50, 18, 90, 5].map((total) => ['1d100', total, card.id, null]),
    );
    expect(snapshot(fighter)).toEqual({
      hp: 8, // 3 + 5
      nonlethal: 0,
      str: 0,
      dex: 2, // 9 − 7
      parts: [],
      week: { days: 0, bedRestDays: 0 },
    });
    expect(restCardOf(card)?.outcome.rolls.map((r) => [r.day, r.roll])).toEqual([
      [1, 50],
      [1, 18],
      [2, 90],
      [3, 5],
    ]);
    expect(text(card)).toContain('A healing week is complete: HP 3 → 8 (+5; weekly rate 5).');
    // The progress line after a completed week counts toward the next one.
    expect(text(card)).toContain('Toward the next healing week: 0 of 7 days.');
    expect(text(card)).not.toContain(' Healing week:');
  });

  it('a week of bed rest with a healer: the rate doubled, 14 points per ability, 3 × Con', async () => {
    const fighter = await patient();
    // Day 1: arm 60 no, leg 54 yes; the arm then fails every day: 55, 100, 99, 70, 80, 90 → 8 rolls.
    const card = await rests(
      fighter,
      { kind: 'bed-rest-week', healer: true },
      [60, 54, 55, 100, 99, 70, 80, 90],
    );
    expect(snapshot(fighter)).toEqual({
      hp: 13, // 3 + 2 × 5
      nonlethal: 0,
      str: 0,
      dex: 0,
      parts: ['disabled-arm'],
      week: { days: 0, bedRestDays: 0 },
    });
    const rolls = restCardOf(card)?.outcome.rolls ?? [];
    expect(rolls).toHaveLength(8);
    expect(rolls.every((r) => r.chance === 54)).toBe(true);
    expect(rolls.at(-1)).toMatchObject({ day: 7, roll: 90, recovers: false });
    expect(text(card)).toContain('weekly rate 5, doubled');
    expect(text(card)).toContain('Tended by a healer');
  });

  it('an interrupted night heals no parts (no d% rolled), no ability points, no day; nonlethal still heals', async () => {
    const fighter = await patient();
    const card = await rests(fighter, { kind: 'night', interrupted: true }, []);
    expect(snapshot(fighter)).toEqual({
      hp: 3,
      nonlethal: 20,
      str: 3,
      dex: 9,
      parts: ['disabled-arm', 'disabled-leg'],
      week: { days: 0, bedRestDays: 0 },
    });
    expect(restCardOf(card)?.outcome.rolls).toEqual([]);
    expect(text(card)).toContain('The rest was interrupted: no disabled part recovers.');
    expect(text(card)).toContain('The rest was interrupted: no ability points recover.');
    expect(text(card)).toContain('The rest was interrupted: no day counts toward the healing week.');
  });
});

describe('who may rest, and forged requests', () => {
  it("another player's request is refused with a localized warning and changes nothing", async () => {
    const fighter = await patient();
    const before = snapshot(fighter);
    const count = game.messages.size;
    h.as(otherPlayer);
    expect(await game.gng.rest(fighter, { kind: 'night' })).toMatchObject({
      ok: false,
      error: 'GNG.Rest.Error.NotOwner',
    });
    expect(h.notices.at(-1)).toEqual({ level: 'warn', message: `You do not own ${fighter.name}.` });
    expect(snapshot(fighter)).toEqual(before);
    expect(game.messages.size).toBe(count);
  });

  it("a player's claim of a healer's help (which raises the recovery chance) is refused; the GM may say so", async () => {
    const fighter = await patient();
    const before = snapshot(fighter);
    const count = game.messages.size;
    h.as(player);
    expect(await game.gng.rest(fighter, { kind: 'night', healer: true })).toMatchObject({
      ok: false,
      error: 'GNG.Rest.Error.HealerGM',
    });
    expect(h.notices.at(-1)?.message).toBe(
      'Only the GM can say that a healer tended the wounds. Nothing was rolled.',
    );
    expect(snapshot(fighter)).toEqual(before);
    expect(game.messages.size).toBe(count);
    // The sheet offers the healer box to the GM only.
    const own = await openSheetOn(h, fighter, 'effects');
    expect(own.element.querySelector('.gng-rest .rest-healer')).toBeNull();
    await own.close();
    h.as(gm);
    const gmSheet = await openSheetOn(h, fighter, 'effects');
    expect(gmSheet.element.querySelector('.gng-rest .rest-healer')).not.toBeNull();
    await gmSheet.close();
  });

  it.each([
    ['an unknown kind', { kind: 'nap' }],
    ['a flag that is not a boolean', { kind: 'week', healer: 'yes' }],
    ['a field the request does not take', { kind: 'night', hp: 99 }],
  ])('a request from the console with %s is refused', async (_name, fields) => {
    const fighter = await patient();
    const before = snapshot(fighter);
    const count = game.messages.size;
    h.as(player);
    const answer = await fromConsole(REST_QUERY, { action: 'start', actorUuid: fighter.uuid, ...fields });
    expect(answer).toMatchObject({ ok: false, error: 'GNG.Error.Card.BadRequest' });
    expect(h.notices.at(-1)?.level).toBe('warn');
    expect(snapshot(fighter)).toEqual(before);
    expect(game.messages.size).toBe(count);
  });
});

describe('Undo on the rest card (GM only)', () => {
  it('restores exactly what the rest changed, as deltas on the values now', async () => {
    const fighter = await patient();
    const before = snapshot(fighter);
    const card = await rests(fighter, { kind: 'week', healer: true }, [50, 18, 90, 5]);
    // Healer: 36. Day 1: arm 50 no, leg 18 yes; day 2: arm 90 no; day 3: arm 5 yes.
    expect(snapshot(fighter)).toMatchObject({ hp: 8, parts: [] });

    // The player sees no Undo, and a request for it is refused.
    h.as(player);
    expect(buttons(card)).toEqual([]);
    expect(await requestRestUndo(card.id as string)).toMatchObject({
      ok: false,
      error: 'GNG.Rest.Error.UndoGM',
    });
    expect(snapshot(fighter)).toMatchObject({ hp: 8, parts: [] });

    // Meanwhile the fighter loses 2 HP: Undo takes back the 5 regained from what is there now.
    h.as(gm);
    await fighter.update({ 'system.hp.value': 6 });
    expect(buttons(card)).toEqual(['restUndo']);
    await click(card, 'restUndo');
    expect(snapshot(fighter)).toEqual({ ...before, hp: 1, week: { days: 0, bedRestDays: 0 } });
    expect(text(card)).toContain('The GM undid this rest.');
    expect(buttons(game.messages.get(card.id as string) as ChatMessage)).toEqual([]);
    expect(await requestRestUndo(card.id as string)).toMatchObject({
      ok: false,
      error: 'GNG.Rest.Error.NothingToUndo',
    });
  });

  it('undoing a night puts the stored week back', async () => {
    const fighter = await patient();
    await rests(fighter, { kind: 'night' }, [90, 90]);
    const card = await rests(fighter, { kind: 'night' }, [90, 90]);
    expect(snapshot(fighter).week).toEqual({ days: 2, bedRestDays: 0 });
    h.as(gm);
    await click(card, 'restUndo');
    expect(snapshot(fighter)).toMatchObject({ week: { days: 1, bedRestDays: 0 }, str: 2, dex: 8 });
  });

  it('undoing an older night keeps the week a later rest counted on from, and says so', async () => {
    const fighter = await patient();
    const first = await rests(fighter, { kind: 'night' }, [90, 90]);
    await rests(fighter, { kind: 'night' }, [90, 90]);
    h.as(gm);
    await click(first, 'restUndo');
    // The ability points come back as a delta (1 each); the week stays at the second night's 2 days.
    expect(snapshot(fighter)).toMatchObject({ week: { days: 2, bedRestDays: 0 }, str: 2, dex: 8 });
    expect(text(first)).toContain(
      'The healing week was kept as it is: a later rest counted on from this one.',
    );
  });
});

describe('the sheet', () => {
  it('an owner rests from the Effects tab; a non-owner sees no Rest control', async () => {
    const fighter = await patient();
    h.as(player);
    const sheet = await openSheetOn(h, fighter, 'effects');
    const box = sheet.element.querySelector('.gng-rest') as HTMLElement;
    expect(box).not.toBeNull();
    // The loss the box means: "HP or ability points" (it stops body parts or abilities recovering).
    expect(box.querySelector('.rest-loss')?.parentElement?.textContent?.trim()).toBe(
      'A day with a loss (HP or ability points)',
    );
    (box.querySelector('.rest-kind') as HTMLSelectElement).value = 'bed-rest-day';
    (box.querySelector('.rest-interrupted') as HTMLInputElement).checked = true;
    const count = game.messages.size;
    (box.querySelector('[data-action="rest"]') as HTMLButtonElement).click();
    await attackActionsSettled();
    expect(game.messages.size).toBe(count + 1);
    expect(restCardOf(game.messages.contents.at(-1))?.request).toEqual({
      kind: 'bed-rest-day',
      interrupted: true,
      dayWithLoss: false,
      healer: false,
      clock: true,
    });
    await sheet.close();

    h.as(gm);
    await fighter.update({ ownership: { default: 2 } });
    h.as(otherPlayer);
    const observed = await openSheetOn(h, fighter, 'effects');
    expect(observed.element.querySelector('.gng-rest')).toBeNull();
    await observed.close();
  });
});

describe('a party rest (the GM)', () => {
  it('rests each actor named, one card each; a player may not; nobody to rest says what to do', async () => {
    const fighter = await patient();
    const rogue = await appendix3Rogue(h, otherPlayer);
    await rogue.update({ 'system.hp.value': 5 });

    h.as(player);
    expect(await game.gng.restParty({ kind: 'week', actors: [fighter, rogue] })).toBeNull();
    expect(h.notices.at(-1)?.message).toBe(
      'Only a GM rests the whole party (a player rests a character from its sheet).',
    );

    h.as(gm);
    const count = game.messages.size;
    // Fighter: a week, 2 parts at d% ≤ 18: arm 50 no, leg 10 yes, then arm 30, 40, 60, 70, 80, 90 no.
    h.dice.queue(50, 10, 30, 40, 60, 70, 80, 90);
    const results = await game.gng.restParty({ kind: 'week', actors: [fighter, rogue, fighter] });
    await attackActionsSettled();
    // The fighter once (named twice), then the rogue: two cards.
    expect(results?.map((r) => [r.name, r.result.ok])).toEqual([
      [fighter.name, true],
      [rogue.name, true],
    ]);
    expect(game.messages.size).toBe(count + 2);
    // Fighter: 3 + 5 (Con 18: (1 + 4) × 1) = 8; rogue Con 13 (+1): (1 + 1) × 1 = 2, 5 → 7.
    expect(sys(fighter).hp.value).toBe(8);
    expect(sys(rogue).hp.value).toBe(7);

    // No actors named: the tokens the GM has selected on the canvas.
    h.control(gm, h.placeToken(rogue));
    h.dice.queue(90);
    const selected = await game.gng.restParty({ kind: 'night' });
    await attackActionsSettled();
    expect(selected?.map((r) => r.name)).toEqual([rogue.name]);
    h.dice.queued.splice(0);
    h.control(gm);

    // Nothing selected either: the current combat's player characters (not an unowned creature).
    await fighter.update({ 'system.hp.value': 3 });
    const wolf = await h.createActor({
      name: 'Wolf',
      type: 'npc',
      system: { abilities: { con: { value: 15 } } },
    });
    const combat = h.startCombat([fighter, wolf]);
    await (combat as unknown as { begin(): Promise<void> }).begin();
    h.dice.queue(90, 90, 90, 90, 90, 90, 90, 90);
    const fromCombat = await game.gng.restParty({ kind: 'week' });
    await attackActionsSettled();
    expect(fromCombat?.map((r) => r.name)).toEqual([fighter.name]);
    h.dice.queued.splice(0);

    await combat.delete();
    expect(await game.gng.restParty({ kind: 'night' })).toBeNull();
    expect(h.notices.at(-1)?.message).toBe(
      "Nobody to rest: select the party's tokens, start a combat with them, or name the actors.",
    );
  });
});

describe('the care records (where only a GM writes)', () => {
  it('the old flags of a world before them move into the records once, and the flags are emptied', async () => {
    const { migrateCareFlags, careOf } = await import('../../src/combat/care-records.js');
    h.as(gm);
    const fighter = await appendix3Fighter(h, player);
    await fighter.update({
      'flags.gng.rest': { days: 3, bedRestDays: 1 },
      'flags.gng.tended': { id: 'old', healer: 'Aldo', total: 17 },
    });
    expect(await migrateCareFlags()).toBe(1);
    expect(careOf(fighter)).toEqual({
      week: { days: 3, bedRestDays: 1 },
      tended: { id: 'old', healer: 'Aldo', total: 17 },
    });
    expect(fighter.getFlag('gng', 'rest') ?? null).toBeNull();
    expect(fighter.getFlag('gng', 'tended') ?? null).toBeNull();
    // Once per world: a flag written afterwards (by the actor's player, say) is never read.
    h.as(player);
    await fighter.update({ 'flags.gng.rest': { days: 6, bedRestDays: 6 } });
    h.as(gm);
    expect(await migrateCareFlags()).toBe(0);
    expect(careOf(fighter).week).toEqual({ days: 3, bedRestDays: 1 });
    // The next night counts on from the migrated 3 days.
    h.as(player);
    h.dice.queue(99, 99);
    expect(await game.gng.rest(fighter, { kind: 'night' })).toMatchObject({ ok: true });
    await attackActionsSettled();
    expect(careOf(fighter).week).toEqual({ days: 4, bedRestDays: 1 });
  });

  it('a player cannot write the records', async () => {
    h.as(player);
    await expect(game.settings.set('gng', 'careRecords', {})).rejects.toThrow();
  });
});

describe('the dying and the stable at rest', () => {
  it('a dying creature does not rest (stabilize first); a stable one healed to 0 or more is no longer stable, until Undo', async () => {
    h.as(gm);
    const fighter = await appendix3Fighter(h, player);
    await fighter.update({ 'system.hp.value': -3 });
    await attackActionsSettled();
    expect(fighter.statuses.has('dying')).toBe(true);
    h.as(player);
    const count = game.messages.size;
    expect(await game.gng.rest(fighter, { kind: 'week' })).toMatchObject({
      ok: false,
      error: 'GNG.Rest.Error.Dying',
    });
    expect(game.messages.size).toBe(count);

    h.as(gm);
    await fighter.toggleStatusEffect('dying', { active: false });
    await fighter.toggleStatusEffect('stable', { active: true });
    h.as(player);
    // A week: (1 + 4) × 1 = 5 HP, from −3 to 2.
    h.dice.queue();
    expect(await game.gng.rest(fighter, { kind: 'week' })).toMatchObject({ ok: true });
    await attackActionsSettled();
    expect(sys(fighter).hp.value).toBe(2);
    expect(fighter.statuses.has('stable')).toBe(false);
    h.as(gm);
    const card = game.messages.contents.at(-1) as ChatMessage;
    expect(await requestRestUndo(card.id as string)).toMatchObject({ ok: true });
    await attackActionsSettled();
    expect(sys(fighter).hp.value).toBe(-3);
    expect(fighter.statuses.has('stable')).toBe(true);
    expect(fighter.statuses.has('dying')).toBe(false);
  });
});
