/**
 * `refundAbort`, the Undo of one abort: the exact inverse of one `spendAbort` — what that spend paid
 * (a free abort, the next turn's move or attack action) is given back to the budget as it is now;
 * later spends stay spent.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ABORT_ACTIONS,
  newActionBudget,
  refundAbort,
  spendAbort,
  type AbortAction,
  type AbortFeats,
  type ActionBudget,
} from '../../../src/rules/index.js';

type Paid = 'free' | 'move' | 'attack';

function spend(budget: ActionBudget, abort: AbortAction, feats?: AbortFeats) {
  const r = spendAbort(budget, abort, feats);
  if (!r.ok) throw new Error(`refused: ${r.reason}`);
  return r;
}

describe('refundAbort: the inverse of one spend', () => {
  it('a Block paid with the move action: the move comes back', () => {
    const r = spend(newActionBudget(), 'block');
    expect(r.paidWith).toBe('move');
    expect(refundAbort(r.budget, 'block', 'move')).toEqual(newActionBudget());
  });

  it('the second abort paid with the attack action: the attack comes back, the move stays spent', () => {
    const first = spend(newActionBudget(), 'block');
    const second = spend(first.budget, 'roll-with-blow');
    expect([first.paidWith, second.paidWith]).toEqual(['move', 'attack']);
    expect(refundAbort(second.budget, 'roll-with-blow', 'attack')).toEqual(first.budget);
  });

  it('undoing the first of two aborts gives back one action; the remaining abort is paid with the move', () => {
    const first = spend(newActionBudget(), 'block');
    const second = spend(first.budget, 'block');
    expect([first.paidWith, second.paidWith]).toEqual(['move', 'attack']);
    const back = refundAbort(second.budget, 'block', first.paidWith);
    // As if only the second Block had been taken: it costs the move (GnG: a move action first).
    expect(back).toEqual(first.budget);
    expect(back).toMatchObject({ move: false, attack: true });
  });

  it('rejects an unknown abort or payment', () => {
    expect(() => refundAbort(newActionBudget(), 'dodge' as AbortAction, 'free')).toThrow(RangeError);
    expect(() => refundAbort(newActionBudget(), 'block', 'gold' as Paid)).toThrow(RangeError);
  });

  it("Improved Block's free Block: counted unused again, for that abort only", () => {
    const feats: AbortFeats = { feats: ['improved-block', 'improved-roll-with-blow'] };
    const block = spend(newActionBudget(), 'block', feats);
    const roll = spend(block.budget, 'roll-with-blow', feats);
    expect([block.paidWith, roll.paidWith]).toEqual(['free', 'free']);
    const back = refundAbort(roll.budget, 'block', 'free');
    expect(back.freeUsed).toEqual({ ...newActionBudget().freeUsed, 'roll-with-blow': 1 });
    expect(back).toMatchObject({ move: true, attack: true });
    // A free abort spent after the refund is free again.
    expect(spend(back, 'block', feats).paidWith).toBe('free');
  });

  it("an abort that cost nothing (out of combat: 'none') gives nothing back", () => {
    const budget = spend(newActionBudget(), 'dive-for-cover').budget;
    expect(refundAbort(budget, 'dive-for-cover', 'none')).toEqual(budget);
  });

  it('never counts fewer than zero free aborts used', () => {
    expect(refundAbort(newActionBudget(), 'block', 'free').freeUsed.block).toBe(0);
  });

  it('is immutable: returns a frozen budget and leaves the given one untouched', () => {
    const spent = spend(newActionBudget(), 'maintain-footing').budget;
    const copy = structuredClone({ ...spent, freeUsed: { ...spent.freeUsed } });
    const back = refundAbort(spent, 'maintain-footing', 'move');
    expect(spent).toEqual(copy);
    expect(back).not.toBe(spent);
    expect(Object.isFrozen(back)).toBe(true);
    expect(Object.isFrozen(back.freeUsed)).toBe(true);
  });

  it('keeps Quick Stand as it is', () => {
    const budget: ActionBudget = { ...newActionBudget(), move: false, quickStandUsed: true };
    expect(refundAbort(budget, 'block', 'move')).toMatchObject({ move: true, quickStandUsed: true });
  });

  it('rejects a malformed budget', () => {
    expect(() => refundAbort({} as ActionBudget, 'block', 'move')).toThrow(RangeError);
    expect(() =>
      refundAbort(
        { ...newActionBudget(), freeUsed: { ...newActionBudget().freeUsed, block: -1 } },
        'block',
        'free',
      ),
    ).toThrow(RangeError);
  });
});

describe('properties of refundAbort', () => {
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

  /** Spends `aborts` in turn from a fresh budget: the spends that were allowed, and the budget after. */
  function spendAll(aborts: AbortAction[], opts: AbortFeats) {
    let budget = newActionBudget();
    const spends: { abort: AbortAction; paidWith: Paid }[] = [];
    for (const a of aborts) {
      const r = spendAbort(budget, a, opts);
      if (!r.ok) continue;
      spends.push({ abort: a, paidWith: r.paidWith });
      budget = r.budget;
    }
    return { spends, budget };
  }

  it('refunding the last spend gives back the budget before it', () => {
    fc.assert(
      fc.property(
        fc.array(abort, { maxLength: 12 }),
        abort,
        feats,
        fc.integer({ min: -2, max: 6 }),
        (aborts, last, f, dex) => {
          const opts: AbortFeats = { feats: f, dexModifier: dex };
          const { budget } = spendAll(aborts, opts);
          const r = spendAbort(budget, last, opts);
          if (!r.ok) return;
          expect(refundAbort(r.budget, last, r.paidWith)).toEqual(budget);
        },
      ),
    );
  });

  it('refunding any subset of the spends, in any order, leaves exactly what the other spends paid', () => {
    fc.assert(
      fc.property(
        fc.array(abort, { maxLength: 12 }),
        feats,
        fc.integer({ min: -2, max: 6 }),
        fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        fc.array(fc.integer(), { minLength: 12, maxLength: 12 }),
        (aborts, f, dex, undo, keys) => {
          const opts: AbortFeats = { feats: f, dexModifier: dex };
          const { spends, budget } = spendAll(aborts, opts);
          const kept = spends.filter((_, i) => undo[i] !== true);
          // Any order: the undone spends sorted by the generated keys.
          const order = spends
            .map((s, i) => ({ s, key: keys[i] as number, undo: undo[i] === true }))
            .filter((entry) => entry.undo)
            .sort((x, y) => x.key - y.key);
          let after = budget;
          for (const { s } of order) after = refundAbort(after, s.abort, s.paidWith);
          // The spends that remain pay as the text orders it: the move first, then the attack.
          const paidWithActions = kept.filter((s) => s.paidWith !== 'free').length;
          expect(after.move).toBe(paidWithActions < 1);
          expect(after.attack).toBe(paidWithActions < 2);
          for (const a of ABORT_ACTIONS)
            expect(after.freeUsed[a]).toBe(kept.filter((s) => s.abort === a && s.paidWith === 'free').length);
          expect(after.quickStandUsed).toBe(false);
          // Everything undone: a fresh budget.
          if (kept.length === 0) expect(after).toEqual(newActionBudget());
        },
      ),
    );
  });
});
