/**
 * The dying at the table (issue 17, "The dying"): the dying round at the dying character's turn
 * start, stabilizing with someone's Heal check, and temporary HP. Expected values are worked out by
 * hand from the text:
 * - GnG "DISABLED, DYING, AND DEAD": "The chance a creature will stabilize while dying equals its
 *   Constitution score" (Con 12: d% 12 stabilizes, 13 does not); dead at −10 for Small and larger,
 *   −8 for Tiny. Core: "A dying character loses 1 hit point every round" until dead or stable.
 * - Stabilize Dying Character: a Heal check DC 15 (total 15 succeeds, 14 fails); "As an attack
 *   action" — it takes the healer's attack action; the core action table: "Make a dying character
 *   stable | Yes" (it provokes attacks of opportunity).
 * - GnG "TEMPORARY HIT POINTS": no size multiplier, not added to base HP; they do not stack (the
 *   higher is kept) unless the effect says they do.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cardHelpers, fromConsole } from '../fixtures/cards.js';
import { begunCombat } from '../fixtures/begun-combat.js';
import { getHarness, type HarnessCombat } from '../harness/index.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { combatantOf, traumaPending, turnOf } from '../../src/combat/action-budget.js';
import { DYING_QUERY, dyingCardOf, requestDyingUndo } from '../../src/cards/dying/dying-actions.js';
import { stabilizeCardOf, requestStabilizeUndo } from '../../src/cards/dying/stabilize-actions.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const { buttons, click } = cardHelpers(h);
const { gm, player, otherPlayer } = h.users;
beforeEach(() => h.reset(71));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const hp = (actor: Actor) => sys(actor).hp.value;
const statuses = (actor: Actor) => ['dying', 'stable', 'dead'].filter((id) => actor.statuses.has(id));
const fresh = (message: ChatMessage) => game.messages.get(message.id as string) as ChatMessage;
/** The card's text as read (entities decoded). */
function text(message: ChatMessage): string {
  const div = h.window.document.createElement('div');
  div.innerHTML = (fresh(message).content ?? '').replace(/</g, ' <');
  return (div.textContent ?? '').replace(/\s+/g, ' ');
}
const dyingCards = () => game.messages.contents.filter((m) => dyingCardOf(m) !== null);
const stabilizeCards = () => game.messages.contents.filter((m) => stabilizeCardOf(m) !== null);

/** A dying character (Player's) of Con 12 at `current` HP, of `size`. */
async function dyingCharacter(current: number, size = 'medium', name = 'Dying Dan'): Promise<Actor> {
  h.as(gm);
  const actor = await h.createActor(
    { name, type: 'character', system: { size, abilities: { con: { value: 12 } }, hp: { value: current } } },
    player,
  );
  await actor.toggleStatusEffect('dying', { active: true });
  expect(hp(actor)).toBe(current);
  expect(statuses(actor)).toEqual(['dying']);
  return actor;
}

/**
 * The healer (Player's): Wis 14 (+2) and 3 ranks of Heal, so its Heal bonus is 3 + 2 = +5 (SRD: a
 * skill check is d20 + ranks + ability modifier).
 */
async function healer(owner = player, name = 'Healer Hana'): Promise<Actor> {
  h.as(gm);
  const actor = await h.createActor(
    {
      name,
      type: 'character',
      system: { abilities: { con: { value: 14 }, wis: { value: 14 } }, skills: { heal: { ranks: 3 } } },
    },
    owner,
  );
  await actor.update({ 'system.hp.value': sys(actor).hp.max });
  expect(sys(actor).derived.skills.heal.total).toBe(5);
  return actor;
}

/** A combat of `actors` in this order; begun (round 1, the first one's turn) with these d% queued. */
const fight = (actors: Actor[], d100: number[]) => begunCombat(h, actors, d100);

