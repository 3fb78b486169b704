/**
 * The bleeding card's registration on `init` (issue #29): its two queries, its render hook and its
 * template; the card (bleeding-actions.ts: the table, the save, binding wounds) is loaded on
 * first use — a query reaching the GM, a bleeding card rendered, a bleeding actor's turn start or a
 * new bleeding effect (conditions-timer.ts).
 */
import { registerLazyCard } from '../kernel/lazy-card.js';
import { isGMMessage } from '../kernel/gm-message.js';
import { onDemand } from '../../on-demand.js';
import {
  BIND_WOUNDS_QUERY,
  BLEEDING_CARD_TEMPLATE,
  BLEEDING_QUERY,
  isBleedingCard,
} from './bleeding-state.js';

/** The card (bleeding-actions.ts), loaded on first use. */
export const bleedingModule = onDemand(() => import('./bleeding-actions.js'));

/** Registers the queries, the render hook and the template (from conditions-timer.ts, on `init`). */
export function registerBleedingCard(): void {
  registerLazyCard({
    module: bleedingModule,
    queries: {
      [BLEEDING_QUERY]: (card, data, sender) => card.bleedingCard.handle(data, sender),
      [BIND_WOUNDS_QUERY]: (card, data, sender) => card.handleBindWounds(data, sender),
    },
    renders: (message) => isGMMessage(message) && isBleedingCard(message),
    decorate: (card, message, html) => card.bleedingCard.decorate(message, html),
    templates: [BLEEDING_CARD_TEMPLATE],
    types: ['bleeding'],
  });
}
