/**
 * The world's combat model's analysis (its exact odds and fight loop, issue #26), for the odds views:
 * loaded on first use (`model.analysis()`), then at hand synchronously so a render hook draws at once.
 * The odds' loaders await {@link modelAnalysis} with their module; {@link withAnalysis} covers a model
 * chosen since, whose analysis is not loaded yet.
 */
import type { CombatModel, ModelAnalysis } from '../rules/index.js';
import { track } from '../cards/kernel/in-flight.js';
import { combatModel } from './combat-model.js';

const loaded = new WeakMap<CombatModel, ModelAnalysis>();

/** `model`'s analysis (default: the world's model), loaded if it is not yet. */
export async function modelAnalysis(model: CombatModel = combatModel()): Promise<ModelAnalysis> {
  const analysis = await model.analysis();
  loaded.set(model, analysis);
  return analysis;
}

/** `model`'s analysis (default: the world's model), which must be loaded ({@link modelAnalysis}). */
export function currentAnalysis(model: CombatModel = combatModel()): ModelAnalysis {
  const analysis = loaded.get(model);
  if (!analysis)
    throw new Error(`the analysis of combat model ${model.id} is not loaded: await modelAnalysis()`);
  return analysis;
}

/**
 * Runs `use` with `model`'s analysis (default: the world's model): now when it is loaded, else once it
 * is (tracked: `attackActionsSettled()` waits for it).
 */
export function withAnalysis(
  use: (analysis: ModelAnalysis) => void,
  model: CombatModel = combatModel(),
): void {
  const analysis = loaded.get(model);
  if (analysis) use(analysis);
  else void track(modelAnalysis(model).then(use)).catch((error: unknown) => console.error(error));
}
