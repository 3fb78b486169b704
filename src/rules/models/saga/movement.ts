/**
 * Movement under the Saga-style chapter (seed 001; issue #30): reach by size (R45, 001:142), moving
 * through occupied squares (R44, 001:132), difficult terrain (R43, 001:114). Diagonals (001:110) are
 * Foundry's 5/10/5 grid rule (system.json). Pure.
 */
import { sizeIndex, sizeSteps } from '../../sizes.js';
import type { Size } from '../../types.js';
import { assertInteger, assertNonNegativeInteger, assertSize } from '../../validate.js';

/**
 * Reach in squares (001:142): "Characters normally have a reach of 1, and are either medium or small
 * sized. Large sized creatures possess a reach of 2 squares, Huge creatures possess a reach of 3
 * squares, etc. Creatures smaller than small sized have an effective reach of 0".
 */
export function sagaReach(size: Size): number {
  const at = sizeIndex(assertSize(size));
  if (at < sizeIndex('small')) return 0;
  return Math.max(1, at - sizeIndex('medium') + 1);
}

/** A creature with reach 0 must enter its foe's square to attack it, which provokes (001:142). */
export function mustEnterToAttack(size: Size): boolean {
  return sagaReach(size) === 0;
}

/** Size categories smaller than the enemy at which a creature moves through freely (001:132). */
export const FREE_PASSAGE_SIZE_STEPS = 3;
/** The Acrobatics check to move through an enemy: its Reflex Defense + 5 (001:132). */
export const MOVE_THROUGH_DC_BONUS = 5;

/**
 * Moving through an occupied square (001:132): an ally's or a non-enemy's square, a dead or
 * unconscious enemy's, or an enemy three or more sizes larger: free; otherwise an Acrobatics check
 * against the enemy's Reflex Defense + 5 (`dc`).
 */
export function moveThrough(input: {
  mover: Size;
  occupant: Size;
  enemy: boolean;
  /** The occupant is dead or unconscious. */
  down?: boolean;
  occupantReflex: number;
}): { free: true } | { free: false; dc: number } {
  if (!input.enemy || input.down === true) return { free: true };
  if (sizeSteps(assertSize(input.mover), assertSize(input.occupant)) >= FREE_PASSAGE_SIZE_STEPS)
    return { free: true };
  return { free: false, dc: assertInteger('Reflex Defense', input.occupantReflex) + MOVE_THROUGH_DC_BONUS };
}

/** Difficult terrain costs twice as much (001:114). */
export const DIFFICULT_TERRAIN_MULTIPLIER = 2;

/**
 * What one square of movement costs (in squares, before the diagonal rule): twice on difficult
 * terrain. `difficult` lists whether each square the creature's token covers there is difficult;
 * a Large or larger creature pays if any is ("if any part of their token lands upon a square
 * containing difficult terrain", 001:114), a smaller one by its own square.
 */
export function squareCost(size: Size, difficult: readonly boolean[]): number {
  const large = sizeIndex(assertSize(size)) >= sizeIndex('large');
  const pays = large ? difficult.some(Boolean) : difficult[0] === true;
  return pays ? DIFFICULT_TERRAIN_MULTIPLIER : 1;
}

/**
 * Squares a run of diagonal moves costs (001:110): "every second diagonal movement counts as 1 more
 * square than it actually is" — 1, 2, 1, 2 … (the grid's alternating 5/10/5 rule, system.json
 * `grid.diagonals`, measures the same on the map).
 */
export function diagonalSquares(diagonals: number): number {
  const n = assertNonNegativeInteger('diagonal moves', diagonals);
  return n + Math.floor(n / 2);
}

/** A charge (001:66) and a withdrawal (001:139) move "at twice their movement speed". */
export const DOUBLE_MOVE_MULTIPLIER = 2;

/** Squares a charge or a withdrawal may cover for a speed of `speed` squares (001:66, 139). */
export function doubleMoveSquares(speed: number): number {
  return DOUBLE_MOVE_MULTIPLIER * assertNonNegativeInteger('speed', speed);
}
