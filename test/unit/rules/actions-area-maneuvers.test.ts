import { describe, expect, it } from 'vitest';
import {
  BULL_RUSH_CHARGE_BONUS,
  THROW_CHECK_PENALTY,
  areaDamage,
  forcedMovementFeet,
  maneuverCheckParts,
  maneuverConditions,
  resolveDiveForCover,
  savingThrow,
} from '../../../src/rules/index.js';

describe('saving throws (core "Saving Throws")', () => {
  it('succeeds on total ≥ DC; a natural 20 always succeeds, a natural 1 always fails', () => {
    expect(savingThrow({ natural: 12, bonus: 3, dc: 15 })).toEqual({ total: 15, success: true });
    expect(savingThrow({ natural: 11, bonus: 3, dc: 15 })).toEqual({ total: 14, success: false });
    expect(savingThrow({ natural: 20, bonus: -5, dc: 30 }).success).toBe(true);
    expect(savingThrow({ natural: 1, bonus: 40, dc: 10 }).success).toBe(false);
  });
  it('rejects a d20 outside 1–20', () => {
    expect(() => savingThrow({ natural: 0, bonus: 0, dc: 10 })).toThrow(RangeError);
  });
});

describe('area damage (core "Area Effects", GnG "PROTECTION")', () => {
  it('decision "area order": a successful Reflex save halves (rounded down), then Protection is subtracted', () => {
    expect(areaDamage({ rolled: 21, saved: true, protection: 3 })).toEqual({
      rolled: 21,
      afterSave: 10,
      protection: 3,
      final: 7,
    });
    expect(areaDamage({ rolled: 21, saved: false, protection: 3 }).final).toBe(18);
    expect(areaDamage({ rolled: 4, saved: false, protection: 9 }).final).toBe(0);
  });
  it('Dive for Cover converts part of what is left: 20 damage, DC 20, Jump 26 → 6', () => {
    const dmg = areaDamage({ rolled: 20, saved: false, protection: 0 });
    expect(resolveDiveForCover({ jumpTotal: 26, reflexDc: 20, damage: dmg.final })).toMatchObject({
      converted: 6,
      lethal: 14,
      nonlethal: 6,
    });
  });
  it('rejects negative damage or Protection', () => {
    expect(() => areaDamage({ rolled: -1, saved: false, protection: 0 })).toThrow(RangeError);
    expect(() => areaDamage({ rolled: 1, saved: false, protection: -1 })).toThrow(RangeError);
  });
});

describe('maneuver checks (core "Bull Rush", "Trip"; GnG "Throw")', () => {
  it('decision "maneuver check": Bull Rush and Trip roll Strength, +2 charging (Bull Rush only); no size (Maintain Footing adds it)', () => {
    expect(
      maneuverCheckParts('bull-rush', { strengthModifier: 3, baseAttackBonus: 5, charging: true }),
    ).toEqual([
      { part: 'strength', value: 3 },
      { part: 'charging', value: BULL_RUSH_CHARGE_BONUS },
    ]);
    expect(maneuverCheckParts('trip', { strengthModifier: 3, baseAttackBonus: 5, charging: true })).toEqual([
      { part: 'strength', value: 3 },
    ]);
  });
  it('Throw: a grapple check (BAB + Str, Improved Grapple +4) with −4', () => {
    expect(
      maneuverCheckParts('throw', { strengthModifier: 2, baseAttackBonus: 5, improvedGrapple: true }),
    ).toEqual([
      { part: 'baseAttackBonus', value: 5 },
      { part: 'strength', value: 2 },
      { part: 'improvedGrapple', value: 4 },
      { part: 'throw', value: THROW_CHECK_PENALTY },
    ]);
    expect(() => maneuverCheckParts('wrench' as never, { strengthModifier: 0, baseAttackBonus: 0 })).toThrow(
      RangeError,
    );
  });
  it('distance moved: Bull Rush 5 ft + 5 per 5 points, Throw 5 per 5 points, Trip none', () => {
    expect(forcedMovementFeet('bull-rush', 0)).toBe(5);
    expect(forcedMovementFeet('bull-rush', 11)).toBe(15);
    expect(forcedMovementFeet('throw', 4)).toBe(0);
    expect(forcedMovementFeet('throw', 11)).toBe(10);
    expect(forcedMovementFeet('trip', 20)).toBe(0);
    expect(() => forcedMovementFeet('trip', -1)).toThrow(RangeError);
  });
});

describe('maneuver effects', () => {
  it('Trip and Throw knock prone; Bull Rush only moves', () => {
    expect(maneuverConditions('trip')).toEqual(['prone']);
    expect(maneuverConditions('throw')).toEqual(['prone']);
    expect(maneuverConditions('bull-rush')).toEqual([]);
  });
});
