/**
 * Breaking strikes and nerve strikes (GnG Appendix 4): requirements, save DC ability, when the
 * save or check happens, and the opposed checks of Break Stance, Break Balance and Break Grip.
 */
import { describe, expect, it } from 'vitest';
import {
  BREAK_GRIP_CHECK,
  BREAKING_STRIKE_CHECK,
  resolveBreakBalance,
  resolveBreakGrip,
  resolveBreakStance,
  specialStrikeUnmet,
  strikeFamily,
  strikeResolves,
  strikeSaveAbilityModifier,
  strikeSaveDc,
  type SpecialStrikeRequest,
} from '../../../src/rules/index.js';

const base: SpecialStrikeRequest = {
  strike: 'rip-mind',
  feats: ['basic-nerve-strikes'],
  melee: true,
  unarmed: false,
  proficient: true,
};

describe('special strike requirements (specialStrikeUnmet)', () => {
  it('allowed with the feat, a melee weapon the attacker is proficient with', () => {
    expect(specialStrikeUnmet(base)).toBeNull();
  });

  it.each([
    [{ feats: [] }, 'feat'],
    [{ feats: ['improved-nerve-strikes'] }, 'feat'],
    [{ melee: false }, 'melee'],
    [{ proficient: false }, 'proficient'],
    [{ unarmed: true, proficient: false }, 'improved-unarmed-strike'],
    [{ targetNoAnatomy: true }, 'no-discernible-anatomy'],
    [{ targetSizeSteps: 2 }, 'target-too-large'],
    [{ charging: true }, 'charge'],
  ] as const)('%j → %s', (change, reason) => {
    expect(specialStrikeUnmet({ ...base, ...change })).toBe(reason);
  });

  it('unarmed with Improved Unarmed Strike needs no proficiency; one size larger is allowed', () => {
    expect(
      specialStrikeUnmet({
        ...base,
        unarmed: true,
        proficient: false,
        feats: ['basic-nerve-strikes', 'improved-unarmed-strike'],
        targetSizeSteps: 1,
      }),
    ).toBeNull();
  });

  it('breaking strikes ignore anatomy, size and charging (the text limits only nerve strikes)', () => {
    expect(
      specialStrikeUnmet({
        ...base,
        strike: 'break-spirit',
        feats: ['basic-breaking-strikes'],
        targetNoAnatomy: true,
        targetSizeSteps: 4,
        charging: true,
      }),
    ).toBeNull();
  });

  it('Break Grip / Break Weapon need the chosen item; Rip Senses the chosen sense', () => {
    const breaking = { ...base, feats: ['improved-breaking-strikes', 'advanced-breaking-strikes'] };
    expect(specialStrikeUnmet({ ...breaking, strike: 'break-grip' })).toBe('item');
    expect(specialStrikeUnmet({ ...breaking, strike: 'break-weapon', item: true })).toBeNull();
    expect(specialStrikeUnmet({ ...base, strike: 'rip-senses' })).toBe('sense');
    expect(specialStrikeUnmet({ ...base, strike: 'rip-senses', sense: 'smell' })).toBe('sense');
    expect(specialStrikeUnmet({ ...base, strike: 'rip-senses', sense: 'deafened' })).toBeNull();
  });

  it('unknown strike → RangeError', () => {
    expect(() => specialStrikeUnmet({ ...base, strike: 'wrench' })).toThrow(RangeError);
    expect(strikeFamily('break-body')).toBe('breaking');
    expect(strikeFamily('rip-body')).toBe('nerve');
  });
});

