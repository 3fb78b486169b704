/** The attack-of-opportunity card's registration on `init`: its GM query, its buttons, its template. */
import { registerCard } from '../kernel/index.js';
import { opportunityCard } from './opportunity-actions.js';
import { OPPORTUNITY_CARD_TEMPLATE } from './opportunity-render.js';

export function registerOpportunityCard(): void {
  registerCard(opportunityCard, [OPPORTUNITY_CARD_TEMPLATE]);
}
