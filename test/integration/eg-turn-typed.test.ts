/**
 * The Enlightened Grognard turn-start card as a typed message (issue #34; subtype `egTurn`,
 * src/cards/eg-turn/): its state in `system`, drawn on each client in that user's language (the GM's
 * in English, the player's in a pseudo-locale), and a card posted before the change (`type: 'base'`,
 * `flags.gng.egTurn`) still drawn and undone. Numbers as in eg-table-turns.test.ts: the Guard (Con
 * 14, Fortitude bonus +1) at −3 HP rolls d20 5 + 1 = 6, below 10: fails, and takes the d4 (2) in Con
 * damage.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { cardHelpers } from '../fixtures/cards.js';
import { pseudo } from '../fixtures/pseudo-locale.js';
import { typedCardSuite } from '../fixtures/typed-card-suite.js';
import { egGoblin, egGuard, useEgWorld } from '../fixtures/eg-world.js';
import { egTurnCardOf } from '../../src/cards/eg-turn/eg-turn-actions.js';

const h = await getHarness();
const { gm, player } = h.users;
const { buttons, click } = cardHelpers(h);
useEgWorld(h, 34, { loaded: true, endCombats: true });
const suite = typedCardSuite(h);
const { fresh } = suite;
const turnCard = suite.card({ subtype: 'egTurn', flag: 'egTurn', legacyType: 'egTurnCard' });
const lines = (card: ChatMessage) => suite.texts(card, '.card-header h3, .eg-turn-line');

/** The player's Guard at −3 HP starts round 1 dying: its save (5) fails, the d4 (2) in Con damage. */
async function failedSave(): Promise<{ hero: Actor; card: ChatMessage }> {
  const hero = await egGuard(h, { owner: player, hp: -3, conDamage: 0, name: 'Guard' });
  h.as(gm);
  h.dice.queue(5, 2);
  const combat = h.startCombat([hero, await egGoblin(h)]);
  await combat.startCombat();
  await attackActionsSettled();
  const card = game.messages.contents.find((m) => egTurnCardOf(m)) as ChatMessage;
  return { hero, card };
}

const english = [
  "Guard's turn start",
  'Guard is dying: Fortitude save d20 5 + 1 = 6, below 10: failed.',
  'Guard takes 2 Con damage (Con damage 2 of Con 14).',
];

describe('the turn-start card as a typed message', () => {
  it('has the subtype egTurn and its state in system, none in its flags', async () => {
    const { hero, card } = await failedSave();
    turnCard.expectTyped(card, {
      actorUuid: hero.uuid,
      name: 'Guard',
      round: 1,
      save: { natural: 5, bonus: 1, total: 6, saved: false, revived: false, hp: null, conDamage: 2 },
      conDamageBefore: 0,
      con: 14,
      dead: false,
      applied: { hpDelta: 0, conDelta: 2, markBefore: null, markAfter: 1 },
      undone: false,
      undoNotes: [],
    });
  });

  it("is drawn on each client in its user's language; the GM's Undo redraws both", async () => {
    const { hero, card } = await failedSave();
    await suite.expectEachLanguage(card, lines, english, english.map(pseudo), []);
    await click(card, 'egTurnUndo');
    expect(hero.system.abilities.con.damage).toBe(0);
    const undone = "Undone: HP, Con damage, statuses and the turn's record are as they were.";
    expect(await lines(card)).toEqual([...english, undone]);
    h.as(player);
    expect(await lines(card)).toEqual([...english, undone].map(pseudo));
    expect(fresh(card).content).toContain('Undone: HP, Con damage, statuses and the turn');
  });
});

describe('a turn-start card posted before issue #34 (type base, its state in flags.gng.egTurn)', () => {
  it('still renders and its Undo still works, saved in its flags', async () => {
    const { hero, card } = await failedSave();
    const legacy = await turnCard.postLegacy(card, { omit: ['undone', 'undoNotes'] });
    // Drawn from its stored content (English for everyone), no button for the player.
    await suite.expectReaderReads(legacy, lines, english);
    expect(buttons(legacy)).toEqual([]);
    h.as(gm);
    await click(legacy, 'egTurnUndo');
    expect(hero.system.abilities.con.damage).toBe(0);
    turnCard.expectSaved(legacy, { applied: null, undone: true });
    expect(buttons(legacy)).toEqual([]);
  });
});
