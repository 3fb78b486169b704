/**
 * The Saga-style model's fight loop (issue #30): fights worked by hand with fixed dice, and the
 * loop's hit rate against the exact odds over many fights (a cross-check between the two).
 */
import { describe, expect, it } from 'vitest';
import { firstRoundHits, modelSnapshot, steadyDice, sword } from '../../fixtures/model-fight.js';
import { saga } from '../../../src/rules/on-demand.js';
import { sagaFight } from '../../../src/rules/models/saga/saga-fight.js';
import { sagaAttackOdds } from '../../../src/rules/models/saga/saga-odds.js';
import type { CombatantSnapshot, SimAttack } from '../../../src/rules/simulate/index.js';

const { SAGA_MODEL } = saga;

function fighter(
  id: string,
  o: { hp?: number; fortitude?: number; initiative?: number; attacks?: SimAttack[]; dex?: number } = {},
): CombatantSnapshot {
  const hp = o.hp ?? 12;
  return modelSnapshot(id, {
    hp,
    max: hp,
    ...(o.initiative === undefined ? {} : { initiative: o.initiative }),
    ...(o.attacks === undefined ? {} : { attacks: o.attacks }),
    model: {
      health: { value: hp, temp: 0, nonlethal: 0, conditionStep: 0 },
      creature: {
        size: 'medium',
        defense: { dexMod: o.dex ?? 0, classes: [], size: 'medium' },
        hitPoints: { con: 10, classes: [], size: 'medium' },
        saves: { fortitude: o.fortitude ?? 0, reflex: 0, will: 0 },
        statuses: [],
        model: { saga: { conditionStep: 0 } },
      },
    },
  });
}

describe('sagaFight', () => {
  it('worked by hand: two hits under the threshold, the second drops the target (dying)', () => {
    // A: +5, 1d8+2, initiative +1; B: Reflex 10, Fortitude Defense (threshold) 10, 12 HP.
    // Both initiative d20s show 10: A's +1 acts first. Round 1: 10 + 5 = 15 ≥ 10, hit; 5 + 2 = 7 < 10:
    // no step; B at 5. Round 2: hit again, 7 → B at −2: dying (A4), down. A wins after 2 rounds.
    const r = sagaFight(
      SAGA_MODEL,
      { a: [fighter('A', { initiative: 1, attacks: [sword(5, 2)] })], b: [fighter('B')] },
      {},
      {},
      steadyDice,
    );
    expect(r.winner).toBe('a');
    expect(r.rounds).toBe(2);
    expect(r.combatants[0]).toMatchObject({ id: 'A', hp: 12, state: 'standing', attacks: 2, hits: 2 });
    expect(r.combatants[1]).toMatchObject({ id: 'B', hp: -2, state: 'dying', attacks: 0 });
  });

  it('worked by hand: a hit over the threshold costs a step, and the lower threshold costs the next', () => {
    // A: +5, 1d8+6 → 11 a hit. B: threshold 10. Round 1: 11 ≥ 10: step 1, B at 1 HP.
    // Round 2: B's Reflex 10 − 1 = 9 (15 hits); threshold 10 − 1 = 9: step 2; B at 1 − 11 = −10: dead.
    const r = sagaFight(
      SAGA_MODEL,
      { a: [fighter('A', { initiative: 1, attacks: [sword(5, 6)] })], b: [fighter('B')] },
      {},
      {},
      steadyDice,
    );
    expect(r).toMatchObject({ winner: 'a', rounds: 2 });
    expect(r.combatants[1]).toMatchObject({ hp: -10, state: 'dead' });
  });

  it('no one can hurt anyone: a draw at the round cap', () => {
    const r = sagaFight(SAGA_MODEL, { a: [fighter('A')], b: [fighter('B')] }, {}, {}, steadyDice, {
      roundCap: 3,
    });
    expect(r).toMatchObject({ winner: 'draw', rounds: 3 });
  });

  it("the first attack's hit rate over many fights agrees with the exact odds", () => {
    // A's first attack meets B at full health: P(hit) = P(+4 reaches Reflex 10 + Dex 3 = 13) by the odds.
    const a = fighter('A', { initiative: 20, attacks: [sword(4, 1)] });
    const b = fighter('B', { dex: 3, hp: 200 });
    const n = 20_000;
    const hits = firstRoundHits(
      (sides, dice, o) => sagaFight(SAGA_MODEL, sides, {}, {}, dice, o),
      { a: [a], b: [b] },
      99,
      n,
    );
    const p = sagaAttackOdds(SAGA_MODEL, {
      attack: { bonus: 4 },
      defense: { bonus: 13 },
      damage: { weaponDice: { count: 1, faces: 8 }, weaponBonus: 1, protection: 0 },
      target: { hp: { value: 200, max: 200 }, size: 'medium' },
      model: {
        health: { value: 200, temp: 0, nonlethal: 0, conditionStep: 0 },
        creature: { ...b.model!.creature, statuses: new Set() },
      },
    }).hit.hit;
    // 12/20 by hand: naturals 9–20.
    expect(p).toBeCloseTo(0.6, 12);
    expect(Math.abs(hits / n - p)).toBeLessThan(4.5 * Math.sqrt((p * (1 - p)) / n));
  });
});
