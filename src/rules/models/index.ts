/** The combat-model seam (issue #26): `game.gng.rules.models`. */
export * from './types.js';
export { GNG_MODEL } from './gng.js';
export {
  combatModelById,
  combatModelIds,
  combatModelLabel,
  DEFAULT_COMBAT_MODEL,
  hasCapability,
  loadCombatModel,
  registerCombatModel,
  unregisterCombatModel,
  type LazyCombatModel,
} from './registry.js';
