/**
 * The Saga-style model's turn (seed 001:5–21, 31–43, 156; design R31–R36, decisions A5, A6, A13):
 * the action budget and its trades, attacks of opportunity per round, refooting. Expected values
 * worked out by hand from those lines.
 */
import { describe, expect, it } from 'vitest';
import {
  newSagaBudget,
  normalizeSagaBudget,
  refundSagaAction,
  sagaActionsLeft,
  spendSagaAction,
  type SagaBudget,
  type SagaSpend,
} from '../../../src/rules/models/saga/action-budget.js';
import {
  mayMakeOpportunityAttack,
  opportunityAttacksLeft,
  opportunityAttacksPerRound,
} from '../../../src/rules/models/saga/opportunity.js';
import { normalizeRefootRecord, refoot, refootRefusal } from '../../../src/rules/models/saga/refooting.js';

function ok(spend: SagaSpend): SagaBudget {
  if (!spend.ok) throw new Error(`refused: ${spend.reason}`);
  return spend.budget;
}

describe('the action budget (001:5–21)', () => {
  it('a turn starts with one standard, one move and one swift action (001:5)', () => {
    const b = newSagaBudget();
    expect([b.standard, b.move, b.swift]).toEqual([true, true, true]);
    // The trades count: a move can also be paid by the standard; a swift by the move or the standard.
    expect(sagaActionsLeft(b, 'standard')).toBe(1);
    expect(sagaActionsLeft(b, 'move')).toBe(2);
    expect(sagaActionsLeft(b, 'swift')).toBe(3);
  });

  it('two move actions by sacrificing the standard (001:9), never a standard from a move', () => {
    const one = spendSagaAction(newSagaBudget(), 'move');
    expect(one).toMatchObject({ ok: true, paidWith: ['move'] });
    const two = spendSagaAction(ok(one), 'move');
    expect(two).toMatchObject({ ok: true, paidWith: ['standard'] });
    expect(spendSagaAction(ok(two), 'move')).toEqual({ ok: false, reason: 'noMove' });
    expect(spendSagaAction(ok(two), 'standard')).toEqual({ ok: false, reason: 'noStandard' });
    // The swift is still there.
    expect(ok(two).swift).toBe(true);
  });

  it('three swift actions by sacrificing the move and the standard (001:11), the lesser paying first', () => {
    let b = newSagaBudget();
    const paid: string[] = [];
    for (let i = 0; i < 3; i++) {
      const s = spendSagaAction(b, 'swift');
      if (!s.ok) throw new Error(s.reason);
      paid.push(...s.paidWith);
      b = s.budget;
    }
    expect(paid).toEqual(['swift', 'move', 'standard']);
    expect(spendSagaAction(b, 'swift')).toEqual({ ok: false, reason: 'noSwift' });
  });

  it('"not the other way around": a spent standard is not paid back by the move or the swift (001:5)', () => {
    const b = ok(spendSagaAction(newSagaBudget(), 'standard'));
    expect(spendSagaAction(b, 'standard')).toEqual({ ok: false, reason: 'noStandard' });
    expect(b.move && b.swift).toBe(true);
  });

  it('a full-round action takes the standard and the move (001:15), and needs both', () => {
    const s = spendSagaAction(newSagaBudget(), 'full-round');
    expect(s).toMatchObject({ ok: true, paidWith: ['standard', 'move'] });
    expect(ok(s)).toMatchObject({ standard: false, move: false, swift: true });
    const afterMove = ok(spendSagaAction(newSagaBudget(), 'move'));
    expect(spendSagaAction(afterMove, 'full-round')).toEqual({ ok: false, reason: 'fullRound' });
  });

  it('a step still allows a full-round action, but no move action to move (001:21)', () => {
    const stepped = ok(spendSagaAction(newSagaBudget(), 'step'));
    expect(spendSagaAction(stepped, 'full-round').ok).toBe(true);
    expect(spendSagaAction(stepped, 'move', { movement: true })).toEqual({ ok: false, reason: 'stepped' });
    // A move action that is not movement (drawing a weapon, opening a door: 001:9) is still allowed.
    expect(spendSagaAction(stepped, 'move').ok).toBe(true);
    // One step a turn, and none after moving (decision).
    expect(spendSagaAction(stepped, 'step')).toEqual({ ok: false, reason: 'stepped' });
    const moved = ok(spendSagaAction(newSagaBudget(), 'move', { movement: true }));
    expect(spendSagaAction(moved, 'step')).toEqual({ ok: false, reason: 'moved' });
  });

  it('Recover is three swift actions, the whole turn (decision A5)', () => {
    expect(spendSagaAction(newSagaBudget(), 'recover')).toMatchObject({
      ok: true,
      paidWith: ['standard', 'move', 'swift'],
      budget: { standard: false, move: false, swift: false },
    });
    const afterSwift = ok(spendSagaAction(newSagaBudget(), 'swift'));
    expect(spendSagaAction(afterSwift, 'recover')).toEqual({ ok: false, reason: 'recover' });
  });

  it('immediate and free actions cost nothing (001:17–19)', () => {
    const spent = ok(spendSagaAction(newSagaBudget(), 'recover'));
    expect(spendSagaAction(spent, 'free')).toMatchObject({ ok: true, paidWith: [], budget: spent });
    expect(spendSagaAction(spent, 'immediate')).toMatchObject({ ok: true, paidWith: [] });
  });

  it('a refund is the exact inverse of its spend', () => {
    const start = ok(spendSagaAction(newSagaBudget(), 'swift'));
    for (const [action, movement] of [
      ['move', true],
      ['move', false],
      ['swift', false],
      ['step', false],
      ['full-round', false],
    ] as const) {
      const s = spendSagaAction(start, action, { movement });
      if (!s.ok) throw new Error(`${action}: ${s.reason}`);
      expect(refundSagaAction(s.budget, { action, paidWith: s.paidWith, movement })).toEqual(start);
    }
  });

  it('refuses an unknown action; a stored budget is read field by field, anything else fresh', () => {
    expect(() => spendSagaAction(newSagaBudget(), 'attack' as never)).toThrow(RangeError);
    expect(normalizeSagaBudget(null)).toEqual(newSagaBudget());
    expect(normalizeSagaBudget({ standard: false, move: 'no', swift: 0, stepped: true })).toEqual({
      standard: false,
      move: true,
      swift: true,
      stepped: true,
      moved: false,
    });
  });
});

