/**
 * The dying and stabilize cards' registration on `init` (issue #29): the cards (dying-actions.ts,
 * stabilize-actions.ts, temporary-hp.ts: their steps and rendering) are loaded on first use — one of their
 * queries reaching the GM, one of their cards rendered, the API (`dyingRound`, `stabilize`,
 * `grantTemporaryHp`), or a dying actor's turn start.
 */
import { addConditionSteps } from '../../combat/conditions-timer.js';
import { registerLazyCard } from '../kernel/lazy-card.js';
import { onDemand } from '../../on-demand.js';
import { isActiveGM } from '../../documents/active-gm.js';
import { modelOffers } from '../../settings/combat-model.js';
import {
  DYING_CARD_TEMPLATE,
  DYING_QUERY,
  DYING_STATUS,
  dyingCardOf,
  STABILIZE_CARD_TEMPLATE,
  STABILIZE_QUERY,
  stabilizeCardOf,
  TEMP_HP_QUERY,
} from './dying-state.js';

/** The cards (dying-actions.ts with stabilize-actions.ts and temporary-hp.ts), loaded on first use. */
export const dyingModule = onDemand(() => import('./dying-actions.js'));

/**
 * Active GM, at a combatant's turn start: a dying actor's round on a new dying card (dying-actions.ts
 * `postDyingCardFor`, which checks the rest); an actor that is not dying loads nothing, and nor does
 * any actor under a combat model without GnG's dying round (capability `dying`).
 */
export async function postDyingCardFor(actor: Actor, combat: Combat): Promise<ChatMessage | null> {
  if (!isActiveGM() || !actor.statuses.has(DYING_STATUS) || actor.statuses.has('dead')) return null;
  if (!modelOffers('dying')) return null;
  return (await dyingModule()).postDyingCardFor(actor, combat);
}

/** Registers the queries (dying card, stabilize card, temporary HP), the render hook and the templates. */
export function registerDyingCard(): void {
  // A dying actor's round at its turn start: d% against Con, 1 HP lost unless it stabilizes.
  addConditionSteps({ turnStart: postDyingCardFor });
  registerLazyCard({
    module: dyingModule,
    queries: {
      [DYING_QUERY]: (cards, data, sender, context) => cards.dyingCard.handle(data, sender, context),
      [STABILIZE_QUERY]: (cards, data, sender, context) => cards.stabilizeCard.handle(data, sender, context),
      [TEMP_HP_QUERY]: (cards, data, sender) => cards.handleTemporaryHp(data, sender),
    },
    renders: (message) => Boolean(dyingCardOf(message) || stabilizeCardOf(message)),
    decorate: (cards, message, html) => cards.decorateDyingMessage(message, html),
    templates: [DYING_CARD_TEMPLATE, STABILIZE_CARD_TEMPLATE],
    types: ['dying', 'stabilize'],
  });
}
