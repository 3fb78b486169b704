/**
 * The dying (core "Dying", "Stabilize Dying Character" with GnG "DISABLED, DYING, AND DEAD") and
 * temporary HP (GnG "TEMPORARY HIT POINTS"). Expected values are worked out by hand in the comments.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixedDice, seededDice } from '../../../src/rules/dice.js';
import {
  dyingRound,
  gainTemporaryHitPoints,
  healCheckStabilizes,
  hitPointsWithTemporary,
  rollHealToStabilize,
  STABILIZE_HEAL_DC,
  temporaryHitPointsGained,
} from '../../../src/rules/dying.js';
import { applyDamageToHitPoints } from '../../../src/rules/hit-points.js';
import { SIZES, type Size } from '../../../src/rules/types.js';

describe("a dying creature's own roll each round", () => {
  it('d% ≤ Con stabilizes and costs nothing: Con 13, roll 13', () => {
    expect(dyingRound({ currentHp: -3, con: 13, size: 'medium' }, fixedDice([13]))).toEqual({
      roll: 13,
      chance: 13,
      stable: true,
      hpLost: 0,
      current: -3,
      condition: 'dying',
    });
  });

  it('d% above Con: not stable, loses 1 HP: −3 → −4', () => {
    expect(dyingRound({ currentHp: -3, con: 13, size: 'medium' }, fixedDice([14]))).toMatchObject({
      stable: false,
      hpLost: 1,
      current: -4,
      condition: 'dying',
    });
  });

  it('the lost point can kill: Medium −9 → −10 dead; Tiny −7 → −8 dead; Large −9 → −10 dead', () => {
    expect(dyingRound({ currentHp: -9, con: 13, size: 'medium' }, fixedDice([90])).condition).toBe('dead');
    expect(dyingRound({ currentHp: -7, con: 13, size: 'tiny' }, fixedDice([90])).condition).toBe('dead');
    expect(dyingRound({ currentHp: -9, con: 13, size: 'large' }, fixedDice([90])).condition).toBe('dead');
    // Tiny −6 → −7 is still above −8: dying.
    expect(dyingRound({ currentHp: -6, con: 13, size: 'tiny' }, fixedDice([90])).condition).toBe('dying');
  });

  it('the chance is the Con score (not a flat 10%): Con 3 fails on a 4, Con 18 succeeds on an 18', () => {
    expect(dyingRound({ currentHp: -1, con: 3, size: 'medium' }, fixedDice([4])).stable).toBe(false);
    expect(dyingRound({ currentHp: -1, con: 18, size: 'medium' }, fixedDice([18])).stable).toBe(true);
  });

  it('the chance is shown at most 100: Con 120', () => {
    expect(dyingRound({ currentHp: -1, con: 120, size: 'medium' }, fixedDice([100]))).toMatchObject({
      chance: 100,
      stable: true,
    });
  });

  it.each<[string, { currentHp: number; con: number; size: Size }]>([
    ['not dying: 0 HP (disabled)', { currentHp: 0, con: 13, size: 'medium' }],
    ['not dying: already dead at −10', { currentHp: -10, con: 13, size: 'medium' }],
    ['not dying: Fine at −2 is dead', { currentHp: -2, con: 13, size: 'fine' }],
    ['negative Con', { currentHp: -1, con: -1, size: 'medium' }],
    ['NaN HP', { currentHp: Number.NaN, con: 13, size: 'medium' }],
    ['unknown size', { currentHp: -1, con: 13, size: 'enormous' as Size }],
  ])('throws a RangeError: %s', (_name, input) => {
    expect(() => dyingRound(input, fixedDice([50]))).toThrow(RangeError);
  });

  it('property: a round costs 0 or 1 HP, and stable exactly when the roll ≤ Con', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -9, max: -1 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer(),
        (hp, con, seed) => {
          const out = dyingRound({ currentHp: hp, con, size: 'medium' }, seededDice(seed));
          expect(out.stable).toBe(out.roll <= con);
          expect(out.current).toBe(hp - (out.stable ? 0 : 1));
          expect(out.chance).toBeLessThanOrEqual(100);
        },
      ),
    );
  });
});

describe('a Heal check by someone else', () => {
  it('DC 15 (core "Stabilize Dying Character")', () => {
    expect(STABILIZE_HEAL_DC).toBe(15);
    expect(healCheckStabilizes(15)).toBe(true);
    expect(healCheckStabilizes(14)).toBe(false);
  });

  it('rolls d20 + bonus: 11 + 4 = 15 stabilizes, 10 + 4 = 14 does not', () => {
    expect(rollHealToStabilize(fixedDice([11]), 4)).toEqual({ natural: 11, total: 15, dc: 15, stable: true });
    expect(rollHealToStabilize(fixedDice([10]), 4)).toEqual({
      natural: 10,
      total: 14,
      dc: 15,
      stable: false,
    });
  });

  it('bad input throws a RangeError', () => {
    expect(() => healCheckStabilizes(Number.NaN)).toThrow(RangeError);
    expect(() => rollHealToStabilize(fixedDice([10]), 1.5)).toThrow(RangeError);
  });
});

describe('temporary HP (GnG "TEMPORARY HIT POINTS")', () => {
  it('no size multiplier: 5 temporary HP are 5 for a Large (×2) or a Fine (×1/16) creature', () => {
    for (const size of SIZES) expect(temporaryHitPointsGained(5, size)).toBe(5);
  });

  it('not added to base HP: maximum and current unchanged, a separate pool (10 + 5 = 15 to lose)', () => {
    expect(hitPointsWithTemporary({ current: 10, max: 16, temporary: 5 })).toEqual({
      current: 10,
      max: 16,
      temporary: 5,
      total: 15,
    });
  });

  it('lost first: 7 damage on 10 HP + 5 temporary → 0 temporary, 8 HP', () => {
    // 5 absorbed, 7 − 5 = 2 off HP: 10 − 2 = 8.
    expect(applyDamageToHitPoints({ current: 10, temporary: 5, damage: 7 })).toEqual({
      current: 8,
      temporary: 0,
      hpLost: 2,
    });
  });

  it('do not stack: the higher of what is left and the new grant (4 then 6 → 6; 7 then 6 → 7); stacks: 13', () => {
    expect(gainTemporaryHitPoints({ temporary: 4, gained: 6 })).toBe(6);
    expect(gainTemporaryHitPoints({ temporary: 7, gained: 6 })).toBe(7);
    expect(gainTemporaryHitPoints({ temporary: 7, gained: 6, stacks: true })).toBe(13);
  });

  it('bad input throws a RangeError', () => {
    expect(() => temporaryHitPointsGained(-1, 'medium')).toThrow(RangeError);
    expect(() => temporaryHitPointsGained(5, 'enormous' as Size)).toThrow(RangeError);
    expect(() => gainTemporaryHitPoints({ temporary: Number.NaN, gained: 1 })).toThrow(RangeError);
    expect(() => hitPointsWithTemporary({ current: 1, max: -1, temporary: 0 })).toThrow(RangeError);
  });
});
