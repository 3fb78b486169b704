/**
 * The Enlightened Grognard maneuver card's registration on `init` (issue #31): its GM queries (the
 * maneuver card's and the saving throw's), render hook and template; the card (eg-maneuver-actions.ts, with the EG engine it uses) is loaded on first
 * use — its query reaching the GM, one of its cards rendered, or `game.gng.egManeuver`.
 */
import { registerLazyCard } from '../kernel/lazy-card.js';
import { isGMMessage } from '../kernel/gm-message.js';
import { onDemand } from '../../on-demand.js';
import {
  EG_MANEUVER_QUERY,
  EG_MANEUVER_TEMPLATE,
  EG_SAVE_QUERY,
  egManeuverState,
} from './eg-maneuver-state.js';

/** The card (eg-maneuver-actions.ts), loaded on first use. */
export const egManeuverModule = onDemand(() => import('./eg-maneuver-actions.js'));

/** Registers the query, the render hook and the template (on `init`). */
export function registerEgManeuverCard(): void {
  registerLazyCard({
    module: egManeuverModule,
    queries: {
      [EG_MANEUVER_QUERY]: (card, data, sender, context) => card.egManeuverCard.handle(data, sender, context),
      [EG_SAVE_QUERY]: (card, data, sender, context) => card.handleEgSave(data, sender, context),
    },
    renders: (message) => Boolean(isGMMessage(message) && egManeuverState(message)),
    decorate: (card, message, html) => card.decorateEgManeuverCard(message, html),
    templates: [EG_MANEUVER_TEMPLATE],
    types: ['egManeuver', 'egSave'],
  });
}
