import { describe, expect, it } from 'vitest';
import {
  armorCheckDefensePenalty,
  CARRYING_CAPACITY,
  carryingCapacity,
  ENCUMBRANCE_PENALTY,
  encumbranceLoad,
  encumbrancePenalty,
  equipmentPenalty,
  type EncumbranceLoad,
} from '../../../src/rules/encumbrance.js';
import type { Size } from '../../../src/rules/types.js';

describe('Equipment Penalty (GnG DEFENSE)', () => {
  it('"full plate armor imposes a -6 Armor Check Penalty to Defense for non-proficient characters and -3 for proficient"', () => {
    expect(armorCheckDefensePenalty(-6, false)).toBe(-6);
    expect(armorCheckDefensePenalty(-6, true)).toBe(-3);
  });

  it('decision "armor check rounding": proficient halves the penalty rounding its size up (−5 → −3, −1 → −1)', () => {
    expect(armorCheckDefensePenalty(-5, true)).toBe(-3);
    expect(armorCheckDefensePenalty(-1, true)).toBe(-1);
    expect(armorCheckDefensePenalty(-7, true)).toBe(-4);
    expect(armorCheckDefensePenalty(0, true)).toBe(0);
    expect(Object.is(armorCheckDefensePenalty(0, false), 0)).toBe(true);
  });

  it.each([
    ['none', 0],
    ['light', -1],
    ['medium', -3],
    ['heavy', -5],
  ] as const)('Table: Encumbrance Penalty: %s %i', (load, penalty) => {
    expect(ENCUMBRANCE_PENALTY[load]).toBe(penalty);
    expect(encumbrancePenalty(load)).toBe(penalty);
  });

  it('"The encumbrance penalty is cumulative with the Armor Check Penalty"', () => {
    expect(equipmentPenalty({ armorCheckPenalty: -6, proficient: true, load: 'medium' })).toBe(-6);
    expect(equipmentPenalty({})).toBe(0);
  });

  it('invalid input throws RangeError', () => {
    expect(() => armorCheckDefensePenalty(6, true)).toThrow(/6/);
    expect(() => armorCheckDefensePenalty(-2.5, true)).toThrow(RangeError);
    expect(() => armorCheckDefensePenalty(Number.NaN, true)).toThrow(RangeError);
    expect(() => armorCheckDefensePenalty(-2, 'yes' as unknown as boolean)).toThrow(RangeError);
    expect(() => encumbrancePenalty('crushing' as EncumbranceLoad)).toThrow(/crushing/);
  });
});

