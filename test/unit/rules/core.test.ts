import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  SIZES,
  abilityModifier,
  assertIntegerInRange,
  assertSize,
  crAdjustmentForSize,
  fixedDice,
  grappleSizeModifier,
  hpSizeMultiplier,
  parseDice,
  diceProblem,
  DICE_LIMITS,
  rollExpression,
  seededDice,
  shiftSize,
  sizeModifier,
  sizeSteps,
} from '../../../src/rules/index.js';

describe('size tables (GnG "Table: Size Modifiers", "Table: Size Multiplier", "CR Adjustments")', () => {
  const table = [
    // size, size modifier, HP multiplier, CR adjustment, core grapple modifier
    ['colossal', -8, 16, 4, 16],
    ['gargantuan', -4, 8, 3, 12],
    ['huge', -2, 4, 2, 8],
    ['large', -1, 2, 1, 4],
    ['medium', 0, 1, 0, 0],
    ['small', 1, 1 / 2, -1, -4],
    ['tiny', 2, 1 / 4, -2, -8],
    ['diminutive', 4, 1 / 8, -3, -12],
    ['fine', 8, 1 / 16, -4, -16],
  ] as const;
  it.each(table)('%s: size %d, HP ×%d, CR %d, grapple %d', (size, mod, mult, cr, grapple) => {
    expect(sizeModifier(size)).toBe(mod);
    expect(hpSizeMultiplier(size)).toBe(mult);
    expect(crAdjustmentForSize(size)).toBe(cr);
    expect(grappleSizeModifier(size)).toBe(grapple);
  });

  it('counts and shifts size steps, clamped to the scale', () => {
    expect(sizeSteps('medium', 'huge')).toBe(2);
    expect(sizeSteps('large', 'tiny')).toBe(-3);
    expect(shiftSize('medium', 1)).toBe('large');
    expect(shiftSize('colossal', 3)).toBe('colossal');
    expect(shiftSize('fine', -2)).toBe('fine');
  });

  it('throws a RangeError naming an unknown size', () => {
    expect(() => sizeModifier('enormous' as never)).toThrow(new RangeError('unknown size: enormous'));
    expect(() => hpSizeMultiplier(undefined as never)).toThrow(RangeError);
    expect(() => assertSize(3)).toThrow(/unknown size: 3/);
  });
});

describe('ability modifier (core rules)', () => {
  it.each([
    [1, -5],
    [3, -4],
    [9, -1],
    [10, 0],
    [11, 0],
    [12, 1],
    [17, 3],
    [18, 4],
    [30, 10],
  ])('score %d gives %d', (score, mod) => expect(abilityModifier(score)).toBe(mod));

  it('rejects negative or non-finite scores', () => {
    expect(() => abilityModifier(-1)).toThrow(RangeError);
    expect(() => abilityModifier(Number.NaN)).toThrow(/ability score must be a finite number, got NaN/);
  });

  it('is monotone in the score', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), (s) => abilityModifier(s + 1) >= abilityModifier(s)),
    );
  });
});

describe('dice', () => {
  it('parses dice expressions', () => {
    expect(parseDice('2d6+1')).toEqual({ count: 2, faces: 6, bonus: 1 });
    expect(parseDice(' 1d8 - 2 ')).toEqual({ count: 1, faces: 8, bonus: -2 });
    expect(parseDice('5')).toEqual({ count: 0, faces: 1, bonus: 5 });
    expect(() => parseDice('2d')).toThrow(/not a dice expression: 2d/);
    expect(() => parseDice('1d0')).toThrow(RangeError);
  });

  it('decision "number bounds": at most 100 dice of up to 1000 faces and a flat part of ±10,000; diceProblem says why', () => {
    expect(DICE_LIMITS).toEqual({ count: 100, faces: 1000, bonus: 10_000 });
    expect(parseDice('100d1000+10000')).toEqual({ count: 100, faces: 1000, bonus: 10_000 });
    expect(() => parseDice('101d6')).toThrow(/more than 100 dice: 101d6/);
    expect(() => parseDice('1000000000d6')).toThrow(RangeError);
    expect(() => parseDice('1d1001')).toThrow(/more than 1000 faces/);
    expect(() => parseDice('1d6+10001')).toThrow(/beyond ±10000/);
    expect(() => parseDice('-20000')).toThrow(/beyond ±10000/);
    for (const good of ['1d8', '2d6 + 1', '1d4-1', '3', '0d6', ' 4D8 '])
      expect(diceProblem(good), good).toBeNull();
    for (const bad of ['', 'd8', '1d6+1d4', '1d6 fire', '2d', '1d0', '1e3', 'x'])
      expect(diceProblem(bad), bad).toMatch(/not a dice expression|at least one face/);
  });

  it('rolls fixed values in order and refuses values that do not fit or run out', () => {
    const dice = fixedDice([3, 4]);
    expect(rollExpression(dice, '2d6+1')).toBe(8);
    expect(() => dice.roll(6)).toThrow(/exhausted/);
    expect(() => fixedDice([7]).roll(6)).toThrow(/does not fit a d6/);
  });

  it('seeded dice are reproducible and stay within the die', () => {
    const a = seededDice(99);
    const b = seededDice(99);
    const rollsA = Array.from({ length: 50 }, () => a.roll(20));
    expect(Array.from({ length: 50 }, () => b.roll(20))).toEqual(rollsA);
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 100 }), (seed, faces) => {
        const value = seededDice(seed).roll(faces);
        return Number.isInteger(value) && value >= 1 && value <= faces;
      }),
    );
  });

  it('seeded d20s are roughly uniform', () => {
    const dice = seededDice(5);
    const counts = new Array<number>(21).fill(0);
    for (let i = 0; i < 20000; i++) counts[dice.roll(20)]! += 1;
    for (let face = 1; face <= 20; face++) expect(counts[face]).toBeGreaterThan(850);
  });
});

describe('validation helpers', () => {
  it('name the bad value', () => {
    expect(() => assertIntegerInRange('levels', 21, 0, 20)).toThrow(
      new RangeError('levels must be between 0 and 20, got 21'),
    );
    expect(SIZES).toHaveLength(9);
  });
});
