/**
 * The combat models a world may choose (issue #26), by id. GnG is built in and the default; other
 * models register themselves (the later model issues; tests register a test model; a module may
 * register its own before `setup`). Exposed as `game.gng.rules.models`.
 *
 * A model may be registered by its loader (issue #30): `{ id, label, load }`, whose code is a chunk
 * loaded on first use ({@link loadCombatModel}); until then it is a choice (its id and label) but
 * {@link combatModelById} knows no model under its id.
 */
import { GNG_MODEL } from './gng.js';
import { MODEL_CAPABILITIES, type CombatModel, type CombatModelId } from './types.js';

export const DEFAULT_COMBAT_MODEL: CombatModelId = 'gng';

/** A model registered by its loader: its id and label now, its code when `load()` brings it. */
export interface LazyCombatModel {
  readonly id: CombatModelId;
  /** Lang key of its name (the variant-rules window lists it before it is loaded). */
  readonly label: string;
  load(): Promise<CombatModel>;
}

/** Every model by id, in the order registered: a model, or the loader of one not loaded yet. */
const models = new Map<CombatModelId, CombatModel | LazyCombatModel>([[GNG_MODEL.id, GNG_MODEL]]);
/** The load under way of each lazy entry (one import, again only after it failed). */
const loads = new WeakMap<LazyCombatModel, Promise<CombatModel>>();

const isLazy = (entry: CombatModel | LazyCombatModel): entry is LazyCombatModel =>
  typeof (entry as LazyCombatModel).load === 'function';

/**
 * Adds a model, or the loader of one (or replaces one of the same id, except GnG). Throws on a
 * malformed model: an id that is not a lowercase slug, a capability missing or not a boolean, a
 * method missing; a loader without a label.
 */
export function registerCombatModel(model: CombatModel | LazyCombatModel): void {
  if (typeof model !== 'object' || model === null) throw new TypeError('a combat model must be an object');
  if (typeof model.id !== 'string' || !/^[a-z][a-z0-9-]{0,31}$/.test(model.id))
    throw new RangeError(`combat model id must be a lowercase slug, got ${String(model.id)}`);
  if (model.id === DEFAULT_COMBAT_MODEL && model !== GNG_MODEL)
    throw new RangeError('the GnG model cannot be replaced');
  if (isLazy(model)) {
    if (typeof model.label !== 'string') throw new RangeError(`combat model ${model.id}: label is missing`);
    models.set(model.id, model);
    return;
  }
  validate(model);
  models.set(model.id, model);
}

function validate(model: CombatModel): void {
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
}

/**
 * The model of `id`, loaded if it is registered by its loader and not loaded yet (one import; a
 * failed one is tried again on the next call); null when no model is registered under `id`. Rejects
 * when the load fails or brings a malformed model, or one of another id.
 */
export function loadCombatModel(id: CombatModelId): Promise<CombatModel | null> {
  const entry = models.get(id);
  if (!entry || !isLazy(entry)) return Promise.resolve(entry ?? null);
  let load = loads.get(entry);
  if (!load) {
    load = entry.load().then((model) => {
      validate(model);
      if (model.id !== id) throw new RangeError(`combat model ${id} loaded a model named ${model.id}`);
      // Unless it was registered again meanwhile.
      if (models.get(id) === entry) models.set(id, model);
      return model;
    });
    loads.set(entry, load);
    load.catch(() => loads.delete(entry));
  }
  return load;
}

/** Removes a registered model (tests); GnG stays. */
export function unregisterCombatModel(id: CombatModelId): void {
  if (id !== DEFAULT_COMBAT_MODEL) models.delete(id);
}

/** The model of `id`, or null when none is registered under it or it is not loaded yet. */
export function combatModelById(id: unknown): CombatModel | null {
  const entry = typeof id === 'string' ? models.get(id) : undefined;
  return entry && !isLazy(entry) ? entry : null;
}

/** The label (a lang key) of the model registered under `id`, loaded or not; null when none is. */
export function combatModelLabel(id: unknown): string | null {
  return (typeof id === 'string' && models.get(id)?.label) || null;
}

/** The ids of every registered model (loaded or not), GnG first. */
export function combatModelIds(): CombatModelId[] {
  return [...models.keys()];
}

/** Whether `model` offers `capability`. */
export function hasCapability(model: CombatModel, capability: (typeof MODEL_CAPABILITIES)[number]): boolean {
  return model.capabilities[capability] === true;
}
