/**
 * The feat offer card as a typed chat message (issue #34): its state in `system` (subtype
 * `featOffer`), drawn on each client in that user's language, and an offer posted before the change
 * (state in `flags.gng.featOffer`) still drawn and answered.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { cardHelpers, cardStateOf } from '../fixtures/cards.js';
import { pseudo, pseudoLocale } from '../fixtures/pseudo-locale.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import { featOfferCard, postFeatOffer } from '../../src/cards/feat-offer/feat-offer-actions.js';
import { featOfferOf, type FeatOfferState } from '../../src/cards/feat-offer/feat-offer-state.js';

const h = await getHarness();
const { buttons, drawn } = cardHelpers(h);
const { gm, player } = h.users;
beforeEach(() => h.reset(34));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const fresh = (message: ChatMessage) => game.messages.get(message.id as string) as ChatMessage;
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
    expect(card.type).toBe('featOffer');
    // What the card did not say yet is null in its schema (the maneuver, the item, Epic Flow's round).
    expect(cardStateOf(card)).toEqual({
      ...state,
      holder: { ...state.holder, maneuver: null, itemId: null, usedIn: null },
    });
    expect(card.flags.gng?.featOffer).toBeUndefined();
    expect(card.content).toContain('Hero may make an attack of opportunity against Orc.');
  });

  it("is drawn on each client in its user's language: the GM's in English, the player's in another", async () => {
    const { card } = await offer();
    h.setLanguage(player, pseudoLocale());
    h.as(player);
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
    const legacy = (await ChatMessage.create({
      content: card.content,
      speaker: card.speaker,
      flags: { gng: { type: 'featOffer', featOffer: state } },
    })) as ChatMessage;
    expect(legacy.type).toBe('base');
    h.setLanguage(player, pseudoLocale());
    h.as(player);
    // Drawn from its stored content (the GM's English), with this user's buttons.
    expect(text(await drawn(legacy), '.card-header h3')).toBe('Hero: Clean-up Blow');
    expect(buttons(legacy)).toEqual(['featOfferTake', 'featOfferDecline']);
    expect(await decline(player, legacy)).toEqual({ ok: true });
    expect(fresh(legacy).type).toBe('base');
    expect(fresh(legacy).flags.gng?.featOffer).toMatchObject({ holder: { declinedBy: player.id } });
    expect(fresh(legacy).content).toContain('Hero lets it pass.');
    h.as(player);
    expect(buttons(legacy)).toEqual([]);
  });
});
