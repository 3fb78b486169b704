/** The content of the attack-of-opportunity card: the shooter, and each threatening creature's answer. */
import { systemPath } from '../../config/document-types.js';
import { opportunityOpen, type OpportunityCardState } from './opportunity-state.js';
import { f } from '../../format.js';

export const OPPORTUNITY_CARD_TEMPLATE = systemPath('templates/chat/opportunity-card.hbs');

/** The card's HTML for `state`. */
export function renderOpportunityCard(state: OpportunityCardState): Promise<string> {
  const shooter = state.shooterName;
  return foundry.applications.handlebars.renderTemplate(OPPORTUNITY_CARD_TEMPLATE, {
    heading: f('GNG.Opportunity.Heading', { name: shooter }),
    threateners: state.threateners.map((t) => ({
      id: t.id,
      name: t.name,
      open: opportunityOpen(t),
      answer:
        t.takenBy !== null
          ? f('GNG.Opportunity.Taken', { name: t.name, shooter })
          : t.declinedBy !== null
            ? f('GNG.Opportunity.Declined', { name: t.name })
            : f('GNG.Opportunity.Offered', { name: t.name, shooter }),
      takeLabel: f('GNG.Opportunity.TakeLabel', { name: t.name, shooter }),
      declineLabel: f('GNG.Opportunity.DeclineLabel', { name: t.name }),
    })),
  });
}
