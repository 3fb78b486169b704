/**
 * The maneuver card's registration on `init` (issue #29): the card (maneuver-actions.ts: the check,
 * Maintain Footing, the rendering) is loaded on first use — its query reaching the GM, one of its
 * cards rendered, `game.gng.maneuver` or a Redirect Force offer taken.
 */
import { registerLazyCard } from '../kernel/lazy-card.js';
import { isGMMessage } from '../kernel/gm-message.js';
import { onDemand } from '../../on-demand.js';
import { MANEUVER_CARD_TEMPLATE, MANEUVER_QUERY, maneuverState } from './maneuver-state.js';

/** The card (maneuver-actions.ts), loaded on first use. */
export const maneuverModule = onDemand(() => import('./maneuver-actions.js'));

/** Registers the query, the render hook and the template (on `init`). */
export function registerManeuverCard(): void {
  registerLazyCard({
    module: maneuverModule,
    queries: {
      [MANEUVER_QUERY]: (card, data, sender, context) => card.maneuverCard.handle(data, sender, context),
    },
    renders: (message) => Boolean(isGMMessage(message) && maneuverState(message)),
    decorate: (card, message, html) => card.decorateManeuverCard(message, html),
    templates: [MANEUVER_CARD_TEMPLATE],
    types: ['maneuver'],
  });
}
