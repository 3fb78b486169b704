/**
 * The Grim-n-Gritty rules engine: the public API exposed to macros and modules as `game.gng.rules`.
 * Pure TypeScript; every number of the rules lives in this folder, once.
 */
export * from './types.js';
export * from './validate.js';
export * from './dice.js';
export * from './sizes.js';
export * from './abilities.js';
export * from './criticals.js';
export * from './attack.js';
export * from './attack-modifiers.js';
export * from './ranged-weapon-kind.js';
export * from './protection.js';
export * from './damage.js';
export * from './special-attacks.js';
export * from './scattershot-suppressing-fire.js';
export * from './high-magic.js';
export * from './conditions.js';
export * from './appendix-feats.js';
export * from './strike-checks.js';
export * from './aborts.js';
export * from './abort-budget.js';
export * from './area-damage-and-shoves.js';
export * from './called-shots.js';
export * from './bleeding.js';
export * from './grapple.js';
export * from './defense-hp-progression.js';
export * from './classes.js';
/** Class features read from class levels (issue #28: uncanny dodge). */
export * from './class-features.js';
export * from './encumbrance.js';
export * from './hit-points.js';
export * from './damage-effects.js';
export * from './body-part-recovery.js';
export * from './defense.js';
export * from './attack-save-progression.js';
export * from './skills.js';
export * from './condition-modifiers.js';
/** Initiative: Dex, Improved Initiative, conditions; the tiebreaker (issue #33). */
export * from './initiative.js';
export * from './rest.js';
export * from './dying.js';
export * from './fire-areas.js';
export * from './item-properties.js';
export * from './damage-reduction.js';
export * from './combat-options.js';
export * from './reload.js';
/** Appendix 5 spells and powers, armor metamagic, energy drain's effective level (issue #18). */
export * from './spells-powers.js';
export * from './immunities.js';
// Spell slots and power points: loaded on first use (on-demand.ts); their types here.
export type {
  CastCost,
  CastingPools,
  CastRefusal,
  CastSpend,
  Pool,
  PoolsRestored,
} from './spell-resources.js';
/** Damage dice one size up (issue #18 feats: Advanced Unarmed Strike, Improvised Weapon Mastery). */
export { damageDiceSizeUp } from './damage-dice-steps.js';
/** Sudden Action and Tactical Aid (issue #18 feats used as actions). */
export * from './tactical-feats.js';
/**
 * Loaded on first use (issue #29), so not exported here: the bestiary conversion (`convertMonster`,
 * `parseAttackLine`), the stat-block parser (`parseStatBlock`), the exact odds (`odds`) and the fight
 * simulator's engine (`simulate`) and the Saga-style model (`saga`, issue #30) are in ./on-demand.ts
 * (`game.gng.loadRules()`); their types are exported here. (A namespace exported here would be in
 * the code loaded at start: the chunk of this module builds it for ./on-demand.ts.)
 */
export type { ConvertedCreature } from './bestiary/convert.js';
export type { ConversionStep, ConversionExplanation } from './bestiary/convert-steps.js';
export type { ConvertedAttack, AttackRoutine } from './bestiary/attacks.js';
export type { SrdMonsterRecord, WornItem, DragonExtras } from './bestiary/srd-record.js';
export type {
  StatBlockParse,
  StatBlockField,
  StatBlockUnparsed,
  StatBlockWarning,
} from './bestiary/stat-block-parse.js';
/** The combat-model seam (issue #26): the registry and GnG's model, `game.gng.rules.models`. */
export * as models from './models/index.js';
export type {
  CombatModel,
  CombatModelId,
  ModelCapability,
  ModelCapabilities,
  ModelAnalysis,
  ModelAttack,
  ModelCreature,
  ModelAbility,
  ModelClass,
  ReactionSpec,
  Resolution,
  DefenseSpec,
  HealthVector,
  HealthOutcome,
} from './models/types.js';