describe('the dying round at the turn start', () => {
  it('d% 12 against Con 12 stabilizes: dying gives way to stable, no HP lost; the card says so', async () => {
    const dan = await dyingCharacter(-3);
    await fight([dan], [12]);
    expect(hp(dan)).toBe(-3);
    expect(statuses(dan)).toEqual(['stable']);
    const [card] = dyingCards();
    expect(card).toBeDefined();
    expect(card?.author?.isGM).toBe(true);
    expect(card?.speaker.actor).toBe(dan.id);
    expect(text(card as ChatMessage)).toContain('d% 12 against a 12% chance (Con): stable.');
    expect(text(card as ChatMessage)).toContain('Dying Dan is stable: no more HP are lost.');
    expect(card?.rolls.map((r) => [r.formula, r.total])).toEqual([['1d100', 12]]);
  });

  it('d% 13 fails: 1 HP lost (no trauma), still dying; once per round; again next round', async () => {
    const dan = await dyingCharacter(-3);
    const combat = await fight([dan], [13]);
    expect(hp(dan)).toBe(-4);
    expect(statuses(dan)).toEqual(['dying']);
    expect(traumaPending(dan)).toBe(false);
    expect(text(dyingCards()[0] as ChatMessage)).toContain(
      'Dying Dan loses 1 HP (-3 → -4) and is still dying.',
    );
    // The same turn start again (the GM steps back and forth): no second round this round.
    await combat.begin();
    await attackActionsSettled();
    expect(dyingCards()).toHaveLength(1);
    // The next round: a second round, 50 > 12.
    h.dice.queue(50);
    await combat.nextRound();
    await attackActionsSettled();
    expect(dyingCards()).toHaveLength(2);
    expect(hp(dan)).toBe(-5);
  });

  it('at −9 a failed roll takes a Medium character to −10: dead, no longer dying', async () => {
    const dan = await dyingCharacter(-9);
    await fight([dan], [99]);
    expect(hp(dan)).toBe(-10);
    expect(statuses(dan)).toEqual(['dead']);
    expect(text(dyingCards()[0] as ChatMessage)).toContain('Dying Dan loses 1 HP (-9 → -10) and dies.');
    // Headed as what happened: "dies", not "is dying" above a Dead badge.
    expect(fresh(dyingCards()[0] as ChatMessage).content).toContain('<h3>Dying Dan dies</h3>');
    // The dead play no more rounds.
    const count = dyingCards().length;
    await (game.combat as unknown as HarnessCombat).nextRound();
    await attackActionsSettled();
    expect(dyingCards()).toHaveLength(count);
  });

  it('a Tiny character dies at −8 (GM, out of combat: game.gng.dyingRound)', async () => {
    const tiny = await dyingCharacter(-7, 'tiny', 'Tiny Tim');
    h.as(gm);
    h.dice.queue(40);
    expect(await game.gng.dyingRound(tiny)).toMatchObject({ ok: true });
    await attackActionsSettled();
    expect(hp(tiny)).toBe(-8);
    expect(statuses(tiny)).toEqual(['dead']);
    const card = dyingCards().at(-1) as ChatMessage;
    expect(text(card)).toContain('Out of combat');
    expect(dyingCardOf(card)?.round).toBeNull();
  });

  it('refuses a player, an actor that is not dying, and a dying status at HP that is not dying', async () => {
    const dan = await dyingCharacter(-3);
    h.as(player);
    const count = game.messages.size;
    expect(await game.gng.dyingRound(dan)).toMatchObject({ ok: false, error: 'GNG.Dying.Error.GM' });
    expect(h.notices.at(-1)?.level).toBe('warn');
    h.as(gm);
    await dan.toggleStatusEffect('dying', { active: false });
    expect(await game.gng.dyingRound(dan)).toMatchObject({ ok: false, error: 'GNG.Dying.Error.NotDying' });
    expect(h.notices.at(-1)?.message).toBe(
      'Dying Dan is not dying (below 0 HP and unstable): there is no round to play.',
    );
    // HP typed by hand end the dying (hp-statuses.ts): the stale status is set by hand afterwards.
    await dan.update({ 'system.hp.value': 4 });
    await attackActionsSettled();
    await dan.toggleStatusEffect('dying', { active: true });
    expect(await game.gng.dyingRound(dan)).toMatchObject({ ok: false, error: 'GNG.Dying.Error.NotDyingHp' });
    expect(game.messages.size).toBe(count);
    expect(hp(dan)).toBe(4);
  });
});

