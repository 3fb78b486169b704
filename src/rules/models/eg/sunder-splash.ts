/**
 * The Enlightened Grognard chapter's sunder and splash weapons (seed 003:1778–1796; issue #31,
 * design §2.3 R17). Both are attack rolls (a natural 20 hits, a natural 1 misses: the model's
 * resolve), against the holder's Reflex defense (sunder) or a square's Reflex 5 (splash). Pure.
 * Decisions: docs/rules.md "### Maneuvers and saves".
 */
import { assertInteger, assertIntegerInRange, assertNonNegativeInteger } from '../../validate.js';

/** "make a melee attack roll versus your target's Reflex defense" (003:1783); it provokes (003:1781). */
export const SUNDER_DEFENSE = 'reflex';

export interface SunderResult {
  /** Damage the object takes: the damage less its hardness, never below 0 (003:1784). */
  objectDamage: number;
  /**
   * Damage the attacker's own weapon takes: a quarter of the target object's hardness, rounded down,
   * not reduced by the weapon's own hardness (003:1784–1786). Decision: on a hit only (the line is
   * "On a hit, you deal … In addition, you deal …").
   */
  ownWeaponDamage: number;
}

export function sunderDamage(hit: boolean, damage: number, hardness: number): SunderResult {
  assertNonNegativeInteger('damage', damage);
  assertNonNegativeInteger('hardness', hardness);
  if (!hit) return { objectDamage: 0, ownWeaponDamage: 0 };
  return { objectDamage: Math.max(0, damage - hardness), ownWeaponDamage: Math.floor(hardness / 4) };
}

/** "Treat a square as having a Reflex defense of 5" (003:1793). */
export const SPLASH_SQUARE_REFLEX = 5;

/** "Splash weapons require no weapon proficiency" (003:1793–1794): no token for non-proficiency (R13). */
export const SPLASH_NEEDS_PROFICIENCY = false;

/** Where a missed splash weapon lands: one of the eight adjacent squares, a d8 (decision: 1 = north, then clockwise). */
export const SPLASH_DIRECTIONS = ['n', 'ne', 'e', 'se', 's', 'sw', 'w', 'nw'] as const;
export type SplashDirection = (typeof SPLASH_DIRECTIONS)[number];

export interface SplashResult {
  /** The target square takes the direct hit (its creature the direct-hit damage). */
  direct: boolean;
  /** Creatures within 5 feet of where it broke take the splash damage (on a hit). */
  splash: boolean;
  /**
   * A miss: "fails to break on impact [and] lands in a randomly selected adjacent square … can be
   * picked up and thrown again" (003:1795–1796): the d8's square, nothing takes damage.
   */
  landsAt: SplashDirection | null;
}

export function splashOutcome(hit: boolean, d8?: number): SplashResult {
  if (hit) return { direct: true, splash: true, landsAt: null };
  const die = assertIntegerInRange('d8', assertInteger('d8', d8 ?? Number.NaN), 1, 8);
  return { direct: false, splash: false, landsAt: SPLASH_DIRECTIONS[die - 1] as SplashDirection };
}
