import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ADVANCED_GRAPPLE_PENALTY,
  CHOKE_EFFECT,
  GRAPPLE_MANEUVERS,
  IMPROVED_GRAPPLE_BONUS,
  WEAPON_GRAPPLE_BONUS,
  attackOfOpportunityStopsGrapple,
  canAttemptHold,
  chokeEffectRounds,
  escapeEnds,
  isTinyWeapon,
  canJoinGrapple,
  grapplerWeight,
  grappleCheckBonus,
  grappleDamage,
  grappleDamageSource,
  resolveChokeSave,
  resolveEscape,
  resolveGrappleCheck,
  resolveGrappleManeuver,
  resolvePin,
  throwEndsGrapple,
  weaponGrappleBonus,
} from '../../../src/rules/index.js';

describe('grapple check bonus (core "Grapple Checks"; GnG "GRAPPLING")', () => {
  it('BAB + Str modifier + grapple size modifier (core Table: Grapple Modifiers)', () => {
    const table: [Parameters<typeof grappleCheckBonus>[0]['size'], number][] = [
      ['colossal', 16],
      ['gargantuan', 12],
      ['huge', 8],
      ['large', 4],
      ['medium', 0],
      ['small', -4],
      ['tiny', -8],
      ['diminutive', -12],
      ['fine', -16],
    ];
    for (const [size, mod] of table) {
      expect(grappleCheckBonus({ baseAttackBonus: 5, strengthModifier: 3, size })).toBe(8 + mod);
    }
  });
  it('Improved Grapple: +4 on all grapple checks', () => {
    expect(IMPROVED_GRAPPLE_BONUS).toBe(4);
    expect(
      grappleCheckBonus({ baseAttackBonus: 5, strengthModifier: 3, size: 'medium', improvedGrapple: true }),
    ).toBe(12);
  });
  it('weapon bonuses: +2 one-handed, +4 two-handed, +2 more edged or piercing, none for tiny weapons', () => {
    expect(WEAPON_GRAPPLE_BONUS).toEqual({ oneHanded: 2, twoHanded: 4, edgedOrPiercing: 2, tiny: 0 });
    expect(weaponGrappleBonus({ hands: 'one-handed' })).toBe(2);
    expect(weaponGrappleBonus({ hands: 'two-handed' })).toBe(4);
    expect(weaponGrappleBonus({ hands: 'one-handed', edgedOrPiercing: true })).toBe(4);
    expect(weaponGrappleBonus({ hands: 'two-handed', edgedOrPiercing: true })).toBe(6);
  });
  it('decision D26: a tiny weapon gives nothing, not even the edged bonus; a light weapon is one-handed', () => {
    expect(weaponGrappleBonus({ hands: 'light', tiny: true, edgedOrPiercing: true })).toBe(0);
    expect(weaponGrappleBonus({ hands: 'light', edgedOrPiercing: true })).toBe(4);
  });
  it('grappling with a weapon needs Improved Grapple', () => {
    const input = {
      baseAttackBonus: 3,
      strengthModifier: 1,
      size: 'medium' as const,
      weapon: { hands: 'one-handed' as const },
    };
    expect(() => grappleCheckBonus(input)).toThrow(/Improved Grapple/);
    expect(grappleCheckBonus({ ...input, improvedGrapple: true })).toBe(3 + 1 + 4 + 2);
  });
  it('Stab and Grab: +4 on the initial check and +4 while lodged (decision D22: not both at once)', () => {
    const base = { baseAttackBonus: 3, strengthModifier: 1, size: 'medium' as const, improvedGrapple: true };
    expect(grappleCheckBonus({ ...base, stabAndGrab: 'initial' })).toBe(12);
    expect(grappleCheckBonus({ ...base, stabAndGrab: 'lodged' })).toBe(12);
  });
  it('Advanced Grapple actions take −4; Unbalance Opponent denies a Strength bonus but not a penalty', () => {
    expect(ADVANCED_GRAPPLE_PENALTY).toEqual({ choke: -4, lock: -4, throw: -4 });
    expect(
      grappleCheckBonus({ baseAttackBonus: 6, strengthModifier: 2, size: 'medium', maneuver: 'lock' }),
    ).toBe(4);
    expect(
      grappleCheckBonus({
        baseAttackBonus: 6,
        strengthModifier: 2,
        size: 'medium',
        strengthBonusDenied: true,
      }),
    ).toBe(6);
    expect(
      grappleCheckBonus({
        baseAttackBonus: 6,
        strengthModifier: -1,
        size: 'medium',
        strengthBonusDenied: true,
      }),
    ).toBe(5);
  });
  it('rejects bad input', () => {
    expect(() => grappleCheckBonus({ baseAttackBonus: 1.5, strengthModifier: 0, size: 'medium' })).toThrow(
      RangeError,
    );
    expect(() =>
      grappleCheckBonus({ baseAttackBonus: 1, strengthModifier: 0, size: 'big' as never }),
    ).toThrow(/big/);
    expect(() =>
      grappleCheckBonus({
        baseAttackBonus: 1,
        strengthModifier: 0,
        size: 'medium',
        maneuver: 'suplex' as never,
      }),
    ).toThrow(/suplex/);
    expect(() => weaponGrappleBonus({ hands: 'three-handed' as never })).toThrow(/three-handed/);
  });
});