describe("once per combat round (the mark in the Combat's flags); out of combat, each call", () => {
  it("a GM's dyingRound before the turn start is the round's; a second is refused; its Undo makes it due again", async () => {
    const dan = await dyingCharacter(-3);
    const hana = await healer();
    const combat = await fight([hana, dan], []); // Hana's turn first: no round for Dan yet
    expect(dyingCards()).toHaveLength(0);
    h.as(gm);
    h.dice.queue(90); // 90 > 12: −3 → −4
    expect(await game.gng.dyingRound(dan)).toMatchObject({ ok: true });
    await attackActionsSettled();
    expect(hp(dan)).toBe(-4);
    expect(dyingCardOf(dyingCards()[0] as ChatMessage)?.round).toBe(1);
    // The mark lives in the Combat (only a GM writes it), not on the actor its player owns.
    const danCombatant = combatantOf(dan) as Combatant;
    expect(combat.getFlag('gng', 'dyingRounds')).toEqual({ [danCombatant.id as string]: 1 });
    // Dan's turn start in the same round plays no second round, and neither does the GM's macro.
    await combat.nextTurn();
    await attackActionsSettled();
    expect(dyingCards()).toHaveLength(1);
    expect(await game.gng.dyingRound(dan)).toMatchObject({ ok: false, error: 'GNG.Dying.Error.Played' });
    expect(h.notices.at(-1)?.message).toBe(
      "Dying Dan's dying round of combat round 1 was already played (a dying character loses 1 HP once per round).",
    );
    expect(hp(dan)).toBe(-4);
    // Round 2: Dan's turn start plays it (−4 → −5).
    await combat.nextRound();
    h.dice.queue(90);
    await combat.nextTurn();
    await attackActionsSettled();
    expect(hp(dan)).toBe(-5);
    expect(dyingCards()).toHaveLength(2);
    // The GM's Undo gives the HP back and the round's mark: round 2's round is due again.
    await click(dyingCards().at(-1) as ChatMessage, 'dyingUndo');
    expect(hp(dan)).toBe(-4);
    expect(combat.getFlag('gng', 'dyingRounds')).toEqual({ [danCombatant.id as string]: 1 });
    h.dice.queue(5); // 5 ≤ 12: stable
    expect(await game.gng.dyingRound(dan)).toMatchObject({ ok: true });
    await attackActionsSettled();
    expect(statuses(dan)).toEqual(['stable']);
    expect(dyingCardOf(dyingCards().at(-1) as ChatMessage)?.round).toBe(2);
  });

  it("out of combat a GM's dyingRound plays one round each call", async () => {
    const dan = await dyingCharacter(-3);
    h.as(gm);
    h.dice.queue(90, 90);
    expect(await game.gng.dyingRound(dan)).toMatchObject({ ok: true });
    expect(await game.gng.dyingRound(dan)).toMatchObject({ ok: true });
    await attackActionsSettled();
    expect(hp(dan)).toBe(-5);
    expect(dyingCards().map((card) => dyingCardOf(card)?.round)).toEqual([null, null]);
  });
});

