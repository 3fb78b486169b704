/**
 * The Enlightened Grognard combat model (seed 003; issue #31): `game.gng.rules.eg`. Everything of it a
 * player, a module or the glue may call. Each of issue #31's lanes adds its own lines here.
 */
// Lane core: the model, its defenses, BABs, damage and health.
export { EG_MODEL, EG_MODEL_ID } from './model.js';
export * from './rates.js';
export * from './class-modifiers.js';
export * from './size-table.js';
export * from './defenses.js';
export * from './hit-points.js';
export * from './attack-bonus.js';
export * from './resolve.js';
export * from './damage.js';
export * from './health.js';
export * from './recovery.js';
// Lane tokens: the three types, pools and changes, the uses table, the gains, losses with substitution.
export * from './tokens.js';
export * from './token-uses.js';
export * from './token-loss.js';
// Lane world: the sheet's actions and the dying save at the turn start.
export * from './combat-actions.js';
