/**
 * Worked examples of seed 001 that no other Saga unit test already works through (the others are
 * listed in docs/rules.md "### Coverage of the chapter"). Each value is worked from the text's line.
 */
import { describe, expect, it } from 'vitest';
import { damageReductionAgainst, energyResistanceAgainst } from '../../../src/rules/index.js';
import {
  COVER_BONUS,
  REGENERATION_SUPPRESSED_TURNS,
  diagonalSquares,
  doubleMoveSquares,
  regenerationTurn,
  sagaDamage,
} from '../../../src/rules/models/saga/index.js';

describe('diagonal movement (001:110)', () => {
  it('one diagonal costs 1, the second 2: "The total amount of movement spent would be 3"', () => {
    expect(diagonalSquares(0)).toBe(0);
    expect(diagonalSquares(1)).toBe(1);
    expect(diagonalSquares(2)).toBe(1 + 2);
  });

  it('with 3 squares left of a speed of 6: 3 more straight, or "2 more squares" diagonally', () => {
    // 6 − 3 = 3 left: two more diagonals cost 1 + 2 = 3, so four diagonals cost 6; a fifth is too far.
    expect(diagonalSquares(4)).toBe(6);
    expect(diagonalSquares(4) - diagonalSquares(2)).toBe(3);
    expect(diagonalSquares(5)).toBe(7);
  });

  it('refuses a negative count', () => {
    expect(() => diagonalSquares(-1)).toThrow(RangeError);
  });
});

describe('charging and withdrawing (001:66, 139)', () => {
  it('"twice their movement speed (typically 12 squares)": speed 6 → 12', () => {
    expect(doubleMoveSquares(6)).toBe(12);
    expect(doubleMoveSquares(4)).toBe(8);
    expect(() => doubleMoveSquares(-6)).toThrow(RangeError);
  });
});

describe('improved cover (001:92)', () => {
  it('"+5 to Reflex Defense becomes +10": twice the cover bonus', () => {
    expect(COVER_BONUS.cover).toBe(5);
    expect(COVER_BONUS.improved).toBe(5 * 2);
  });
});

describe('Regeneration 5 (Cold) (001:145)', () => {
  it('5 HP on its turn; cold damage stops it for 2 rounds, then it heals 5 again', () => {
    const regen = { max: 30, regeneration: 5 };
    // Its turn at 10 of 30 HP: "recovers 5 HP on its turn".
    const first = regenerationTurn({ ...regen, hp: 10, suppressedTurns: 0 });
    expect(first).toEqual({ hp: 15, healed: 5, suppressedTurns: 0 });
    // Then 4 cold damage (15 → 11): "Regeneration is suppressed for 2 rounds".
    expect(REGENERATION_SUPPRESSED_TURNS).toBe(2);
    const second = regenerationTurn({ ...regen, hp: 11, suppressedTurns: REGENERATION_SUPPRESSED_TURNS });
    expect(second).toEqual({ hp: 11, healed: 0, suppressedTurns: 1 });
    const third = regenerationTurn({ ...regen, hp: second.hp, suppressedTurns: second.suppressedTurns });
    expect(third).toEqual({ hp: 11, healed: 0, suppressedTurns: 0 });
    const fourth = regenerationTurn({ ...regen, hp: third.hp, suppressedTurns: third.suppressedTurns });
    expect(fourth).toEqual({ hp: 16, healed: 5, suppressedTurns: 0 });
  });
});

describe('Damage Reduction and Energy Resistance (001:96, 104)', () => {
  const hit = (dice: number[], reductions: { damageReduction?: number; energyResistance?: number }) =>
    sagaDamage({ weaponDice: dice, protection: 0, margin: 0, ...reductions }).final;

  it('"DR 5/- or DR 5/Magic": 5 against any weapon; 5/Magic is overcome by a magic weapon', () => {
    expect(damageReductionAgainst('5/-', [])).toBe(5);
    expect(damageReductionAgainst('5/-', { enhancement: 1 })).toBe(5);
    expect(damageReductionAgainst('5/Magic', [])).toBe(5);
    expect(damageReductionAgainst('5/Magic', { enhancement: 1 })).toBe(0);
  });

  it('"reduces the damage to 0 or below it is counted as not dealing damage": 4 − 5 → 0; 7 − 5 → 2', () => {
    expect(hit([4], { damageReduction: 5 })).toBe(0);
    expect(hit([7], { damageReduction: 5 })).toBe(2);
  });

  it('"Fire Resistance 10": fire damage 8 → 0, 12 → 2; cold damage is not resisted', () => {
    expect(energyResistanceAgainst({ fire: 10 }, ['fire'])).toBe(10);
    expect(energyResistanceAgainst({ fire: 10 }, ['cold'])).toBe(0);
    expect(hit([8], { energyResistance: 10 })).toBe(0);
    expect(hit([12], { energyResistance: 10 })).toBe(2);
  });
});
