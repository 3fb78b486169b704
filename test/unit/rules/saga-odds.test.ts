/**
 * The Saga-style model's exact odds (issue #30): one d20 against a static defense (A9: a natural 20
 * hits and doubles the damage, a natural 1 misses), the damage against the threshold (A2: the
 * Fortitude Defense, with the step's penalty, A1), and what it leaves: steps lost, down (A4: 0 HP
 * disabled, below 0 dying), dead. Expected values worked out by hand below each case.
 */
import { describe, expect, it } from 'vitest';
import { saga } from '../../../src/rules/on-demand.js';
import { sagaAttackOdds } from '../../../src/rules/models/saga/saga-odds.js';
import type { ModelCreature } from '../../../src/rules/models/types.js';
import type { AttackOddsInput } from '../../../src/rules/odds/index.js';

const { SAGA_MODEL } = saga;

/** Fortitude save +2: Fortitude Defense (the damage threshold) 12 at step 0 (A2, A3). */
function creature(step = 0): ModelCreature {
  return {
    size: 'medium',
    defense: { dexMod: 0, classes: [], size: 'medium' },
    hitPoints: { con: 10, classes: [], size: 'medium' },
    saves: { fortitude: 2, reflex: 0, will: 0 },
    statuses: new Set(),
    model: { saga: { conditionStep: step } },
  };
}

function input(over: Partial<AttackOddsInput> = {}, hp = 20, step = 0): AttackOddsInput {
  return {
    attack: { bonus: 5 },
    defense: { bonus: 15 },
    damage: { weaponDice: { count: 1, faces: 8 }, weaponBonus: 3, protection: 0 },
    target: { hp: { value: hp, max: hp }, size: 'medium' },
    model: { health: { value: hp, temp: 0, nonlethal: 0, conditionStep: step }, creature: creature(step) },
    ...over,
  };
}

const close = (a: number, b: number) => expect(a).toBeCloseTo(b, 12);

describe('hit against a static defense (A9)', () => {
  it('+5 against 15: naturals 10–20 hit (11/20), the 20 a critical', () => {
    const o = sagaAttackOdds(SAGA_MODEL, input());
    close(o.hit.hit, 0.55);
    close(o.saga.critical, 0.05);
  });

  it('a natural 1 misses even at +20 against 15; a natural 20 hits even at −5 against 30', () => {
    const high = sagaAttackOdds(SAGA_MODEL, input({ attack: { bonus: 20 } }));
    close(high.hit.hit, 0.95);
    const low = sagaAttackOdds(SAGA_MODEL, input({ attack: { bonus: -5 }, defense: { bonus: 30 } }));
    close(low.hit.hit, 0.05);
    close(low.saga.critical, 0.05);
  });

  it('taking 10 (no die): 10 + 5 = 15 reaches 15 for certain, never a critical', () => {
    const o = sagaAttackOdds(SAGA_MODEL, input({ attack: { bonus: 5, take10: true } }));
    close(o.hit.hit, 1);
    close(o.saga.critical, 0);
  });
});

describe("a card's rolled total with its natural", () => {
  it('a natural 20 on a total that misses still hits and doubles; a natural 1 on a total that hits misses', () => {
    // Total 14 (bonus 4 + 10 on "take 10") against 15, natural 20: an automatic hit and a critical;
    // 2 × (d8 + 3) ≥ 12 for d8 ≥ 3 (6/8): a step.
    const crit = sagaAttackOdds(SAGA_MODEL, input({ attack: { bonus: 4, take10: true, natural: 20 } }));
    close(crit.hit.hit, 1);
    close(crit.saga.critical, 1);
    close(crit.saga.step, 6 / 8);
    const fumble = sagaAttackOdds(SAGA_MODEL, input({ attack: { bonus: 15, take10: true, natural: 1 } }));
    close(fumble.hit.hit, 0);
  });
});

