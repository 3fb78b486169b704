/**
 * The Saga-style model's resolution and damage (seed 001; A9 criticals, A10 rounding). Worked by hand:
 * a hit of 1d8 (3) + 1d8 (5) + 1 + Strength 2 = 11.
 */
import { describe, expect, it } from 'vitest';
import { sagaDamage, weaknessDamage } from '../../../src/rules/models/saga/damage.js';
import { resolveSaga } from '../../../src/rules/models/saga/resolve.js';

const hit = { weaponDice: [3, 5], weaponBonus: 1, strengthBonus: 2, protection: 0, margin: 0 };

describe('one attack against a static defense (A2, A9)', () => {
  it('hits when the total reaches the defense; the margin is total − defense', () => {
    expect(resolveSaga(15, 15, 10)).toEqual({
      hit: true,
      margin: 0,
      automatic: null,
      critical: false,
      fumble: false,
    });
    expect(resolveSaga(14, 15, 10)).toMatchObject({ hit: false, margin: -1, automatic: null });
    expect(resolveSaga(20, 15)).toMatchObject({ hit: true, margin: 5 });
  });

  it('a natural 20 always hits and is a critical hit; a natural 1 always misses', () => {
    expect(resolveSaga(12, 15, 20)).toEqual({
      hit: true,
      margin: -3,
      automatic: 'hit',
      critical: true,
      fumble: false,
    });
    expect(resolveSaga(30, 15, 1)).toMatchObject({
      hit: false,
      margin: 15,
      automatic: 'miss',
      critical: false,
    });
  });

  it('refuses a die that is no d20', () => {
    expect(() => resolveSaga(10, 10, 21)).toThrow(RangeError);
  });
});

describe('damage (001:96–106, 128; A9, A10)', () => {
  it('dice + bonuses, no Protection and no margin: 11', () => {
    const r = sagaDamage({ ...hit, protection: 7, margin: 9 });
    expect(r.final).toBe(11);
    expect(r.lethal).toBe(11);
    expect(r.steps.protection).toBe(0);
    expect(r.steps.relativeDegree).toBe(0);
  });

  it('a critical hit doubles dice and modifiers: 22', () => {
    expect(sagaDamage({ ...hit, critical: true }).final).toBe(22);
  });

  it('ion: half (rounded down) on a living target, all of it on a mechanical one', () => {
    expect(sagaDamage({ ...hit, ion: true }).final).toBe(5);
    expect(sagaDamage({ ...hit, ion: true, critical: true }).final).toBe(11);
    expect(sagaDamage({ ...hit, ion: true, mechanical: true }).final).toBe(11);
  });

  it("weakness ×1.5 rounded down: the text's 4 → 6 (001:104); 11 → 16", () => {
    expect(weaknessDamage(4)).toBe(6);
    expect(sagaDamage({ ...hit, energy: 'weak' }).final).toBe(16);
  });

  it('immunity: none; absorption: none, and it heals the damage (001:106)', () => {
    expect(sagaDamage({ ...hit, energy: 'immune' })).toMatchObject({ final: 0, saga: { healed: 0 } });
    expect(sagaDamage({ ...hit, energy: 'absorbs' })).toMatchObject({ final: 0, saga: { healed: 11 } });
  });

  it('Damage Reduction and energy resistance take off, never below 0 (001:96, 104)', () => {
    expect(sagaDamage({ ...hit, damageReduction: 5 }).final).toBe(6);
    expect(sagaDamage({ ...hit, damageReduction: 15 }).final).toBe(0);
    expect(sagaDamage({ ...hit, energyResistance: 10 }).final).toBe(1);
    expect(sagaDamage({ ...hit, damageReduction: 5, energyResistance: 10 }).final).toBe(0);
  });

  it('nonlethal damage is counted as nonlethal', () => {
    expect(sagaDamage({ ...hit, nonlethal: true })).toMatchObject({ final: 11, lethal: 0, nonlethal: 11 });
  });

  it('refuses what it cannot read', () => {
    expect(() => sagaDamage({ ...hit, weaponDice: [0] })).toThrow(RangeError);
    expect(() => sagaDamage({ ...hit, energy: 'cold' as never })).toThrow(RangeError);
  });
});
