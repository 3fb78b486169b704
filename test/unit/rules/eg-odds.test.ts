/**
 * The Enlightened Grognard exact odds (seed 003; docs/rules.md "Odds, turns and the simulator"), worked
 * out by hand. The target, Kara (eg-health.test.ts): fighter 3 (d10), Con 14: 28 HP; bloodied when
 * HP × 2 < 28, i.e. at 13 HP or fewer (A9), the first time 1 Con damage (003:970). A hit needs d20 +
 * bonus ≥ the defense, a natural 20 always hits for maximum damage, a natural 1 always misses
 * (003:129–135); a hit deals at least 1 (003:210).
 */
import { describe, expect, it } from 'vitest';
import { EG_MODEL } from '../../../src/rules/models/eg/model.js';
import { egAttackOdds, egTokenPolicy } from '../../../src/rules/models/eg/eg-odds.js';
import { egKara } from '../../fixtures/eg-kara.js';
import type { AttackOddsInput } from '../../../src/rules/odds/index.js';
import { probabilityOf } from '../../../src/rules/odds/distribution.js';

function input(
  o: { bonus: number; defense: number; count: number; faces: number; flat: number },
  health: Record<string, number>,
  tokens?: AttackOddsInput['tokens'],
): AttackOddsInput {
  const conDamage = health.conDamage ?? 0;
  return {
    attack: { bonus: o.bonus },
    defense: { bonus: o.defense },
    damage: { weaponDice: { count: o.count, faces: o.faces }, strengthBonus: o.flat, protection: 0 },
    target: { hp: { value: health.value ?? 0, max: 28 }, size: 'medium' },
    model: {
      health: { value: 0, temp: 0, nonlethal: 0, conDamage: 0, bloodied: 0, ...health },
      creature: egKara({}, conDamage),
    },
    ...(tokens ? { tokens } : {}),
  };
}

const close = (actual: Record<string, number>, want: Record<string, number>) => {
  for (const [k, p] of Object.entries(want)) expect(actual[k], k).toBeCloseTo(p, 12);
};

