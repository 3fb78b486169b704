/**
 * The Saga-style model's turn start (issue #30), as the start code knows it: at each combatant's turn
 * start, under the Saga-style model only, the active GM plays its regeneration and dying round on a
 * card (src/cards/saga-turn/, loaded on first use: no Saga engine code is imported here); the card's
 * registration (its GM query `gng.sagaTurnCard`, its buttons) on `init`. Kept small: the start budget.
 */
import { onDemand } from '../on-demand.js';
import { combatModel } from '../settings/combat-model.js';
import { registerLazyCard } from '../cards/kernel/lazy-card.js';

/** The turn-start card, loaded on first use. */
export const sagaTurnModule = onDemand(() => import('../cards/saga-turn/saga-turn-actions.js'));

/** Active GM (the caller checks), at `combatant`'s turn start: its Saga-style turn start, under that model only. */
export async function sagaTurnStart(combat: Combat, combatant: Combatant): Promise<void> {
  // 'saga': SAGA_MODEL_ID, which lives with the model (not in the start code).
  if (combatModel().id === 'saga') await (await sagaTurnModule()).playSagaTurnStart(combat, combatant);
}

/**
 * Registers the turn-start card's GM query and its buttons (on `init`); its cards: the subtype
 * `sagaTurn`, or `flags.gng.type` on one posted before issue #34.
 */
export function registerSagaTurnCard(): void {
  registerLazyCard({
    module: sagaTurnModule,
    queries: { 'gng.sagaTurnCard': (m, ...request) => m.sagaTurnCard.handle(...request) },
    renders: (message) => message.type === 'sagaTurn' || message.flags.gng?.type === 'sagaTurnCard',
    decorate: (m, message, html) => m.sagaTurnCard.decorate(message, html),
    templates: [],
    types: ['sagaTurn'],
  });
}
