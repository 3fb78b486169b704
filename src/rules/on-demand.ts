/**
 * The rules engine as `game.gng.rules` exposes it, loaded on first use (issue #29): there once
 * `await game.gng.loadRules()` has loaded it. The code at start imports what it needs of ./index.ts
 * itself; the parts below are in no start code (the odds, the simulator and the importer import them
 * themselves). Pure, as the rest of the engine; ./index.ts exports their types.
 */
export * from './index.js';
/** Bestiary conversion (issue #19): a d20 3.5 stat block → a GnG creature, docs/rules.md "Bestiary conversion". */
export { convertMonster } from './bestiary/convert.js';
export { parseAttackLine } from './bestiary/attacks.js';
/** The importer's parser (issue #19): pasted d20 3.5 / d20 Modern stat block text → SrdMonsterRecord. */
export { parseStatBlock } from './bestiary/stat-block-parse.js';
/** Exact odds of an attack (issue #20): `game.gng.rules.odds.attackOdds(…)`, docs/api.md "Odds". */
export * as odds from './odds/index.js';
/** The fight simulator's engine (issue #20): `game.gng.rules.simulate.simulateFight(…)`, docs/api.md "Fight simulator". */
export * as simulate from './simulate/index.js';
/**
 * The Saga-style combat model (issue #30): `game.gng.rules.saga.SAGA_MODEL`, its defenses, damage,
 * health and condition track; docs/api.md "Saga-style model".
 */
export * as saga from './models/saga/index.js';
/**
 * The Enlightened Grognard model (issue #31): `game.gng.rules.eg.EG_MODEL`, its defenses, BABs,
 * damage, health and tokens; docs/api.md "Enlightened Grognard model".
 */
export * as eg from './models/eg/index.js';
/**
 * The Time Count and Threshold of Pain model (issue #32): `game.gng.rules.tc.TC_MODEL`, its defenses,
 * damage, Threshold of Pain, health and Time Count; docs/api.md "Time Count model".
 */
export * as tc from './models/tc/index.js';
/** Spell slots and power points (issue #33): what a cast spends, Undo gives back, a rest restores. */
export {
  refundCast,
  restoredByRest,
  spendForCast,
  tracksPool,
  SPELL_SLOT_LEVELS,
} from './spell-resources.js';
