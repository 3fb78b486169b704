/**
 * Cards and the world's combat model (issue #26). Every card records the model it was posted under
 * (absent: GnG, so a GnG card stays exactly as it was and a card from before the seam reads as GnG);
 * a step on a card whose model is not the world's now is refused, except its Undo steps, which take
 * back what the card did under its own model. A step, button or entry point that needs a capability
 * the world's model does not offer is refused (and not drawn). One guard for any card's table
 * (`CardSpec.guard`, card kernel), and the checks for the entry points that start a card.
 */
import { Refusal, type CardActionResult } from './kernel/index.js';
import { models, type CombatModel, type CombatModelId, type ModelCapability } from '../rules/index.js';
import { combatModel, combatModelId } from '../settings/combat-model.js';

/** The model a card was posted under (its stored id; GnG when absent). */
export function postedModelId(stored: unknown): CombatModelId {
  return typeof stored === 'string' && stored ? stored : models.DEFAULT_COMBAT_MODEL;
}

/**
 * The model a card was posted under, for its Undo (null: no longer registered; Undo then takes back
 * GnG's HP fields, which every card records).
 */
export function postedModel(stored: unknown): CombatModel | null {
  return models.combatModelById(postedModelId(stored));
}

/** What a new card stores of the world's model: nothing under GnG, the model's id otherwise. */
export function modelStamp(model: CombatModel = combatModel()): { model?: CombatModelId } {
  return model.id === models.DEFAULT_COMBAT_MODEL ? {} : { model: model.id };
}

const localize = (key: string) => game.i18n.localize(key);

/** The refusal of something (`action`, a lang key of its name) the world's model does not offer. */
export function capabilityRefusal(action: string): Refusal {
  return new Refusal('GNG.Error.Model.Capability', { action: localize(action) });
}

/** Throws {@link capabilityRefusal} when the world's model does not offer `capability`. */
export function requireCapability(capability: ModelCapability, action: string): void {
  if (!models.hasCapability(combatModel(), capability)) throw capabilityRefusal(action);
}

/**
 * An entry point on the asking client (a macro, a sheet or HUD button): the refusal it shows, as the
 * GM's handler would answer, when the world's model does not offer `capability`; null when it does.
 */
export function refusedHere(capability: ModelCapability, action: string): CardActionResult | null {
  if (models.hasCapability(combatModel(), capability)) return null;
  const refused = capabilityRefusal(action);
  ui.notifications.warn(game.i18n.format(refused.key, refused.data));
  return { ok: false, error: refused.key, data: refused.data };
}

/** The refusal of a step on a card posted under `posted` while the world plays another model. */
export function modelChangedRefusal(posted: CombatModelId): Refusal {
  // A model's label is a lang key (a model of a test or a module may name itself in plain text).
  const label = (id: CombatModelId) => {
    const key = models.combatModelById(id)?.label ?? id;
    return game.i18n.has(key) ? localize(key) : key;
  };
  return new Refusal('GNG.Error.Model.Changed', {
    card: label(posted),
    world: label(combatModelId()),
  });
}

/**
 * A card's guard (`CardSpec.guard`): an action on a card of another model is refused unless it is
 * one of `anyModel` (the Undo steps); an action that needs a capability (`needs`) the model does not
 * offer is refused with its name (`names`: the lang key of each action's name).
 */
export function modelGuard<S, A extends string>(options: {
  modelOf(state: S): unknown;
  anyModel: readonly A[];
  needs?: Partial<Record<A, ModelCapability>>;
  names?: Partial<Record<A, string>>;
}): (action: A, state: S) => Refusal | null {
  return (action, state) => {
    if (options.anyModel.includes(action)) return null;
    const posted = postedModelId(options.modelOf(state));
    if (posted !== combatModelId()) return modelChangedRefusal(posted);
    const capability = options.needs?.[action];
    if (capability && !models.hasCapability(combatModel(), capability))
      return capabilityRefusal(options.names?.[action] ?? action);
    return null;
  };
}

/**
 * The guard of a card that is one capability's own (GnG's area, burst, suppressing fire, grapple,
 * maneuver, opportunity and feat-offer cards): every step but its Undo steps (`undo`) needs
 * `capability` (`name`: the lang key of its name), on a card of the world's model.
 */
export function capabilityGuard<S, A extends string>(
  capability: ModelCapability,
  name: string,
  undo: readonly A[] = [],
): (action: A, state: S) => Refusal | null {
  const guard = modelGuard<S, A>({
    modelOf: (state) => (state as { model?: unknown }).model,
    anyModel: undo,
  });
  return (action, state) =>
    guard(action, state) ??
    (undo.includes(action) || models.hasCapability(combatModel(), capability)
      ? null
      : capabilityRefusal(name));
}
