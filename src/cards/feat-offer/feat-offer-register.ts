/**
 * The feat offer card's registration on `init` (issue #29): the card (feat-offer-actions.ts: taking or
 * declining Clean-up Blow, Redirect Force, Epic Flow with Enemy, Catch and Reflect Projectiles) is
 * loaded on first use — its query reaching the GM, one of its cards rendered, or the first offer its
 * triggers (feat-offer-start.ts, registered at start) post.
 */
import { registerLazyCard } from '../kernel/lazy-card.js';
import { isGMMessage } from '../kernel/gm-message.js';
import { onDemand } from '../../on-demand.js';
import { FEAT_OFFER_QUERY, FEAT_OFFER_TEMPLATE, featOfferOf } from './feat-offer-state.js';

/** The card (feat-offer-actions.ts), loaded on first use. */
export const featOfferModule = onDemand(() => import('./feat-offer-actions.js'));

/** Registers the query, the render hook and the template (on `init`). */
export function registerFeatOfferCard(): void {
  registerLazyCard({
    module: featOfferModule,
    queries: {
      [FEAT_OFFER_QUERY]: (card, data, sender, context) => card.featOfferCard.handle(data, sender, context),
    },
    renders: (message) => Boolean(isGMMessage(message) && featOfferOf(message)),
    decorate: (card, message, html) => card.featOfferCard.decorate(message, html),
    templates: [FEAT_OFFER_TEMPLATE],
    types: ['featOffer'],
  });
}