describe('save DC and when the strike resolves', () => {
  it('Feather Touch: a nerve strike uses the better of Str and Dex; breaking strikes keep Str', () => {
    expect(strikeSaveAbilityModifier('rip-mind', { str: 1, dex: 4 })).toBe(1);
    expect(strikeSaveAbilityModifier('rip-mind', { str: 1, dex: 4 }, ['feather-touch'])).toBe(4);
    expect(strikeSaveAbilityModifier('rip-mind', { str: 3, dex: 2 }, ['feather-touch'])).toBe(3);
    expect(strikeSaveAbilityModifier('break-body', { str: 1, dex: 4 }, ['feather-touch'])).toBe(1);
    // 5th-level fighter, Str 18: 10 + 2 + 4.
    expect(strikeSaveDc(5, 4)).toBe(16);
  });

  it('saves and Break Grip need 1 HP of damage; Break Stance and Break Balance do not; Break Weapon never', () => {
    expect(strikeResolves('rip-mind', 0)).toBe(false);
    expect(strikeResolves('rip-mind', 1)).toBe(true);
    expect(strikeResolves('break-grip', 0)).toBe(false);
    expect(strikeResolves('break-stance', 0)).toBe(true);
    expect(strikeResolves('break-balance', 0)).toBe(true);
    expect(strikeResolves('break-weapon', 10)).toBe(false);
  });
});

describe('opposed checks', () => {
  it('Break Stance: larger +4 per size step, ties to the attacker, 5 ft + 5 ft per 5 points', () => {
    const r = resolveBreakStance({
      attackerNatural: 10,
      defenderNatural: 5,
      attackerStrength: 4,
      defenderStrength: 0,
      sizeSteps: 1,
    });
    expect(r.attacker.total).toBe(10 + 4 + BREAKING_STRIKE_CHECK.sizeBonusPerStep);
    expect(r.margin).toBe(13);
    expect(r.pushFeet).toBe(5 + 2 * 5);
    const tie = resolveBreakStance({
      attackerNatural: 7,
      defenderNatural: 9,
      attackerStrength: 2,
      defenderStrength: 0,
      sizeSteps: 0,
    });
    expect(tie).toMatchObject({ won: true, margin: 0, pushFeet: 5 });
    const lost = resolveBreakStance({
      attackerNatural: 2,
      defenderNatural: 9,
      attackerStrength: 2,
      defenderStrength: 0,
      sizeSteps: -1,
      charging: true,
      defenderStable: true,
    });
    expect(lost.attacker.total).toBe(2 + 2 + 2);
    expect(lost.defender.total).toBe(9 + 4 + 4);
    expect(lost).toMatchObject({ won: false, pushFeet: 0 });
  });

  it('Break Balance: the defender uses the better of Str and Dex; size counts from Medium for each', () => {
    const r = resolveBreakBalance({
      attackerNatural: 10,
      defenderNatural: 10,
      attackerStrength: 2,
      defenderStrength: 0,
      defenderDexterity: 3,
      attackerSizeFromMedium: 1,
      defenderSizeFromMedium: -1,
    });
    expect(r.attacker.total).toBe(10 + 2 + 4);
    expect(r.defender.total).toBe(10 + 3 - 4);
    expect(r.won).toBe(true);
  });

  it('Break Grip: two-handed +4, light −4, not a melee weapon −4; the attacker must beat the defender', () => {
    const r = resolveBreakGrip({
      attackerNatural: 10,
      defenderNatural: 10,
      attackerAttackBonus: 5,
      defenderAttackBonus: 1,
      attackerHold: 'light',
      defenderHold: 'two-handed',
      sizeSteps: 0,
      itemIsMeleeWeapon: true,
    });
    expect(r.attacker.total).toBe(10 + 5 + BREAK_GRIP_CHECK.lightPenalty);
    expect(r.defender.total).toBe(10 + 1 + BREAK_GRIP_CHECK.twoHandedBonus);
    expect(r.won).toBe(false); // a tie: "If you beat your target"
    const shield = resolveBreakGrip({
      attackerNatural: 10,
      defenderNatural: 10,
      attackerAttackBonus: 0,
      defenderAttackBonus: 0,
      attackerHold: 'one-handed',
      defenderHold: 'one-handed',
      sizeSteps: 0,
      itemIsMeleeWeapon: false,
    });
    expect(shield.defender.total).toBe(10 + BREAK_GRIP_CHECK.notMeleeWeaponPenalty);
    expect(shield.won).toBe(true);
  });
});