describe('opposed grapple checks, damage and RD (GnG "RELATIVE DEGREE: Grappling", "Grapple Checks")', () => {
  it('RD = attacker check − defender check, added to grapple damage', () => {
    const r = resolveGrappleCheck(24, 16);
    expect(r).toEqual({ won: true, attackerTotal: 24, defenderTotal: 16, relativeDegree: 8 });
    expect(grappleDamage(3, r.relativeDegree)).toBe(11);
  });
  it('decision D24: the acting grappler wins a tie (RD 0)', () => {
    expect(resolveGrappleCheck(15, 15)).toMatchObject({ won: true, relativeDegree: 0 });
    expect(resolveGrappleCheck(14, 15).won).toBe(false);
    expect(() => grappleDamage(3, -1)).toThrow(RangeError);
  });
  it('decision D27: "whichever is higher" compares the averages of weapon and unarmed damage; ties → weapon', () => {
    expect(grappleDamageSource('1d8', '1d3')).toBe('weapon');
    expect(grappleDamageSource('1d4', '1d6')).toBe('unarmed');
    expect(grappleDamageSource('1d4+1', '1d6')).toBe('weapon');
    expect(grappleDamageSource(null, '1d3')).toBe('unarmed');
    expect(() => grappleDamageSource('club', '1d3')).toThrow(RangeError);
  });
  it('decision D25: a hold automatically fails against a target two or more sizes larger', () => {
    expect(canAttemptHold('medium', 'large')).toBe(true);
    expect(canAttemptHold('medium', 'huge')).toBe(false);
    expect(canAttemptHold('huge', 'medium')).toBe(true);
  });
});

describe('multiple grapplers (core "Multiple Grapplers")', () => {
  it('up to four; smaller counts ½, one step larger 2, two or more larger 4', () => {
    expect(grapplerWeight('medium', 'medium')).toBe(1);
    expect(grapplerWeight('small', 'medium')).toBe(0.5);
    expect(grapplerWeight('large', 'medium')).toBe(2);
    expect(grapplerWeight('huge', 'medium')).toBe(4);
    expect(canJoinGrapple(['medium', 'medium', 'medium'], 'medium', 'medium')).toBe(true);
    expect(canJoinGrapple(['medium', 'medium', 'medium', 'medium'], 'small', 'medium')).toBe(false);
    expect(canJoinGrapple(['large'], 'large', 'medium')).toBe(true);
    expect(canJoinGrapple(['huge'], 'small', 'medium')).toBe(false);
  });
  it('decision D38: creatures two or more sizes smaller also count as one-half', () => {
    expect(grapplerWeight('tiny', 'medium')).toBe(0.5);
    expect(canJoinGrapple(['tiny', 'tiny', 'tiny', 'tiny', 'tiny', 'tiny', 'tiny'], 'tiny', 'medium')).toBe(
      true,
    );
    expect(() => grapplerWeight('mouse' as never, 'medium')).toThrow(/mouse/);
  });
});

