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
// Lane maneuvers: saving throws, the chapter's conditions (cover, helpless), the maneuvers and the
// skills they are made with, sunder and splash weapons, delay/ready and drawing items.
export * from './saves.js';
export * from './statuses.js';
export * from './maneuvers.js';
export * from './maneuver-preconditions.js';
export * from './maneuver-skills.js';
export * from './sunder-splash.js';
export * from './initiative-actions.js';
// Lane tokens: the three types, pools and changes, the uses table, the gains, losses with substitution.
export * from './tokens.js';
export * from './token-uses.js';
export * from './token-loss.js';
// Lane analysis: the action budget, attacks of opportunity, the odds' outcomes and token policy.
export * from './action-budget.js';
export * from './opportunity.js';
// The odds and the fight loop load with `EG_MODEL.analysis()` (analysis.ts); their types only here.
export type { EgOutcome, EgTokenPolicy, EgOutcomeOdds, EgAttackOdds } from './eg-odds.js';
// Lane card: which tokens raise which roll, what an attack's options cost and earn, the area's 3d20.
export * from './attack-card.js';
// Lane world: the sheet's actions and the dying save at the turn start.
export * from './combat-actions.js';
