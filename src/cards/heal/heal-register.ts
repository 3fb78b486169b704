/**
 * The heal card's registration on `init` (issue #29): the card (heal-actions.ts, its checks, steps and
 * rendering) is loaded on first use — its query reaching the GM, one of its cards rendered, or
 * `game.gng.heal`.
 */
import { registerLazyCard } from '../kernel/lazy-card.js';
import { isGMMessage } from '../kernel/gm-message.js';
import { onDemand } from '../../on-demand.js';
import { HEAL_CARD_TEMPLATE, HEAL_QUERY, healCardOf } from './heal-state.js';

/** The card (heal-actions.ts), loaded on first use. */
export const healModule = onDemand(() => import('./heal-actions.js'));

/** Registers the query, the render hook and the template (on `init`). */
export function registerHealCard(): void {
  registerLazyCard({
    module: healModule,
    queries: { [HEAL_QUERY]: (card, data, sender, context) => card.healCard.handle(data, sender, context) },
    renders: (message) => Boolean(isGMMessage(message) && healCardOf(message)),
    decorate: (card, message, html) => card.healCard.decorate(message, html),
    templates: [HEAL_CARD_TEMPLATE],
    types: ['heal'],
  });
}
