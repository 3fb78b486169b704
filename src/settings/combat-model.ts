/**
 * The world's combat model (issue #26): the one way the glue reads it. `combatModel()` is the
 * model of the world setting `gng.combatModel` (GnG when unset, unknown or not registered yet, so
 * that a world from before the setting plays as it did); every caller of a rule that differs between
 * the models asks it instead of calling GnG's functions.
 */
import { SYSTEM_ID } from '../config/document-types.js';
import { models, type CombatModel, type CombatModelId, type ModelCapability } from '../rules/index.js';

/** The world setting's key. */
export const COMBAT_MODEL_SETTING = 'combatModel';

/** The id the world setting holds (GnG when unset or unreadable). */
export function combatModelId(): CombatModelId {
  try {
    const value = game.settings.get(SYSTEM_ID, COMBAT_MODEL_SETTING);
    return typeof value === 'string' && models.combatModelById(value) ? value : models.DEFAULT_COMBAT_MODEL;
  } catch {
    return models.DEFAULT_COMBAT_MODEL;
  }
}

/** The world's combat model now. */
export function combatModel(): CombatModel {
  return models.combatModelById(combatModelId()) ?? models.GNG_MODEL;
}

/** Whether the world's model offers `capability` (a card or button that needs it is hidden and refused). */
export function modelOffers(capability: ModelCapability): boolean {
  return models.hasCapability(combatModel(), capability);
}
