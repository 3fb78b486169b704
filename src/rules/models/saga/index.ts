/**
 * The Saga-style combat model (seed 001; issue #30): `game.gng.rules.saga`. Everything of it a
 * player, a module or the glue may call. Each of issue #30's lanes adds its own lines here.
 */
export * from './condition-track.js';
export * from './defenses.js';
export * from './hit-points.js';
export * from './resolve.js';
export * from './damage.js';
export * from './health.js';
export { SAGA_MODEL, SAGA_MODEL_ID, CONDITION_STEP_PATH } from './model.js';
export * from './weapon-size.js';
export * from './special-rules.js';
export * from './movement.js';
export * from './action-budget.js';
export * from './opportunity.js';
export * from './refooting.js';
// Lane card: the attack's situation, concealment, into melee, the coup de grace, the maneuvers.
export * from './attack-situation.js';
export * from './maneuvers.js';
export { coupDeGraceModel } from './coup-de-grace.js';
// Lane rounds: the turn start (regeneration, the dying round).
export * from './turn-start.js';
