import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  criticalChain,
  criticalChainRoll,
  criticalKindForNatural,
  CRITICAL_NATURALS,
} from '../../../src/rules/criticals.js';
import { fixedDice, seededDice } from '../../../src/rules/dice.js';

describe('criticalChain (ATTACK ROLL › Critical Success / Critical Failure)', () => {
  it('1–8 add that amount on a critical success and end the chain', () => {
    for (let v = 1; v <= 8; v++) expect(criticalChain('success', [v])).toBe(v);
  });
  it('1–8 subtract that amount on a critical failure', () => {
    for (let v = 1; v <= 8; v++) expect(criticalChain('failure', [v])).toBe(-v);
  });
  it('9 adds 9 and rolls again ("you could conceivably add the results of several d10s")', () => {
    expect(criticalChain('success', [9, 3])).toBe(12);
    expect(criticalChain('success', [9, 9, 9, 1])).toBe(28);
    expect(criticalChain('failure', [9, 9, 4])).toBe(-22);
  });
  it('10 adds nothing and ends the chain', () => {
    expect(criticalChain('success', [10])).toBe(0);
    expect(criticalChain('success', [9, 10])).toBe(9);
    expect(criticalChain('failure', [9, 10])).toBe(-9);
  });
  it('DECISION d10 "10 (or 0)": a d10 face of 0 is read as 10', () => {
    expect(criticalChain('success', [0])).toBe(0);
    expect(criticalChain('failure', [9, 0])).toBe(-9);
  });
  it('a failure that adds nothing is +0, not -0', () => {
    expect(Object.is(criticalChain('failure', [10]), 0)).toBe(true);
  });
  it('throws RangeError for extra dice after the chain ended', () => {
    expect(() => criticalChain('success', [3, 4])).toThrow(RangeError);
    expect(() => criticalChain('success', [10, 9])).toThrow(RangeError);
    expect(() => criticalChain('failure', [9, 2, 5])).toThrow(RangeError);
  });
  it('throws RangeError for an empty or unfinished chain', () => {
    expect(() => criticalChain('success', [])).toThrow(RangeError);
    expect(() => criticalChain('success', [9])).toThrow(RangeError);
    expect(() => criticalChain('failure', [9, 9])).toThrow(RangeError);
  });
  it('throws RangeError for bad dice and kinds', () => {
    expect(() => criticalChain('success', [11])).toThrow(RangeError);
    expect(() => criticalChain('success', [-1])).toThrow(RangeError);
    expect(() => criticalChain('success', [Number.NaN])).toThrow(RangeError);
    expect(() => criticalChain('success', [2.5])).toThrow(RangeError);
    expect(() => criticalChain('crit' as never, [2])).toThrow(RangeError);
  });
});

describe('criticalChainRoll', () => {
  it('rolls d10s until one is not a 9', () => {
    expect(criticalChainRoll('success', fixedDice([9, 9, 5]))).toEqual({
      kind: 'success',
      d10s: [9, 9, 5],
      adjustment: 23,
    });
    expect(criticalChainRoll('failure', fixedDice([10]))).toEqual({
      kind: 'failure',
      d10s: [10],
      adjustment: 0,
    });
  });
  it('stops a broken source that returns 9 forever', () => {
    expect(() => criticalChainRoll('success', { roll: () => 9 })).toThrow(RangeError);
  });
});

describe('criticalKindForNatural', () => {
  it('20 starts a success chain, 1 a failure chain, others none', () => {
    expect(criticalKindForNatural(CRITICAL_NATURALS.success)).toBe('success');
    expect(criticalKindForNatural(CRITICAL_NATURALS.failure)).toBe('failure');
    for (let n = 2; n <= 19; n++) expect(criticalKindForNatural(n)).toBeNull();
    expect(() => criticalKindForNatural(0)).toThrow(RangeError);
    expect(() => criticalKindForNatural(21)).toThrow(RangeError);
  });
});

describe('criticalChain properties', () => {
  const chain = fc
    .tuple(
      fc.array(fc.constant(9), { maxLength: 6 }),
      fc.integer({ min: 0, max: 10 }).filter((v) => v !== 9),
    )
    .map(([nines, last]) => [...nines, last]);
  it('success ≥ 0, failure ≤ 0, and |adjustment| = 9 × nines + last (1–8) ', () => {
    fc.assert(
      fc.property(chain, (d10s) => {
        const nines = d10s.length - 1;
        const last = d10s[d10s.length - 1] as number;
        const expected = 9 * nines + (last === 0 || last === 10 ? 0 : last);
        expect(criticalChain('success', d10s)).toBe(expected);
        expect(criticalChain('failure', d10s)).toBe(0 - expected);
        expect(criticalChain('success', d10s)).toBeGreaterThanOrEqual(0);
        expect(criticalChain('failure', d10s)).toBeLessThanOrEqual(0);
      }),
    );
  });
  it('a chain of n dice is bounded by 9n', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const r = criticalChainRoll('success', seededDice(seed));
        expect(r.adjustment).toBeLessThanOrEqual(9 * r.d10s.length);
        expect(criticalChain('success', r.d10s)).toBe(r.adjustment);
      }),
    );
  });
});
