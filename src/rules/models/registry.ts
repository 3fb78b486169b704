/**
 * The combat models a world may choose (issue #26), by id. GnG is built in and the default; other
 * models register themselves (the later model issues; tests register a test model; a module may
 * register its own before `setup`). Exposed as `game.gng.rules.models`.
 */
import { GNG_MODEL } from './gng.js';
import { MODEL_CAPABILITIES, type CombatModel, type CombatModelId } from './types.js';

export const DEFAULT_COMBAT_MODEL: CombatModelId = 'gng';

const models = new Map<CombatModelId, CombatModel>([[GNG_MODEL.id, GNG_MODEL]]);

/**
 * Adds a model (or replaces one of the same id, except GnG). Throws on a malformed model: an id that
 * is not a lowercase slug, a capability missing or not a boolean, a method missing.
 */
export function registerCombatModel(model: CombatModel): void {
  if (typeof model !== 'object' || model === null) throw new TypeError('a combat model must be an object');
  if (typeof model.id !== 'string' || !/^[a-z][a-z0-9-]{0,31}$/.test(model.id))
    throw new RangeError(`combat model id must be a lowercase slug, got ${String(model.id)}`);
  if (model.id === DEFAULT_COMBAT_MODEL && model !== GNG_MODEL)
    throw new RangeError('the GnG model cannot be replaced');
  for (const c of MODEL_CAPABILITIES)
    if (typeof model.capabilities?.[c] !== 'boolean')
      throw new RangeError(`combat model ${model.id}: capability ${c} must be true or false`);
  for (const m of [
    'defenses',
    'defenseAgainst',
    'maxHitPoints',
    'resolve',
    'damage',
    'applyDamage',
    'healthStatus',
    'reactions',
    'analysis',
  ] as const)
    if (typeof model[m] !== 'function') throw new RangeError(`combat model ${model.id}: ${m} is missing`);
  models.set(model.id, model);
}

/** Removes a registered model (tests); GnG stays. */
export function unregisterCombatModel(id: CombatModelId): void {
  if (id !== DEFAULT_COMBAT_MODEL) models.delete(id);
}

/** The model of `id`, or null when none is registered under it. */
export function combatModelById(id: unknown): CombatModel | null {
  return typeof id === 'string' ? (models.get(id) ?? null) : null;
}

/** The ids of every registered model, GnG first. */
export function combatModelIds(): CombatModelId[] {
  return [...models.keys()];
}

/** Whether `model` offers `capability`. */
export function hasCapability(model: CombatModel, capability: (typeof MODEL_CAPABILITIES)[number]): boolean {
  return model.capabilities[capability] === true;
}
