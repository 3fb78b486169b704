/**
 * The feat offer card as a typed chat message (issue #34): its state in `system` (subtype
 * `featOffer`), drawn on each client in that user's language, and an offer posted before the change
 * (state in `flags.gng.featOffer`) still drawn and answered.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { cardHelpers } from '../fixtures/cards.js';
import { pseudo } from '../fixtures/pseudo-locale.js';
import { typedCardSuite } from '../fixtures/typed-card-suite.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import { featOfferCard, postFeatOffer } from '../../src/cards/feat-offer/feat-offer-actions.js';
import { featOfferOf, type FeatOfferState } from '../../src/cards/feat-offer/feat-offer-state.js';

const h = await getHarness();
const { buttons, drawn } = cardHelpers(h);
const { gm, player } = h.users;
beforeEach(() => h.reset(34));
const suite = typedCardSuite(h);
const { fresh } = suite;
const offerCard = suite.card({ subtype: 'featOffer', flag: 'featOffer', legacyType: 'featOffer' });
const text = (html: HTMLElement, selector: string) => html.querySelector(selector)?.textContent?.trim();

/** The player's Hero offered Clean-up Blow against the GM's Orc. */
async function offer(): Promise<{ hero: Actor; orc: Actor; state: FeatOfferState; card: ChatMessage }> {
  h.as(gm);
  const hero = await h.createActor({ name: 'Hero', type: 'npc' }, player);
  const orc = await h.createActor({ name: 'Orc', type: 'npc' });
  const state: FeatOfferState = {
    kind: 'clean-up-blow',
    holder: { id: 'holder', actorUuid: hero.uuid, name: 'Hero', takenBy: null, declinedBy: null },
    opponent: { actorUuid: orc.uuid, name: 'Orc', tokenId: null },
    source: 'sourceMessage0001',
    sourceTarget: 't0',
  };
  const card = (await postFeatOffer(state, hero)) as ChatMessage;
  return { hero, orc, state, card };
}

const decline = async (user: User, card: ChatMessage) => {
  h.as(user);
  const result = await featOfferCard.request(card.id as string, 'featOfferDecline', 'holder');
  await attackActionsSettled();
  return result;
};

describe('the feat offer card as a typed message', () => {
  it('has the subtype featOffer and its whole state in system, none in its flags', async () => {
    const { state, card } = await offer();
    // What the card did not say yet is null in its schema (the maneuver, the item, Epic Flow's round).
    offerCard.expectTyped(
      card,
      { ...state, holder: { ...state.holder, maneuver: null, itemId: null, usedIn: null } },
      true,
    );
    expect(card.content).toContain('Hero may make an attack of opportunity against Orc.');
  });

  it("is drawn on each client in its user's language: the GM's in English, the player's in another", async () => {
    const { card } = await offer();
    suite.asReader();
    let html = await drawn(card);
    expect(text(html, '.card-header h3')).toBe(pseudo('Hero: Clean-up Blow'));
    expect(buttons(card)).toEqual(['featOfferTake', 'featOfferDecline']);
    expect(await decline(player, card)).toEqual({ ok: true });
    h.as(player);
    html = await drawn(card);
    expect(html.textContent).toContain(pseudo('Hero lets it pass.'));
    h.as(gm);
    html = await drawn(card);
    expect(text(html, '.card-header h3')).toBe('Hero: Clean-up Blow');
    expect(html.textContent).toContain('Hero lets it pass.');
    expect(fresh(card).content).toContain('Hero lets it pass.');
  });

  it('a request with a field the schema does not name is refused and changes nothing', async () => {
    const { card } = await offer();
    h.as(player);
    const bad = await featOfferCard.request(card.id as string, 'featOfferDecline', 'holder', { x: 1 });
    expect(bad).toMatchObject({ ok: false, error: 'GNG.Error.Card.BadRequest' });
    const wrong = await featOfferCard.request(card.id as string, 'featOfferTake', 'holder', { maneuver: 3 });
    expect(wrong).toMatchObject({ ok: false, error: 'GNG.Error.Card.BadRequest' });
    expect(featOfferOf(fresh(card))?.holder).toMatchObject({ takenBy: null, declinedBy: null });
  });

  it('an offer posted before the change (type base, flags.gng.featOffer) still renders and is answered', async () => {
    const { state, card } = await offer();
    h.as(gm);
    const legacy = await offerCard.postLegacy(card, { state, content: card.content, keep: true });
    // Drawn from its stored content (the GM's English), with this user's buttons.
    const heading = async (message: ChatMessage) => text(await drawn(message), '.card-header h3');
    await suite.expectReaderReads(legacy, heading, 'Hero: Clean-up Blow');
    expect(buttons(legacy)).toEqual(['featOfferTake', 'featOfferDecline']);
    expect(await decline(player, legacy)).toEqual({ ok: true });
    offerCard.expectSaved(legacy, { holder: { declinedBy: player.id } });
    expect(fresh(legacy).content).toContain('Hero lets it pass.');
    h.as(player);
    expect(buttons(legacy)).toEqual([]);
  });
});