describe('Undo on the dying card (GM only)', () => {
  it('undoes a death exactly: HP back by the 1 lost, dying again, dead gone', async () => {
    const dan = await dyingCharacter(-9);
    await fight([dan], [99]);
    const card = dyingCards()[0] as ChatMessage;
    h.as(player);
    expect(buttons(card)).not.toContain('dyingUndo');
    expect(await requestDyingUndo(card.id as string)).toMatchObject({
      ok: false,
      error: 'GNG.Dying.Error.UndoGM',
    });
    expect(statuses(dan)).toEqual(['dead']);
    h.as(gm);
    expect(buttons(card)).toContain('dyingUndo');
    await click(card, 'dyingUndo');
    expect(hp(dan)).toBe(-9);
    expect(statuses(dan)).toEqual(['dying']);
    expect(text(card)).toContain('The GM undid this round.');
    expect(buttons(card)).toEqual([]);
    expect(await requestDyingUndo(card.id as string)).toMatchObject({
      ok: false,
      error: 'GNG.Dying.Error.NothingToUndo',
    });
  });

  it('undoes a stabilization (dying again) and a lost HP as a delta on the HP now', async () => {
    const dan = await dyingCharacter(-3);
    const combat = await fight([dan], [5]);
    expect(statuses(dan)).toEqual(['stable']);
    h.as(gm);
    await click(dyingCards()[0] as ChatMessage, 'dyingUndo');
    expect(statuses(dan)).toEqual(['dying']);
    expect(hp(dan)).toBe(-3);

    h.dice.queue(80);
    await combat.nextRound();
    await attackActionsSettled();
    expect(hp(dan)).toBe(-4);
    // Meanwhile the GM heals 2 HP by hand: Undo gives back the 1 lost on top of that.
    await dan.update({ 'system.hp.value': -2 });
    await click(dyingCards().at(-1) as ChatMessage, 'dyingUndo');
    expect(hp(dan)).toBe(-1);
    expect(statuses(dan)).toEqual(['dying']);
  });
});

describe('Undo leaves off dying (and stable) where they no longer fit', () => {
  it('a stabilizing round undone after the healing to 4 HP: stable goes, dying is not put back; the card says so', async () => {
    const dan = await dyingCharacter(-3);
    h.as(gm);
    h.dice.queue(5); // 5 ≤ 12: stable
    await game.gng.dyingRound(dan);
    await attackActionsSettled();
    expect(statuses(dan)).toEqual(['stable']);
    await dan.update({ 'system.hp.value': 4 }); // healed since
    const card = dyingCards()[0] as ChatMessage;
    await click(card, 'dyingUndo');
    expect(hp(dan)).toBe(4);
    expect(statuses(dan)).toEqual([]);
    expect(text(card)).toContain(
      'Dying Dan is dead or not dying at 4 HP, so the Dying status was not put back.',
    );
  });

  it('a stabilization undone after the patient died: stable goes, dying is not put back on the dead', async () => {
    const dan = await dyingCharacter(-3);
    const hana = await healer();
    h.as(player);
    h.dice.queue(15); // 15 + 5 = 20 ≥ 15: stable
    expect(await game.gng.stabilize(dan, hana)).toMatchObject({ ok: true });
    await attackActionsSettled();
    expect(statuses(dan)).toEqual(['stable']);
    h.as(gm);
    await dan.update({ 'system.hp.value': -10 });
    await dan.toggleStatusEffect('dead', { active: true });
    const card = stabilizeCards()[0] as ChatMessage;
    await click(card, 'stabilizeUndo');
    expect(statuses(dan)).toEqual(['dead']);
    expect(text(card)).toContain(
      'Dying Dan is dead or not dying at -10 HP, so the Dying status was not put back.',
    );
  });
});

