/**
 * The cast card's registration on `init` (issue #33): the card (cast-actions.ts: the spend, the
 * rendering, the Undo) is loaded on first use — its query reaching the GM, one of its cards rendered,
 * or a cast from the sheet.
 */
import { registerLazyCard } from '../kernel/lazy-card.js';
import { isGMMessage } from '../kernel/gm-message.js';
import { onDemand } from '../../on-demand.js';
import { CAST_CARD_TEMPLATE, CAST_QUERY, castCardOf } from './cast-state.js';

/** The card (cast-actions.ts), loaded on first use. */
export const castModule = onDemand(() => import('./cast-actions.js'));

/** Registers the query, the render hook and the template (on `init`). */
export function registerCastCard(): void {
  registerLazyCard({
    module: castModule,
    queries: { [CAST_QUERY]: (card, data, sender, context) => card.castCard.handle(data, sender, context) },
    renders: (message) => Boolean(isGMMessage(message) && castCardOf(message)),
    decorate: (card, message, html) => card.castCard.decorate(message, html),
    templates: [CAST_CARD_TEMPLATE],
    types: ['cast'],
  });
}
