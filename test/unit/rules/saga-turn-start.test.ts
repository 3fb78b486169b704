/**
 * The Saga-style turn start (issue #30): regeneration (001:145) and the dying round (A4, d20 Modern
 * 004:147: −1 dying, −10 dead; 10% to stabilize, else 1 HP lost), and the model's penalty on checks
 * (A1). Expected values worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import {
  SAGA_MODEL,
  SAGA_STABILIZE_CHANCE,
  sagaDyingRound,
  sagaTurnStart,
} from '../../../src/rules/models/saga/index.js';

/** Dice that return `rolls` in order and record the faces asked for. */
function dice(...rolls: number[]) {
  const faces: number[] = [];
  return {
    faces,
    roll(n: number) {
      faces.push(n);
      const r = rolls.shift();
      if (r === undefined) throw new Error('no roll left');
      return r;
    },
  };
}

const base = { max: 30, regeneration: 0, suppressedTurns: 0, stable: false, dead: false };

describe('the dying round (A4)', () => {
  it('rolls d%: 10 or less is stable and costs nothing', () => {
    const d = dice(10);
    expect(sagaDyingRound(-3, d)).toEqual({
      roll: 10,
      chance: 10,
      stable: true,
      hpLost: 0,
      current: -3,
      condition: 'dying',
    });
    expect(d.faces).toEqual([100]);
    expect(SAGA_STABILIZE_CHANCE).toBe(10);
  });

  it('11 or more: 1 HP lost, still dying at −4', () => {
    expect(sagaDyingRound(-3, dice(11))).toMatchObject({
      stable: false,
      hpLost: 1,
      current: -4,
      condition: 'dying',
    });
  });

  it('at −9 an unstable round kills: −10 is dead (004:147)', () => {
    expect(sagaDyingRound(-9, dice(100))).toMatchObject({ current: -10, condition: 'dead' });
  });

  it('refuses HP that are not dying: 0 (disabled), 5, −10 (dead)', () => {
    for (const hp of [0, 5, -10]) expect(() => sagaDyingRound(hp, dice(50))).toThrow(RangeError);
  });
});

describe('the turn start (regeneration 001:145, then the dying round)', () => {
  it('a healthy creature without regeneration: nothing, no roll', () => {
    const d = dice();
    expect(sagaTurnStart({ ...base, hp: 12 }, d)).toEqual({
      regeneration: null,
      suppressedTurns: 0,
      hpAfterRegeneration: 12,
      dying: null,
      hp: 12,
    });
    expect(d.faces).toEqual([]);
  });

  it('Regeneration 5 at 20 of 30 HP: 25', () => {
    const out = sagaTurnStart({ ...base, hp: 20, regeneration: 5 }, dice());
    expect(out.regeneration).toEqual({ healed: 5, suppressed: false });
    expect(out.hp).toBe(25);
  });

  it('regeneration stops at the maximum: 28 of 30 heals 2', () => {
    expect(sagaTurnStart({ ...base, hp: 28, regeneration: 5 }, dice()).regeneration?.healed).toBe(2);
  });

  it('suppressed by its bane for 2 rounds: two turns heal nothing, the third heals', () => {
    const first = sagaTurnStart({ ...base, hp: 10, regeneration: 5, suppressedTurns: 2 }, dice());
    expect(first).toMatchObject({
      regeneration: { healed: 0, suppressed: true },
      suppressedTurns: 1,
      hp: 10,
    });
    const second = sagaTurnStart({ ...base, hp: 10, regeneration: 5, suppressedTurns: 1 }, dice());
    expect(second).toMatchObject({ regeneration: { healed: 0, suppressed: true }, suppressedTurns: 0 });
    const third = sagaTurnStart({ ...base, hp: 10, regeneration: 5, suppressedTurns: 0 }, dice());
    expect(third).toMatchObject({ regeneration: { healed: 5, suppressed: false }, hp: 15 });
  });

  it('a dying creature regenerating 5 at −3 is at 2 HP: no dying round', () => {
    const d = dice();
    const out = sagaTurnStart({ ...base, hp: -3, regeneration: 5 }, d);
    expect(out).toMatchObject({ hpAfterRegeneration: 2, dying: null, hp: 2 });
    expect(d.faces).toEqual([]);
  });

  it('regeneration 2 at −6 leaves it dying at −4: the round rolls (37: 1 HP lost, −5)', () => {
    const out = sagaTurnStart({ ...base, hp: -6, regeneration: 2 }, dice(37));
    expect(out).toMatchObject({ hpAfterRegeneration: -4, hp: -5 });
    expect(out.dying).toMatchObject({ roll: 37, hpLost: 1, current: -5 });
  });

  it('a dying creature without regeneration loses 1 HP on a 54; a stable one rolls nothing', () => {
    expect(sagaTurnStart({ ...base, hp: -2 }, dice(54)).hp).toBe(-3);
    const d = dice();
    expect(sagaTurnStart({ ...base, hp: -2, stable: true }, d)).toMatchObject({ dying: null, hp: -2 });
    expect(d.faces).toEqual([]);
  });

  it('the dead neither regenerate nor roll', () => {
    const d = dice();
    expect(sagaTurnStart({ ...base, hp: -10, regeneration: 5 }, d)).toMatchObject({
      regeneration: null,
      hp: -10,
    });
    expect(sagaTurnStart({ ...base, hp: 3, regeneration: 5, dead: true }, d)).toMatchObject({ hp: 3 });
    expect(d.faces).toEqual([]);
  });
});

describe("the model's penalty on checks (A1: ability and skill checks)", () => {
  it('steps 0–5: 0, −1, −2, −5, −10, −10; no stored step: 0', () => {
    const penalty = (step: number) => SAGA_MODEL.checkPenalty?.({ model: { saga: { conditionStep: step } } });
    expect([0, 1, 2, 3, 4, 5].map(penalty)).toEqual([0, -1, -2, -5, -10, -10]);
    expect(SAGA_MODEL.checkPenalty?.({})).toBe(0);
  });
});
