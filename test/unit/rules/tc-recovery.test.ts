/**
 * Recovery under the Time Count model (issue #32, lane core; R23, R29, R30): the night's end of
 * Invigoration, impairments healed by rest, attribute damage.
 * Expected values worked by hand from seed 002.
 */
import { describe, expect, it } from 'vitest';
import * as tc from '../../../src/rules/models/tc/index.js';

const dice = (...rolls: number[]) => ({ roll: () => rolls.shift() ?? 1 });

describe('the night (R29)', () => {
  it('a night ends the Invigoration (002:151)', () => {
    expect(tc.invigorationAfterRest({ value: 8, invigoration: 4 })).toEqual({ value: 8, invigoration: 0 });
  });
});

describe('impairments healed by rest (R23, 002:92)', () => {
  it('a night: 1 off the single worst', () => {
    const out = tc.recoverImpairments({ impB: 1, impP: 3, impS: 0 }, 'night', dice());
    expect(out).toEqual({ after: { impB: 1, impP: 2, impS: 0 }, healed: ['piercing'] });
  });

  it('a day of bed rest: 1 off each of the two worst types', () => {
    const out = tc.recoverImpairments({ impB: 1, impP: 3, impS: 2 }, 'bedRest', dice());
    expect(out.after).toEqual({ impB: 1, impP: 2, impS: 1 });
    // Only one type impaired: 1 point.
    expect(tc.recoverImpairments({ impB: 2, impP: 0, impS: 0 }, 'bedRest', dice()).after.impB).toBe(1);
  });

  it('a tie is decided by a die: 2 of 2 picks the second tied type (slashing)', () => {
    const out = tc.recoverImpairments({ impB: 0, impP: 2, impS: 2 }, 'night', dice(2));
    expect(out.healed).toEqual(['slashing']);
    expect(tc.recoverImpairments({ impB: 0, impP: 0, impS: 0 }, 'night', dice()).healed).toEqual([]);
    expect(() => tc.recoverImpairments({ impP: 1, impS: 1 }, 'night', dice(3))).toThrow(RangeError);
  });
});

describe('attribute damage and slashing speed (R30, R23)', () => {
  it('1 a day (002:103); +1 SF a slashing impairment (002:90)', () => {
    expect(tc.attributeDamageAfter(3, 2)).toBe(1);
    expect(tc.attributeDamageAfter(3, 5)).toBe(0);
    expect(tc.impairmentSpeedFactor({ impS: 2 })).toBe(2);
  });
});
