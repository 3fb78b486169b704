/**
 * Core d20 class progressions GnG keeps unchanged: base attack bonus and base saves per class
 * (core rules "Base Attack Bonus" and "Base Save Bonus" tables), summed over classes as multiclass
 * characters do. GnG's own Defense and HP progressions are in defense-hp-progression.ts.
 */
import { assertNonNegativeInteger, assertOneOf } from './validate.js';

/** BAB progressions: good = level (fighters), average = ¾ level (clerics), poor = ½ level (wizards). */
export const BAB_PROGRESSIONS = ['good', 'average', 'poor'] as const;
export type BabProgression = (typeof BAB_PROGRESSIONS)[number];

/** Save progressions: good = 2 + ½ level, poor = ⅓ level. */
export const SAVE_PROGRESSIONS = ['good', 'poor'] as const;
export type SaveProgression = (typeof SAVE_PROGRESSIONS)[number];

export const SAVES = ['fort', 'ref', 'will'] as const;
export type Save = (typeof SAVES)[number];

/** Core rules: an attack with a weapon one is not proficient with takes −4. */
export const NONPROFICIENT_WEAPON_PENALTY = -4;

/** Base attack bonus of `levels` in one class. */
export function classBaseAttackBonus(progression: BabProgression, levels: number): number {
  assertOneOf('BAB progression', progression, BAB_PROGRESSIONS);
  assertNonNegativeInteger('levels', levels);
  if (progression === 'good') return levels;
  if (progression === 'average') return Math.floor((levels * 3) / 4);
  return Math.floor(levels / 2);
}

/** Base save bonus of `levels` in one class (0 levels → 0, not the good save's +2). */
export function classBaseSave(progression: SaveProgression, levels: number): number {
  assertOneOf('save progression', progression, SAVE_PROGRESSIONS);
  assertNonNegativeInteger('levels', levels);
  if (levels === 0) return 0;
  return progression === 'good' ? 2 + Math.floor(levels / 2) : Math.floor(levels / 3);
}

/** Total base attack bonus: the sum over classes (core multiclass rule). */
export function baseAttackBonus(classes: readonly { bab: BabProgression; levels: number }[]): number {
  return classes.reduce((sum, c) => sum + classBaseAttackBonus(c.bab, c.levels), 0);
}

/** Total base save of one kind: the sum over classes (core multiclass rule). */
export function baseSave(
  save: Save,
  classes: readonly { saves: Record<Save, SaveProgression>; levels: number }[],
): number {
  assertOneOf('save', save, SAVES);
  return classes.reduce((sum, c) => sum + classBaseSave(c.saves[save], c.levels), 0);
}

/**
 * The monk's AC bonus (core rules), which GnG applies to Protection ("Monk's AC Bonus: The AC bonus
 * for monk levels applies to Protection"): the Wisdom bonus (if positive) plus 1 for every five monk
 * levels. The core rules take it away when the monk wears armor, carries a shield or a medium or
 * heavy load (core loads; our GnG `light` or worse: see decision "encumbrance load names").
 */
export function monkProtectionBonus(i: {
  monkLevels: number;
  wisdomModifier: number;
  armored?: boolean;
}): number {
  const levels = assertNonNegativeInteger('monk levels', i.monkLevels);
  if (levels === 0 || i.armored) return 0;
  return Math.max(0, Math.trunc(i.wisdomModifier)) + Math.floor(levels / 5);
}
