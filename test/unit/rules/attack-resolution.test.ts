import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  attackHits,
  attackRollFromValues,
  coupDeGrace,
  COUP_DE_GRACE_RELATIVE_DEGREE,
  DEFENSE_ROLL_USES_CRITICAL_CHAIN,
  meleeAttackBonus,
  objectDefense,
  rangedAttackBonus,
  rangeIncrementNumber,
  rangePenalty,
  relativeDegree,
  resolveAttack,
  rollAttack,
  sneakAttackApplies,
  sneakAttackBonus,
  TOUCH_ATTACK_BONUS,
} from '../../../src/rules/attack.js';
import { fixedDice } from '../../../src/rules/dice.js';

describe('Relative Degree (RELATIVE DEGREE (RD))', () => {
  it('worked example: attack 24 vs defense 16 is RD +8', () => {
    expect(relativeDegree(24, 16)).toBe(8);
    expect(resolveAttack(24, 16)).toEqual({
      attackTotal: 24,
      defenseTotal: 16,
      hit: true,
      relativeDegree: 8,
    });
  });
  it('DECISION ties: attack equal to defense hits with RD 0 ("equals or beats")', () => {
    expect(attackHits(15, 15)).toBe(true);
    expect(resolveAttack(15, 15)).toMatchObject({ hit: true, relativeDegree: 0 });
    expect(attackHits(14, 15)).toBe(false);
  });
  it('RD is attack − defense for any integers (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -1000, max: 1000 }), (a, d) => {
        expect(relativeDegree(a, d)).toBe(a - d);
        expect(attackHits(a, d)).toBe(a >= d);
        expect(resolveAttack(a, d).hit).toBe(a - d >= 0);
      }),
    );
  });
  it('throws RangeError for NaN or fractional totals', () => {
    expect(() => relativeDegree(Number.NaN, 3)).toThrow(RangeError);
    expect(() => relativeDegree(3, Infinity)).toThrow(RangeError);
    expect(() => attackHits(1.5, 1)).toThrow(RangeError);
  });
});

describe('attack rolls (ATTACK ROLL)', () => {
  it('d20 + bonus without a chain on 2–19', () => {
    expect(rollAttack(fixedDice([12]), 5)).toMatchObject({
      natural: 12,
      critical: null,
      chainDice: [],
      total: 17,
    });
  });
  it('natural 20 rolls the success chain', () => {
    expect(rollAttack(fixedDice([20, 9, 4]), 3)).toMatchObject({
      natural: 20,
      critical: 'success',
      chainDice: [9, 4],
      chainAdjustment: 13,
      total: 36,
    });
  });
  it('natural 1 rolls the failure chain', () => {
    expect(rollAttack(fixedDice([1, 6]), 10)).toMatchObject({
      critical: 'failure',
      chainAdjustment: -6,
      total: 5,
    });
  });
  it('no automatic misses: a natural 1 can still hit ("there are no automatic hits and misses")', () => {
    const roll = rollAttack(fixedDice([1, 10]), 20);
    expect(resolveAttack(roll, 18).hit).toBe(true);
  });
  it('no automatic hits: a natural 20 can still miss', () => {
    const roll = rollAttack(fixedDice([20, 2]), -5);
    expect(roll.total).toBe(17);
    expect(resolveAttack(roll, 30).hit).toBe(false);
  });
  it('take 10 rolls no die and starts no chain', () => {
    expect(rollAttack(fixedDice([]), 4, { take10: true })).toMatchObject({
      natural: 10,
      take10: true,
      total: 14,
    });
  });
  it('from values: chain dice required exactly on 20 / 1', () => {
    expect(attackRollFromValues({ natural: 20, bonus: 2, chainDice: [10] }).total).toBe(22);
    expect(attackRollFromValues({ natural: 7, bonus: 2 }).total).toBe(9);
    expect(() => attackRollFromValues({ natural: 20, bonus: 2 })).toThrow(RangeError);
    expect(() => attackRollFromValues({ natural: 7, bonus: 2, chainDice: [3] })).toThrow(RangeError);
    expect(() => attackRollFromValues({ natural: 21, bonus: 0 })).toThrow(RangeError);
    expect(() => attackRollFromValues({ natural: 5, bonus: Number.NaN })).toThrow(RangeError);
  });
  it('DECISION defense natural 20/1: a Defense roll never starts a d10 chain', () => {
    expect(DEFENSE_ROLL_USES_CRITICAL_CHAIN).toBe(false);
  });
  it('rejects a die source that returns an impossible d20', () => {
    expect(() => rollAttack({ roll: () => 25 }, 0)).toThrow(RangeError);
  });
});

