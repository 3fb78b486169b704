/**
 * The Saga-style model's maximum HP (decision A15: the whole hit die at first level, its average
 * rounded up after, + the Constitution modifier per level, at least 1 HP a level). Worked by hand.
 */
import { describe, expect, it } from 'vitest';
import { averageRoll, hitDieOf, sagaMaxHitPoints } from '../../../src/rules/models/saga/hit-points.js';

describe('maximum hit points (A15)', () => {
  it('a d10 class, 3 levels, Con 14: 10 + 6 + 6 + 3 × 2 = 28', () => {
    const hp = sagaMaxHitPoints({
      con: 14,
      classes: [{ progression: 'good', levels: 3, hitDie: 10 }],
      size: 'medium',
    });
    expect(hp.max).toBe(28);
    expect(hp.parts.map((p) => [p.label.split('.').pop(), p.value])).toEqual([
      ['firstLevel', 10],
      ['laterLevels', 12],
      ['constitution', 6],
    ]);
  });

  it('averages rounded up: d4 3, d6 4, d8 5, d10 6, d12 7', () => {
    expect([4, 6, 8, 10, 12].map(averageRoll)).toEqual([3, 4, 5, 6, 7]);
  });

  it('multiclass: d8 ×1 then d6 ×2, Con 8: 8 + 4 + 4 − 3 = 13', () => {
    const hp = sagaMaxHitPoints({
      con: 8,
      classes: [
        { progression: 'average', levels: 1, hitDie: 8 },
        { progression: 'poor', levels: 2, hitDie: 6 },
      ],
      size: 'medium',
    });
    expect(hp.max).toBe(13);
  });

  it('a class without a hit die: by its HP progression (good d10, average d8, poor d6)', () => {
    expect(hitDieOf({ progression: 'good' })).toBe(10);
    expect(hitDieOf({ progression: 'average', hitDie: null })).toBe(8);
    expect(hitDieOf({ progression: 'poor' })).toBe(6);
    expect(
      sagaMaxHitPoints({ con: 10, classes: [{ progression: 'poor', levels: 2 }], size: 'large' }).max,
    ).toBe(10);
  });

  it('at least 1 HP a level: a d4, 3 levels, Con 3 (−4) has 3', () => {
    expect(
      sagaMaxHitPoints({ con: 3, classes: [{ progression: 'poor', levels: 3, hitDie: 4 }], size: 'medium' })
        .max,
    ).toBe(3);
  });

  it('Toughness +3 each and other modifiers count; no size multiplier', () => {
    const hp = sagaMaxHitPoints({
      con: 10,
      classes: [{ progression: 'good', levels: 1, hitDie: 12 }],
      toughness: 2,
      other: -1,
      size: 'huge',
    });
    expect(hp.max).toBe(12 + 6 - 1);
  });

  it('Con 0: 0 (dead); no Constitution score: no modifier', () => {
    expect(
      sagaMaxHitPoints({ con: 0, classes: [{ progression: 'good', levels: 2, hitDie: 10 }], size: 'medium' })
        .max,
    ).toBe(0);
    expect(
      sagaMaxHitPoints({
        con: null,
        classes: [{ progression: 'good', levels: 2, hitDie: 10 }],
        size: 'medium',
      }).max,
    ).toBe(16);
  });

  it('refuses a hit die that is not a d4–d12', () => {
    expect(() => hitDieOf({ progression: 'good', hitDie: 3 })).toThrow(RangeError);
    expect(() => hitDieOf({ progression: 'good', hitDie: 13 })).toThrow(RangeError);
    expect(() => hitDieOf({ progression: 'good', hitDie: 8.5 })).toThrow(RangeError);
  });
});
