/**
 * Input guards shared by the whole engine. Invalid input throws a `RangeError` naming the bad value;
 * the engine never returns a wrong number for bad input.
 */
import { PROGRESSIONS, SIZES, type Progression, type Size } from './types.js';

/** Throws unless `value` is a finite number. Returns it for chaining. */
export function assertFinite(name: string, value: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new RangeError(`${name} must be a finite number, got ${String(value)}`);
  }
  return value;
}

/** Throws unless `value` is an integer (finite). */
export function assertInteger(name: string, value: number): number {
  assertFinite(name, value);
  if (!Number.isInteger(value)) throw new RangeError(`${name} must be an integer, got ${value}`);
  return value;
}

/** Throws unless `value` is an integer ≥ `min` (default 0). */
export function assertNonNegativeInteger(name: string, value: number, min = 0): number {
  assertInteger(name, value);
  if (value < min) throw new RangeError(`${name} must be ≥ ${min}, got ${value}`);
  return value;
}

/**
 * The sum of `values`, each an integer within [min, max] (`${name}[i]` names a bad one). The name of
 * a value is built only when it is bad: damage sums its dice on every attack, and the odds' sampling
 * tests roll millions of them (issue #29).
 */
export function sumOfIntegers(name: string, values: readonly number[], min: number, max = Infinity): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (!Number.isInteger(v) || v < min || v > max) {
      if (!(i in values)) continue; // a hole, skipped as reduce and forEach skip it
      if (max === Infinity) assertNonNegativeInteger(`${name}[${i}]`, v, min);
      else assertIntegerInRange(`${name}[${i}]`, v, min, max);
    }
    sum += v;
  }
  return sum;
}

/** Throws unless `value` is an integer within [min, max]. */
export function assertIntegerInRange(name: string, value: number, min: number, max: number): number {
  assertInteger(name, value);
  if (value < min || value > max) {
    throw new RangeError(`${name} must be between ${min} and ${max}, got ${value}`);
  }
  return value;
}

export function isSize(value: unknown): value is Size {
  return typeof value === 'string' && (SIZES as readonly string[]).includes(value);
}

/** Throws unless `value` is one of the nine sizes. */
export function assertSize(value: unknown, name = 'size'): Size {
  if (!isSize(value)) throw new RangeError(`unknown ${name}: ${String(value)}`);
  return value;
}

export function isProgression(value: unknown): value is Progression {
  return typeof value === 'string' && (PROGRESSIONS as readonly string[]).includes(value);
}

/** Throws unless `value` is good, average or poor. */
export function assertProgression(value: unknown, name = 'progression'): Progression {
  if (!isProgression(value)) throw new RangeError(`unknown ${name}: ${String(value)}`);
  return value;
}

/** Throws unless `value` is one of `allowed`. */
export function assertOneOf<T extends string>(name: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new RangeError(`unknown ${name}: ${String(value)}`);
  }
  return value as T;
}