describe('attack bonus formulas (ATTACK ROLL › Attack Bonus)', () => {
  it('melee: BAB + Str + size', () => {
    expect(meleeAttackBonus({ baseAttackBonus: 3, strengthModifier: 2, size: 'large' })).toBe(4);
    expect(meleeAttackBonus({ baseAttackBonus: 0, strengthModifier: 0, size: 'fine' })).toBe(8);
  });
  it('Appendix 3 sample characters: rogue short sword +1, fighter bastard sword +9, monk unarmed +7', () => {
    expect(meleeAttackBonus({ baseAttackBonus: 0, strengthModifier: 1, size: 'medium' })).toBe(1);
    expect(meleeAttackBonus({ baseAttackBonus: 5, strengthModifier: 4, size: 'medium' })).toBe(9);
    expect(meleeAttackBonus({ baseAttackBonus: 6, strengthModifier: 1, size: 'medium' })).toBe(7);
  });
  it('ranged: BAB + Dex + size + range penalty', () => {
    expect(
      rangedAttackBonus({ baseAttackBonus: 2, dexterityModifier: 3, size: 'small', rangePenalty: -4 }),
    ).toBe(2);
    expect(() =>
      rangedAttackBonus({ baseAttackBonus: 2, dexterityModifier: 3, size: 'small', rangePenalty: 2 }),
    ).toThrow(RangeError);
    expect(() =>
      meleeAttackBonus({ baseAttackBonus: 2, strengthModifier: 1, size: 'enormous' as never }),
    ).toThrow(RangeError);
  });
  it('DECISION range increments: within the first increment no penalty, −2 per further increment begun', () => {
    expect(rangePenalty({ distanceFeet: 30, rangeIncrementFeet: 30 })).toBe(0);
    expect(rangePenalty({ distanceFeet: 35, rangeIncrementFeet: 30 })).toBe(-2);
    expect(rangePenalty({ distanceFeet: 300, rangeIncrementFeet: 30 })).toBe(-18);
    expect(() => rangePenalty({ distanceFeet: 301, rangeIncrementFeet: 30 })).toThrow(RangeError);
    expect(rangePenalty({ distanceFeet: 50, rangeIncrementFeet: 10, thrown: true })).toBe(-8);
    expect(() => rangePenalty({ distanceFeet: 55, rangeIncrementFeet: 10, thrown: true })).toThrow(
      RangeError,
    );
    expect(rangeIncrementNumber(0, 10)).toBe(1);
    expect(() => rangeIncrementNumber(-5, 10)).toThrow(RangeError);
    expect(() => rangeIncrementNumber(5, 0)).toThrow(RangeError);
  });
});

describe('touch attacks, sneak attack (Touch Attacks; SNEAK ATTACK)', () => {
  it('touch attacks get +4', () => expect(TOUCH_ATTACK_BONUS).toBe(4));
  it('+1d6 → +2, every further d6 → +1; worked example 5d6 → +6', () => {
    expect(sneakAttackBonus(0)).toBe(0);
    expect(sneakAttackBonus(1)).toBe(2);
    expect(sneakAttackBonus(2)).toBe(3);
    expect(sneakAttackBonus(5)).toBe(6);
    expect(() => sneakAttackBonus(-1)).toThrow(RangeError);
    expect(() => sneakAttackBonus(1.5)).toThrow(RangeError);
  });
  it('Appendix 3 rogue: Sneak Attack (+1d6) becomes "+2 to hit"', () => expect(sneakAttackBonus(1)).toBe(2));
  it('applies when the target is denied Dex or flanked; ranged only within 30 ft unless Sniper', () => {
    const base = { targetDeniedDexterity: true, flanking: false };
    expect(sneakAttackApplies({ ...base, ranged: false })).toBe(true);
    expect(sneakAttackApplies({ targetDeniedDexterity: false, flanking: true, ranged: false })).toBe(true);
    expect(sneakAttackApplies({ targetDeniedDexterity: false, flanking: false, ranged: false })).toBe(false);
    expect(sneakAttackApplies({ ...base, ranged: true, distanceFeet: 30 })).toBe(true);
    expect(sneakAttackApplies({ ...base, ranged: true, distanceFeet: 35 })).toBe(false);
    expect(sneakAttackApplies({ ...base, ranged: true, distanceFeet: 120, sniper: true })).toBe(true);
    expect(() => sneakAttackApplies({ ...base, ranged: true })).toThrow(RangeError);
    expect(() => sneakAttackApplies({ ...base, ranged: true, distanceFeet: Number.NaN })).toThrow(RangeError);
  });
});

describe('coup de grace (Coup de Grace)', () => {
  it('automatically hits a helpless foe with RD 20, full-round, provokes', () => {
    expect(coupDeGrace({ targetHelpless: true, ranged: false })).toEqual({
      action: 'full-round',
      provokesAttacksOfOpportunity: true,
      allowed: true,
      hit: true,
      relativeDegree: COUP_DE_GRACE_RELATIVE_DEGREE,
    });
    expect(COUP_DE_GRACE_RELATIVE_DEGREE).toBe(20);
  });
  it('ranged only when adjacent; never against a foe that is not helpless', () => {
    expect(coupDeGrace({ targetHelpless: true, ranged: true, adjacent: true }).allowed).toBe(true);
    expect(coupDeGrace({ targetHelpless: true, ranged: true }).allowed).toBe(false);
    expect(coupDeGrace({ targetHelpless: false, ranged: false })).toMatchObject({
      allowed: false,
      hit: false,
    });
  });
});

describe('object Defense (ATTACKING INANIMATE OBJECTS)', () => {
  it('stationary: fixed 1 + size modifier', () => {
    expect(objectDefense({ size: 'medium' })).toBe(1);
    expect(objectDefense({ size: 'tiny' })).toBe(3);
    expect(objectDefense({ size: 'colossal' })).toBe(-7);
  });
  it('moving: d20 + size modifier', () => {
    expect(objectDefense({ size: 'small', moving: true, natural: 12 })).toBe(13);
    expect(() => objectDefense({ size: 'small', moving: true })).toThrow(RangeError);
    expect(() => objectDefense({ size: 'pebble' as never })).toThrow(RangeError);
  });
});
