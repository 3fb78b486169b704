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
export * from './attackModifiers.js';
export * from './protection.js';
export * from './damage.js';
export * from './specialAttacks.js';
export * from './highMagic.js';
export * from './conditions.js';
export * from './actionFeats.js';
export * from './aborts.js';
export * from './areaAndManeuvers.js';
export * from './calledShots.js';
export * from './bleeding.js';
export * from './grapple.js';
export * from './progression.js';
export * from './classes.js';
/** Class features read from class levels (issue #28: uncanny dodge). */
export * from './class-features.js';
export * from './encumbrance.js';
export * from './hitPoints.js';
export * from './damageEffects.js';
export * from './bodyPartRecovery.js';
export * from './defense.js';
export * from './baseProgressions.js';
export * from './skills.js';
export * from './conditionModifiers.js';
export * from './rest.js';
export * from './dying.js';
export * from './areas.js';
export * from './item-properties.js';
export * from './combat-options.js';
export * from './reload.js';
/** Appendix 5 spells and powers, armor metamagic, energy drain's effective level (issue #18). */
export * from './spells-powers.js';
/** Damage dice one size up (issue #18 feats: Advanced Unarmed Strike, Improvised Weapon Mastery). */
export { damageDiceSizeUp } from './damage-dice-steps.js';
/** Sudden Action and Tactical Aid (issue #18 feats used as actions). */
export * from './feat-actions.js';
/** Bestiary conversion (issue #19): a d20 3.5 stat block → a GnG creature, docs/rules.md "Bestiary conversion". */
export { convertMonster, type ConvertedCreature } from './bestiary/convert.js';
export type { ConversionStep, ConversionExplanation } from './bestiary/convert-steps.js';
export { parseAttackLine, type ConvertedAttack, type AttackRoutine } from './bestiary/attacks.js';
export type { SrdMonsterRecord, WornItem, DragonExtras } from './bestiary/srd-record.js';
/** The importer's parser (issue #19): pasted d20 3.5 / d20 Modern stat block text → SrdMonsterRecord. */
export {
  parseStatBlock,
  type StatBlockParse,
  type StatBlockField,
  type StatBlockUnparsed,
  type StatBlockWarning,
} from './bestiary/stat-block-parse.js';
/** Exact odds of an attack (issue #20): `game.gng.rules.odds.attackOdds(…)`, docs/api.md "Odds". */
export * as odds from './odds/index.js';
/** The fight simulator's engine (issue #20): `game.gng.rules.simulate.simulateFight(…)`, docs/api.md "Fight simulator". */
export * as simulate from './simulate/index.js';
