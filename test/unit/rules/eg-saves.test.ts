/**
 * The Enlightened Grognard chapter's saving throws (seed 003:340–364; issue #31 R6). Expected values
 * worked out by hand from the lines quoted.
 */
import { describe, expect, it } from 'vitest';
import { tokenBonus } from '../../../src/rules/models/eg/token-uses.js';
import {
  EG_SAVE_ACTION,
  grantedSaveBonus,
  passiveSkill,
  resolveSave,
  saveBonus,
  saveChance,
  saveDefense,
} from '../../../src/rules/models/eg/saves.js';

describe('the save bonus (003:344–346)', () => {
  it('"if your Will defense is 26, your Will saving throw bonus is +2"', () => {
    expect(saveBonus(26)).toBe(2);
  });

  it('the remainder is discarded: 10 → +1, 19 → +1, 20 → +2, 9 → +0', () => {
    expect([9, 10, 19, 20, 29, 30].map(saveBonus)).toEqual([0, 1, 1, 2, 2, 3]);
  });

  it('a bad defense is refused', () => {
    expect(() => saveBonus(12.5)).toThrow(RangeError);
    expect(() => saveBonus(Number.NaN)).toThrow(RangeError);
  });

  it('costs a swift action; each kind is its defense', () => {
    expect(EG_SAVE_ACTION).toBe('swift');
    expect(saveDefense('will')).toBe('will');
    expect(() => saveDefense('luck' as 'will')).toThrow(RangeError);
  });
});

describe('rolling it (003:349–351, 362–364)', () => {
  it('d20 + bonus of 10 or more succeeds: 8 + 2 = 10 yes, 7 + 2 = 9 no', () => {
    expect(resolveSave({ natural: 8, bonus: 2 })).toEqual({
      natural: 8,
      total: 10,
      success: true,
      automatic: null,
      margin: 0,
    });
    expect(resolveSave({ natural: 7, bonus: 2 }).success).toBe(false);
    expect(resolveSave({ natural: 7, bonus: 2 }).margin).toBe(-1);
  });

  it('a natural 1 fails though 1 + 9 = 10; a natural 20 succeeds though 20 − 12 = 8', () => {
    const one = resolveSave({ natural: 1, bonus: 9 });
    expect(one.total).toBe(10);
    expect(one.success).toBe(false);
    expect(one.automatic).toBe('failure');
    const twenty = resolveSave({ natural: 20, bonus: -12 });
    expect(twenty.total).toBe(8);
    expect(twenty.success).toBe(true);
    expect(twenty.automatic).toBe('success');
  });

  it('other bonuses add (a granter’s, tokens’): 6 + 1 + 3 = 10', () => {
    expect(resolveSave({ natural: 6, bonus: 1, other: 3 }).success).toBe(true);
    expect(resolveSave({ natural: 6, bonus: 1, other: 2 }).success).toBe(false);
  });

  it('a die off 1–20 is refused', () => {
    expect(() => resolveSave({ natural: 0, bonus: 1 })).toThrow(RangeError);
    expect(() => resolveSave({ natural: 21, bonus: 1 })).toThrow(RangeError);
  });

  it('the chance: bonus +2 succeeds on 8–20 (13 in 20); +12 still fails on a 1 (19/20); −15 only on a 20', () => {
    expect(saveChance(2)).toBeCloseTo(13 / 20, 12);
    expect(saveChance(12)).toBeCloseTo(19 / 20, 12);
    expect(saveChance(-15)).toBeCloseTo(1 / 20, 12);
  });
});

describe('granting a save (003:354–355)', () => {
  it('passive skill = 10 + total (decision); the ally adds ⌊passive Heal / 10⌋', () => {
    expect(passiveSkill(7)).toBe(17);
    // Heal +7: passive 17 → +1; Heal +10: passive 20 → +2; Heal −1: passive 9 → +0.
    expect(grantedSaveBonus(7)).toBe(1);
    expect(grantedSaveBonus(10)).toBe(2);
    expect(grantedSaveBonus(-1)).toBe(0);
  });
});

describe('insight tokens on a save (003:417)', () => {
  it('+2 a token spent before the roll: 7 + 1 + 2 × 1 = 10 succeeds', () => {
    // The uses table (lane tokens) holds the +2; the save adds it.
    expect(tokenBonus('save', 3, 'proactive')).toBe(6);
    expect(
      resolveSave({ natural: 7, bonus: 1, other: tokenBonus('save', 1, 'proactive') as number }).success,
    ).toBe(true);
    expect(
      resolveSave({ natural: 6, bonus: 1, other: tokenBonus('save', 1, 'proactive') as number }).success,
    ).toBe(false);
  });
});
