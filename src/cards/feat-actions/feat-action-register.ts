/**
 * The feat action card's registration on `init` (issue #29): the card (feat-action-actions.ts, Sudden
 * Action and Tactical Aid) is loaded on first use — its query reaching the GM, one of its cards
 * rendered, `game.gng.suddenAction` or `game.gng.tacticalAid`.
 */
import { registerLazyCard } from '../kernel/lazy-card.js';
import { isGMMessage } from '../kernel/gm-message.js';
import { onDemand } from '../../on-demand.js';
import { FEAT_ACTION_QUERY, FEAT_ACTION_TEMPLATE, featActionCardOf } from './feat-action-state.js';

/** The card (feat-action-actions.ts), loaded on first use. */
export const featActionModule = onDemand(() => import('./feat-action-actions.js'));

/** Registers the query, the render hook and the template (on `init`). */
export function registerFeatActionCard(): void {
  registerLazyCard({
    module: featActionModule,
    queries: {
      [FEAT_ACTION_QUERY]: (card, data, sender, context) => card.featActionCard.handle(data, sender, context),
    },
    renders: (message) => Boolean(isGMMessage(message) && featActionCardOf(message)),
    decorate: (card, message, html) => card.featActionCard.decorate(message, html),
    templates: [FEAT_ACTION_TEMPLATE],
    types: ['featAction'],
  });
}
