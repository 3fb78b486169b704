/**
 * The Saga-style condition track's registration on `init` (issue #30): its two GM queries and the
 * request card's render hook and template; the GM's side (track-actions.ts) loads on first use.
 */
import { registerLazyCard } from '../kernel/lazy-card.js';
import { isGMMessage } from '../kernel/gm-message.js';
import { onDemand } from '../../on-demand.js';
import { isTrackRequest, TRACK_CARD_QUERY, TRACK_CARD_TEMPLATE, TRACK_QUERY } from './track-state.js';

export const trackModule = onDemand(() => import('./track-actions.js'));

export function registerConditionTrack(): void {
  registerLazyCard({
    module: trackModule,
    queries: {
      [TRACK_QUERY]: (m, data, sender, context) => m.handleTrack(data, sender, context),
      [TRACK_CARD_QUERY]: (m, data, sender, context) => m.trackCard.handle(data, sender, context),
    },
    renders: (message) => isGMMessage(message) && isTrackRequest(message),
    decorate: (m, message, html) => m.trackCard.decorate(message, html),
    templates: [TRACK_CARD_TEMPLATE],
    types: ['sagaTrack'],
  });
}
