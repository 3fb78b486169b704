/**
 * Initiative (d20 Modern SRD core rules, seed 004 line 183): "An initiative check is a Dexterity
 * check … anyone with the Improved Initiative feat gets an additional +4 bonus"; ties "go in order of
 * total initiative modifier". Expected values worked out by hand from that text.
 */
import { describe, expect, it } from 'vitest';
import {
  conditionRollModifier,
  initiativeCount,
  initiativeFormula,
  initiativeModifier,
  initiativeTiebreaker,
} from '../../../src/rules/index.js';

const base = { dexMod: 0, improvedInitiative: false, conditions: [], injury: 0, effects: 0 };

describe('initiativeModifier', () => {
  it('adds Dex and the +4 of Improved Initiative', () => {
    // Dex 16: +3; Improved Initiative: +4 → +7.
    expect(initiativeModifier({ ...base, dexMod: 3, improvedInitiative: true })).toEqual({
      dexterity: 3,
      improvedInitiative: 4,
      conditions: [],
      injury: 0,
      effects: 0,
      total: 7,
    });
    expect(initiativeModifier({ ...base, dexMod: 3 }).total).toBe(3);
  });

  it('counts conditions, the injury penalty and effects', () => {
    // Dex 8: −1; shaken −2; Light injury −2; an effect +1 → −4.
    const b = initiativeModifier({
      dexMod: -1,
      improvedInitiative: false,
      conditions: [{ condition: 'shaken', value: -2 }],
      injury: -2,
      effects: 1,
    });
    expect(b.total).toBe(-4);
    expect(b.conditions).toEqual([{ condition: 'shaken', value: -2 }]);
  });

  it('refuses a fractional part', () => {
    expect(() => initiativeModifier({ ...base, dexMod: 1.5 })).toThrow(RangeError);
  });
});

describe('conditions on initiative: a Dexterity check', () => {
  it.each([
    // GnG disabled ear: "a –2 penalty to initiative rolls".
    [['disabled-ear'], -2],
    // Shaken / sickened / panicked: −2 on ability checks.
    [['shaken'], -2],
    [['sickened'], -2],
    // Disabled leg / eye: −2 on Dexterity checks.
    [['disabled-leg'], -2],
    [['disabled-eye'], -2],
    // Disabled head: −2 on every roll but damage, counted once.
    [['disabled-head'], -2],
    // Two of them add: −2 −2.
    [['shaken', 'disabled-ear'], -4],
    [['prone'], 0],
  ])('%j gives %i', (conditions, total) => {
    expect(conditionRollModifier(conditions, 'initiative').total).toBe(total);
  });
});

describe('ties go to the higher total modifier', () => {
  it('adds (modifier + 50) / 100', () => {
    expect(initiativeTiebreaker(7)).toBe(0.57);
    expect(initiativeTiebreaker(0)).toBe(0.5);
    expect(initiativeTiebreaker(-3)).toBe(0.47);
    // Past the two decimals, the bounds.
    expect(initiativeTiebreaker(-60)).toBe(0);
    expect(initiativeTiebreaker(75)).toBe(0.99);
  });

  it('writes the formula with the modifier and the tiebreaker', () => {
    expect(initiativeFormula(7)).toBe('1d20 + 7 + 0.57');
    expect(initiativeFormula(-3)).toBe('1d20 - 3 + 0.47');
    expect(initiativeFormula(0)).toBe('1d20 + 0 + 0.50');
  });

  it('orders equal results by modifier, never different results', () => {
    // 15 + 3 and 13 + 5 are both 18: the +5 goes first.
    expect(initiativeCount(15, 3)).toBe(18.53);
    expect(initiativeCount(13, 5)).toBe(18.55);
    expect(initiativeCount(13, 5)).toBeGreaterThan(initiativeCount(15, 3));
    // 19 − 3 and 2 + 14 are both 16: the +14 goes first.
    expect(initiativeCount(19, -3)).toBe(16.47);
    expect(initiativeCount(2, 14)).toBe(16.64);
    // The fraction stays below 1, so a result one higher always goes first: 17 with −3 (17.47)
    // before 16 with +49 (16.99).
    expect(initiativeCount(20, -3)).toBe(17.47);
    expect(initiativeCount(-33, 49)).toBe(16.99);
    for (let m = -80; m <= 80; m += 1) expect(initiativeTiebreaker(m)).toBeLessThan(1);
  });
});
