/**
 * Critical success / critical failure d10 chains (GnG "COMBAT STATISTICS › ATTACK ROLL").
 * There are no critical hits and no automatic hits or misses: a natural 20 or 1 on an attack roll
 * only adds or subtracts a d10 chain.
 */
import type { DiceSource } from './types.js';
import { assertIntegerInRange, assertOneOf } from './validate.js';

/** The two chain directions: `success` adds to the attack roll, `failure` subtracts. */
export const CRITICAL_KINDS = ['success', 'failure'] as const;
/** Direction of a critical chain. */
export type CriticalKind = (typeof CRITICAL_KINDS)[number];

/** Natural d20 results that start a chain (ATTACK ROLL: "natural '20'" / "natural '1'"). */
export const CRITICAL_NATURALS: Readonly<Record<CriticalKind, number>> = { success: 20, failure: 1 };

/** "If the result is 9, you add 9 to your roll and roll an additional 1d10". */
const REROLL_FACE = 9;
/** "If the result is 10 (or 0), you add nothing to your roll." A d10 showing 0 is read as 10. */
const NOTHING_FACE = 10;
/** Guard against a broken DiceSource that returns 9 forever. */
const MAX_CHAIN_DICE = 1000;

/** The chain a natural d20 value starts: `success` on 20, `failure` on 1, otherwise `null`. */
export function criticalKindForNatural(natural: number): CriticalKind | null {
  assertIntegerInRange('natural d20', natural, 1, 20);
  if (natural === CRITICAL_NATURALS.success) return 'success';
  if (natural === CRITICAL_NATURALS.failure) return 'failure';
  return null;
}

function chainFace(value: unknown, index: number): number {
  assertIntegerInRange(`d10s[${index}]`, value as number, 0, 10);
  return value === 0 ? NOTHING_FACE : (value as number);
}

/**
 * Signed adjustment of a critical chain (ATTACK ROLL, "Critical Success"/"Critical Failure"):
 * 1–8 add (subtract) that much and end; 9 adds (subtracts) 9 and rolls again; 10 (or 0) adds nothing
 * and ends. Throws a RangeError for an empty or unfinished chain, or for dice after the chain ended.
 */
export function criticalChain(kind: CriticalKind, d10s: readonly number[]): number {
  assertOneOf('critical kind', kind, CRITICAL_KINDS);
  if (!Array.isArray(d10s) || d10s.length === 0) {
    throw new RangeError('criticalChain needs at least one d10');
  }
  let sum = 0;
  for (let i = 0; i < d10s.length; i++) {
    const face = chainFace(d10s[i], i);
    if (face !== NOTHING_FACE) sum += face;
    if (face !== REROLL_FACE) {
      if (i !== d10s.length - 1) {
        throw new RangeError(`criticalChain: ${d10s.length - 1 - i} extra d10(s) after the chain ended`);
      }
      return kind === 'success' ? sum : 0 - sum;
    }
  }
  throw new RangeError('criticalChain: the last d10 was a 9, so the chain needs another d10');
}

/** A rolled chain: the d10 values in order and their signed adjustment. */
export interface CriticalChainResult {
  kind: CriticalKind;
  d10s: number[];
  adjustment: number;
}

/** Rolls a critical chain from a DiceSource (d10s until one is not a 9) and returns dice and adjustment. */
export function criticalChainRoll(kind: CriticalKind, dice: DiceSource): CriticalChainResult {
  assertOneOf('critical kind', kind, CRITICAL_KINDS);
  const d10s: number[] = [];
  for (;;) {
    if (d10s.length >= MAX_CHAIN_DICE)
      throw new RangeError(`criticalChainRoll: more than ${MAX_CHAIN_DICE} d10s`);
    const value = dice.roll(10);
    d10s.push(value);
    if (chainFace(value, d10s.length - 1) !== REROLL_FACE) break;
  }
  return { kind, d10s, adjustment: criticalChain(kind, d10s) };
}
