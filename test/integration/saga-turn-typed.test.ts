/**
 * The Saga-style turn-start card as a typed message (issue #34; subtype `sagaTurn`,
 * src/cards/saga-turn/): its state in `system`, drawn on each client in that user's language (the
 * GM's in English, the player's in a pseudo-locale), and a card posted before the change
 * (`type: 'base'`, `flags.gng.sagaTurn`) still drawn and undone. Numbers as in
 * saga-turn-start.test.ts: a trooper at −3 HP rolls d% 54 against a 10% chance (A4): not stable,
 * 1 HP lost (−3 → −4).
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { cardHelpers } from '../fixtures/cards.js';
import { pseudo } from '../fixtures/pseudo-locale.js';
import { typedCardSuite } from '../fixtures/typed-card-suite.js';
import { useSagaWorld } from '../fixtures/saga-world.js';
import { sagaTurnCardOf } from '../../src/cards/saga-turn/saga-turn-actions.js';

const h = await getHarness();
const { gm, player } = h.users;
const { buttons, click } = cardHelpers(h);
useSagaWorld(h, 34, { loaded: true });
const suite = typedCardSuite(h);
const { fresh } = suite;
const turnCard = suite.card({ subtype: 'sagaTurn', flag: 'sagaTurn', legacyType: 'sagaTurnCard' });
const lines = (card: ChatMessage) => suite.texts(card, '.card-header h3, .saga-turn-line');

/** The player's trooper at −3 HP, dying, begins a combat: its d% (54) keeps it dying, 1 HP lost. */
async function dyingRound(): Promise<{ trooper: Actor; card: ChatMessage }> {
  h.as(gm);
  const trooper = await h.createActor(
    { name: 'Trooper', type: 'character', system: { hp: { value: -3 } } },
    player,
  );
  await trooper.toggleStatusEffect('dying', { active: true });
  const combat = h.startCombat([trooper]);
  h.dice.queue(54);
  await combat.startCombat();
  await attackActionsSettled();
  return { trooper, card: game.messages.contents.find((m) => sagaTurnCardOf(m)) as ChatMessage };
}

const english = [
  "Trooper's turn starts",
  'Dying: d% 54 against a 10% chance: not stable.',
  'Trooper loses 1 HP (-3 → -4) and is still dying.',
];

describe('the turn-start card as a typed message', () => {
  it('has the subtype sagaTurn and its state in system, none in its flags', async () => {
    const { trooper, card } = await dyingRound();
    turnCard.expectTyped(card, {
      actorUuid: trooper.uuid,
      name: 'Trooper',
      round: 1,
      hpBefore: -3,
      outcome: { hp: -4, dying: { roll: 54, chance: 10, stable: false, current: -4 } },
      applied: { hpDelta: -1, markBefore: null, markAfter: { round: 1, suppressed: 0 } },
      undone: false,
      undoNotes: [],
    });
  });

  it("is drawn on each client in its user's language; the GM's Undo redraws both", async () => {
    const { trooper, card } = await dyingRound();
    await suite.expectEachLanguage(card, lines, english, english.map(pseudo), []);
    await click(card, 'sagaTurnUndo');
    expect(trooper.system.hp.value).toBe(-3);
    const undone = 'Undone: the turn start was taken back.';
    expect(await lines(card)).toEqual([...english, undone]);
    h.as(player);
    expect(await lines(card)).toEqual([...english, undone].map(pseudo));
    expect(fresh(card).content).toContain(undone);
  });
});

describe('a turn-start card posted before issue #34 (type base, its state in flags.gng.sagaTurn)', () => {
  it('still renders and its Undo still works, saved in its flags', async () => {
    const { trooper, card } = await dyingRound();
    const legacy = await turnCard.postLegacy(card, { omit: ['undone', 'undoNotes'] });
    await suite.expectReaderReads(legacy, lines, english);
    expect(buttons(legacy)).toEqual([]);
    h.as(gm);
    await click(legacy, 'sagaTurnUndo');
    expect(trooper.system.hp.value).toBe(-3);
    turnCard.expectSaved(legacy, { applied: null, undone: true });
    expect(buttons(legacy)).toEqual([]);
  });
});