describe('stabilizing with a Heal check (DC 15)', () => {
  it("a player's healer stabilizes from the dying card on its own turn: 14 fails, 15 succeeds", async () => {
    const dan = await dyingCharacter(-3);
    const hana = await healer();
    const combat = await fight([dan, hana], [90]); // Dan's round: 90 > 12, −3 → −4
    const dying = dyingCards()[0] as ChatMessage;
    h.control(player, h.placeToken(hana));

    // Not Hana's turn yet: stabilizing is an attack action of her own turn.
    h.as(player);
    expect(buttons(dying)).toEqual(['dyingStabilize']);
    // The button says whose Heal check it is (the player's controlled healer).
    const stabilize = h.renderMessage(fresh(dying)).querySelector('button[data-action="dyingStabilize"]');
    expect(stabilize?.textContent).toBe("Stabilize: Healer Hana's Heal check");
    expect(stabilize?.getAttribute('aria-label')).toBe(
      "Stabilize: Healer Hana's Heal check (DC 15) on Dying Dan",
    );
    await click(dying, 'dyingStabilize');
    expect(h.notices.at(-1)?.message).toBe(
      "It is not Healer Hana's turn: stabilizing takes Healer Hana's attack action on its own turn.",
    );
    expect(stabilizeCards()).toHaveLength(0);

    h.as(gm);
    await combat.nextTurn();
    await attackActionsSettled();
    expect(turnOf(combatantOf(hana) as Combatant)).toMatchObject({ attack: true, move: true });

    // d20 9 + 5 = 14 < 15: still dying; the attack action is spent.
    h.as(player);
    h.dice.queue(9);
    await click(dying, 'dyingStabilize');
    const failed = stabilizeCards().at(-1) as ChatMessage;
    expect(stabilizeCardOf(failed)).toMatchObject({ natural: 9, bonus: 5, total: 14, dc: 15, stable: false });
    expect(statuses(dan)).toEqual(['dying']);
    expect(text(failed)).toContain('Heal 14 vs DC 15');
    expect(text(failed)).toContain('Dying Dan is still dying.');
    expect(text(failed)).toContain("Healer Hana's attack action is spent.");
    expect(text(failed)).toContain('provokes attacks of opportunity');
    expect(failed.speaker.actor).toBe(hana.id);
    expect(turnOf(combatantOf(hana) as Combatant)).toMatchObject({ attack: false, move: true });

    // No second attack action this turn.
    expect(await game.gng.stabilize(dan, hana)).toMatchObject({
      ok: false,
      error: 'GNG.Stabilize.Error.noAttack',
    });

    // Only the GM undoes it: Player sees no Undo, and a request for it is refused.
    expect(buttons(failed)).toEqual([]);
    expect(await requestStabilizeUndo(failed.id as string)).toMatchObject({
      ok: false,
      error: 'GNG.Stabilize.Error.UndoGM',
    });
    expect(turnOf(combatantOf(hana) as Combatant)).toMatchObject({ attack: false });

    // The GM undoes the failed check: the action comes back (the turn goes on).
    h.as(gm);
    await click(failed, 'stabilizeUndo');
    expect(turnOf(combatantOf(hana) as Combatant)).toMatchObject({ attack: true });
    expect(text(failed)).toContain('The GM undid this Heal check.');

    // d20 10 + 5 = 15: stable; Dan loses no more HP at his turns.
    h.as(player);
    h.dice.queue(10);
    expect(await game.gng.stabilize(dan, hana)).toMatchObject({ ok: true });
    await attackActionsSettled();
    const success = stabilizeCards().at(-1) as ChatMessage;
    expect(stabilizeCardOf(success)).toMatchObject({ total: 15, stable: true });
    expect(statuses(dan)).toEqual(['stable']);
    expect(hp(dan)).toBe(-4);
    expect(text(success)).toContain('Dying Dan is stable: no more HP are lost (none are regained).');
    expect(turnOf(combatantOf(hana) as Combatant)).toMatchObject({ attack: false });
    h.as(gm);
    const rounds = dyingCards().length;
    await combat.nextRound();
    await attackActionsSettled();
    expect(dyingCards()).toHaveLength(rounds);
    expect(hp(dan)).toBe(-4);

    // Undo of the success: dying again; the turn is over, so the action stays spent (said on the card).
    await click(success, 'stabilizeUndo');
    expect(statuses(dan)).toEqual(['dying']);
    expect(text(success)).toContain(
      "Healer Hana's turn is over, so the attack action spent cannot be given back.",
    );
  });

  it('a double click on the Stabilize button is one Heal check', async () => {
    const dan = await dyingCharacter(-3);
    const hana = await healer();
    h.dice.queue(90);
    await game.gng.dyingRound(dan);
    await attackActionsSettled();
    const dying = dyingCards()[0] as ChatMessage;
    h.control(player, h.placeToken(hana));
    h.as(player);
    h.dice.queue(1, 1); // 1 + 5 = 6 < 15: still dying, so a second click could roll again
    const html = h.renderMessage(fresh(dying));
    const button = html.querySelector<HTMLButtonElement>('button[data-action="dyingStabilize"]');
    expect(button).not.toBeNull();
    for (let i = 0; i < 2; i += 1)
      button?.dispatchEvent(
        new h.window.MouseEvent('click', { bubbles: true, cancelable: true }) as unknown as Event,
      );
    await attackActionsSettled();
    expect(stabilizeCards()).toHaveLength(1);
    expect(h.dice.queued).toEqual([1]);
    expect(statuses(dan)).toEqual(['dying']);
  });

  it('out of combat: the assigned character heals, no action is spent and nothing is provoked', async () => {
    const dan = await dyingCharacter(-3);
    const hana = await healer();
    h.dice.queue(90);
    await game.gng.dyingRound(dan);
    await attackActionsSettled();
    const dying = dyingCards()[0] as ChatMessage;
    Object.defineProperty(player, 'character', { value: hana, configurable: true });
    try {
      h.as(player);
      h.dice.queue(12); // 12 + 5 = 17
      await click(dying, 'dyingStabilize');
    } finally {
      delete (player as { character?: Actor }).character;
    }
    const card = stabilizeCards()[0] as ChatMessage;
    expect(stabilizeCardOf(card)).toMatchObject({ total: 17, stable: true, inCombat: false });
    expect(text(card)).not.toContain('provokes');
    expect(text(card)).not.toContain('attack action');
    expect(statuses(dan)).toEqual(['stable']);
  });

  it('refuses a healer the sender does not own, a forged request, a patient not dying, and oneself', async () => {
    const dan = await dyingCharacter(-3);
    const hana = await healer();
    const olaf = await healer(otherPlayer, 'Other Olaf');
    h.dice.queue(90);
    await game.gng.dyingRound(dan);
    await attackActionsSettled();
    const dying = dyingCards()[0] as ChatMessage;
    const before = { hp: hp(dan), statuses: statuses(dan), messages: game.messages.size };
    const unchanged = () => {
      expect({ hp: hp(dan), statuses: statuses(dan), messages: game.messages.size }).toEqual(before);
    };

    // Other Player with no character of its own (nothing selected) sees no Stabilize button.
    h.as(otherPlayer);
    expect(buttons(dying)).toEqual([]);
    // Asking with Player's healer: refused.
    expect(await game.gng.stabilize(dan, hana)).toMatchObject({
      ok: false,
      error: 'GNG.Stabilize.Error.NotOwner',
    });
    expect(h.notices.at(-1)?.message).toBe('You do not own Healer Hana.');
    // The same, typed into the console on the dying card's own query.
    expect(
      await fromConsole(DYING_QUERY, {
        messageId: dying.id,
        action: 'dyingStabilize',
        target: 'actor',
        healerUuid: hana.uuid,
      }),
    ).toMatchObject({ ok: false, error: 'GNG.Stabilize.Error.NotOwner' });
    // A request with a field the action does not take.
    expect(
      await fromConsole(DYING_QUERY, {
        messageId: dying.id,
        action: 'dyingStabilize',
        target: 'actor',
        healerUuid: olaf.uuid,
        total: 20,
      }),
    ).toMatchObject({ ok: false, error: 'GNG.Error.Card.BadRequest' });
    // Its own character cannot stabilize itself, nor a patient who is not dying.
    expect(await game.gng.stabilize(olaf, olaf)).toMatchObject({
      ok: false,
      error: 'GNG.Stabilize.Error.Self',
    });
    h.as(player);
    expect(await game.gng.stabilize(olaf, hana)).toMatchObject({
      ok: false,
      error: 'GNG.Stabilize.Error.NotDying',
    });
    expect(h.notices.at(-1)?.message).toBe(
      'Other Olaf is not dying (below 0 HP and unstable): there is nothing to stabilize.',
    );
    unchanged();
  });
});

