/**
 * The fight simulator's engine (issue #20): a fight worked by hand with fixed dice, two identical
 * combatants winning about half the fights each, and the simulator's hit rate against the exact
 * odds engine (a cross-check between the two engines).
 */
import { describe, expect, it } from 'vitest';
import { seededDice, type DiceSource } from '../../src/rules/index.js';
import { attackOdds } from '../../src/rules/odds/index.js';
import { simulateFight, simulateMany, type CombatantSnapshot } from '../../src/rules/simulate/index.js';

/** Every die shows the same face for its kind: d20 → 10, d8 → 5, d100 → 100 (never stabilizes). */
const steadyDice: DiceSource = {
  roll: (faces) => ({ 20: 10, 8: 5, 100: 100 })[faces] ?? 1,
};

function combatant(id: string, over: Partial<CombatantSnapshot> = {}): CombatantSnapshot {
  return {
    id,
    name: id,
    size: 'medium',
    hp: { value: 12, max: 12 },
    con: 10,
    initiative: 0,
    defense: { melee: 0, ranged: 0 },
    protection: 0,
    saves: { fortitude: 0, reflex: 0 },
    attacks: [],
    ...over,
  };
}

const sword = {
  name: 'Sword',
  mode: 'melee' as const,
  bonus: 5,
  dice: { count: 1, faces: 8 },
  weaponBonus: 2,
  strength: null,
};

describe('simulateFight', () => {
  it('a fight worked by hand: two hits, the second through a severe injury, kill the dummy in round 2', () => {
    // A: +5, 1d8+2. B: Defense +0, Protection 2, 12 HP, Medium (dead at −10), no attacks.
    // Initiative: both roll 10; A's bonus +1 beats B's +0, so A acts first.
    // Round 1: attack 10 + 5 = 15 against Defense 10 + 0 = 10: hit, RD 5.
    //   Damage 5 (d8) + 2 + RD 5 = 12, − Protection 2 = 10 → B at 12 − 10 = 2 HP.
    // Round 2: 2 / 12 ≤ ¼ → severe injury, −6 to Defense: 10 − 6 = 4; RD = 15 − 4 = 11.
    //   Damage 5 + 2 + 11 = 18 − 2 = 16 → B at 2 − 16 = −14 ≤ −10: dead. A wins after 2 rounds.
    const a = combatant('A', { initiative: 1, attacks: [sword] });
    const b = combatant('B', { protection: 2 });
    const r = simulateFight({ a: [a], b: [b] }, {}, {}, steadyDice);
    expect(r.winner).toBe('a');
    expect(r.rounds).toBe(2);
    const [ra, rb] = r.combatants;
    expect(ra).toMatchObject({ id: 'A', hp: 12, state: 'standing', attacks: 2, hits: 2 });
    expect(rb).toMatchObject({ id: 'B', hp: -14, state: 'dead', attacks: 0 });
  });

  it('a fight neither side can win is a draw at the round cap', () => {
    // Nobody has an attack: the fight runs to the cap (3 rounds here) and is a draw.
    const r = simulateFight({ a: [combatant('A')], b: [combatant('B')] }, {}, {}, steadyDice, {
      roundCap: 3,
    });
    expect(r).toMatchObject({ winner: 'draw', rounds: 3 });
  });
});

describe('simulateMany', () => {
  const fighter = (id: string) =>
    combatant(id, {
      hp: { value: 14, max: 14 },
      con: 14,
      initiative: 1,
      defense: { melee: 5, ranged: 5 },
      protection: { armor: 4 },
      saves: { fortitude: 4, reflex: 1 },
      attacks: [
        {
          ...sword,
          bonus: 7,
          dice: { count: 1, faces: 10 },
          weaponBonus: 0,
          strength: { modifier: 3, grip: 'one-handed' as const },
        },
      ],
      block: { bonus: 7 },
    });

  it('two identical combatants each win about half the fights (within 4 standard errors)', () => {
    const n = 4000;
    let calls = 0;
    const r = simulateMany(n, { a: [fighter('A')], b: [fighter('B')] }, {}, {}, seededDice(20), {
      onProgress: () => (calls += 1),
    });
    expect(r.fights).toBe(n);
    expect(r.wins.a + r.wins.b + r.wins.draw).toBe(n);
    // Each win share is 1/2 by symmetry: standard error √(¼ / n) ≈ 0.0079.
    const se = Math.sqrt(0.25 / n);
    expect(Math.abs(r.wins.a / n - 0.5)).toBeLessThan(4 * se);
    expect(Math.abs(r.wins.b / n - 0.5)).toBeLessThan(4 * se);
    expect(calls).toBeGreaterThan(1);
    for (const c of r.combatants) {
      const total = Object.values(c.states).reduce((x, y) => x + y, 0);
      expect(total).toBeCloseTo(1, 9);
      expect(c.hpCounts.reduce((x, y) => x + y, 0)).toBe(n);
    }
    expect(r.rounds.reduce((x, y) => x + y, 0)).toBe(n);
  });

  it("the simulator's hit rate agrees with the exact odds engine (odds.attackOdds) within sampling error", () => {
    // A (+3) attacks B (Defense +4) whose Protection 100 stops every blow: B's state never changes,
    // so each of A's attacks is the same d20 + 3 with chains against d20 + 4. 100 rounds × 200 fights.
    const a = combatant('A', { attacks: [{ ...sword, bonus: 3 }] });
    const b = combatant('B', { defense: { melee: 4, ranged: 4 }, protection: 100 });
    const r = simulateMany(200, { a: [a], b: [b] }, {}, {}, seededDice(7));
    const ra = r.combatants[0];
    expect(ra?.attacks).toBe(200 * 100);
    const p = attackOdds({
      attack: { bonus: 3 },
      defense: { bonus: 4 },
      damage: { weaponDice: { count: 1, faces: 8 }, weaponBonus: 2, protection: 100 },
      target: { hp: { value: 12, max: 12 }, size: 'medium' },
    }).hit.hit;
    const se = Math.sqrt((p * (1 - p)) / (ra?.attacks ?? 1));
    expect(Math.abs((ra?.hitRate ?? 0) - p)).toBeLessThan(4 * se);
    expect(r.wins.draw).toBe(200);
  });
});