describe('damage, the threshold and what the hit leaves', () => {
  it('1d8+3 against threshold 12 and 20 HP: only a critical can cost a step, or drop the target', () => {
    // Naturals 1–9 miss (0.45); 10–19 hit for 4–11, under 12: hurt (0.5).
    // The 20 (0.05): 2 × (d8 + 3) = 8, 10 (hurt), 12, 14, 16, 18 (a step; HP 8…2), 20 (HP 0: disabled
    // and a step), 22 (HP −2: dying and a step).
    const o = sagaAttackOdds(SAGA_MODEL, input());
    close(o.saga.exclusive.miss, 0.45);
    close(o.saga.exclusive.hurt, 0.5 + 0.05 * (2 / 8));
    close(o.saga.exclusive.step, 0.05 * (4 / 8));
    close(o.saga.exclusive.down, 0.05 * (2 / 8));
    close(o.saga.exclusive.dead, 0);
    close(o.saga.exclusive.absorbed, 0);
    close(o.saga.step, 0.05 * (6 / 8));
    close(o.outcome.condition.disabled, 0.05 / 8);
    close(o.outcome.condition.dying, 0.05 / 8);
    close(o.damage.final.p[0] ?? 0, 0.45);
  });

  it('two steps down, the threshold is 12 − 2 = 10 (A1): a plain hit of 10 or 11 costs a step', () => {
    // Non-critical hits (0.5): d8 + 3 ≥ 10 for d8 = 7, 8 (2/8); every critical is ≥ 8 × … ≥ 10 for d8 ≥ 2 (7/8).
    const o = sagaAttackOdds(SAGA_MODEL, input({}, 20, 2));
    close(o.saga.step, 0.5 * (2 / 8) + 0.05 * (7 / 8));
    close(o.saga.stepAfter.p[3 - o.saga.stepAfter.min] ?? 0, 0.5 * (2 / 8) + 0.05 * (7 / 8));
  });

  it('a target at 3 HP: any hit of 13 or more kills; DR 5 absorbs small hits', () => {
    // 3 HP, DR 5: plain hits 4–11 → 0–6 dealt; 0 for d8 ≤ 2 (absorbed, 2/8), 3 dealt for d8 = 5
    // (HP 0: disabled), 1–2 (hurt) for d8 = 3, 4, 4–6 (dying) for d8 = 6, 7, 8.
    // Criticals 2(d8+3) − 5 = 3…17: HP 0 (d8 = 1), −2…−8 (d8 = 2…4, dying), ≤ −10 for 2(d8+3) ≥ 18 (d8 ≥ 6: dead, 3/8);
    // d8 = 5: 16 − 5 = 11 → HP −8 dying.
    const o = sagaAttackOdds(
      SAGA_MODEL,
      input(
        { damage: { weaponDice: { count: 1, faces: 8 }, weaponBonus: 3, protection: 0, damageReduction: 5 } },
        3,
      ),
    );
    close(o.saga.exclusive.absorbed, 0.5 * (2 / 8));
    close(o.saga.exclusive.hurt, 0.5 * (2 / 8));
    close(o.saga.exclusive.down, 0.5 * (4 / 8) + 0.05 * (5 / 8));
    close(o.saga.exclusive.dead, 0.05 * (3 / 8));
    close(o.saga.dead, 0.05 * (3 / 8));
  });

  it('every record sums to 1', () => {
    const o = sagaAttackOdds(SAGA_MODEL, input({}, 7, 1));
    const sum = (p: number[]) => p.reduce((a, b) => a + b, 0);
    close(
      Object.values(o.saga.exclusive).reduce((a, b) => a + b, 0),
      1,
    );
    close(sum(o.saga.stepAfter.p), 1);
    close(sum(o.outcome.hpAfter.p), 1);
    close(sum(o.damage.final.p), 1);
    close(o.hit.hit + o.hit.miss, 1);
  });

  it('refuses odds without the target as the model reads it', () => {
    const { model: _m, ...bare } = input();
    expect(() => sagaAttackOdds(SAGA_MODEL, bare)).toThrow(RangeError);
  });
});

describe('SAGA_MODEL.analysis()', () => {
  it('loads the odds and the fight loop once', async () => {
    const a = await SAGA_MODEL.analysis();
    expect(await SAGA_MODEL.analysis()).toBe(a);
    close(a.odds(input()).hit.hit, 0.55);
    expect(typeof a.fight).toBe('function');
  });
});
