/**
 * Hit Points (GnG "HIT POINTS"): (Constitution + class bonus + other modifiers) × size multiplier;
 * temporary HP, natural healing and the effect of Constitution changes (GnG "HEALING",
 * "TEMPORARY HIT POINTS").
 */
import { abilityModifier } from './abilities.js';
import { classHpBonus } from './defense-hp-progression.js';
import { hpSizeMultiplier } from './sizes.js';
import type { ClassLevels, Size } from './types.js';
import { assertInteger, assertNonNegativeInteger, assertSize } from './validate.js';

/** Base HP of a creature or construct without a Constitution score (GnG "No Constitution"). */
export const NO_CONSTITUTION_BASE_HP = 20;
/** Base HP added by each Toughness feat (GnG "Other Modifiers — Toughness"). */
export const TOUGHNESS_HP = 3;

/** Input of {@link maxHitPoints}: current Con (null = none), classes/HD, Toughness feats, other modifiers, size. */
export interface HitPointsInput {
  /** Current Constitution score (after ability damage/drain), or null for no Constitution score. */
  con: number | null;
  classes: ClassLevels[];
  /** Number of Toughness feats taken. */
  toughness?: number;
  /** Sum of circumstance, enhancement and sacred/profane modifiers to base HP (may be negative). */
  other?: number;
  size: Size;
}

/** Every step of the HP formula. */
export interface HitPointsBreakdown {
  /** Constitution score, or 20 for no Constitution. */
  constitution: number;
  classBonus: number;
  toughness: number;
  other: number;
  /** Constitution + class bonus + Toughness + other. */
  base: number;
  multiplier: number;
  /** base × multiplier before rounding. */
  exact: number;
  /** Maximum HP: exact rounded down, at least 1 (0 only for Con 0). */
  max: number;
}

/**
 * Maximum HP with each step (GnG "HIT POINTS"). Fractions round down, never below 1 HP for a creature
 * with Con ≥ 1 or no Con (decision "small-size rounding"); Con 0 means dead (core rules) → 0.
 */
export function hitPointsBreakdown(i: HitPointsInput): HitPointsBreakdown {
  if (typeof i !== 'object' || i === null)
    throw new RangeError(`HP input must be an object, got ${String(i)}`);
  const con = i.con === null ? null : assertNonNegativeInteger('con', i.con);
  const constitution = con ?? NO_CONSTITUTION_BASE_HP;
  const classBonus = classHpBonus(i.classes);
  const toughness = assertNonNegativeInteger('toughness', i.toughness ?? 0) * TOUGHNESS_HP;
  const other = assertInteger('other HP modifiers', i.other ?? 0);
  const multiplier = hpSizeMultiplier(assertSize(i.size));
  const base = constitution + classBonus + toughness + other;
  const exact = base * multiplier;
  const max = con === 0 ? 0 : Math.max(1, Math.floor(exact));
  return { constitution, classBonus, toughness, other, base, multiplier, exact, max };
}

/** Maximum HP (GnG "HIT POINTS"): (Con + class bonus + Toughness ×3 + other) × size multiplier. */
export function maxHitPoints(i: HitPointsInput): number {
  return hitPointsBreakdown(i).max;
}

/**
 * Current HP after the maximum changes (GnG "Constitution Score": "your HP changes as well"): the
 * damage already taken is kept, so current moves by the same amount as the maximum.
 */
export function currentHpAfterMaxChange(current: number, oldMax: number, newMax: number): number {
  assertInteger('current HP', current);
  assertNonNegativeInteger('old max HP', oldMax);
  assertNonNegativeInteger('new max HP', newMax);
  return current + (newMax - oldMax);
}

/** Result of damage applied to HP and temporary HP. */
export interface HitPointsAfterDamage {
  current: number;
  temporary: number;
  /** HP actually lost (after temporary HP absorbed their share): what trauma and injury look at. */
  hpLost: number;
}

/**
 * Applies lethal damage: temporary HP are lost first (core rules), the rest comes off current HP.
 * Temporary HP are never multiplied by size nor added to base HP (GnG "TEMPORARY HIT POINTS").
 */
export function applyDamageToHitPoints(i: {
  current: number;
  temporary?: number;
  damage: number;
}): HitPointsAfterDamage {
  const current = assertInteger('current HP', i.current);
  const temporary = assertNonNegativeInteger('temporary HP', i.temporary ?? 0);
  const damage = assertNonNegativeInteger('damage', i.damage);
  const absorbed = Math.min(temporary, damage);
  const hpLost = damage - absorbed;
  return { current: current - hpLost, temporary: temporary - absorbed, hpLost };
}

/**
 * Days in the week of GnG natural healing (here rather than in rest.ts: the care records read it at
 * start, and rest.ts loads with the rest card).
 */
export const DAYS_PER_HEALING_WEEK = 7;

/**
 * HP recovered by a week of natural healing (GnG "HEALING — Natural Healing"):
 * (1 + Con modifier) × HP size multiplier, rounded down, minimum 1; doubled by a week of complete bed rest.
 */
export function naturalHealingPerWeek(i: { con: number; size: Size; bedRest?: boolean }): number {
  const con = assertNonNegativeInteger('con', i.con, 1);
  const rate = Math.max(1, Math.floor((1 + abilityModifier(con)) * hpSizeMultiplier(assertSize(i.size))));
  return i.bedRest === true ? rate * 2 : rate;
}

/**
 * Ability points recovered per ability in one day (GnG "Ability Damage — Natural Healing"): 1 after a
 * full night's rest, 2 with a full day of bed rest, 0 if rest was interrupted or ability points were lost that day.
 */
export function abilityPointsRecoveredPerDay(i: {
  bedRest?: boolean;
  restInterrupted?: boolean;
  abilityLossToday?: boolean;
}): number {
  if (i.restInterrupted === true || i.abilityLossToday === true) return 0;
  return i.bedRest === true ? 2 : 1;
}
