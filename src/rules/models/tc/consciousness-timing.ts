/**
 * When an unconscious creature checks to wake (seed 002:160–168; issue #32, design §2.2 R27, A9).
 * The DC (fatigue − HP, −2 a check per impairment) is the health engine's (lane core); this is the
 * check's verdict and the counts of the re-checks. Pure: dice are injected. Decisions: docs/rules.md
 * "### The Time Count".
 */
import type { DiceSource } from '../../types.js';
import { assertFinite, assertInteger } from '../../validate.js';
import { COUNTS_PER_MINUTE } from './durations.js';

/** "at least 10 TC for each point by which you failed your check" (002:164). */
export const UNCONSCIOUS_COUNTS_PER_POINT = 10;

export interface ConsciousnessVerdict {
  passed: boolean;
  /** DC − total when failed, else 0. */
  failedBy: number;
}

/**
 * A Constitution check against the DC (002:162): success at total ≥ DC. A9: "A natural 17 or 18 does
 * not guarantee success" (002:166): no natural roll passes or fails by itself.
 */
export function consciousnessCheck(total: number, dc: number): ConsciousnessVerdict {
  const t = assertInteger('Constitution check', total);
  const d = assertInteger('consciousness DC', dc);
  return t >= d ? { passed: true, failedBy: 0 } : { passed: false, failedBy: d - t };
}

/** The count of the first check to wake: now + 10 TC per point failed (002:164). */
export function firstWakeCheckAt(now: number, failedBy: number): number {
  assertFinite('count', now);
  const by = assertInteger('failed by', failedBy);
  if (by < 1) throw new RangeError(`a failed check fails by at least 1, got ${by}`);
  return now + UNCONSCIOUS_COUNTS_PER_POINT * by;
}

/** "If you fail, you make another check every 1d10 TC" (002:164). */
export function nextWakeCheckAt(now: number, dice: DiceSource): { at: number; rolls: number[] } {
  assertFinite('count', now);
  const roll = dice.roll(10);
  return { at: now + roll, rolls: [roll] };
}

/**
 * "If you were dying, unconscious, and stabilized, then you begin making checks to regain consciousness
 * after 2d10 minutes, and continue to make them every 1d6 minutes thereafter" (002:168), in counts
 * (120 a minute, A14).
 */
export function stabilizedWakeCheckAt(
  now: number,
  dice: DiceSource,
  first: boolean,
): { at: number; rolls: number[]; minutes: number } {
  assertFinite('count', now);
  const rolls = first ? [dice.roll(10), dice.roll(10)] : [dice.roll(6)];
  const minutes = rolls.reduce((a, b) => a + b, 0);
  return { at: now + minutes * COUNTS_PER_MINUTE, rolls, minutes };
}

/**
 * "if the DC is too high to pass, then you remain unconscious until you heal sufficiently to give you
 * a chance" (002:166): whether a d20 + `bonus` can reach `dc` at all.
 */
export function mayWake(dc: number, bonus: number): boolean {
  return 20 + assertInteger('check bonus', bonus) >= assertInteger('consciousness DC', dc);
}