describe('attacks of opportunity per round (001:43, decisions A6 and A13)', () => {
  it('one a round; Combat Reflexes adds the Dexterity modifier, at least 1', () => {
    expect(opportunityAttacksPerRound({ dexModifier: 4, combatReflexes: false })).toBe(1);
    expect(opportunityAttacksPerRound({ dexModifier: 3, combatReflexes: true })).toBe(4);
    expect(opportunityAttacksPerRound({ dexModifier: 0, combatReflexes: true })).toBe(2);
    expect(opportunityAttacksPerRound({ dexModifier: -2, combatReflexes: true })).toBe(2);
  });

  it('what is left, and none against total concealment (001:73)', () => {
    expect(opportunityAttacksLeft(2, 1)).toBe(1);
    expect(opportunityAttacksLeft(1, 3)).toBe(0);
    expect(mayMakeOpportunityAttack({ perRound: 1, used: 0 })).toEqual({ ok: true });
    expect(mayMakeOpportunityAttack({ perRound: 1, used: 1 })).toEqual({ ok: false, reason: 'noneLeft' });
    expect(mayMakeOpportunityAttack({ perRound: 3, used: 0, targetTotalConcealment: true })).toEqual({
      ok: false,
      reason: 'totalConcealment',
    });
    expect(() => opportunityAttacksLeft(1, -1)).toThrow(RangeError);
  });
});

describe('refooting (001:156)', () => {
  it('once per encounter, from the first round on', () => {
    expect(refootRefusal({ record: null, round: 1 })).toBeNull();
    expect(refootRefusal({ record: null, round: 0 })).toBe('notStarted');
    expect(refootRefusal({ record: { round: 2, before: 5, after: 14 }, round: 4 })).toBe('used');
  });

  it('the new result stands even when it is worse', () => {
    expect(refoot({ round: 3, before: 17, rerolled: 4 })).toEqual({ round: 3, before: 17, after: 4 });
    expect(() => refoot({ round: 3, before: 17, rerolled: Number.NaN })).toThrow(RangeError);
  });

  it('a stored record is read back only when whole', () => {
    expect(normalizeRefootRecord({ round: 2, before: 5, after: 9 })).toEqual({
      round: 2,
      before: 5,
      after: 9,
    });
    expect(normalizeRefootRecord({ round: 0, before: 5, after: 9 })).toBeNull();
    expect(normalizeRefootRecord({ round: 2, before: '5', after: 9 })).toBeNull();
    expect(normalizeRefootRecord(true)).toBeNull();
  });
});