describe('temporary HP (GM)', () => {
  it('5 then 3 keeps 5; stacking adds 3 → 8; the maximum and current HP stay; the sheet shows them apart', async () => {
    const hana = await healer();
    const { max, value } = { max: sys(hana).hp.max, value: hp(hana) };
    h.as(gm);
    expect(await game.gng.grantTemporaryHp(hana, 5)).toMatchObject({ ok: true });
    expect(sys(hana).hp.temp).toBe(5);
    expect(await game.gng.grantTemporaryHp(hana, 3)).toMatchObject({ ok: true });
    expect(sys(hana).hp.temp).toBe(5);
    expect(text(game.messages.contents.at(-1) as ChatMessage)).toContain(
      'Healer Hana gains 3 temporary HP, which do not stack: the higher pool, 5, is kept.',
    );
    expect(await game.gng.grantTemporaryHp(hana, 3, { stacks: true })).toMatchObject({ ok: true });
    expect(sys(hana).hp.temp).toBe(8);
    expect(text(game.messages.contents.at(-1) as ChatMessage)).toContain(
      'Healer Hana gains 3 temporary HP, which stack: 5 → 8.',
    );
    expect({ max: sys(hana).hp.max, value: hp(hana) }).toEqual({ max, value });

    const sheet = await h.openSheet(hana);
    const field = sheet.element.querySelector<HTMLInputElement>('input[name="system.hp.temp"]');
    expect(field?.value).toBe('8');
    expect(sheet.element.textContent).toContain(`${value} / ${max}`);
    // The combat panel shows them beside the HP, not only in the input.
    expect(sheet.element.querySelector('.stat-hp .stat-value')?.textContent).toBe(`${value} / ${max}`);
    expect(sheet.element.querySelector('.stat-hp .stat-sub')?.textContent).toBe('(+8 temporary)');
    await sheet.close();
  });

  it('a Large creature gets the amount as given (no size multiplier)', async () => {
    h.as(gm);
    const ogre = await h.createActor({
      name: 'Ogre',
      type: 'npc',
      system: { size: 'large', abilities: { con: { value: 12 } } },
    });
    // Its HP do get the Large multiplier (×2): the temporary HP do not.
    expect(sys(ogre).hp.max).toBe(24);
    expect(await game.gng.grantTemporaryHp(ogre, 5)).toMatchObject({ ok: true });
    expect(sys(ogre).hp.temp).toBe(5);
    expect(sys(ogre).hp.max).toBe(24);
  });

  it.each([
    ['negative', -2],
    ['not whole', 2.5],
    ['zero', 0],
  ])('refuses an amount that is %s, with a localized message', async (_name, amount) => {
    const hana = await healer();
    h.as(gm);
    const count = game.messages.size;
    expect(await game.gng.grantTemporaryHp(hana, amount)).toMatchObject({
      ok: false,
      error: 'GNG.TempHp.Error.Amount',
    });
    expect(h.notices.at(-1)?.message).toBe(
      `Temporary HP must be a whole number from 1 to 1000000, and a pool holds at most 1000000: ${amount} is refused.`,
    );
    expect(sys(hana).hp.temp).toBe(0);
    expect(game.messages.size).toBe(count);
  });

  it('refuses a player', async () => {
    const hana = await healer();
    h.as(player);
    expect(await game.gng.grantTemporaryHp(hana, 5)).toMatchObject({
      ok: false,
      error: 'GNG.TempHp.Error.GM',
    });
    expect(sys(hana).hp.temp).toBe(0);
  });
});
