import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ABORT_ACTIONS,
  QUICK_STAND_DC,
  abortsRemaining,
  beginTurn,
  freeAbortsPerRound,
  newActionBudget,
  resolveQuickStand,
  spendAbort,
  type AbortAction,
  type AbortFeats,
  type ActionBudget,
} from '../../../src/rules/index.js';

function spend(budget: ActionBudget, abort: AbortAction, feats?: AbortFeats) {
  const r = spendAbort(budget, abort, feats);
  if (!r.ok) throw new Error(`refused: ${r.reason}`);
  return r;
}

describe('the action budget (GnG "Abort Action")', () => {
  it('worked example: a Block uses the move action; the attack action is left for the next turn', () => {
    const r = spend(newActionBudget(), 'block');
    expect(r.paidWith).toBe('move');
    expect(beginTurn(r.budget)).toMatchObject({ move: false, attack: true });
  });
  it('worked example: two Dive for Cover spend the move, then the attack action; no actions that turn', () => {
    const first = spend(newActionBudget(), 'dive-for-cover');
    const second = spend(first.budget, 'dive-for-cover');
    expect([first.paidWith, second.paidWith]).toEqual(['move', 'attack']);
    expect(beginTurn(second.budget)).toMatchObject({ move: false, attack: false });
  });
  it('decision D3: after the move and attack actions are spent, no more aborts that round', () => {
    const second = spend(spend(newActionBudget(), 'block').budget, 'roll-with-blow');
    const third = spendAbort(second.budget, 'block');
    expect(third).toEqual({ ok: false, reason: 'out-of-actions', budget: second.budget });
    expect(abortsRemaining(second.budget, 'block')).toBe(0);
  });
  it('is immutable: spending returns a new budget and leaves the old one untouched', () => {
    const b = newActionBudget();
    const r = spend(b, 'block');
    expect(b.move).toBe(true);
    expect(r.budget).not.toBe(b);
    expect(Object.isFrozen(r.budget)).toBe(true);
  });
  it('decision D6: the turn starts a fresh budget (free counts and Quick Stand reset)', () => {
    const r = spend(newActionBudget(), 'block', { feats: ['improved-block'] });
    expect(r.paidWith).toBe('free');
    const turn = beginTurn(r.budget);
    expect(turn).toMatchObject({ move: true, attack: true });
    expect(turn.budget).toEqual(newActionBudget());
  });
  it('rejects a malformed budget', () => {
    expect(() => spendAbort({} as ActionBudget, 'block')).toThrow(RangeError);
    expect(() =>
      spendAbort({ ...newActionBudget(), freeUsed: { ...newActionBudget().freeUsed, block: -1 } }, 'block'),
    ).toThrow(RangeError);
  });
});

