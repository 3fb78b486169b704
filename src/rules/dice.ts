/**
 * Dice for the engine: a seeded source for tests and benchmarks, a fixed-sequence source for worked
 * examples, and a small parser for damage expressions such as "2d6+1".
 */
import type { DiceSource } from './types.js';
import { assertInteger, assertNonNegativeInteger } from './validate.js';

/** A deterministic pseudo-random source (mulberry32) for tests, benchmarks and previews. */
export function seededDice(seed: number): DiceSource {
  let state = assertInteger('seed', seed) >>> 0;
  return {
    roll(faces: number): number {
      assertNonNegativeInteger('faces', faces, 1);
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
      return 1 + Math.floor(unit * faces);
    },
  };
}

/**
 * A source that returns the given values in order (each must fit the die asked for).
 * Throws a RangeError when exhausted or when a value does not fit, so a test cannot silently
 * read a die it did not provide.
 */
export function fixedDice(values: readonly number[]): DiceSource {
  let index = 0;
  return {
    roll(faces: number): number {
      if (index >= values.length) throw new RangeError(`fixedDice exhausted after ${values.length} rolls`);
      const value = values[index++] as number;
      assertInteger('die value', value);
      if (value < 1 || value > faces) throw new RangeError(`die value ${value} does not fit a d${faces}`);
      return value;
    },
  };
}

/** A parsed dice expression: `count`d`faces` + `bonus`. */
export interface DiceExpression {
  count: number;
  faces: number;
  bonus: number;
}

const DICE_PATTERN = /^\s*(\d+)\s*[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$/;

/**
 * The largest dice expression the engine rolls: 100 dice of up to 1,000 faces, and a flat part of at
 * most ±10,000. The largest weapon damage of the SRD at Colossal size is a few dice of d6 to d12;
 * the bounds stop an expression that would keep every client rolling (decision `number bounds`).
 */
export const DICE_LIMITS = { count: 100, faces: 1000, bonus: 10_000 } as const;

/**
 * Why `expression` is not one the engine rolls ("NdM", "NdM+K", "NdM-K" or a bare integer, within
 * {@link DICE_LIMITS}), or null when it is. Never throws.
 */
export function diceProblem(expression: string): string | null {
  const trimmed = String(expression).trim();
  let count = 0;
  let faces = 1;
  let bonus: number;
  if (/^[+-]?\d+$/.test(trimmed)) bonus = Number(trimmed);
  else {
    const match = DICE_PATTERN.exec(trimmed);
    if (!match) return `not a dice expression: ${String(expression)}`;
    count = Number(match[1]);
    faces = Number(match[2]);
    bonus = match[3] ? (match[3] === '-' ? -1 : 1) * Number(match[4]) : 0;
    if (faces < 1) return `dice must have at least one face: ${expression}`;
  }
  if (count > DICE_LIMITS.count) return `more than ${DICE_LIMITS.count} dice: ${expression}`;
  if (faces > DICE_LIMITS.faces) return `dice of more than ${DICE_LIMITS.faces} faces: ${expression}`;
  if (Math.abs(bonus) > DICE_LIMITS.bonus) return `a flat part beyond ±${DICE_LIMITS.bonus}: ${expression}`;
  return null;
}

/**
 * Parses "NdM", "NdM+K" or "NdM-K"; a bare integer is 0 dice plus that bonus. Throws a RangeError
 * naming the problem ({@link diceProblem}) for anything else, including dice beyond {@link DICE_LIMITS}.
 */
export function parseDice(expression: string): DiceExpression {
  const problem = diceProblem(expression);
  if (problem) throw new RangeError(problem);
  const trimmed = String(expression).trim();
  if (/^[+-]?\d+$/.test(trimmed)) return { count: 0, faces: 1, bonus: Number(trimmed) };
  const match = DICE_PATTERN.exec(trimmed) as RegExpExecArray;
  const bonus = match[3] ? (match[3] === '-' ? -1 : 1) * Number(match[4]) : 0;
  return { count: Number(match[1]), faces: Number(match[2]), bonus };
}

/** Rolls `count` dice of `faces` and returns each value. */
export function rollEach(dice: DiceSource, count: number, faces: number): number[] {
  assertNonNegativeInteger('count', count);
  const values: number[] = [];
  for (let i = 0; i < count; i++) values.push(dice.roll(faces));
  return values;
}

/** Rolls a dice expression and returns the total. */
export function rollExpression(dice: DiceSource, expression: string | DiceExpression): number {
  const parsed = typeof expression === 'string' ? parseDice(expression) : expression;
  return rollEach(dice, parsed.count, parsed.faces).reduce((a, b) => a + b, 0) + parsed.bonus;
}
