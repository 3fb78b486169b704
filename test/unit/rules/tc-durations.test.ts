/**
 * Time on the Time Count (A14: a count is ½ s, 12 counts a round; 002:241) and the consciousness
 * re-check timing (R27, A9; 002:160–168). Expected values worked out by hand from those lines.
 */
import { describe, expect, it } from 'vitest';
import { fixedDice } from '../../../src/rules/dice.js';
import {
  consciousnessCheck,
  firstWakeCheckAt,
  mayWake,
  nextWakeCheckAt,
  stabilizedWakeCheckAt,
} from '../../../src/rules/models/tc/consciousness-timing.js';
import {
  countsLeft,
  countsToRounds,
  countsToSeconds,
  durationEndCount,
  minutesToCounts,
  roundOfCount,
  roundsToCounts,
  secondsToCounts,
} from '../../../src/rules/models/tc/durations.js';

describe('A14: counts, rounds, seconds (002:241)', () => {
  it('a count is half a second; 12 counts a round of 6 s; 120 a minute', () => {
    expect(countsToSeconds(12)).toBe(6);
    expect(roundsToCounts(3)).toBe(36);
    expect(countsToRounds(18)).toBe(1.5);
    expect(secondsToCounts(6)).toBe(12);
    expect(secondsToCounts(1.2)).toBe(3); // 2.4 counts → 3: never early
    expect(minutesToCounts(2)).toBe(240);
  });

  it("Foundry's round for a count: 0–11 round 1, 12 round 2, below 0 still round 1", () => {
    expect([0, 11, 12, 23, 24, -3].map(roundOfCount)).toEqual([1, 1, 2, 2, 3, 1]);
  });

  it('an effect of 2 rounds begun at count 7 ends at 31; counts left', () => {
    expect(durationEndCount(7, { rounds: 2 })).toBe(31);
    expect(durationEndCount(7, { minutes: 1, counts: 3 })).toBe(130);
    expect(countsLeft(31, 20)).toBe(11);
    expect(countsLeft(31, 40)).toBe(0);
    expect(() => durationEndCount(7, { rounds: -1 })).toThrow(RangeError);
  });
});

describe('R27: waking up (002:162–168)', () => {
  it('a check passes at total ≥ DC; a failure says by how much', () => {
    expect(consciousnessCheck(9, 9)).toEqual({ passed: true, failedBy: 0 });
    expect(consciousnessCheck(6, 9)).toEqual({ passed: false, failedBy: 3 });
  });

  it('unconscious at least 10 TC per point failed: failed by 3 at count 14 → first check at 44', () => {
    expect(firstWakeCheckAt(14, 3)).toBe(44);
    expect(() => firstWakeCheckAt(14, 0)).toThrow(RangeError);
  });

  it('then every 1d10 TC', () => {
    expect(nextWakeCheckAt(44, fixedDice([7]))).toEqual({ at: 51, rolls: [7] });
  });

  it('stabilised: after 2d10 minutes, then every 1d6 minutes (120 counts a minute)', () => {
    expect(stabilizedWakeCheckAt(10, fixedDice([3, 4]), true)).toEqual({
      at: 10 + 7 * 120,
      rolls: [3, 4],
      minutes: 7,
    });
    expect(stabilizedWakeCheckAt(0, fixedDice([2]), false)).toEqual({ at: 240, rolls: [2], minutes: 2 });
  });

  it('A9: no natural roll saves; a DC beyond d20 + bonus cannot be passed until healed', () => {
    expect(mayWake(22, 2)).toBe(true);
    expect(mayWake(23, 2)).toBe(false);
  });
});
