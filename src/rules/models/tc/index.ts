/**
 * The Time Count and Threshold of Pain combat model (seed 002; issue #32): `game.gng.rules.tc`.
 * Everything of it a player, a module or the glue may call. Each of issue #32's lanes adds its own
 * lines here.
 */
// Lane core: the model, its stored state, defenses, attack resolution, damage, ToP and health.
export { TC_MODEL, SECONDS_PER_COUNT } from './model.js';
export * from './state.js';
export * from './defenses.js';
export * from './resolve.js';
export * from './damage.js';
export * from './threshold.js';
export * from './health.js';
export * from './hit-points.js';
export * from './attack-bonus.js';
export * from './recovery.js';
// Lane count: the Time Count: speed classes and factors, initiative, the action table, the schedule's
// order, spell preparation, movement and running, durations in counts, the wake-up checks' timing.
export * from './speed.js';
export * from './schedule.js';
export * from './play-count.js';
export * from './spell-preparation.js';
export * from './movement.js';
export * from './running.js';
export * from './durations.js';
export * from './consciousness-timing.js';
// Lane analysis: the odds and the Time Count fight loop load with `TC_MODEL.analysis()` (analysis.ts);
// their types only here.
export type { TcOutcome, TcOutcomeOdds, TcAttackOdds } from './tc-odds.js';
// Lane world: healing split into Invigoration and fatigue (R29).
export * from './healing.js';
// Lane card: the attack card's own rules (options, next-act speed, quick strike, ToP split line,
// simultaneous hits, weapon categories).
export * from './attack-card.js';
// Lane maneuvers: the maneuvers as data rows and their resolution, the stances, occupied-space
// fighting, paralysis and petrification, facing and flanking.
export * from './maneuver-rows.js';
export * from './maneuvers.js';
export * from './stances.js';
export * from './conditions.js';
export * from './facing.js';
// Round 2 (wiring): the stances and conditions where defenses, attack rolls, damage and speed are
// worked out.
export * from './situation.js';