describe('egAttackOdds (worked by hand)', () => {
  it('a longsword 1d8+3 at +5 against AC 15, Kara at 20 HP: the bloodying hits', () => {
    // Naturals 10–19 hit (0.5), 20 is a critical (0.05): 8 + 3 = 11. Bloodied at 13 HP or fewer:
    // 7+ damage, dice 4–8 (5/8), and the critical. P = 0.5 × 5/8 + 0.05 = 0.3625; hurt only 0.5 × 3/8.
    const o = egAttackOdds(
      EG_MODEL,
      input({ bonus: 5, defense: 15, count: 1, faces: 8, flat: 3 }, { value: 20 }),
    );
    expect(o.hit.hit).toBeCloseTo(0.55, 12);
    expect(o.eg.critical).toBeCloseTo(0.05, 12);
    expect(o.eg.bloodied).toBeCloseTo(0.3625, 12);
    close(o.eg.exclusive, {
      miss: 0.45,
      absorbed: 0,
      hurt: 0.1875,
      bloodied: 0.3625,
      disabled: 0,
      down: 0,
      dead: 0,
    });
    // The critical's maximum: 11 damage, 9 HP left, only from the natural 20 (and the 8 on the die).
    expect(probabilityOf(o.outcome.hpAfter, 9)).toBeCloseTo(0.5 / 8 + 0.05, 12);
    expect(probabilityOf(o.eg.conDamageAfter, 1)).toBeCloseTo(0.3625, 12);
    expect(o.eg.policy).toEqual({ attack: 0, defense: 0, damage: 0, soak: 0 });
  });

  it('a policy of tokens: +2 attack, +1 defense, +2 damage; Kara already bloodied at 12 HP', () => {
    // +7 against 16: naturals 9–19 hit (0.55), 20 critical. Damage 1d8 + 3 + 2 = 6–13, critical 13.
    // 12 damage (a 7): 0 HP, disabled; 13 (an 8, or the critical): −1, dying (and unconscious).
    // Already bloodied: no more Con damage (once per encounter).
    const o = egAttackOdds(
      EG_MODEL,
      input(
        { bonus: 5, defense: 15, count: 1, faces: 8, flat: 3 },
        { value: 12, bloodied: 1, conDamage: 1 },
        {
          attack: 2,
          defense: 1,
          damage: 2,
        },
      ),
    );
    expect(o.hit.hit).toBeCloseTo(0.6, 12);
    close(o.eg.exclusive, {
      miss: 0.4,
      hurt: 0.55 * 0.75,
      bloodied: 0,
      disabled: 0.55 / 8,
      down: 0.55 / 8 + 0.05,
      dead: 0,
    });
    expect(o.eg.bloodied).toBe(0);
    expect(probabilityOf(o.eg.conDamageAfter, 1)).toBeCloseTo(1, 12);
  });

  it("the defender's power tokens take damage off, but a hit still deals 1 (003:210)", () => {
    // A dagger 1d4 at +5 against 15; the defender spends 3 power tokens: 1–4 − 3 → 1 each, the
    // critical's 4 − 3 = 1. Kara at 15 HP → 14: 14 × 2 = 28, not below 28: not bloodied.
    const o = egAttackOdds(
      EG_MODEL,
      input({ bonus: 5, defense: 15, count: 1, faces: 4, flat: 0 }, { value: 15 }, { soak: 3 }),
    );
    close(o.eg.exclusive, { miss: 0.45, hurt: 0.55, bloodied: 0 });
    expect(probabilityOf(o.outcome.hpAfter, 14)).toBeCloseTo(0.55, 12);
    expect(probabilityOf(o.damage.hitFinal, 1)).toBeCloseTo(0.55, 12);
  });

  it('a dying target dies when the hit costs its last Constitution (1 per 5 HP taken while dying)', () => {
    // Kara at −3 HP, dying, Con damage 13 of 14. 1d6+2 at +10 against 10: naturals 2–19 hit (0.9),
    // 20 critical (8). 5+ damage (dice 3–6: 4/6, and the critical) costs the 14th point: dead.
    // P(dead) = 0.9 × 4/6 + 0.05 = 0.65; 3–4 damage leaves it dying: 0.9 × 2/6 = 0.3.
    const o = egAttackOdds(
      EG_MODEL,
      input(
        { bonus: 10, defense: 10, count: 1, faces: 6, flat: 2 },
        { value: -3, bloodied: 1, conDamage: 13 },
      ),
    );
    close(o.eg.exclusive, { miss: 0.05, hurt: 0, down: 0.3, dead: 0.65 });
    // Down after the attack, a miss included (it stays dying).
    expect(o.eg.down).toBeCloseTo(0.35, 12);
    expect(o.eg.dead).toBeCloseTo(0.65, 12);
  });

  it('a rolled card total keeps its natural: a 20 is a critical, whatever the total', () => {
    const o = egAttackOdds(EG_MODEL, {
      ...input({ bonus: 0, defense: 30, count: 2, faces: 6, flat: 0 }, { value: 20 }),
      attack: { bonus: 10, take10: true, natural: 20 },
    });
    // 2d6 at the maximum: 12 damage, 8 HP left, bloodied.
    expect(o.hit.hit).toBe(1);
    expect(o.eg.critical).toBe(1);
    expect(probabilityOf(o.outcome.hpAfter, 8)).toBe(1);
    expect(o.eg.exclusive.bloodied).toBe(1);
  });

  it('a malformed policy is refused', () => {
    expect(() => egTokenPolicy({ attack: -1 })).toThrow(RangeError);
    expect(() => egTokenPolicy({ damage: 1.5 })).toThrow(RangeError);
    expect(egTokenPolicy(undefined)).toEqual({ attack: 0, defense: 0, damage: 0, soak: 0 });
  });
});
