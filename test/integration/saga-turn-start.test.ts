/**
 * The Saga-style turn start on the harness (issue #30, lane rounds): under the Saga-style model the
 * active GM plays each creature's regeneration and dying round at its turn start on a card with an
 * exact Undo; under GnG nothing of it happens. Worked by hand:
 * - A4 (d20 Modern 004:147, −1 dying, −10 dead): d% 10 stabilizes (10%), 11+ costs 1 HP.
 * - 001:145: "Regeneration 5 … recovers 5 HP on its turn … suppressed for 2 rounds".
 * - The trooper: a d10 hit die, 2 levels, Con 14 (+2): 10 + 6 + 2 × 2 = 20 HP (A15).
 */
import { describe, expect, it } from 'vitest';
import { cardHelpers } from '../fixtures/cards.js';
import { begunCombat } from '../fixtures/begun-combat.js';
import { getHarness } from '../harness/index.js';
import { useSagaWorld } from '../fixtures/saga-world.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { sagaTurnCard, sagaTurnCardOf, sagaTurnMark } from '../../src/cards/saga-turn/saga-turn-actions.js';
import { dyingCardOf } from '../../src/cards/dying/dying-state.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const { buttons, click } = cardHelpers(h);
const { gm, player } = h.users;

useSagaWorld(h, 31);

const hp = (actor: Actor) => (actor.system as CreatureData).hp.value;
const statuses = (actor: Actor) => ['dying', 'stable', 'dead'].filter((id) => actor.statuses.has(id));
const fresh = (message: ChatMessage) => game.messages.get(message.id as string) as ChatMessage;
const cards = () => game.messages.contents.filter((m) => sagaTurnCardOf(m) !== null);
function text(message: ChatMessage): string {
  const div = h.window.document.createElement('div');
  div.innerHTML = (fresh(message).content ?? '').replace(/</g, ' <');
  return (div.textContent ?? '').replace(/\s+/g, ' ');
}

/** A 20-HP trooper (Player's) at `current` HP, dying when below 0, with `regeneration`. */
async function trooper(current: number, regeneration = 0): Promise<Actor> {
  h.as(gm);
  const actor = await h.createActor(
    {
      name: 'Trooper',
      type: 'character',
      system: { abilities: { con: { value: 14 } }, hp: { value: current }, regeneration },
    },
    player,
  );
  await actor.createEmbeddedDocuments('Item', [
    { name: 'Soldier', type: 'class', system: { levels: 2, hitDie: 10 } },
  ]);
  // Saga-style HP (A15); GnG's differ.
  if (game.settings.get('gng', 'combatModel') === 'saga')
    expect((actor.system as CreatureData).derived.hp.max).toBe(20);
  if (current < 0) await actor.toggleStatusEffect('dying', { active: true });
  return actor;
}

/** A begun combat of `actors` (round 1, the first one's turn), with these d% queued. */
const fight = (actors: Actor[], d100: number[]) => begunCombat(h, actors, d100);

describe('the dying round at the turn start (A4)', () => {
  it('d% 54: 1 HP lost (−3 → −4), still dying; once per round; Undo (GM only) takes it back', async () => {
    const actor = await trooper(-3);
    const combat = await fight([actor], [54]);
    expect(hp(actor)).toBe(-4);
    expect(statuses(actor)).toEqual(['dying']);
    const [card] = cards();
    expect(card?.author?.isGM).toBe(true);
    expect(card?.rolls.map((r) => [r.formula, r.total])).toEqual([['1d100', 54]]);
    expect(text(card as ChatMessage)).toContain('Dying: d% 54 against a 10% chance: not stable.');
    expect(text(card as ChatMessage)).toContain('Trooper loses 1 HP (-3 → -4) and is still dying.');
    // GnG's own dying card stays off under this model.
    expect(game.messages.contents.some((m) => dyingCardOf(m) !== null)).toBe(false);
    // The same turn start again: no second round this round.
    await combat.begin();
    await attackActionsSettled();
    expect(cards()).toHaveLength(1);

    h.as(player);
    expect(buttons(card as ChatMessage)).not.toContain('sagaTurnUndo');
    expect(await sagaTurnCard.request(card?.id as string, 'sagaTurnUndo', 'actor')).toMatchObject({
      ok: false,
    });
    expect(hp(actor)).toBe(-4);
    h.as(gm);
    await click(card as ChatMessage, 'sagaTurnUndo');
    expect(hp(actor)).toBe(-3);
    expect(statuses(actor)).toEqual(['dying']);
    expect(text(card as ChatMessage)).toContain('Undone: the turn start was taken back.');
    expect(buttons(card as ChatMessage)).not.toContain('sagaTurnUndo');
    // The round's record is taken back too: the turn start is due again.
    expect(sagaTurnMark(combat, combat.combatants.contents[0] as Combatant)).toBeNull();
  });

  it('d% 10 stabilizes: dying gives way to stable, no HP lost; Undo puts dying back', async () => {
    const actor = await trooper(-3);
    await fight([actor], [10]);
    expect(hp(actor)).toBe(-3);
    expect(statuses(actor)).toEqual(['stable']);
    expect(text(cards()[0] as ChatMessage)).toContain('Trooper is stable: no more HP are lost.');
    await click(cards()[0] as ChatMessage, 'sagaTurnUndo');
    expect(statuses(actor)).toEqual(['dying']);
  });

  it('at −9, d% 90 kills (−10 dead); the next round nothing more; Undo brings it back dying at −9', async () => {
    const actor = await trooper(-9);
    const combat = await fight([actor], [90]);
    expect(hp(actor)).toBe(-10);
    expect(statuses(actor)).toEqual(['dead']);
    await combat.nextRound();
    await attackActionsSettled();
    expect(cards()).toHaveLength(1);
    await click(cards()[0] as ChatMessage, 'sagaTurnUndo');
    expect(hp(actor)).toBe(-9);
    expect(statuses(actor)).toEqual(['dying']);
  });

  it('a stable creature has no round; a healthy one gets no card and rolls nothing', async () => {
    const down = await trooper(-3);
    await down.toggleStatusEffect('dying', { active: false });
    await down.toggleStatusEffect('stable', { active: true });
    const well = await trooper(12);
    const combat = await fight([down, well], []);
    await combat.nextTurn();
    await attackActionsSettled();
    expect(cards()).toEqual([]);
    expect(hp(down)).toBe(-3);
  });
});

