/**
 * The EG save message as a typed message (issue #34; subtype `egSave`, src/cards/eg-maneuver/eg-save.ts):
 * its record in `system`, none in its flags; drawn on each client in its user's language (the rogue's
 * player's client in the pseudo-locale, the GM's in English); and a save posted before the change
 * (`type: 'base'`, `flags.gng.egSave`; no buttons, so no Undo) still shows its stored content.
 * Numbers as in eg-maneuver-card.test.ts: the rogue's Will 11 → +1; natural 9: 9 + 1 = 10 succeeds.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { egFight, useEgWorld } from '../fixtures/eg-world.js';
import { cardHelpers, cardStateOf } from '../fixtures/cards.js';
import { pseudo, pseudoLocale } from '../fixtures/pseudo-locale.js';

const h = await getHarness();
const { gm, otherPlayer } = h.users;
useEgWorld(h, 3409, { endCombats: true });
const { drawn, buttons } = cardHelpers(h);
afterEach(() => {
  h.setLanguage(otherPlayer, null);
  expect([...h.i18n.missing]).toEqual([]);
});

const fresh = (message: ChatMessage) => game.messages.get(message.id as string) as ChatMessage;
const texts = async (card: ChatMessage) =>
  [...(await drawn(card)).querySelectorAll('h3, .step-lines li, .eg-save-result')].map((el) =>
    el.textContent?.trim(),
  );

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
    expect(card.type).toBe('egSave');
    expect(cardStateOf(card)).toEqual({
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
    });
    expect(card.flags.gng?.egSave).toBeUndefined();
  });

  it('the player reads it in the pseudo-locale, the GM in English', async () => {
    const { card } = await saved();
    h.setLanguage(otherPlayer, pseudoLocale());
    h.as(otherPlayer);
    expect(await texts(card)).toEqual([
      pseudo(`1st-level rogue: ${pseudo('Will')} save`),
      pseudo(`${pseudo('Will')} save bonus (defense ÷ 10): +1`),
      pseudo('The save succeeds: the effect ends.'),
    ]);
    h.as(gm);
    expect(await texts(card)).toEqual(english);
    // The fallback content is the posting GM's English.
    expect(fresh(card).content).toContain('The save succeeds: the effect ends.');
  });
});

describe('a save posted before issue #34 (type base, flags.gng.egSave)', () => {
  it('still shows its stored content to every client, with no buttons', async () => {
    const { card } = await saved();
    h.as(gm);
    const legacy = (await ChatMessage.create({
      content: fresh(card).content,
      speaker: card.speaker,
      flags: { gng: { type: 'egSave', egSave: cardStateOf(card) } },
    })) as ChatMessage;
    await card.delete();
    expect(legacy.type).toBe('base');
    h.setLanguage(otherPlayer, pseudoLocale());
    h.as(otherPlayer);
    expect(await texts(legacy)).toEqual(english);
    expect(buttons(legacy)).toEqual([]);
  });
});