describe('Advanced Grapple: choke, lock, throw (GnG "Advanced Grappling")', () => {
  it('applies the −4 itself; a lock locks for a round and deals no damage', () => {
    const r = resolveGrappleManeuver('lock', 20, 16);
    expect(r).toMatchObject({
      won: true,
      attackerTotal: 16,
      relativeDegree: 0,
      conditions: ['locked'],
      dealsDamage: false,
    });
    expect(resolveGrappleManeuver('lock', 19, 16)).toMatchObject({ won: false, conditions: [] });
  });
  it('throw: prone, unarmed damage, 5 ft per 5 points beaten (decision D29: margin after the −4)', () => {
    const r = resolveGrappleManeuver('throw', 30, 15);
    expect(r).toMatchObject({
      won: true,
      relativeDegree: 11,
      throwMaxFeet: 10,
      conditions: ['prone'],
      dealsDamage: true,
    });
    expect(resolveGrappleManeuver('throw', 23, 15).throwMaxFeet).toBe(0);
    expect(resolveGrappleManeuver('throw', 24, 15).throwMaxFeet).toBe(5);
    expect(resolveGrappleManeuver('throw', 10, 15).throwMaxFeet).toBe(0);
  });
  it('decision D28: choke and throw damage add the RD of the (penalized) grapple check', () => {
    const r = resolveGrappleManeuver('throw', 27, 15); // 23 vs 15 → RD 8
    expect(grappleDamage(2, r.relativeDegree)).toBe(10);
    const c = resolveGrappleManeuver('choke', 19, 15); // 15 vs 15 → RD 0, a win
    expect(c.won).toBe(true);
    expect(grappleDamage(2, c.relativeDegree)).toBe(2);
  });
  it('decision D33: Wrench is named but never described, so it is not a grapple action', () => {
    expect(GRAPPLE_MANEUVERS).toEqual(['choke', 'lock', 'throw']);
    expect(() => resolveGrappleManeuver('wrench' as never, 20, 10)).toThrow(/wrench/);
  });
  it('throwing the opponent away ends the grapple; a throw in place does not have to', () => {
    expect(throwEndsGrapple(10, 10)).toBe(true);
    expect(throwEndsGrapple(0, 10)).toBe(false);
    expect(() => throwEndsGrapple(15, 10)).toThrow(RangeError);
    expect(() => throwEndsGrapple(7, 10)).toThrow(RangeError);
  });
  it('choke: damage on a win, then Fortitude DC 10 + ½ BAB + Str → stunned 1 round, dazed 1d4 rounds', () => {
    const r = resolveGrappleManeuver('choke', 22, 15);
    expect(r).toMatchObject({ won: true, relativeDegree: 3, dealsDamage: true, conditions: [] });
    expect(CHOKE_EFFECT).toEqual({ stunnedRounds: 1, dazedRounds: '1d4' });
    expect(
      resolveChokeSave({ damageDealt: 4, baseAttackBonus: 7, strengthModifier: 3, fortitudeSave: 15 }),
    ).toEqual({
      dc: 16,
      applies: true,
      stunnedRounds: 1,
      dazedRounds: '1d4',
    });
    expect(
      resolveChokeSave({ damageDealt: 4, baseAttackBonus: 7, strengthModifier: 3, fortitudeSave: 16 })
        .applies,
    ).toBe(false);
  });
  it('choke: needs at least 1 HP of damage; no Constitution or no blood flow → immune', () => {
    expect(resolveChokeSave({ damageDealt: 0, baseAttackBonus: 7, strengthModifier: 3 }).applies).toBe(false);
    expect(
      resolveChokeSave({
        damageDealt: 5,
        baseAttackBonus: 7,
        strengthModifier: 3,
        fortitudeSave: false,
        immune: true,
      }).applies,
    ).toBe(false);
    expect(() => resolveChokeSave({ damageDealt: 5, baseAttackBonus: 7, strengthModifier: 3 })).toThrow(
      /fortitudeSave/,
    );
  });
});

