/**
 * The Time Count model's analysis (issue #32), loaded on first use (`TC_MODEL.analysis()`), not in the
 * code a world loads at start. Until its own odds and Time Count fight loop land (lane analysis), the
 * Enlightened Grognard's static-defense odds and round-based fight loop (a critical's dice at their
 * maximum, as TC's, 002:62; no tokens spent) run over TC_MODEL's own resolve, damage and health.
 */
import { egAnalysis } from '../eg/analysis.js';
import type { CombatModel, ModelAnalysis } from '../types.js';

/** The analysis of `model` (TC_MODEL). */
export function tcAnalysis(model: CombatModel): ModelAnalysis {
  return egAnalysis(model);
}
