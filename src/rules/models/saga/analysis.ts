/**
 * The Saga-style model's analysis (issue #30): its exact odds (saga-odds.ts) and fight loop
 * (saga-fight.ts), loaded on first use (`SAGA_MODEL.analysis()`), not in the code a world loads at start.
 */
import type { CombatModel, ModelAnalysis } from '../types.js';
import { sagaAttackOdds } from './saga-odds.js';
import { sagaFight } from './saga-fight.js';

/** The analysis of `model` (the Saga-style model: its own resolve, damage and health rules). */
export function sagaAnalysis(model: CombatModel): ModelAnalysis {
  return {
    odds: (input) => sagaAttackOdds(model, input),
    fight: (sides, policies, variants, dice, options) =>
      sagaFight(model, sides, policies, variants, dice, options),
  };
}