describe('free aborts per round (GnG Appendix 4)', () => {
  it('Improved X: one per round', () => {
    expect(freeAbortsPerRound('block', { feats: ['improved-block'] })).toBe(1);
    expect(freeAbortsPerRound('dive-for-cover', { feats: ['improved-dive-for-cover'] })).toBe(1);
    expect(freeAbortsPerRound('maintain-footing', { feats: ['improved-maintain-footing'] })).toBe(1);
    expect(freeAbortsPerRound('roll-with-blow', { feats: ['improved-roll-with-blow'] })).toBe(1);
    expect(freeAbortsPerRound('roll-with-blow', { feats: ['improved-block'] })).toBe(0);
    expect(freeAbortsPerRound('block')).toBe(0);
  });
  it('Advanced Block example: Dexterity modifier +3 → three free blocks each round (decision D5: not 1 + 3)', () => {
    expect(freeAbortsPerRound('block', { feats: ['improved-block', 'advanced-block'], dexModifier: 3 })).toBe(
      3,
    );
    expect(freeAbortsPerRound('block', { feats: ['improved-block', 'advanced-block'], dexModifier: 0 })).toBe(
      1,
    );
    expect(freeAbortsPerRound('roll-with-blow', { feats: ['advanced-roll-with-blow'], dexModifier: 2 })).toBe(
      2,
    );
  });
  it('Infinite Block: any number of blocks', () => {
    expect(freeAbortsPerRound('block', { feats: ['infinite-block'] })).toBe(Infinity);
    let budget = newActionBudget();
    for (let i = 0; i < 50; i++) budget = spend(budget, 'block', { feats: ['infinite-block'] }).budget;
    expect(budget.move && budget.attack).toBe(true);
  });
  it('decision D4: free aborts are used first, then move, then attack', () => {
    const feats: AbortFeats = { feats: ['improved-block', 'advanced-block'], dexModifier: 2 };
    let budget = newActionBudget();
    const paid: string[] = [];
    for (let i = 0; i < 4; i++) {
      const r = spend(budget, 'block', feats);
      paid.push(r.paidWith);
      budget = r.budget;
    }
    expect(paid).toEqual(['free', 'free', 'move', 'attack']);
    expect(spendAbort(budget, 'block', feats).ok).toBe(false);
    // Free Roll with Blow is counted separately.
    expect(spendAbort(budget, 'roll-with-blow', { feats: ['improved-roll-with-blow'] }).ok).toBe(true);
  });
  it('rejects unknown feats, a missing or bad Dexterity modifier', () => {
    expect(() => freeAbortsPerRound('block', { feats: ['block-master' as never] })).toThrow(/block-master/);
    expect(() => freeAbortsPerRound('block', { feats: ['advanced-block'] })).toThrow(RangeError);
    expect(() => freeAbortsPerRound('block', { feats: ['advanced-block'], dexModifier: 1.5 })).toThrow(
      RangeError,
    );
    expect(() => freeAbortsPerRound('dodge' as never)).toThrow(/dodge/);
  });
});

describe('Quick Stand (GnG "FREE ACTIONS")', () => {
  it('Tumble DC 20, once per round, provokes an attack of opportunity', () => {
    expect(QUICK_STAND_DC).toBe(20);
    const ok = resolveQuickStand(newActionBudget(), 20);
    expect(ok).toMatchObject({ ok: true, stood: true, provokesAttackOfOpportunity: true });
    if (!ok.ok) throw new Error('unexpected');
    expect(resolveQuickStand(ok.budget, 25)).toMatchObject({ ok: false, reason: 'already-used' });
    expect(resolveQuickStand(newActionBudget(), 19)).toMatchObject({ ok: true, stood: false });
    expect(resolveQuickStand(beginTurn(ok.budget).budget, 22)).toMatchObject({ ok: true, stood: true });
  });
  it('rejects a non-integer check', () => {
    expect(() => resolveQuickStand(newActionBudget(), 19.5)).toThrow(RangeError);
  });
});

describe('properties of the action budget', () => {
  const abort = fc.constantFrom(...ABORT_ACTIONS);
  const feats = fc.subarray([
    'improved-block',
    'advanced-block',
    'infinite-block',
    'improved-dive-for-cover',
    'advanced-dive-for-cover',
    'improved-roll-with-blow',
    'improved-maintain-footing',
  ] as const);
  it('never goes negative and refuses exactly when nothing is left', () => {
    fc.assert(
      fc.property(
        fc.array(abort, { maxLength: 30 }),
        feats,
        fc.integer({ min: -2, max: 6 }),
        (aborts, f, dex) => {
          const opts: AbortFeats = { feats: f, dexModifier: dex };
          let budget = newActionBudget();
          for (const a of aborts) {
            const before = abortsRemaining(budget, a, opts);
            const r = spendAbort(budget, a, opts);
            expect(r.ok).toBe(before > 0);
            budget = r.budget;
            for (const x of ABORT_ACTIONS) {
              expect(budget.freeUsed[x]).toBeGreaterThanOrEqual(0);
              expect(budget.freeUsed[x]).toBeLessThanOrEqual(freeAbortsPerRound(x, opts));
              expect(abortsRemaining(budget, x, opts)).toBeGreaterThanOrEqual(0);
            }
          }
          const paidActions = (budget.move ? 0 : 1) + (budget.attack ? 0 : 1);
          expect(paidActions).toBeGreaterThanOrEqual(0);
          expect(paidActions).toBeLessThanOrEqual(2);
          // The move action is always spent before the attack action.
          expect(!budget.attack && budget.move).toBe(false);
        },
      ),
    );
  });
});
