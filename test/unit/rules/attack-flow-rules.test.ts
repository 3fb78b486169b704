/** Small engine pieces the attack flow needs: the Defense roll and nonlethal damage. */
import { describe, expect, it } from 'vitest';
import { defenseRollFromValues } from '../../../src/rules/attack.js';
import { applyNonlethalDamage, nonlethalCondition } from '../../../src/rules/damage-effects.js';

describe('Defense roll (DEFENSE; HELPLESS DEFENDERS)', () => {
  it('is d20 + Defense bonus, with no d10 chain on a natural 20 or 1', () => {
    expect(defenseRollFromValues({ natural: 14, bonus: 4 })).toEqual({
      natural: 14,
      bonus: 4,
      autoRollOne: false,
      total: 18,
    });
    expect(defenseRollFromValues({ natural: 20, bonus: 2 }).total).toBe(22);
    expect(defenseRollFromValues({ natural: 1, bonus: 2 }).total).toBe(3);
  });

  it('a helpless defender automatically rolls a 1', () => {
    expect(defenseRollFromValues({ bonus: -3, autoRollOne: true })).toEqual({
      natural: 1,
      bonus: -3,
      autoRollOne: true,
      total: -2,
    });
  });

  it('rejects a missing or impossible d20', () => {
    expect(() => defenseRollFromValues({ bonus: 0 })).toThrow(RangeError);
    expect(() => defenseRollFromValues({ natural: 21, bonus: 0 })).toThrow(RangeError);
  });
});

describe('nonlethal damage (core rules)', () => {
  it('adds to the nonlethal total; staggered at current HP, unconscious above', () => {
    expect(applyNonlethalDamage({ currentHp: 10, nonlethal: 2, damage: 3 })).toEqual({
      nonlethal: 5,
      condition: 'normal',
    });
    expect(applyNonlethalDamage({ currentHp: 10, nonlethal: 4, damage: 6 }).condition).toBe('staggered');
    expect(applyNonlethalDamage({ currentHp: 10, nonlethal: 4, damage: 7 }).condition).toBe('unconscious');
    expect(nonlethalCondition(0, 0)).toBe('normal');
    expect(() => applyNonlethalDamage({ currentHp: 10, nonlethal: 0, damage: -1 })).toThrow(RangeError);
  });
});
