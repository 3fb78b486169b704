/**
 * The Enlightened Grognard's resolution and damage (seed 003:129–137, 207–218, 399–404, 1443–1446).
 * Expected values worked out by hand from the text.
 */
import { describe, expect, it } from 'vitest';
import { againstHelpless, isHelpless, resolveEg } from '../../../src/rules/models/eg/resolve.js';
import { egDamage, strengthDamage } from '../../../src/rules/models/eg/damage.js';

const base = { protection: 0, margin: 0 };

describe('resolve (003:129–137)', () => {
  it('equal or beat the defense hits; a natural 20 always hits and is critical; a natural 1 misses', () => {
    expect(resolveEg(15, 15, 10)).toMatchObject({ hit: true, margin: 0, critical: false, automatic: null });
    expect(resolveEg(14, 15, 9)).toMatchObject({ hit: false, margin: -1 });
    expect(resolveEg(22, 30, 20)).toMatchObject({ hit: true, critical: true, automatic: 'hit', margin: -8 });
    expect(resolveEg(30, 12, 1)).toMatchObject({ hit: false, critical: false, automatic: 'miss' });
    expect(resolveEg(12, 12, null)).toMatchObject({ hit: true });
    expect(() => resolveEg(12, 12, 21)).toThrow(RangeError);
  });

  it('a hit on a helpless defender is a critical hit (003:1446); a miss stays a miss', () => {
    expect(isHelpless(['prone', 'unconscious'])).toBe(true);
    expect(isHelpless(['prone'])).toBe(false);
    expect(againstHelpless(resolveEg(15, 12, 8), true).critical).toBe(true);
    expect(againstHelpless(resolveEg(10, 12, 8), true)).toMatchObject({ hit: false, critical: false });
    expect(againstHelpless(resolveEg(15, 12, 8), false).critical).toBe(false);
  });
});

describe('the Strength modifier on damage (003:212–218)', () => {
  it('× 1 one-handed, × 1½ two-handed (toward 0), none light or not melee', () => {
    expect(strengthDamage(3, 'one-handed')).toBe(3);
    expect(strengthDamage(3, 'two-handed')).toBe(4);
    expect(strengthDamage(4, 'two-handed')).toBe(6);
    expect(strengthDamage(-3, 'two-handed')).toBe(-4);
    expect(strengthDamage(3, 'light')).toBe(0);
    expect(strengthDamage(-2, 'light')).toBe(0);
    expect(strengthDamage(3, 'none')).toBe(0);
    expect(() => strengthDamage(3, 'off-hand' as never)).toThrow(/wield/);
  });
});

describe('damage (003:134–135, 210, 399–404)', () => {
  it('a longsword: 5 rolled + 3 Strength = 8', () => {
    const d = egDamage({ ...base, weaponDice: [5], strengthBonus: 3 });
    expect([d.final, d.lethal, d.nonlethal]).toEqual([8, 8, 0]);
    expect(d.eg).toMatchObject({ critical: false, dice: 5, minimum: false });
  });

  it('a critical hit deals maximum damage: every die at its highest face (2d6 → 12, + 3)', () => {
    const d = egDamage({ ...base, weaponDice: [1, 2], diceFaces: [6, 6], strengthBonus: 3, critical: true });
    expect(d.final).toBe(15);
    expect(d.eg.dice).toBe(12);
    expect(() => egDamage({ ...base, weaponDice: [1], critical: true })).toThrow(/diceFaces/);
  });

  it('a hit deals at least 1, whatever the penalties (1 − 3 → 1)', () => {
    const d = egDamage({ ...base, weaponDice: [1], strengthBonus: -3 });
    expect(d.final).toBe(1);
    expect(d.eg.minimum).toBe(true);
  });

  it('power tokens: +1 dealt each, −1 taken each, never below 1 (5 + 3 + 2 − 1 = 9; 5 + 3 − 10 → 1)', () => {
    expect(
      egDamage({ ...base, weaponDice: [5], strengthBonus: 3, tokens: { added: 2, prevented: 1 } }).final,
    ).toBe(9);
    const floored = egDamage({
      ...base,
      weaponDice: [5],
      strengthBonus: 3,
      tokens: { added: 0, prevented: 10 },
    });
    expect(floored.final).toBe(1);
    expect(() => egDamage({ ...base, weaponDice: [5], tokens: { added: -1, prevented: 0 } })).toThrow(
      RangeError,
    );
  });

  it('Damage Reduction and energy resistance come after the minimum (1 − DR 5 → 0); nonlethal stays nonlethal', () => {
    expect(egDamage({ ...base, weaponDice: [1], damageReduction: 5 }).final).toBe(0);
    expect(egDamage({ ...base, weaponDice: [6], energyResistance: 2, damageReduction: 1 }).final).toBe(3);
    const fist = egDamage({ ...base, weaponDice: [3], nonlethal: true });
    expect([fist.lethal, fist.nonlethal]).toEqual([0, 3]);
  });
});
