/**
 * The Enlightened Grognard turn (seed 003:35, 44–45, 521, 524–576, 597–646, 759, 815–818, 1353–1357,
 * 1411; design R43–R46, A3, A12): the action budget and its trades, Run and Total Defense against an
 * attack, attacks of opportunity per round and what prevents one. Expected values worked out by hand
 * from those lines.
 */
import { describe, expect, it } from 'vitest';
import {
  egActionsLeft,
  newEgBudget,
  normalizeEgBudget,
  refundEgAction,
  spendEgAction,
  type EgBudget,
  type EgSpend,
} from '../../../src/rules/models/eg/action-budget.js';
import {
  egMayMakeOpportunityAttack,
  egOpportunityAttacksLeft,
  egOpportunityAttacksPerRound,
} from '../../../src/rules/models/eg/opportunity.js';

function ok(spend: EgSpend): EgBudget {
  if (!spend.ok) throw new Error(`refused: ${spend.reason}`);
  return spend.budget;
}

describe('the EG action budget (003:44–45, 600–607)', () => {
  it('a turn has one standard, one move and one swift action; the standard may be either lesser one', () => {
    const b = newEgBudget();
    expect([b.standard, b.move, b.swift]).toEqual([true, true, true]);
    // Two moves or two swifts with the standard (003:602), one standard.
    expect(egActionsLeft(b, 'standard')).toBe(1);
    expect(egActionsLeft(b, 'move')).toBe(2);
    expect(egActionsLeft(b, 'swift')).toBe(2);
  });

  it('two swift actions by giving up the standard, never a swift from the move (003:603–604)', () => {
    const one = spendEgAction(newEgBudget(), 'swift');
    expect(one).toMatchObject({ ok: true, paidWith: ['swift'] });
    const two = spendEgAction(ok(one), 'swift');
    expect(two).toMatchObject({ ok: true, paidWith: ['standard'] });
    // The move is left, and cannot pay for a third swift.
    expect(ok(two).move).toBe(true);
    expect(spendEgAction(ok(two), 'swift')).toEqual({ ok: false, reason: 'noSwift' });
  });

  it('two moves by giving up the standard; a move never pays for a standard', () => {
    const b = ok(spendEgAction(ok(spendEgAction(newEgBudget(), 'move')), 'move'));
    expect([b.standard, b.move, b.swift]).toEqual([false, false, true]);
    expect(spendEgAction(b, 'standard')).toEqual({ ok: false, reason: 'noStandard' });
    expect(spendEgAction(b, 'move')).toEqual({ ok: false, reason: 'noMove' });
  });

  it('no full-round action (003:35); immediate and free actions cost nothing', () => {
    expect(spendEgAction(newEgBudget(), 'full-round')).toEqual({ ok: false, reason: 'fullRound' });
    const b = newEgBudget();
    expect(spendEgAction(b, 'immediate')).toEqual({ ok: true, budget: b, paidWith: [] });
    expect(spendEgAction(b, 'free')).toEqual({ ok: true, budget: b, paidWith: [] });
  });

  it('a surprise round or a dazed creature: one standard action, spendable as a move or a swift (003:606–607, 646)', () => {
    const b = newEgBudget({ limited: true });
    expect([b.standard, b.move, b.swift]).toEqual([true, false, false]);
    const swift = spendEgAction(b, 'swift');
    expect(swift).toMatchObject({ ok: true, paidWith: ['standard'] });
    expect(spendEgAction(ok(swift), 'move')).toEqual({ ok: false, reason: 'noMove' });
  });

  it('Run is a move action and the turn may not attack; an attack forbids Run (003:815–816)', () => {
    const ran = ok(spendEgAction(newEgBudget(), 'run'));
    expect([ran.standard, ran.move, ran.ran]).toEqual([true, false, true]);
    expect(spendEgAction(ran, 'standard', { attack: true })).toEqual({ ok: false, reason: 'ranNoAttack' });
    // A standard action that is not an attack is still there.
    expect(spendEgAction(ran, 'standard')).toMatchObject({ ok: true, paidWith: ['standard'] });
    const attacked = ok(spendEgAction(newEgBudget(), 'standard', { attack: true }));
    expect(attacked.attacks).toBe(1);
    expect(spendEgAction(attacked, 'run')).toEqual({ ok: false, reason: 'attackedNoRun' });
    // Running again with the standard as a second move action is allowed.
    expect(spendEgAction(ran, 'run')).toMatchObject({ ok: true, paidWith: ['standard'] });
  });

  it('Total Defense is a standard action and the turn may not attack (003:759)', () => {
    const td = ok(spendEgAction(newEgBudget(), 'total-defense'));
    expect([td.standard, td.totalDefense]).toEqual([false, true]);
    expect(spendEgAction(td, 'swift', { attack: true })).toEqual({
      ok: false,
      reason: 'totalDefenseNoAttack',
    });
    const attacked = ok(spendEgAction(newEgBudget(), 'swift', { attack: true }));
    expect(spendEgAction(attacked, 'total-defense')).toEqual({ ok: false, reason: 'attackedNoTotalDefense' });
  });

  it('Undo is the exact inverse of each spend', () => {
    const start = ok(spendEgAction(newEgBudget(), 'move'));
    const cases: [Parameters<typeof spendEgAction>[1], { attack?: boolean }][] = [
      ['standard', { attack: true }],
      ['swift', {}],
      ['swift', { attack: true }],
      ['run', {}],
      ['total-defense', {}],
      ['move', {}],
    ];
    for (const [action, options] of cases) {
      const s = spendEgAction(start, action, options);
      if (!s.ok) throw new Error(`${action}: ${s.reason}`);
      expect(refundEgAction(s.budget, { action, paidWith: s.paidWith, ...options })).toEqual(start);
    }
  });

  it('a stored budget read back keeps what is well-formed and nothing else', () => {
    expect(normalizeEgBudget({ standard: false, move: 'no', attacks: 2, ran: true })).toEqual({
      standard: false,
      move: true,
      swift: true,
      attacks: 2,
      ran: true,
      totalDefense: false,
    });
    expect(normalizeEgBudget({ attacks: -1 }).attacks).toBe(0);
    expect(normalizeEgBudget({ attacks: 1.5 }).attacks).toBe(0);
    expect(normalizeEgBudget(null)).toEqual(newEgBudget());
  });
});

