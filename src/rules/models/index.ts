/** The combat-model seam (issue #26): `game.gng.rules.models`. */
export * from './types.js';
export { GNG_MODEL } from './gng.js';
export {
  combatModelById,
  combatModelIds,
  DEFAULT_COMBAT_MODEL,
  hasCapability,
  registerCombatModel,
  unregisterCombatModel,
} from './registry.js';
