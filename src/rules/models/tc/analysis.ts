/**
 * The Time Count model's analysis (issue #32): its exact odds (tc-odds.ts) and its fight loop on the
 * Time Count (tc-fight.ts), loaded on first use (`TC_MODEL.analysis()`), not in the code a world loads
 * at start.
 */
import type { CombatModel, ModelAnalysis } from '../types.js';
import { tcAttackOdds } from './tc-odds.js';
import { tcFight } from './tc-fight.js';

/** The analysis of `model` (the TC model: its own resolve, damage and health rules, and the Time Count). */
export function tcAnalysis(model: CombatModel): ModelAnalysis {
  return {
    odds: (input) => tcAttackOdds(model, input),
    fight: (sides, policies, variants, dice, options) =>
      tcFight(model, sides, policies, variants, dice, options),
  };
}