describe('core rules Carrying Capacity → load', () => {
  // Strength: light, medium, heavy upper limits (core rules "Table: Carrying Capacity").
  const PRINTED: readonly [number, number, number, number][] = [
    [1, 3, 6, 10],
    [2, 6, 13, 20],
    [3, 10, 20, 30],
    [4, 13, 26, 40],
    [5, 16, 33, 50],
    [6, 20, 40, 60],
    [7, 23, 46, 70],
    [8, 26, 53, 80],
    [9, 30, 60, 90],
    [10, 33, 66, 100],
    [11, 38, 76, 115],
    [12, 43, 86, 130],
    [13, 50, 100, 150],
    [14, 58, 116, 175],
    [15, 66, 133, 200],
    [16, 76, 153, 230],
    [17, 86, 173, 260],
    [18, 100, 200, 300],
    [19, 116, 233, 350],
    [20, 133, 266, 400],
    [21, 153, 306, 460],
    [22, 173, 346, 520],
    [23, 200, 400, 600],
    [24, 233, 466, 700],
    [25, 266, 533, 800],
    [26, 306, 613, 920],
    [27, 346, 693, 1040],
    [28, 400, 800, 1200],
    [29, 466, 933, 1400],
  ];

  it.each(PRINTED)('Strength %i: light ≤ %i, medium ≤ %i, heavy ≤ %i lb.', (str, light, medium, heavy) => {
    expect(carryingCapacity(str)).toEqual({ light, medium, heavy });
    expect(encumbranceLoad(light, str)).toBe('none');
    expect(encumbranceLoad(light + 1, str)).toBe('light');
    expect(encumbranceLoad(medium, str)).toBe('light');
    expect(encumbranceLoad(medium + 1, str)).toBe('medium');
    expect(encumbranceLoad(heavy, str)).toBe('medium');
    expect(encumbranceLoad(heavy + 1, str)).toBe('heavy');
  });

  it('the table data has 29 rows', () => {
    expect(CARRYING_CAPACITY).toHaveLength(29);
  });

  it('tremendous Strength: ×4 per ten points above the 20s', () => {
    expect(carryingCapacity(30)).toEqual({ light: 532, medium: 1064, heavy: 1600 });
    expect(carryingCapacity(45).heavy).toBe(800 * 16);
  });

  it('size and quadrupeds multiply the capacity', () => {
    expect(carryingCapacity(10, 'large')).toEqual({ light: 66, medium: 132, heavy: 200 });
    expect(carryingCapacity(10, 'small').heavy).toBe(75);
    expect(carryingCapacity(10, 'fine').heavy).toBe(12.5);
    expect(carryingCapacity(10, 'medium', true).heavy).toBe(150);
    expect(carryingCapacity(10, 'large', true).heavy).toBe(300);
  });

  it('decision "encumbrance load names": a core light load is GnG None; medium → Light, heavy → Medium, beyond → Heavy', () => {
    expect(encumbranceLoad(0, 10)).toBe('none');
    expect(encumbranceLoad(33, 10)).toBe('none');
    expect(encumbranceLoad(34, 10)).toBe('light');
    expect(encumbranceLoad(67, 10)).toBe('medium');
    // Appendix 3 fighter's gear: full plate 50 + large steel shield 15 + bastard sword 6 = 71 lb at Str 18.
    expect(encumbranceLoad(71, 18)).toBe('none');
  });

  it('decision "overloaded": only a load beyond the core heavy limit is GnG Heavy (−5), and it stays Heavy', () => {
    expect(encumbranceLoad(100, 10)).toBe('medium');
    expect(encumbranceLoad(101, 10)).toBe('heavy');
    expect(encumbranceLoad(5000, 10)).toBe('heavy');
  });

  it('decision "ability score 0": Strength 0 carries nothing, so any weight is beyond its heavy load', () => {
    expect(carryingCapacity(0)).toEqual({ light: 0, medium: 0, heavy: 0 });
    expect(carryingCapacity(0, 'colossal', true)).toEqual({ light: 0, medium: 0, heavy: 0 });
    expect(encumbranceLoad(0, 0)).toBe('none');
    expect(encumbranceLoad(0.5, 0)).toBe('heavy');
  });

  it('decision "number bounds": any Strength takes one step, the same as stepping down ten points at a time', () => {
    /** The table's rule as the text reads: step down ten points, ×4, until the row is in the table. */
    const stepwise = (strength: number) => {
      let row = strength;
      let factor = 1;
      while (row > 29) {
        row -= 10;
        factor *= 4;
      }
      return (CARRYING_CAPACITY[row - 1] as readonly number[]).map((lb) => lb * factor);
    };
    for (let strength = 1; strength <= 200; strength++) {
      const { light, medium, heavy } = carryingCapacity(strength);
      expect([light, medium, heavy], `Str ${strength}`).toEqual(stepwise(strength));
    }
    // No loop over the score: an absurd Strength costs one step (the data models refuse it above 200).
    expect(carryingCapacity(2_000_000_000).heavy).toBe(Number.POSITIVE_INFINITY);
    expect(carryingCapacity(200).heavy).toBe(400 * 4 ** 18);
  });

  it('invalid input throws RangeError', () => {
    expect(() => carryingCapacity(-1)).toThrow(RangeError);
    expect(() => carryingCapacity(12.5)).toThrow(RangeError);
    expect(() => carryingCapacity(12, 'massive' as Size)).toThrow(/massive/);
    expect(() => encumbranceLoad(-1, 10)).toThrow(RangeError);
    expect(() => encumbranceLoad(Number.NaN, 10)).toThrow(RangeError);
  });
});
