import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  abilityPointsRecoveredPerDay,
  applyDamageToHitPoints,
  currentHpAfterMaxChange,
  hitPointsBreakdown,
  maxHitPoints,
  naturalHealingPerWeek,
  NO_CONSTITUTION_BASE_HP,
  TOUGHNESS_HP,
} from '../../../src/rules/hit-points.js';
import { crAdjustmentForSize, hpSizeMultiplier } from '../../../src/rules/sizes.js';
import { PROGRESSIONS, SIZES, type ClassLevels, type Size } from '../../../src/rules/types.js';

const good = (levels: number): ClassLevels => ({ progression: 'good', levels });
const average = (levels: number): ClassLevels => ({ progression: 'average', levels });
const poor = (levels: number): ClassLevels => ({ progression: 'poor', levels });

describe('size tables of HIT POINTS', () => {
  it.each([
    ['colossal', 16, 4],
    ['gargantuan', 8, 3],
    ['huge', 4, 2],
    ['large', 2, 1],
    ['medium', 1, 0],
    ['small', 1 / 2, -1],
    ['tiny', 1 / 4, -2],
    ['diminutive', 1 / 8, -3],
    ['fine', 1 / 16, -4],
  ] as const)('Table: Size Multiplier / CR Adjustments: %s ×%d, CR %d', (size, multiplier, cr) => {
    expect(hpSizeMultiplier(size)).toBe(multiplier);
    expect(crAdjustmentForSize(size)).toBe(cr);
  });
});

describe('maxHitPoints: (Constitution + Class Bonus + Other Modifiers) × Size Multiplier', () => {
  it('base HP equal the current Constitution score', () => {
    expect(maxHitPoints({ con: 13, classes: [], size: 'medium' })).toBe(13);
    expect(maxHitPoints({ con: 10, classes: [good(5)], size: 'medium' })).toBe(15);
  });

  it('Toughness: each feat adds +3 to the base score (before the size multiplier)', () => {
    expect(TOUGHNESS_HP).toBe(3);
    expect(maxHitPoints({ con: 10, classes: [], toughness: 2, size: 'medium' })).toBe(16);
    expect(maxHitPoints({ con: 10, classes: [], toughness: 1, size: 'large' })).toBe(26);
  });

  it('other modifiers (circumstance ±2, enhancement, sacred/profane) add to the base', () => {
    expect(maxHitPoints({ con: 12, classes: [], other: -2, size: 'medium' })).toBe(10);
    expect(maxHitPoints({ con: 12, classes: [], other: 4, size: 'huge' })).toBe(64);
  });

  it('size multiplies the whole base: a Large ogre-like giant (Con 15, 4 HD average) has (15+3)×2', () => {
    expect(maxHitPoints({ con: 15, classes: [average(4)], size: 'large' })).toBe(36);
    expect(maxHitPoints({ con: 15, classes: [average(4)], size: 'colossal' })).toBe(288);
  });

  it('No Constitution: creatures and constructs without a Con score use 20 as base HP', () => {
    expect(NO_CONSTITUTION_BASE_HP).toBe(20);
    expect(maxHitPoints({ con: null, classes: [], size: 'medium' })).toBe(20);
    // A Medium zombie-like undead with 2 HD (undead: good HP) → 20 + 2.
    expect(maxHitPoints({ con: null, classes: [good(2)], size: 'medium' })).toBe(22);
    expect(maxHitPoints({ con: null, classes: [good(2)], size: 'large' })).toBe(44);
  });

  it('decision "small-size rounding": fractions round down, never below 1 HP', () => {
    expect(maxHitPoints({ con: 13, classes: [], size: 'small' })).toBe(6); // 6.5
    expect(maxHitPoints({ con: 11, classes: [], size: 'tiny' })).toBe(2); // 2.75
    expect(maxHitPoints({ con: 10, classes: [], size: 'diminutive' })).toBe(1); // 1.25
    expect(maxHitPoints({ con: 3, classes: [], size: 'fine' })).toBe(1); // 0.1875 → at least 1
    expect(maxHitPoints({ con: 1, classes: [], other: -2, size: 'medium' })).toBe(1); // base −1 → at least 1
    expect(hitPointsBreakdown({ con: 13, classes: [], size: 'small' })).toMatchObject({
      base: 13,
      exact: 6.5,
      max: 6,
    });
  });

  it('decision "Con 0": a Constitution of 0 (core rules: dead) gives 0 maximum HP', () => {
    expect(maxHitPoints({ con: 0, classes: [good(5)], size: 'medium' })).toBe(0);
  });

  it('decision "temporary HP absorb first": temporary HP are not part of maximum HP and are not multiplied by size', () => {
    const after = applyDamageToHitPoints({ current: 40, temporary: 5, damage: 8 });
    expect(after).toEqual({ current: 37, temporary: 0, hpLost: 3 });
    expect(applyDamageToHitPoints({ current: 10, temporary: 10, damage: 4 })).toEqual({
      current: 10,
      temporary: 6,
      hpLost: 0,
    });
    expect(applyDamageToHitPoints({ current: 3, damage: 5 })).toEqual({
      current: -2,
      temporary: 0,
      hpLost: 5,
    });
  });

  it('property: HP ≥ 1 for any living creature with Con ≥ 1 at any size', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.constantFrom<Size>(...SIZES),
        fc.array(
          fc.record({
            progression: fc.constantFrom(...PROGRESSIONS),
            levels: fc.integer({ min: 0, max: 30 }),
          }),
          {
            maxLength: 3,
          },
        ),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: -10, max: 10 }),
        (con, size, classes, toughness, other) => {
          const hp = maxHitPoints({ con, classes, toughness, other, size });
          expect(Number.isInteger(hp)).toBe(true);
          expect(hp).toBeGreaterThanOrEqual(1);
        },
      ),
    );
  });

  it('property: HP are monotone in Con and in size', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 7 }), (con, i) => {
        const size = SIZES[i] as Size;
        const bigger = SIZES[i + 1] as Size;
        expect(maxHitPoints({ con: con + 1, classes: [], size })).toBeGreaterThanOrEqual(
          maxHitPoints({ con, classes: [], size }),
        );
        expect(maxHitPoints({ con, classes: [], size: bigger })).toBeGreaterThanOrEqual(
          maxHitPoints({ con, classes: [], size }),
        );
      }),
    );
  });

  it('invalid input throws RangeError', () => {
    expect(() => maxHitPoints({ con: -1, classes: [], size: 'medium' })).toThrow(RangeError);
    expect(() => maxHitPoints({ con: Number.NaN, classes: [], size: 'medium' })).toThrow(RangeError);
    expect(() => maxHitPoints({ con: 12.5, classes: [], size: 'medium' })).toThrow(RangeError);
    expect(() => maxHitPoints({ con: 12, classes: [], size: 'enormous' as Size })).toThrow(/enormous/);
    expect(() => maxHitPoints({ con: 12, classes: [good(-2)], size: 'medium' })).toThrow(RangeError);
    expect(() => maxHitPoints({ con: 12, classes: [], toughness: -1, size: 'medium' })).toThrow(RangeError);
    expect(() => maxHitPoints({ con: 12, classes: [], other: Number.NaN, size: 'medium' })).toThrow(
      RangeError,
    );
    expect(() => maxHitPoints(null as never)).toThrow(RangeError);
    expect(() => applyDamageToHitPoints({ current: 5, damage: -1 })).toThrow(RangeError);
    expect(() => applyDamageToHitPoints({ current: 5, temporary: -1, damage: 1 })).toThrow(RangeError);
  });
});

