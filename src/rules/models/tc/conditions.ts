/**
 * The Time Count chapter's conditions with numbers (issue #32): paralysis (R7, 002:704–716),
 * petrification (R8, 002:719–721) and fighting in an occupied space (R6, 002:211–215). Pure.
 * Decisions: docs/rules.md "### Maneuvers, stances and conditions".
 */
import { sizeSteps } from '../../sizes.js';
import type { Size } from '../../types.js';
import { assertNonNegativeInteger, assertSize } from '../../validate.js';
import { PETRIFIED_AT } from './state.js';

/** "Penalties cannot drop your Celerity below 5. A character who is completely immobile also has a Celerity of 5" (002:712). */
export const TC_CELERITY_FLOOR = 5;

/** What paralysis or petrification does to a creature now. */
export interface TcConditionPenalty {
  /** Speed classes slower, applied before SF modifiers (002:259). */
  classSteps: number;
  /** Added to every SF. */
  factorMod: number;
  /** To attack rolls. */
  hit: number;
  /** To damage rolls. */
  damage: number;
  /** To Celerity (before the floor of 5). */
  celerity: number;
  /** To Vigor. */
  vigor: number;
  /** Quarters of speed lost (4 = none left). */
  speedQuarters: number;
  /** Unable to move or act (paralysis ≥ 3 × Vigor; fully petrified). */
  immobile: boolean;
  petrified: boolean;
}

const ZERO: TcConditionPenalty = {
  classSteps: 0,
  factorMod: 0,
  hit: 0,
  damage: 0,
  celerity: 0,
  vigor: 0,
  speedQuarters: 0,
  immobile: false,
  petrified: false,
};

/**
 * Paralysis (002:704–714): each full half of Vigor reached by the paralysis damage is one step (+1 SC,
 * −1 hit, −1 damage, −1 Celerity), at most 5; at 3 × Vigor the creature is immobile. Integer
 * arithmetic: steps = ⌊2 × damage / Vigor⌋ (damage ≥ ½ × Vigor with Vigor odd needs the next point).
 */
export function paralysisPenalty(damage: number, vigor: number): TcConditionPenalty {
  const d = assertNonNegativeInteger('paralysis', damage);
  const v = assertNonNegativeInteger('vigor', vigor, 1);
  if (d >= 3 * v) return { ...ZERO, immobile: true };
  const steps = Math.floor((2 * d) / v);
  if (steps === 0) return { ...ZERO };
  return { ...ZERO, classSteps: steps, hit: -steps, damage: -steps, celerity: -steps };
}

/**
 * Petrification (002:719): per point −1 hit, +1 SF, −1 Celerity, +1 Vigor; every 2 points −¼ speed
 * (none left at 8); 10 = fully petrified (immobile).
 */
export function petrificationPenalty(points: number): TcConditionPenalty {
  const p = Math.min(PETRIFIED_AT, assertNonNegativeInteger('petrification', points));
  const petrified = p >= PETRIFIED_AT;
  return {
    ...ZERO,
    factorMod: p,
    hit: -p,
    celerity: -p,
    vigor: p,
    speedQuarters: Math.min(4, Math.floor(p / 2)),
    immobile: petrified,
    petrified,
  };
}

/**
 * Celerity after the conditions' penalties: never below 5 by them, and 5 when completely immobile
 * (002:712; decision: petrification's penalties too). A Celerity already below 5 is not raised unless
 * immobile.
 */
export function tcCelerityWith(celerity: number, penalty: number, immobile: boolean): number {
  if (immobile) return TC_CELERITY_FLOOR;
  const lowered = celerity + penalty;
  return penalty < 0 ? Math.max(Math.min(celerity, TC_CELERITY_FLOOR), lowered) : lowered;
}

/**
 * Speed after losing `quarters` quarters, in whole 5-ft squares, rounded down (002:172, decision):
 * 20 ft at 2 points → 15 ft; 30 ft at 4 points → 15 ft; 0 at 8.
 */
export function tcSpeedAfterQuarters(speedFeet: number, quarters: number): number {
  const feet = assertNonNegativeInteger('speed', speedFeet);
  const q = Math.min(4, assertNonNegativeInteger('quarters', quarters));
  return Math.floor((feet * (4 - q)) / 4 / 5) * 5;
}

/**
 * A creature's size in Normal-sized creatures for a shared space (002:207), in sixteenths (integers):
 * Fine 1, Diminutive 2, Tiny 4, Small 8, Medium 16, Large and larger 48 per space they occupy.
 */
export function spaceSixteenths(size: Size): number {
  const s = assertSize(size);
  const n = sizeSteps('medium', s);
  return n > 0 ? 48 : 16 / 2 ** -n;
}

/** What fighting in a shared space does to one creature in it (002:213). */
export interface TcCrowding {
  /** Normal-sized equivalents counted for this creature (sixteenths). */
  sixteenths: number;
  /** To every attack: −4 when more than one Normal-sized creature. */
  attack: number;
  /** More than two: no attack action, Passive defense. */
  noAttacks: boolean;
  passive: boolean;
}

/**
 * Fighting in an occupied space (002:213–215), for the creature of size `self` sharing a space with
 * `others`: "only creatures within one size category count as occupying the space"; at least two
 * creatures counted and more than one Normal-sized equivalent: −4 to hit; more than two: no attacks
 * and Passive defense. The example: two halflings fight freely, three or two humans at −4, two
 * halflings and a troll at full effectiveness.
 */
export function tcCrowding(self: Size, others: readonly Size[]): TcCrowding {
  const counted = [self, ...others].filter((s) => Math.abs(sizeSteps(self, assertSize(s))) <= 1);
  const sixteenths = counted.reduce((sum, s) => sum + spaceSixteenths(s), 0);
  const shared = counted.length >= 2;
  const over2 = shared && sixteenths > 32;
  return {
    sixteenths,
    attack: shared && sixteenths > 16 && !over2 ? -4 : 0,
    noAttacks: over2,
    passive: over2,
  };
}
