/**
 * The suppressing fire card as a typed message (issue #34; subtype `suppress`, src/cards/suppress/):
 * its state in `system`, none in `flags.gng.suppress`; drawn on each client in that user's language
 * (the GM's in English, the player's in a pseudo-locale), the Undo notes stored as keys; and a card
 * posted before the change (`type: 'base'`, `flags.gng.suppress`) still drawn as it was and undone.
 *
 * As in suppress.test.ts: the player's Gunner (Dex 14, the firearms feat) lays down semi-automatic
 * suppressing fire on a square with a submachine gun of 30 rounds: 1d10 + 10 = 5 + 10 = 15 shots
 * wasted (30 → 15 rounds); the GM's Undo gives them back.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { suppressGunner } from '../fixtures/gunners.js';
import { getHarness } from '../harness/index.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { cardHelpers, cardStateOf } from '../fixtures/cards.js';
import { pseudo } from '../fixtures/pseudo-locale.js';
import { typedCardSuite } from '../fixtures/typed-card-suite.js';

const h = await getHarness();
const { suppress, suppressState } = await import('../../src/cards/suppress/suppress-actions.js');
const { click } = cardHelpers(h);
const { gm, player } = h.users;
beforeEach(() => h.reset(34));
const suite = typedCardSuite(h);
const { fresh, texts: text } = suite;
const suppressCard = suite.card({
  subtype: 'suppress',
  flag: 'suppress',
  legacyType: 'suppressCard',
  kindInFlags: true,
});
const loaded = (weapon: Item) =>
  (
    (weapon.actor?.items.get(weapon.id as string) as Item).system as unknown as {
      firearm: { ammunition: number };
    }
  ).firearm.ammunition;
const heading = (card: ChatMessage) => text(card, '.card-header h3');
const HEADING = 'Gunner lays down suppressing fire with Submachine gun';

async function fire(): Promise<{ weapon: Item; card: ChatMessage }> {
  const { actor, weapon } = await suppressGunner(h);
  h.as(player);
  h.dice.queue(5);
  const area = { shape: 'square', corner: { x: 500, y: 0 } };
  expect(await suppress(actor, weapon as Item, { area, mode: 'semi' } as never)).toMatchObject({ ok: true });
  await attackActionsSettled();
  expect(loaded(weapon as Item)).toBe(15);
  return {
    weapon: weapon as Item,
    card: game.messages.contents.find((m) => suppressState(m)) as ChatMessage,
  };
}

describe('the suppressing fire card as a typed message', () => {
  it('has the subtype suppress; its state is in system (none in its flags)', async () => {
    const { card } = await fire();
    suppressCard.expectTyped(card, {
      version: 1,
      shooter: { name: 'Gunner' },
      weapon: { name: 'Submachine gun' },
      rolled: [5],
      shotsWasted: 15,
      active: true,
      triggers: [],
      undone: false,
    });
  });

  it("is drawn on each client in its user's language; the Undo notes are keys, localized there", async () => {
    const { weapon, card } = await fire();
    await suite.expectEachLanguage(card, heading, [HEADING]);
    // The gun is gone before the Undo: its rounds cannot go back (a note).
    await weapon.delete();
    await click(card, 'undo');
    const state = cardStateOf<{ undone: boolean; undoNotes: unknown[] }>(fresh(card));
    expect(state).toMatchObject({ undone: true, undoNotes: [{ key: 'GNG.Ammunition.Undo.Gone' }] });
    const gone = 'The weapon no longer exists: its rounds could not be given back.';
    expect(await text(card, '.undo-note')).toEqual([gone]);
    h.as(player);
    expect(await text(card, '.undo-note')).toEqual([pseudo(gone)]);
  });
});

describe('a suppressing fire card posted before issue #34 (type base, its state in flags.gng.suppress)', () => {
  it('still renders as it was, and its Undo still works, saved in its flags', async () => {
    const { weapon, card } = await fire();
    h.as(gm);
    const legacy = await suppressCard.postLegacy(card, { omit: ['undoNotes'] });
    // Not drawn again: its content as the GM's client wrote it.
    await suite.expectReaderReads(legacy, heading, [HEADING]);
    h.as(gm);
    await click(legacy, 'undo');
    expect(loaded(weapon)).toBe(30);
    suppressCard.expectSaved(legacy, { undone: true, active: false, endedBy: 'undo' });
  });
});