describe('regeneration at the turn start (001:145)', () => {
  it('Regeneration 5 at 12 of 20: 17, then 20 (capped); at the maximum no card', async () => {
    const actor = await trooper(12, 5);
    const combat = await fight([actor], []);
    expect(hp(actor)).toBe(17);
    expect(text(cards()[0] as ChatMessage)).toContain('Trooper regenerates 5 HP (12 → 17).');
    expect(cards()[0]?.rolls).toEqual([]);
    await combat.nextRound();
    await attackActionsSettled();
    expect(hp(actor)).toBe(20);
    await combat.nextRound();
    await attackActionsSettled();
    expect(cards()).toHaveLength(2);
    // Undo of the second: back to 17.
    await click(cards()[1] as ChatMessage, 'sagaTurnUndo');
    expect(hp(actor)).toBe(17);
  });

  it('its bane suppresses it for two turns; the third heals; Undo of a suppressed turn restores the count', async () => {
    const actor = await trooper(5, 5);
    const combat = await fight([actor], []);
    expect(hp(actor)).toBe(10);
    const combatant = combat.combatants.contents[0] as Combatant;
    expect(await game.gng.suppressRegeneration(actor)).toEqual({ ok: true });
    await combat.nextRound();
    await attackActionsSettled();
    expect(hp(actor)).toBe(10);
    expect(text(cards()[1] as ChatMessage)).toContain(
      'suppressed by its bane this turn (1 more turns suppressed)',
    );
    expect(sagaTurnMark(combat, combatant)).toEqual({ round: 2, suppressed: 1 });
    await click(cards()[1] as ChatMessage, 'sagaTurnUndo');
    expect(sagaTurnMark(combat, combatant)).toEqual({ round: 1, suppressed: 2 });
    await combat.nextRound();
    await attackActionsSettled();
    await combat.nextRound();
    await attackActionsSettled();
    expect(hp(actor)).toBe(10);
    await combat.nextRound();
    await attackActionsSettled();
    expect(hp(actor)).toBe(15);
  });

  it('a record a macro spoiled (not whole numbers) counts as none: the turn start heals', async () => {
    const actor = await trooper(5, 5);
    const combat = await fight([actor], []);
    const combatant = combat.combatants.contents[0] as Combatant;
    await combat.update({ [`flags.gng.sagaTurns.${combatant.id}`]: { round: 'x', suppressed: -3 } });
    expect(sagaTurnMark(combat, combatant)).toEqual({ round: null, suppressed: 0 });
    await combat.nextRound();
    await attackActionsSettled();
    expect(hp(actor)).toBe(15);
  });

  it('a dying creature regenerating 5 at −3 is at 2 HP and no longer dying (no d%)', async () => {
    const actor = await trooper(-3, 5);
    await fight([actor], []);
    expect(hp(actor)).toBe(2);
    expect(statuses(actor)).toEqual([]);
    expect(text(cards()[0] as ChatMessage)).toContain('Trooper is no longer dying (2 HP).');
    await click(cards()[0] as ChatMessage, 'sagaTurnUndo');
    expect(hp(actor)).toBe(-3);
    expect(statuses(actor)).toEqual(['dying']);
  });
});

describe('game.gng.suppressRegeneration: refusals change nothing', () => {
  it("a player's call, a creature without regeneration or out of combat, a bad count", async () => {
    const actor = await trooper(10, 5);
    const plain = await trooper(10);
    expect(await game.gng.suppressRegeneration(actor)).toMatchObject({
      ok: false,
      error: 'GNG.Model.Saga.Round.Error.NotInCombat',
    });
    const combat = await fight([actor, plain], []);
    const combatant = combat.combatants.contents[0] as Combatant;
    const before = sagaTurnMark(combat, combatant);
    h.as(player);
    expect(await game.gng.suppressRegeneration(actor)).toMatchObject({
      error: 'GNG.Model.Saga.Round.Error.GM',
    });
    h.as(gm);
    expect(await game.gng.suppressRegeneration(plain)).toMatchObject({
      error: 'GNG.Model.Saga.Round.Error.NoRegeneration',
    });
    expect(await game.gng.suppressRegeneration(actor, 2.5)).toMatchObject({
      error: 'GNG.Model.Saga.Round.Error.Turns',
    });
    expect(sagaTurnMark(combat, combatant)).toEqual(before);
  });
});

describe('under GnG', () => {
  it('no turn-start card: the regenerating creature is not healed', async () => {
    await game.settings.set('gng', 'combatModel', 'gng');
    const actor = await trooper(12, 5);
    await fight([actor], []);
    expect(hp(actor)).toBe(12);
    expect(cards()).toEqual([]);
  });

  it('game.gng.suppressRegeneration is refused', async () => {
    await game.settings.set('gng', 'combatModel', 'gng');
    const actor = await trooper(12, 5);
    expect(await game.gng.suppressRegeneration(actor)).toMatchObject({
      ok: false,
      error: 'GNG.Model.Saga.Round.Error.NotSaga',
    });
  });
});
