/**
 * The attack side of the Saga-style chapter (seed 001; issue #30): the situation's modifiers to an
 * attack roll, concealment's d%, into melee's stray shot and the coup de grace's conditions.
 * Expected values worked out by hand from the lines quoted (001:NN).
 */
import { describe, expect, it } from 'vitest';
import {
  coupDeGraceAllowed,
  intoMeleeStray,
  sagaAttackModifiers,
  sagaConcealmentRoll,
  worstConcealment,
} from '../../../src/rules/models/saga/attack-situation.js';

const o = (id: string) => `GNG.Model.Saga.Option.${id}`;
const fixed = (...values: number[]) => {
  const queue = [...values];
  return { roll: () => queue.shift() as number };
};

describe('the situation of one attack roll', () => {
  it('nothing chosen: nothing added', () => {
    expect(sagaAttackModifiers({ mode: 'melee' })).toEqual({ parts: [], total: 0, refusal: null });
  });

  it('charge +2 and flanking +2 (001:66, 001:117): +4 in melee', () => {
    expect(sagaAttackModifiers({ mode: 'melee', charge: true, flanking: true })).toEqual({
      parts: [
        { label: o('charge'), value: 2 },
        { label: o('flanking'), value: 2 },
      ],
      total: 4,
      refusal: null,
    });
  });

  it('a ranged charge or ranged flanking is refused and counts nothing', () => {
    const charge = sagaAttackModifiers({ mode: 'ranged', charge: true });
    expect(charge).toEqual({ parts: [], total: 0, refusal: 'GNG.Model.Saga.Card.Refusal.chargeRanged' });
    expect(sagaAttackModifiers({ mode: 'ranged', flanking: true }).refusal).toBe(
      'GNG.Model.Saga.Card.Refusal.flankingRanged',
    );
  });

  it('a helpless target: +5 in melee, nothing at range (001:124)', () => {
    expect(sagaAttackModifiers({ mode: 'melee', targetHelpless: true }).total).toBe(5);
    expect(sagaAttackModifiers({ mode: 'ranged', targetHelpless: true })).toEqual({
      parts: [],
      total: 0,
      refusal: null,
    });
  });

  it('a prone target: +5 in melee, −5 at range (001:136)', () => {
    expect(sagaAttackModifiers({ mode: 'melee', targetProne: true }).parts).toEqual([
      { label: o('targetProne'), value: 5 },
    ]);
    expect(sagaAttackModifiers({ mode: 'ranged', targetProne: true }).parts).toEqual([
      { label: o('targetProne'), value: -5 },
    ]);
  });

  it('helpless and prone: +5 once in melee (A11); at range the prone −5 alone', () => {
    expect(sagaAttackModifiers({ mode: 'melee', targetHelpless: true, targetProne: true })).toEqual({
      parts: [{ label: o('targetHelpless'), value: 5 }],
      total: 5,
      refusal: null,
    });
    expect(sagaAttackModifiers({ mode: 'ranged', targetHelpless: true, targetProne: true }).total).toBe(-5);
  });

  it('a prone attacker: −5 in melee, nothing at range (001:136)', () => {
    expect(sagaAttackModifiers({ mode: 'melee', attackerProne: true }).total).toBe(-5);
    expect(sagaAttackModifiers({ mode: 'ranged', attackerProne: true }).total).toBe(0);
  });

  it('into melee: −5 taken carefully, nothing with the risk; refused in melee (001:149)', () => {
    expect(sagaAttackModifiers({ mode: 'ranged', intoMelee: 'careful' }).parts).toEqual([
      { label: o('intoMeleeCareful'), value: -5 },
    ]);
    expect(sagaAttackModifiers({ mode: 'ranged', intoMelee: 'risk' })).toEqual({
      parts: [],
      total: 0,
      refusal: null,
    });
    expect(sagaAttackModifiers({ mode: 'melee', intoMelee: 'careful' })).toEqual({
      parts: [],
      total: 0,
      refusal: 'GNG.Model.Saga.Card.Refusal.intoMeleeMelee',
    });
  });

  it('nonlethal without the tag −4, in melee and at range (001:161)', () => {
    expect(sagaAttackModifiers({ mode: 'melee', nonlethalWithoutTag: true }).total).toBe(-4);
    expect(sagaAttackModifiers({ mode: 'ranged', nonlethalWithoutTag: true }).total).toBe(-4);
  });

  it('everything at once in melee: +2 +2 +5 −5 −4 = 0', () => {
    const all = sagaAttackModifiers({
      mode: 'melee',
      charge: true,
      flanking: true,
      targetHelpless: true,
      targetProne: true,
      attackerProne: true,
      nonlethalWithoutTag: true,
    });
    expect(all.parts.map((p) => p.value)).toEqual([2, 2, 5, -5, -4]);
    expect(all.total).toBe(0);
  });

  it('refuses bad input', () => {
    expect(() => sagaAttackModifiers({ mode: 'thrown' as 'melee' })).toThrow(RangeError);
    expect(() => sagaAttackModifiers({ mode: 'melee', charge: 'yes' as unknown as boolean })).toThrow(
      RangeError,
    );
    expect(() => sagaAttackModifiers({ mode: 'ranged', intoMelee: 'wild' as 'risk' })).toThrow(RangeError);
  });
});

