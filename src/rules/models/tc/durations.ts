/**
 * Time on the Time Count (issue #32, design §2.2 A14): "Each TC unit is roughly equivalent to half a
 * second" (002:241), so 12 counts are a round of 6 seconds and 120 a minute. Effect durations written
 * in rounds, seconds or minutes become counts here. Pure.
 */
import { assertFinite, assertNonNegativeInteger } from '../../validate.js';
import { SECONDS_PER_COUNT } from './model.js';

export const COUNTS_PER_ROUND = 12;
export const COUNTS_PER_MINUTE = 120;

export function roundsToCounts(rounds: number): number {
  return assertFinite('rounds', rounds) * COUNTS_PER_ROUND;
}

/** Whole rounds of counts may be fractional: 18 counts are 1.5 rounds. */
export function countsToRounds(counts: number): number {
  return assertFinite('counts', counts) / COUNTS_PER_ROUND;
}

export function countsToSeconds(counts: number): number {
  return assertFinite('counts', counts) * SECONDS_PER_COUNT;
}

/** Seconds to counts, a part-count rounded up (an effect never ends early). */
export function secondsToCounts(seconds: number): number {
  return Math.ceil(assertFinite('seconds', seconds) / SECONDS_PER_COUNT);
}

export function minutesToCounts(minutes: number): number {
  return assertFinite('minutes', minutes) * COUNTS_PER_MINUTE;
}

/**
 * Foundry's round for a count (the tracker keeps `combat.round` at it so effect durations run, A14):
 * counts 0–11 are round 1, 12–23 round 2 … A count below 0 (an initiative with a large Wisdom bonus)
 * is still round 1.
 */
export function roundOfCount(count: number): number {
  return Math.max(1, Math.floor(assertFinite('count', count) / COUNTS_PER_ROUND) + 1);
}

export interface Duration {
  counts?: number;
  rounds?: number;
  seconds?: number;
  minutes?: number;
}

/** The count at which an effect begun at `start` ends. */
export function durationEndCount(start: number, duration: Duration): number {
  assertFinite('count', start);
  const counts =
    assertNonNegativeInteger('counts', duration.counts ?? 0) +
    roundsToCounts(assertNonNegativeInteger('rounds', duration.rounds ?? 0)) +
    secondsToCounts(assertNonNegativeInteger('seconds', duration.seconds ?? 0)) +
    minutesToCounts(assertNonNegativeInteger('minutes', duration.minutes ?? 0));
  return start + counts;
}

/** Counts left of an effect ending at `end` (0 once over). */
export function countsLeft(end: number, now: number): number {
  return Math.max(0, assertFinite('end count', end) - assertFinite('count', now));
}
