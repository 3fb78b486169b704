/**
 * The order of a Time Count schedule (seed 002:243–250; design §2.2 R33, R34), with the text's own
 * example: Zherynn 6, Garret 7, Aeus 8 + 5 = 13; dagger SF 6, long sword SF 9.
 */
import { describe, expect, it } from 'vitest';
import { fixedDice } from '../../../src/rules/dice.js';
import { nextToAct, scheduleOrder } from '../../../src/rules/models/tc/schedule.js';
import { nextActCount, speedFactor, tcInitiative } from '../../../src/rules/models/tc/speed.js';

describe('the Time Count example (002:243)', () => {
  it('Zherynn 6 → 12, Garret 7 → 16, then Zherynn at 12 and Aeus at 13', () => {
    const next: Record<string, number> = {
      zherynn: tcInitiative({ dice: fixedDice([2]), wisdom: 0, surprised: false }).total,
      aeus: tcInitiative({ dice: fixedDice([4, 5]), wisdom: 0, surprised: true }).total,
      garret: tcInitiative({ dice: fixedDice([3]), wisdom: 0, surprised: false }).total,
    };
    expect(next).toEqual({ zherynn: 6, aeus: 13, garret: 7 });

    let turn = nextToAct(next, 0);
    expect(turn).toEqual({ count: 6, ids: ['zherynn'] });
    next.zherynn = nextActCount(6, speedFactor('fast', { random: false }).sf); // dagger SF 6
    expect(next.zherynn).toBe(12);

    turn = nextToAct(next, 6);
    expect(turn).toEqual({ count: 7, ids: ['garret'] });
    next.garret = nextActCount(7, speedFactor('standard', { random: false }).sf); // long sword SF 9
    expect(next.garret).toBe(16);

    expect(nextToAct(next, 7)).toEqual({ count: 12, ids: ['zherynn'] });
    expect(scheduleOrder(next, 7)).toEqual([
      { count: 12, ids: ['zherynn'] },
      { count: 13, ids: ['aeus'] },
      { count: 16, ids: ['garret'] },
    ]);
  });
});

describe('R33: equal counts act at the same time (002:248)', () => {
  it('everyone at the lowest count, in id order', () => {
    expect(nextToAct({ b: 9, a: 9, c: 10 }, 3)).toEqual({ count: 9, ids: ['a', 'b'] });
    expect(scheduleOrder({ b: 9, a: 9, c: 10 }, 3)).toEqual([
      { count: 9, ids: ['a', 'b'] },
      { count: 10, ids: ['c'] },
    ]);
  });

  it('a count already passed acts at the current count, with those due now', () => {
    expect(nextToAct({ late: 4, due: 8, later: 9 }, 8)).toEqual({ count: 8, ids: ['due', 'late'] });
  });

  it('nobody scheduled: null; a bad count is refused', () => {
    expect(nextToAct({}, 5)).toBeNull();
    expect(scheduleOrder({}, 5)).toEqual([]);
    expect(() => nextToAct({ a: Number.NaN }, 5)).toThrow(RangeError);
    expect(() => nextToAct({ a: 5 }, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
