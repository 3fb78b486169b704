/**
 * Flanking and facing (seed 002:640–648; issue #32 A13, R9's +2 flanked and +4 rear). The text's
 * diagram is lost; A13 rebuilds it: facing straight, the front is the 3 squares ahead, the sides the
 * 2 beside, the rear the 3 behind; facing diagonally, the front is the corner and its 2 neighbours,
 * the sides the next 2, the rear the opposite 3. Both are one rule on the 8 directions: within one
 * step of the facing is front, two steps side, three or four rear. Pure. Decisions: docs/rules.md
 * "### Maneuvers, stances and conditions".
 */
import { assertInteger, assertIntegerInRange } from '../../validate.js';

/** The 8 directions, clockwise from north (grid y grows southward): 0 N, 1 NE, 2 E … 7 NW. */
export type TcDirection = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;
export type TcSide = 'front' | 'side' | 'rear';

/** The direction from a creature to a square `dx, dy` away (the nearest of the 8; null on itself). */
export function tcDirection(dx: number, dy: number): TcDirection | null {
  assertInteger('dx', dx);
  assertInteger('dy', dy);
  if (dx === 0 && dy === 0) return null;
  // Angle clockwise from north, in eighths of a turn, rounded to the nearest.
  const angle = Math.atan2(dx, -dy);
  return ((Math.round(angle / (Math.PI / 4)) + 8) % 8) as TcDirection;
}

/** Steps between two directions around the 8 (0–4). */
export function tcDirectionSteps(a: TcDirection, b: TcDirection): number {
  const d = Math.abs(assertIntegerInRange('a', a, 0, 7) - assertIntegerInRange('b', b, 0, 7));
  return Math.min(d, 8 - d);
}

/** Where an attacker from direction `from` stands against a creature facing `facing` (A13). */
export function tcFacingSide(facing: TcDirection, from: TcDirection): TcSide {
  const steps = tcDirectionSteps(facing, from);
  return steps <= 1 ? 'front' : steps === 2 ? 'side' : 'rear';
}

/**
 * "A character who has enemies both in front of him and behind him is considered flanked" (002:642).
 * Meeting all foes (no set facing) every enemy is in front of him; decision: flanked when two
 * enemies in melee reach stand so that, facing one, the other is in his rear (3 or 4 steps apart).
 */
export function tcFlanked(enemies: readonly TcDirection[]): boolean {
  for (let i = 0; i < enemies.length; i++)
    for (let j = i + 1; j < enemies.length; j++)
      if (tcDirectionSteps(enemies[i] as TcDirection, enemies[j] as TcDirection) >= 3) return true;
  return false;
}

/**
 * The melee attacker's bonus for position (002:642–644): no bonus to ranged attacks. All-around
 * (`facing` null): +2 when the defender is flanked. A set facing: front +0, side +2, rear +4 ("an
 * additional +2 … for a total of +4"); the table's "+4 Rear attack" (002:36) is this +4, not added
 * to it (decision).
 */
export function tcPositionBonus(input: {
  melee: boolean;
  facing: TcDirection | null;
  from: TcDirection;
  /** Directions of the enemies in melee reach of the defender, the attacker's included. */
  enemies: readonly TcDirection[];
}): { bonus: number; side: TcSide | null; flanked: boolean } {
  const flanked = tcFlanked(input.enemies);
  if (!input.melee) return { bonus: 0, side: null, flanked };
  if (input.facing === null) return { bonus: flanked ? 2 : 0, side: null, flanked };
  const side = tcFacingSide(input.facing, input.from);
  return { bonus: side === 'front' ? 0 : side === 'side' ? 2 : 4, side, flanked };
}
