/**
 * The Enlightened Grognard model's analysis (issue #31): its exact odds (eg-odds.ts) and fight loop
 * (eg-fight.ts), loaded on first use (`EG_MODEL.analysis()`), not in the code a world loads at start.
 */
import type { CombatModel, ModelAnalysis } from '../types.js';
import { egAttackOdds } from './eg-odds.js';
import { egFight } from './eg-fight.js';

/** The analysis of `model` (the EG model: its own resolve, damage and health rules, and tokens). */
export function egAnalysis(model: CombatModel): ModelAnalysis {
  return {
    odds: (input) => egAttackOdds(model, input),
    fight: (sides, policies, variants, dice, options) =>
      egFight(model, sides, policies, variants, dice, options),
  };
}
