/**
 * The EG save message as a typed message (issue #34; subtype `egSave`, src/cards/eg-maneuver/eg-save.ts):
 * its record in `system`, none in its flags; drawn on each client in its user's language (the rogue's
 * player's client in the pseudo-locale, the GM's in English); and a save posted before the change
 * (`type: 'base'`, `flags.gng.egSave`; no buttons, so no Undo) still shows its stored content.
 * Numbers as in eg-maneuver-card.test.ts: the rogue's Will 11 → +1; natural 9: 9 + 1 = 10 succeeds.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { egFight, useEgWorld } from '../fixtures/eg-world.js';
import { cardHelpers } from '../fixtures/cards.js';
import { pseudo } from '../fixtures/pseudo-locale.js';
import { typedCardSuite } from '../fixtures/typed-card-suite.js';

const h = await getHarness();
const { gm, otherPlayer } = h.users;
useEgWorld(h, 3409, { endCombats: true });
const { buttons } = cardHelpers(h);
const suite = typedCardSuite(h, otherPlayer);
const { fresh } = suite;
const saveCard = suite.card({ subtype: 'egSave', flag: 'egSave', legacyType: 'egSave' });
const texts = (card: ChatMessage) => suite.texts(card, 'h3, .step-lines li, .eg-save-result');

/** The rogue (the other player's) saves against Will, natural 9. */
async function saved(): Promise<{ rogue: Actor; card: ChatMessage }> {
  const { rogue } = await egFight(h);
  h.as(otherPlayer);
  h.dice.queue(9);
  const card = (await game.gng.egSave(rogue, 'will')) as ChatMessage;
  expect(card).not.toBeNull();
  return { rogue, card };
}

const english = [
  '1st-level rogue: Will save',
  'Will save bonus (defense ÷ 10): +1',
  'The save succeeds: the effect ends.',
];

describe('the EG save as a typed message', () => {
  it('has the subtype egSave and its record in system, none in its flags', async () => {
    const { rogue, card } = await saved();
    saveCard.expectTyped(
      card,
      {
        actorUuid: rogue.uuid,
        name: '1st-level rogue',
        save: 'will',
        natural: 9,
        bonus: 1,
        granted: 0,
        insight: 0,
        total: 10,
        success: true,
        automatic: null,
        grantedBy: null,
        granterName: null,
        tokens: null,
      },
      true,
    );
  });

  it('the player reads it in the pseudo-locale, the GM in English', async () => {
    const { card } = await saved();
    await suite.expectEachLanguage(card, texts, english, [
      pseudo(`1st-level rogue: ${pseudo('Will')} save`),
      pseudo(`${pseudo('Will')} save bonus (defense ÷ 10): +1`),
      pseudo('The save succeeds: the effect ends.'),
    ]);
    // The fallback content is the posting GM's English.
    expect(fresh(card).content).toContain('The save succeeds: the effect ends.');
  });
});

describe('a save posted before issue #34 (type base, flags.gng.egSave)', () => {
  it('still shows its stored content to every client, with no buttons', async () => {
    const { card } = await saved();
    h.as(gm);
    const legacy = await saveCard.postLegacy(card);
    await suite.expectReaderReads(legacy, texts, english);
    expect(buttons(legacy)).toEqual([]);
  });
});
