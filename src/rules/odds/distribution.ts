/**
 * Discrete distributions over consecutive integers, for the exact odds (issue #20): dice sums
 * convolved exactly, sums of independent values, and the pushing of a distribution through a
 * function of its value. Probabilities are floats; no sampling anywhere.
 */
import { assertInteger, assertNonNegativeInteger } from '../validate.js';

/**
 * P(value = min + i) = p[i]. A part of a distribution (e.g. the hits only) has masses summing to
 * less than 1; {@link mass} says how much.
 */
export interface Distribution {
  min: number;
  p: number[];
}

/** The empty part: no value at all (mass 0). */
export function emptyDistribution(): Distribution {
  return { min: 0, p: [] };
}

/** All of `mass` on one value. */
export function pointDistribution(value: number, mass = 1): Distribution {
  return { min: assertInteger('value', value), p: [mass] };
}

/** The total probability of a distribution (1 for a whole one). */
export function mass(d: Distribution): number {
  let sum = 0;
  for (const x of d.p) sum += x;
  return sum;
}

/** P(value = `value`). */
export function probabilityOf(d: Distribution, value: number): number {
  return d.p[value - d.min] ?? 0;
}

/** P(value ≥ `value`). */
export function probabilityAtLeast(d: Distribution, value: number): number {
  let sum = 0;
  for (let i = Math.max(0, value - d.min); i < d.p.length; i++) sum += d.p[i] as number;
  return sum;
}

/** The largest value with a mass, or `min − 1` for an empty one. */
export function maxValue(d: Distribution): number {
  return d.min + d.p.length - 1;
}

/** The mean of the values, weighted by their masses (not divided by the mass): E[value; part]. */
export function weightedSum(d: Distribution): number {
  let sum = 0;
  for (let i = 0; i < d.p.length; i++) sum += (d.min + i) * (d.p[i] as number);
  return sum;
}

/** Drops the zero masses at both ends (an empty part becomes `{ min: 0, p: [] }`). */
export function trimmed(d: Distribution): Distribution {
  let lo = 0;
  let hi = d.p.length - 1;
  while (lo <= hi && d.p[lo] === 0) lo++;
  while (hi >= lo && d.p[hi] === 0) hi--;
  if (lo > hi) return emptyDistribution();
  return { min: d.min + lo, p: d.p.slice(lo, hi + 1) };
}

/** The distribution of `a + b` for independent `a` and `b` (masses multiply). */
export function convolve(a: Distribution, b: Distribution): Distribution {
  if (a.p.length === 0 || b.p.length === 0) return emptyDistribution();
  const p = new Array<number>(a.p.length + b.p.length - 1).fill(0);
  for (let i = 0; i < a.p.length; i++) {
    const x = a.p[i] as number;
    if (x === 0) continue;
    for (let j = 0; j < b.p.length; j++) p[i + j] = (p[i + j] as number) + x * (b.p[j] as number);
  }
  return { min: a.min + b.min, p };
}

/** The distribution of `−value`. */
export function negated(d: Distribution): Distribution {
  return { min: -(d.min + d.p.length - 1), p: [...d.p].reverse() };
}

/** The distribution of `value + shift`. */
export function shifted(d: Distribution, shift: number): Distribution {
  return { min: d.min + shift, p: d.p };
}

/** Each value's mass multiplied by `weight(value)` (e.g. the chance of a save failing at that value). */
export function weighted(d: Distribution, weight: (value: number) => number): Distribution {
  return { min: d.min, p: d.p.map((x, i) => (x === 0 ? 0 : x * weight(d.min + i))) };
}

/** The masses of the values ≥ `from` (the rest set to 0, the range kept from `from`). */
export function atLeast(d: Distribution, from: number): Distribution {
  if (from <= d.min) return d;
  return trimmed({ min: from, p: d.p.slice(from - d.min) });
}

/** The masses of the values < `below`. */
export function below(d: Distribution, below: number): Distribution {
  if (below > maxValue(d)) return d;
  return trimmed({ min: d.min, p: d.p.slice(0, Math.max(0, below - d.min)) });
}

/** Adds the masses of `b` into `a` (a new distribution covering both ranges). */
export function added(a: Distribution, b: Distribution): Distribution {
  if (a.p.length === 0) return b;
  if (b.p.length === 0) return a;
  const min = Math.min(a.min, b.min);
  const max = Math.max(maxValue(a), maxValue(b));
  const p = new Array<number>(max - min + 1).fill(0);
  for (let i = 0; i < a.p.length; i++) p[a.min - min + i] = a.p[i] as number;
  for (let i = 0; i < b.p.length; i++)
    p[b.min - min + i] = (p[b.min - min + i] as number) + (b.p[i] as number);
  return { min, p };
}

/**
 * The distribution of `f(value)` for an integer-valued `f` (the masses of values that `f` sends to the
 * same result add up). `f` is called once per value with a mass.
 */
export function mapped(d: Distribution, f: (value: number) => number): Distribution {
  const out = new Map<number, number>();
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < d.p.length; i++) {
    const x = d.p[i] as number;
    if (x === 0) continue;
    const v = f(d.min + i);
    out.set(v, (out.get(v) ?? 0) + x);
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (out.size === 0) return emptyDistribution();
  const p = new Array<number>(hi - lo + 1).fill(0);
  for (const [v, x] of out) p[v - lo] = x;
  return { min: lo, p };
}

/**
 * The sum of `count` dice of `faces` (each 1…faces, equally likely), convolved exactly one die at a
 * time: directly while that is small, else with a window of prefix sums (so 100d1000 stays fast; its
 * differences may lose ~1e-16 absolute, never below 0). 0 dice: all on 0.
 */
export function diceSum(count: number, faces: number): Distribution {
  assertNonNegativeInteger('dice count', count);
  assertNonNegativeInteger('dice faces', faces, 1);
  let p = [1];
  const share = 1 / faces;
  for (let k = 0; k < count; k++) {
    const next = new Array<number>(p.length + faces - 1).fill(0);
    if (p.length * faces <= 100_000) {
      for (let i = 0; i < p.length; i++) {
        const x = (p[i] as number) * share;
        for (let v = 0; v < faces; v++) next[i + v] = (next[i + v] as number) + x;
      }
    } else {
      const prefix = new Array<number>(p.length + 1).fill(0);
      for (let i = 0; i < p.length; i++) prefix[i + 1] = (prefix[i] as number) + (p[i] as number);
      for (let s = 0; s < next.length; s++) {
        const hi = Math.min(s, p.length - 1);
        const lo = Math.max(0, s - faces + 1);
        next[s] = Math.max(0, ((prefix[hi + 1] as number) - (prefix[lo] as number)) * share);
      }
    }
    p = next;
  }
  return { min: count, p };
}
