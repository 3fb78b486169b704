/**
 * Exact hit odds (issue #20), pinned against cases worked by hand from GnG "ATTACK ROLL": "you roll a
 * d20 and add your attack bonus … Your opponent rolls a d20 and adds his defense bonus. If your result
 * equals or beats the target's Defense, you hit"; "there are no automatic hits and misses"; a natural
 * 20 (1) rolls a d10 that adds (subtracts) 1–8, 9 "and roll an additional 1d10", 10 nothing. The
 * Defense roll starts no chain (docs/rules.md, attack decision 1).
 */
import { describe, expect, it } from 'vitest';
import { odds } from '../../src/rules/on-demand.js';

const { hitOdds, chainOdds, probabilityOf, mass } = odds;

describe('hit odds: d20 + bonus against d20 + bonus, ties to the attacker', () => {
  it('a plain d20 + 0 against d20 + 0', () => {
    // Naturals 2–19 (no chain) hit when the Defense d20 m ≤ n: Σ n/20 for n = 2…19 = 189/20 = 9.45.
    // A natural 20 (20 + chain ≥ 20 ≥ m) always hits: 1. A natural 1 hits only when the chain adds
    // nothing (d10 shows 10: 1/10) and m = 1: 1/200. P(hit) = (9.45 + 1 + 0.005) / 20 = 0.52275
    // (without the chains it would be 210/400 = 0.525: the natural 1's chain costs 0.00225).
    const h = hitOdds(0, 0);
    expect(h.hit).toBeCloseTo(0.52275, 12);
    expect(h.miss).toBeCloseTo(1 - 0.52275, 12);
    // Ties (RD 0): n = m for n = 2…19: 18/400; a natural 20 with a chain of 0 and m = 20, and a
    // natural 1 with a chain of 0 and m = 1: 2 × (1/20)(1/10)(1/20). 0.045 + 0.0005 = 0.0455.
    expect(probabilityOf(h.rd, 0)).toBeCloseTo(0.0455, 12);
    // The folded chain can change no hit here: a natural 20 always hits, a natural 1 with ≥ 1 d10 of
    // 9 always misses. The RD distribution's own bound is the two tails: 2 × (1/20) × 10⁻¹⁰.
    expect(h.truncation.hitErrorBound).toBe(0);
    expect(h.truncation.errorBound).toBeCloseTo(1e-11, 20);
  });

  it('a tie hits: d20 + 0 against a fixed Defense of 10', () => {
    // Naturals 10–19 reach 10 (10 of them; the natural 10 ties, RD 0), the natural 20 always, the
    // natural 1 (1 − chain) never: 11/20. Were ties misses it would be 10/20.
    const h = hitOdds(0, 10, { defense: 'fixed' });
    expect(h.hit).toBeCloseTo(11 / 20, 12);
    expect(probabilityOf(h.rd, 0)).toBeCloseTo(1 / 20, 12);
  });

  it('taking 10 against a fixed 10 is a sure tie, a sure hit with RD 0 and nothing cut off', () => {
    const h = hitOdds(0, 10, { defense: 'fixed', take10: true });
    expect(h.hit).toBe(1);
    expect(h.rd).toEqual({ min: 0, p: [1] });
    expect(h.truncation.errorBound).toBe(0);
  });

  it('a natural 20 chain reaches a Defense only it can', () => {
    // +0 against a fixed 25: only a natural 20 with a chain ≥ 5 hits. Chain < 5: faces 10, 1, 2, 3, 4
    // (5 of 10). P = (1/20)(1/2) = 0.025.
    expect(hitOdds(0, 25, { defense: 'fixed' }).hit).toBeCloseTo(0.025, 12);
    // Against 30 the chain must reach 10: the first d10 a 9 (1/10), the second not a 10 (9/10):
    // P = (1/20)(0.09) = 0.0045; RD 0 exactly when the chain is 9 then 1: (1/20)(1/100) = 0.0005.
    const h = hitOdds(0, 30, { defense: 'fixed' });
    expect(h.hit).toBeCloseTo(0.0045, 12);
    expect(probabilityOf(h.rd, 0)).toBeCloseTo(0.0005, 12);
  });

  it('a chain cut at 1 d10 states the error it makes, and stays within it', () => {
    // With one d10 followed, the 9 (1/10) is folded onto 9: a natural 20 reaches 29 at most, so
    // P(hit vs 30) comes out 0 instead of 0.0045; the stated bound is (1/20)(1/10) = 0.005.
    const h = hitOdds(0, 30, { defense: 'fixed', chainDepth: 1 });
    expect(h.hit).toBe(0);
    expect(h.truncation.hitErrorBound).toBeCloseTo(0.005, 15);
    expect(Math.abs(h.hit - 0.0045)).toBeLessThanOrEqual(h.truncation.hitErrorBound);
  });

  it('a natural 1 chain makes a sure hit miss', () => {
    // +30 against a fixed 25: every natural but 1 hits; a natural 1 totals 31 − chain and misses when
    // the chain is ≥ 7: faces 7, 8 (ending) or 9 (≥ 9): 3/10. P(miss) = (1/20)(3/10) = 0.015.
    expect(hitOdds(30, 25, { defense: 'fixed' }).miss).toBeCloseTo(0.015, 12);
  });

  it('the chain odds: P(adjustment = k) = 10^−(⌊k/9⌋+1), the tail folded at 9 × depth', () => {
    const c = chainOdds(3);
    expect(probabilityOf(c, 0)).toBeCloseTo(0.1, 15); // a 10
    expect(probabilityOf(c, 8)).toBeCloseTo(0.1, 15); // an 8
    expect(probabilityOf(c, 9)).toBeCloseTo(0.01, 15); // 9 then 10
    expect(probabilityOf(c, 17)).toBeCloseTo(0.01, 15); // 9 then 8
    expect(probabilityOf(c, 26)).toBeCloseTo(0.001, 15); // 9, 9, 8
    expect(probabilityOf(c, 27)).toBeCloseTo(0.001, 15); // 9, 9, 9 and beyond: folded
    expect(mass(c)).toBeCloseTo(1, 15);
  });

  it("a helpless defender's automatic 1", () => {
    // Defense = 1 + 5 = 6. Naturals 6–19 (14) and 20 hit; a natural 1 (1 − chain) never: 15/20.
    expect(hitOdds(0, 5, { defense: 'automatic-one' }).hit).toBeCloseTo(0.75, 12);
  });

  it('a coup de grace hits with RD 20 whatever the dice', () => {
    const h = hitOdds(-10, 40, { coupDeGrace: true });
    expect(h.hit).toBe(1);
    expect(h.rd).toEqual({ min: 20, p: [1] });
    expect(h.automatic).toBe(true);
  });

  it('refuses a chain depth it does not follow', () => {
    expect(() => hitOdds(0, 0, { chainDepth: 0 })).toThrow(RangeError);
    expect(() => hitOdds(0, 0, { chainDepth: 31 })).toThrow(RangeError);
    expect(() => hitOdds(0.5, 0)).toThrow(RangeError);
  });
});
