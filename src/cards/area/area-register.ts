/**
 * The area damage card's registration on `init` (issue #29): the card (area-actions.ts, its saves,
 * spells and rendering) is loaded on first use — its query reaching the GM, one of its cards
 * rendered, `game.gng.areaDamage` or an area spell cast.
 */
import { registerLazyCard } from '../kernel/lazy-card.js';
import { isGMMessage } from '../kernel/gm-message.js';
import { onDemand } from '../../on-demand.js';
import { AREA_CARD_TEMPLATE, AREA_QUERY, areaState } from './area-state.js';

/** The card (area-actions.ts), loaded on first use. */
export const areaModule = onDemand(() => import('./area-actions.js'));

/** Registers the query, the render hook and the template (on `init`). */
export function registerAreaCard(): void {
  registerLazyCard({
    module: areaModule,
    queries: { [AREA_QUERY]: (card, data, sender, context) => card.areaCard.handle(data, sender, context) },
    renders: (message) => Boolean(isGMMessage(message) && areaState(message)),
    decorate: (card, message, html) => card.areaCard.decorate(message, html),
    templates: [AREA_CARD_TEMPLATE],
    types: ['area'],
  });
}