describe('EG attacks of opportunity (003:524–576, 1353–1357, 1411)', () => {
  it('one a round; Combat Reflexes adds the Dexterity modifier, a negative one nothing (003:560, 571)', () => {
    expect(egOpportunityAttacksPerRound({ dexModifier: 3, combatReflexes: false })).toBe(1);
    expect(egOpportunityAttacksPerRound({ dexModifier: 3, combatReflexes: true })).toBe(4);
    expect(egOpportunityAttacksPerRound({ dexModifier: 0, combatReflexes: true })).toBe(1);
    expect(egOpportunityAttacksPerRound({ dexModifier: -2, combatReflexes: true })).toBe(1);
    expect(egOpportunityAttacksLeft(4, 1)).toBe(3);
    expect(egOpportunityAttacksLeft(1, 3)).toBe(0);
  });

  it('refused when none is left, against cover (grappled, pinned, prone) or total concealment, twice for one action', () => {
    const base = { perRound: 2, used: 0 };
    expect(egMayMakeOpportunityAttack(base)).toEqual({ ok: true });
    expect(egMayMakeOpportunityAttack({ ...base, used: 2 })).toEqual({ ok: false, reason: 'noneLeft' });
    expect(egMayMakeOpportunityAttack({ ...base, targetStatuses: ['prone'] })).toEqual({
      ok: false,
      reason: 'cover',
    });
    expect(egMayMakeOpportunityAttack({ ...base, targetStatuses: new Set(['pinned']) })).toMatchObject({
      reason: 'cover',
    });
    expect(egMayMakeOpportunityAttack({ ...base, targetCover: true })).toMatchObject({ reason: 'cover' });
    expect(egMayMakeOpportunityAttack({ ...base, targetTotalConcealment: true })).toMatchObject({
      reason: 'totalConcealment',
    });
    expect(egMayMakeOpportunityAttack({ ...base, sameAction: true })).toMatchObject({ reason: 'sameAction' });
  });

  it('whatever prevents an immediate action prevents it (003:567–568): unconscious, dazed, disabled', () => {
    for (const status of ['unconscious', 'dazed', 'disabled', 'dying', 'stunned'])
      expect(egMayMakeOpportunityAttack({ perRound: 1, used: 0, attackerStatuses: [status] })).toEqual({
        ok: false,
        reason: 'noImmediate',
      });
    // Shaken does not.
    expect(egMayMakeOpportunityAttack({ perRound: 1, used: 0, attackerStatuses: ['shaken'] })).toEqual({
      ok: true,
    });
  });
});