describe('Constitution changes (HIT POINTS "Constitution Score")', () => {
  it('"If some effect causes you to lose or gain Constitution points, your HP changes as well"', () => {
    const before = maxHitPoints({ con: 13, classes: [poor(1)], size: 'medium' });
    const after = maxHitPoints({ con: 9, classes: [poor(1)], size: 'medium' });
    expect([before, after]).toEqual([13, 9]);
  });

  it('decision "HP follow current Con": current HP move by the change of the maximum (damage taken is kept)', () => {
    expect(currentHpAfterMaxChange(8, 13, 9)).toBe(4);
    expect(currentHpAfterMaxChange(4, 9, 13)).toBe(8);
    expect(currentHpAfterMaxChange(2, 13, 9)).toBe(-2);
    expect(() => currentHpAfterMaxChange(2.5, 13, 9)).toThrow(RangeError);
    expect(() => currentHpAfterMaxChange(2, -1, 9)).toThrow(RangeError);
  });
});

describe('HEALING', () => {
  it('Natural Healing: (1 + Con modifier) × HP size multiplier per week, minimum 1', () => {
    expect(naturalHealingPerWeek({ con: 13, size: 'medium' })).toBe(2);
    expect(naturalHealingPerWeek({ con: 18, size: 'medium' })).toBe(5);
    expect(naturalHealingPerWeek({ con: 18, size: 'large' })).toBe(10);
    expect(naturalHealingPerWeek({ con: 18, size: 'huge' })).toBe(20);
    expect(naturalHealingPerWeek({ con: 6, size: 'medium' })).toBe(1); // 1 − 2 = −1 → minimum 1
    expect(naturalHealingPerWeek({ con: 14, size: 'small' })).toBe(1); // 3 × 1/2 = 1.5 → 1
    expect(naturalHealingPerWeek({ con: 10, size: 'fine' })).toBe(1); // 1/16 → minimum 1
  });

  it('decision "bed rest doubles the minimum": complete bed rest for a week doubles the rate after the minimum', () => {
    expect(naturalHealingPerWeek({ con: 13, size: 'medium', bedRest: true })).toBe(4);
    expect(naturalHealingPerWeek({ con: 10, size: 'fine', bedRest: true })).toBe(2);
  });

  it('Ability Damage: 1 point per ability per day, 2 with a day of bed rest, 0 when interrupted or on loss', () => {
    expect(abilityPointsRecoveredPerDay({})).toBe(1);
    expect(abilityPointsRecoveredPerDay({ bedRest: true })).toBe(2);
    expect(abilityPointsRecoveredPerDay({ restInterrupted: true })).toBe(0);
    expect(abilityPointsRecoveredPerDay({ bedRest: true, abilityLossToday: true })).toBe(0);
  });

  it('invalid input throws RangeError', () => {
    expect(() => naturalHealingPerWeek({ con: 0, size: 'medium' })).toThrow(RangeError);
    expect(() => naturalHealingPerWeek({ con: -3, size: 'medium' })).toThrow(RangeError);
    expect(() => naturalHealingPerWeek({ con: 12, size: 'big' as Size })).toThrow(RangeError);
  });
});