describe('pin and escape (core "Pin", "Escape from Grapple/Pin"; GnG "Locked")', () => {
  it('pin: opposed check, the opponent is pinned for 1 round', () => {
    expect(resolvePin(18, 12)).toMatchObject({ won: true, pinnedRounds: 1 });
    expect(resolvePin(11, 12)).toMatchObject({ won: false, pinnedRounds: 0 });
  });
  it('decision D24: escape must beat every opponent — a tie does not escape', () => {
    expect(resolveEscape(18, [12])).toEqual({ escaped: true, margin: 6 });
    expect(resolveEscape(18, [12, 18])).toEqual({ escaped: false, margin: 0 });
    expect(resolveEscape(20, [12, 19, 7])).toEqual({ escaped: true, margin: 1 });
    expect(() => resolveEscape(20, [])).toThrow(RangeError);
    expect(() => resolveEscape(20, [1.5])).toThrow(RangeError);
  });
  it('property: the throw distance is a multiple of 5 and never exceeds the margin', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 80 }), fc.integer({ min: -10, max: 80 }), (a, d) => {
        const r = resolveGrappleManeuver('throw', a, d);
        expect(r.throwMaxFeet % 5).toBe(0);
        expect(r.throwMaxFeet).toBeLessThanOrEqual(Math.max(0, r.relativeDegree));
        expect(r.won).toBe(a - 4 >= d);
      }),
    );
  });
});

describe('grapple card rules (decisions G1, G3, G5, G6)', () => {
  it('decision G1: an attack of opportunity that dealt any damage stops the start', () => {
    const hp = { value: 20, temp: 3, nonlethal: 0 };
    expect(attackOfOpportunityStopsGrapple(hp, hp)).toBe(false);
    expect(attackOfOpportunityStopsGrapple(hp, { ...hp, temp: 0 })).toBe(true); // temporary HP count
    expect(attackOfOpportunityStopsGrapple(hp, { ...hp, nonlethal: 2 })).toBe(true);
    expect(attackOfOpportunityStopsGrapple(hp, { ...hp, value: 25 })).toBe(false); // healed
    expect(() => attackOfOpportunityStopsGrapple(hp, { ...hp, temp: -1 })).toThrow(RangeError);
  });
  it('decision G5: choke stuns 1 round and dazes the stunned round + 1d4', () => {
    expect(chokeEffectRounds(1)).toEqual({ stunned: 1, dazed: 2 });
    expect(chokeEffectRounds(4)).toEqual({ stunned: 1, dazed: 5 });
    fc.assert(fc.property(fc.integer({ min: 1, max: 4 }), (d4) => chokeEffectRounds(d4).dazed === 1 + d4));
    expect(() => chokeEffectRounds(0)).toThrow(RangeError);
    expect(() => chokeEffectRounds(5)).toThrow(RangeError);
    expect(() => chokeEffectRounds(2.5)).toThrow(RangeError);
  });
  it('decision G6: escaping a pin or a lock keeps the grapple; otherwise the grapple ends', () => {
    expect(escapeEnds({ pinned: true, locked: false })).toBe('hold');
    expect(escapeEnds({ pinned: false, locked: true })).toBe('hold');
    expect(escapeEnds({ pinned: false, locked: false })).toBe('grapple');
  });
  it('decision G3: a tiny weapon is one made for a Tiny or smaller wielder', () => {
    expect(isTinyWeapon('tiny')).toBe(true);
    expect(isTinyWeapon('fine')).toBe(true);
    expect(isTinyWeapon('small')).toBe(false);
    expect(isTinyWeapon('medium')).toBe(false);
    expect(() => isTinyWeapon('huge-ish' as never)).toThrow(RangeError);
  });
});
