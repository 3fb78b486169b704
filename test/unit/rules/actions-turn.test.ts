import { describe, expect, it } from 'vitest';
import {
  beginTurnWithTrauma,
  blockAttackKind,
  newActionBudget,
  spendAbort,
  type ActionBudget,
} from '../../../src/rules/index.js';

function spent(times: number): ActionBudget {
  let budget = newActionBudget();
  for (let i = 0; i < times; i++) {
    const r = spendAbort(budget, 'block');
    if (!r.ok) throw new Error('refused');
    budget = r.budget;
  }
  return budget;
}

describe('the turn that begins (trauma, GnG "TRAUMA")', () => {
  it('without trauma: the actions aborts left, a fresh budget', () => {
    expect(beginTurnWithTrauma(spent(1), false)).toMatchObject({ move: false, attack: true, partial: false });
    expect(beginTurnWithTrauma(spent(1), false).budget).toEqual(newActionBudget());
  });
  it('decision D39: trauma allows one of the actions left (a partial action) and adds none', () => {
    expect(beginTurnWithTrauma(newActionBudget(), true)).toMatchObject({
      move: true,
      attack: true,
      partial: true,
    });
    expect(beginTurnWithTrauma(spent(1), true)).toMatchObject({ move: false, attack: true, partial: true });
    expect(beginTurnWithTrauma(spent(2), true)).toMatchObject({ move: false, attack: false, partial: false });
  });
});

describe('the kind of attack a Block faces', () => {
  it('decision D40: melee, thrown, projectile (bows, slings, crossbows), fast (firearms), energy', () => {
    expect(blockAttackKind({ mode: 'melee', thrown: true })).toBe('melee');
    expect(blockAttackKind({ mode: 'ranged', thrown: true })).toBe('thrown');
    expect(blockAttackKind({ mode: 'ranged' })).toBe('projectile');
    expect(blockAttackKind({ mode: 'ranged', firearm: true })).toBe('fast');
    expect(blockAttackKind({ mode: 'ranged', firearm: true, energy: true })).toBe('energy');
    expect(() => blockAttackKind({ mode: 'thrown' as 'melee' })).toThrow(RangeError);
  });
});
