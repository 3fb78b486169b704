import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  highMagicSpellDice,
  limitedScalingMaxDice,
  oddsEqualOne,
  reducedDamageDie,
  rollHighMagicSpellDamage,
  slowScalingDice,
} from '../../../src/rules/high-magic.js';
import { fixedDice, seededDice } from '../../../src/rules/dice.js';

describe('APPENDIX 2: GRIM-N-GRITTY HIGH MAGIC', () => {
  it('THE REALLY GRIM OPTION leaves spells as they are', () => {
    expect(highMagicSpellDice({ option: 'really-grim', count: 10, faces: 6 })).toEqual({
      count: 10,
      faces: 6,
      flat: false,
      oddsEqualOne: false,
    });
  });
  it('LIMITED SCALING example: a third level spell can inflict no more than four dice', () => {
    expect(limitedScalingMaxDice(3)).toBe(4);
    expect(highMagicSpellDice({ option: 'limited-scaling', count: 10, faces: 6, spellLevel: 3 }).count).toBe(
      4,
    );
    expect(highMagicSpellDice({ option: 'limited-scaling', count: 2, faces: 6, spellLevel: 3 }).count).toBe(
      2,
    );
    expect(() => highMagicSpellDice({ option: 'limited-scaling', count: 10, faces: 6 })).toThrow(RangeError);
    expect(() => limitedScalingMaxDice(10)).toThrow(RangeError);
  });
  it('SLOW SCALING example: 1d6 per level becomes 1d6 per two levels', () => {
    expect(slowScalingDice({ casterLevel: 10 })).toBe(5);
    expect(slowScalingDice({ casterLevel: 10, maxDice: 10 })).toBe(5);
    expect(slowScalingDice({ casterLevel: 20, maxDice: 10 })).toBe(10);
    expect(slowScalingDice({ casterLevel: 9, levelsPerStep: 2, dicePerStep: 1 })).toBe(2);
    expect(
      highMagicSpellDice({
        option: 'slow-scaling',
        count: 10,
        faces: 6,
        scaling: { casterLevel: 10, maxDice: 10 },
      }).count,
    ).toBe(5);
    expect(() => highMagicSpellDice({ option: 'slow-scaling', count: 10, faces: 6 })).toThrow(RangeError);
  });
  it('DECISION slow scaling: rounded down, but at least one step of dice', () => {
    expect(slowScalingDice({ casterLevel: 1 })).toBe(1);
    expect(slowScalingDice({ casterLevel: 3 })).toBe(1);
    expect(slowScalingDice({ casterLevel: 5, dicePerStep: 2 })).toBe(4);
  });
  const reduce: [number, number, boolean][] = [
    [4, 1, true],
    [6, 4, false],
    [8, 6, false],
    [10, 8, false],
    [12, 10, false],
    [20, 12, false],
  ];
  it.each(reduce)('REDUCE DAMAGE DICE: d%i becomes %s (flat %s)', (from, to, flat) => {
    expect(reducedDamageDie(from)).toEqual({ faces: to, flat });
  });
  it('REDUCE DAMAGE DICE example: 10d6 becomes 10d4; d4 becomes 1 point each', () => {
    expect(highMagicSpellDice({ option: 'reduce-damage-dice', count: 10, faces: 6 })).toMatchObject({
      count: 10,
      faces: 4,
      flat: false,
    });
    expect(
      rollHighMagicSpellDamage(fixedDice([]), { option: 'reduce-damage-dice', count: 3, faces: 4 }),
    ).toEqual({ dice: [1, 1, 1], total: 3 });
    expect(() => reducedDamageDie(3)).toThrow(RangeError);
  });
  it('ODDS = 1 example: 5d6 rolling 2, 1, 5, 4, 6 gives 2, 1, 1, 4, 6 = 14', () => {
    expect(oddsEqualOne([2, 1, 5, 4, 6])).toEqual([2, 1, 1, 4, 6]);
    expect(
      rollHighMagicSpellDamage(fixedDice([2, 1, 5, 4, 6]), { option: 'odds-equal-one', count: 5, faces: 6 }),
    ).toEqual({
      dice: [2, 1, 1, 4, 6],
      total: 14,
    });
  });
  it('odds = 1 never raises a die and keeps even dice (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 20 })), (rolls) => {
        oddsEqualOne(rolls).forEach((v, i) => {
          expect(v).toBeLessThanOrEqual(rolls[i] as number);
          expect(v === 1 || v % 2 === 0).toBe(true);
        });
      }),
    );
  });
  it('options never increase the number of dice (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 9 }),
        fc.integer(),
        (count, level, seed) => {
          const plan = highMagicSpellDice({ option: 'limited-scaling', count, faces: 6, spellLevel: level });
          expect(plan.count).toBeLessThanOrEqual(count);
          const r = rollHighMagicSpellDamage(seededDice(seed), { option: 'odds-equal-one', count, faces: 6 });
          expect(r.total).toBeGreaterThanOrEqual(count);
          expect(r.total).toBeLessThanOrEqual(6 * count);
        },
      ),
    );
  });
  it('bad input throws RangeError', () => {
    expect(() => highMagicSpellDice({ option: 'wild' as never, count: 1, faces: 6 })).toThrow(RangeError);
    expect(() => highMagicSpellDice({ option: 'really-grim', count: -1, faces: 6 })).toThrow(RangeError);
    expect(() => highMagicSpellDice({ option: 'really-grim', count: 1, faces: 0 })).toThrow(RangeError);
    expect(() => oddsEqualOne([0])).toThrow(RangeError);
    expect(() => slowScalingDice({ casterLevel: 0 })).toThrow(RangeError);
    expect(() => slowScalingDice({ casterLevel: Number.NaN })).toThrow(RangeError);
  });
});
