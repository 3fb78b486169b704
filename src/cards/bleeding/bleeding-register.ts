/**
 * The bleeding card's registration on `init` (issue #29): its two queries, its render hook and its
 * template; the card (bleeding-actions.ts: the table, the save, binding wounds) is loaded on
 * first use — a query reaching the GM, a bleeding card rendered, a bleeding actor's turn start or a
 * new bleeding effect (conditions-timer.ts).
 */
import { registerLazyCard } from '../kernel/lazy-card.js';
import { isGMMessage } from '../kernel/gm-message.js';
import { onDemand } from '../../on-demand.js';
import { addConditionSteps } from '../../combat/conditions-timer.js';
import { modelOffers } from '../../settings/combat-model.js';
import {
  BIND_WOUNDS_QUERY,
  BLEEDING_CARD_TEMPLATE,
  BLEEDING_QUERY,
  bleedingEffectOf,
  isBleedingCard,
} from './bleeding-state.js';

/** The card (bleeding-actions.ts), loaded on first use. */
export const bleedingModule = onDemand(() => import('./bleeding-actions.js'));

/**
 * Registers the queries, the render hook, the template and the conditions timer's steps (on `init`,
 * before the dying card's: a bleeding actor's card comes before its dying round).
 */
export function registerBleedingCard(): void {
  addConditionSteps({
    // The card loads only for an actor that bleeds, under a model with GnG's bleeding.
    turnStart: async (actor, combat) => {
      if (modelOffers('woundVariants') && bleedingEffectOf(actor))
        await (await bleedingModule()).postBleedingCardsFor(actor, combat.round);
    },
    effectCreated: async (effect) => {
      if (effect.statuses.has('severe-bleeding')) await (await bleedingModule()).startBleedingState(effect);
    },
  });
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
