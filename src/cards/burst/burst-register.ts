/**
 * The multiple target burst card's registration on `init` (issue #29): the card (burst-actions.ts, its
 * start, steps and rendering) is loaded on first use — its query reaching the GM, one of its cards
 * rendered, or `game.gng.burst`.
 */
import { registerLazyCard } from '../kernel/lazy-card.js';
import { isGMMessage } from '../kernel/gm-message.js';
import { onDemand } from '../../on-demand.js';
import { BURST_CARD_TEMPLATE, BURST_QUERY, burstState } from './burst-state.js';

/** The card (burst-actions.ts), loaded on first use. */
export const burstModule = onDemand(() => import('./burst-actions.js'));

/** Registers the query, the render hook and the template (on `init`). */
export function registerBurstCard(): void {
  registerLazyCard({
    module: burstModule,
    queries: { [BURST_QUERY]: (card, data, sender, context) => card.burstCard.handle(data, sender, context) },
    renders: (message) => Boolean(isGMMessage(message) && burstState(message)),
    decorate: (card, message, html) => card.burstCard.decorate(message, html),
    templates: [BURST_CARD_TEMPLATE],
    types: ['burst'],
  });
}