describe('into melee with the risk taken (001:149)', () => {
  it('a miss by 5 or more, or a natural 1, hits an engaged ally', () => {
    expect(intoMeleeStray({ choice: 'risk', hit: false, margin: -5, natural: 8 })).toBe(true);
    expect(intoMeleeStray({ choice: 'risk', hit: false, margin: -4, natural: 8 })).toBe(false);
    // A natural 1 with a total over the defense still strays.
    expect(intoMeleeStray({ choice: 'risk', hit: false, margin: 3, natural: 1 })).toBe(true);
    expect(intoMeleeStray({ choice: 'risk', hit: true, margin: 0, natural: 12 })).toBe(false);
  });

  it('taken carefully (or not into melee): never', () => {
    expect(intoMeleeStray({ choice: 'careful', hit: false, margin: -10, natural: 1 })).toBe(false);
    expect(intoMeleeStray({ choice: null, hit: false, margin: -10, natural: 1 })).toBe(false);
  });
});

describe('concealment (001:69–73)', () => {
  it('concealment: 1–20 on the d% fails, 21 passes', () => {
    expect(sagaConcealmentRoll('concealment', fixed(20))).toEqual({ chance: 20, roll: 20, missed: true });
    expect(sagaConcealmentRoll('concealment', fixed(21))).toEqual({ chance: 20, roll: 21, missed: false });
  });

  it('total concealment: 1–50 fails, 51 passes', () => {
    expect(sagaConcealmentRoll('total', fixed(1))).toMatchObject({ chance: 50, missed: true });
    expect(sagaConcealmentRoll('total', fixed(50))).toMatchObject({ missed: true });
    expect(sagaConcealmentRoll('total', fixed(51))).toMatchObject({ missed: false });
  });

  it('none: no die is read', () => {
    const dice = { roll: () => Number.NaN };
    expect(sagaConcealmentRoll('none', dice)).toEqual({ chance: 0, roll: null, missed: false });
  });

  it('the worst degree counts; a d% off 1–100 or a bad degree is refused', () => {
    expect(worstConcealment(['concealment', 'total', 'none'])).toBe('total');
    expect(worstConcealment([])).toBe('none');
    expect(() => sagaConcealmentRoll('concealment', fixed(101))).toThrow(RangeError);
    expect(() => worstConcealment(['one-half' as 'total'])).toThrow(RangeError);
  });
});

describe('the coup de grace (001:80)', () => {
  it('only against a helpless, paralyzed or unconscious target', () => {
    expect(coupDeGraceAllowed({ helpless: true })).toEqual({ allowed: true, reason: null });
    expect(coupDeGraceAllowed({ paralyzed: true }).allowed).toBe(true);
    expect(coupDeGraceAllowed({ unconscious: true }).allowed).toBe(true);
    expect(coupDeGraceAllowed({})).toEqual({
      allowed: false,
      reason: 'GNG.Model.Saga.Card.Refusal.coupDeGraceNotHelpless',
    });
  });
});
