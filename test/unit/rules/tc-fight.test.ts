/**
 * The Time Count fight loop (tc-fight.ts; issue #32, lane analysis): fights worked by hand with fixed
 * dice. Unless a test says otherwise every d20 shows 10, d8 5, d6 1, d4 2. Initiative is 1d6 + 4 − the
 * Wisdom modifier (lane count, 002:246: the lowest acts first); a dagger is Fast (1d6+3 rolled, 6
 * static), a long sword Standard (1d6+6, 9 static: A1); a PC rolls its SF, an NPC takes the static one
 * (002:257). Primary defense 10 + the best of Fortitude, Agility, Willpower (002:116); Passive 10
 * (002:120); ToP 3 + Persona (002:74), −1 a hit.
 */
import { describe, expect, it } from 'vitest';
import { firstRoundHits, modelSnapshot } from '../../fixtures/model-fight.js';
import { tcCreature, tcHealth, tcOddsInput } from '../../fixtures/tc-analysis.js';
import { TC_MODEL } from '../../../src/rules/models/tc/model.js';
import { rollsSpeedFactorOf, tcFight } from '../../../src/rules/models/tc/tc-fight.js';
import { tcAttackOdds } from '../../../src/rules/models/tc/tc-odds.js';
import type { DiceSource } from '../../../src/rules/index.js';
import type { CombatantSnapshot, SimAttack } from '../../../src/rules/simulate/index.js';

const faces: Record<number, number> = { 20: 10, 8: 5, 6: 1, 4: 2 };
/** Dice showing `faces`; the d20s first show `d20s` in turn. */
const dice = (d20s: number[] = []): DiceSource => ({
  roll: (n) => (n === 20 && d20s.length ? (d20s.shift() as number) : (faces[n] ?? 1)),
});

const dagger: SimAttack = {
  name: 'Dagger',
  mode: 'melee',
  bonus: 5,
  dice: { count: 1, faces: 4 },
  weaponBonus: 0,
  strength: null,
  speedClass: 'fast',
};
const longSword = (bonus = 5): SimAttack => ({
  name: 'Long sword',
  mode: 'melee',
  bonus,
  dice: { count: 1, faces: 8 },
  weaponBonus: 0,
  strength: null,
  speedClass: 'standard',
});

function fighter(
  id: string,
  o: {
    hp: number;
    fatigue?: number;
    attacks: SimAttack[];
    pc?: boolean;
    wis?: number;
    agility?: number;
    power?: number;
    randomSf?: boolean;
  },
): CombatantSnapshot {
  const { statuses: _s, ...creature } = tcCreature({
    ...(o.wis === undefined ? {} : { wis: o.wis }),
    ...(o.agility === undefined ? {} : { agility: o.agility }),
    ...(o.power === undefined ? {} : { power: o.power }),
  });
  return modelSnapshot(id, {
    hp: o.hp,
    max: o.hp,
    attacks: o.attacks,
    model: {
      health: { ...tcHealth(o.hp, { fatigue: o.fatigue ?? 0 }) },
      creature: { ...creature, statuses: [] },
      ...(o.pc === undefined ? {} : { pc: o.pc }),
      ...(o.randomSf === undefined ? {} : { randomSf: o.randomSf }),
    },
  });
}

describe('tcFight', () => {
  it('worked by hand: a dagger against a long sword on the Time Count', () => {
    // A (PC, Wis 12: +1): initiative 1 + 4 − 1 = 4; dagger +5, 1d4 (2), SF 1d6+3 = 4 (rolled).
    // B (NPC): initiative 5; long sword +5, 1d8 (5), SF 9 (static). Both hit Primary 10 (15).
    //  4: A → B: 2 < ToP 3, fatigue 2.                         A next 8.
    //  5: B → A: 5 ≥ ToP 3, fatigue 3, HP 12 → 10.             B next 14.
    //  8: A → B: ToP 2, 2 ≥ 2: fatigue 4, HP 4: check DC 0, passed (10). A next 12.
    // 12: A → B: ToP 1: fatigue 5, HP 3: DC 2, passed.          A next 16.
    // 14: B → A: ToP 2: fatigue 5, HP 7.                        B next 23.
    // 16: A → B: ToP 0: HP 1, fatigue 5 ≥ 2 × 1: dying (002:160). A wins in round ⌊16/12⌋ + 1 = 2.
    const r = tcFight(
      TC_MODEL,
      {
        a: [fighter('A', { hp: 12, attacks: [dagger], pc: true, wis: 12 })],
        b: [fighter('B', { hp: 4, attacks: [longSword()], pc: false })],
      },
      {},
      {},
      dice(),
    );
    expect(r).toMatchObject({ winner: 'a', rounds: 2 });
    expect(r.combatants[0]).toMatchObject({
      id: 'A',
      hp: 7,
      nonlethal: 5,
      state: 'standing',
      attacks: 4,
      hits: 4,
    });
    expect(r.combatants[1]).toMatchObject({
      id: 'B',
      hp: 1,
      nonlethal: 5,
      state: 'dying',
      attacks: 2,
      hits: 2,
    });
  });

  it('a PC rolls its speed factor, an NPC takes the static one, or as the snapshot says (002:257)', () => {
    // Two rounds (counts up to 23: 12 a round, A14) against a 100-HP target (initiative 5, SF 9).
    // A PC's dagger: 1d6+3 = 4: acts at 4, 8, 12, 16, 20. An NPC's: 6: at 4, 10, 16, 22. A has 30 HP:
    // B's three hits (5, 14, 23) leave it standing.
    const run = (o: { pc?: boolean; randomSf?: boolean }) =>
      tcFight(
        TC_MODEL,
        {
          a: [fighter('A', { hp: 30, attacks: [dagger], wis: 12, ...o })],
          b: [fighter('B', { hp: 100, attacks: [longSword()] })],
        },
        {},
        {},
        dice(),
        { roundCap: 2 },
      );
    expect(run({ pc: true }).combatants[0]?.attacks).toBe(5);
    expect(run({ pc: false }).combatants[0]?.attacks).toBe(4);
    expect(run({ pc: false, randomSf: true }).combatants[0]?.attacks).toBe(5);
    expect(run({ pc: true, randomSf: false }).combatants[0]?.attacks).toBe(4);
    expect(run({ pc: true })).toMatchObject({ winner: 'draw', rounds: 2 });
    expect(run({ pc: true }).combatants[1]?.attacks).toBe(3);
    expect(rollsSpeedFactorOf(fighter('C', { hp: 1, attacks: [] }))).toBe(false);
  });

  it('equal counts act together: both blows land (002:248)', () => {
    // Both at initiative 5, long swords: 5 ≥ ToP 3, HP 2 − 2 = 0 each: both dead, a draw.
    const r = tcFight(
      TC_MODEL,
      {
        a: [fighter('A', { hp: 2, attacks: [longSword()] })],
        b: [fighter('B', { hp: 2, attacks: [longSword()] })],
      },
      {},
      {},
      dice(),
    );
    expect(r.winner).toBe('draw');
    expect(r.combatants.map((c) => [c.state, c.attacks, c.hp])).toEqual([
      ['dead', 1, 0],
      ['dead', 1, 0],
    ]);
  });

  it('a fumble: the next act 1d6 later and unsteady until then, so Passive (002:66, 120)', () => {
    // A (Agility 3: Primary 13, Passive 10) acts at 4; B (+2) at 5. With A's first d20 a 1, A fumbles:
    // next 4 + 4 + 1d6 (1) = 9, and B's 10 + 2 = 12 hits its Passive 10. Without it B misses
    // Primary 13. Up to count 11 (one round): A acts at 4, 9 (fumbled) or 4, 8.
    const sides = {
      a: [fighter('A', { hp: 20, attacks: [dagger], pc: true, wis: 12, agility: 3 })],
      b: [fighter('B', { hp: 100, attacks: [longSword(2)] })],
    };
    const fumbled = tcFight(TC_MODEL, sides, {}, {}, dice([1]), { roundCap: 1 });
    expect(fumbled.combatants[1]).toMatchObject({ attacks: 1, hits: 1 });
    expect(fumbled.combatants[0]).toMatchObject({ attacks: 2, hits: 1 });
    const steady = tcFight(TC_MODEL, sides, {}, {}, dice(), { roundCap: 1 });
    expect(steady.combatants[1]).toMatchObject({ attacks: 1, hits: 0 });
    expect(steady.combatants[0]).toMatchObject({ attacks: 2, hits: 2 });
  });

  it('a failed consciousness check: unconscious, and a side with no one up loses (002:162)', () => {
    // B: 15 HP, fatigue 25 (not dying: 25 < 30). A's 2 < ToP 3: fatigue 27, DC 27 − 15 = 12; the
    // d20's 10 + Con 0 fails. A wins at count 4.
    const r = tcFight(
      TC_MODEL,
      {
        a: [fighter('A', { hp: 12, attacks: [dagger], wis: 12 })],
        b: [fighter('B', { hp: 15, fatigue: 25, attacks: [longSword()] })],
      },
      {},
      {},
      dice(),
    );
    expect(r).toMatchObject({ winner: 'a', rounds: 1 });
    expect(r.combatants[1]).toMatchObject({ state: 'unconscious', hp: 15, nonlethal: 27, attacks: 0 });
  });

  it('an unconscious fighter checks to wake 10 counts a point failed later, and acts when it wakes (002:166)', () => {
    // B (Wis 12: initiative 4, long sword, SF 9) against A (30 HP, fatigue 29; initiative 5) and C
    // (100 HP, no weapon: it only waits, static Standard 9). Count 4: B hits A (its d20 10), 5 ≥ ToP 3:
    // fatigue 32, HP 28: DC 4; A's check rolls 3: fails by 1, unconscious until count 4 + 10 = 14.
    // 13: B hits C. 14: DC 32 − 28 = 4, the d20's 10 passes: A is up and stabs B at once, and at 20.
    // 22: B hits A again (ToP 2): fatigue 34, HP 25, DC 9, passed. Two rounds (up to count 23): a draw.
    const sides = {
      a: [fighter('A', { hp: 30, fatigue: 29, attacks: [dagger] }), fighter('C', { hp: 100, attacks: [] })],
      b: [fighter('B', { hp: 100, wis: 12, attacks: [longSword()] })],
    };
    const r = tcFight(TC_MODEL, sides, {}, {}, dice([10, 3]), { roundCap: 2 });
    expect(r).toMatchObject({ winner: 'draw', rounds: 2 });
    expect(r.combatants[0]).toMatchObject({
      id: 'A',
      state: 'standing',
      hp: 25,
      nonlethal: 34,
      attacks: 2,
      hits: 2,
    });
    expect(r.combatants[2]).toMatchObject({ id: 'B', attacks: 3, hits: 3 });
    // One round (up to count 11): A is still out.
    const out = tcFight(TC_MODEL, sides, {}, {}, dice([10, 3]), { roundCap: 1 });
    expect(out.combatants[0]).toMatchObject({ state: 'unconscious', attacks: 0 });
  });

  it("the attacker's Power adds to every hit's damage (002:52)", () => {
    // One round (counts up to 11): A (a PC, SF 4) stabs B at 4 and 8. With Power 2 the dagger deals
    // 2 + 2 = 4: at 4, ≥ ToP 3: fatigue 3, HP 10 − 1 = 9; at 8, ToP 2: fatigue 5, HP 7. Without
    // Power, 2: at 4, < 3: fatigue 2; at 8, 2 ≥ ToP 2: fatigue 4, HP 10.
    const run = (power: number) =>
      tcFight(
        TC_MODEL,
        {
          a: [fighter('A', { hp: 30, attacks: [dagger], wis: 12, pc: true, power })],
          b: [fighter('B', { hp: 10, attacks: [longSword()] })],
        },
        {},
        {},
        dice(),
        { roundCap: 1 },
      ).combatants[1];
    expect(run(2)).toMatchObject({ hp: 7, nonlethal: 5 });
    expect(run(0)).toMatchObject({ hp: 10, nonlethal: 4 });
  });

  it(
    "one round's one attack hits as often as the exact odds say (5,000 seeded fights)",
    { timeout: 60_000 },
    () => {
      // A Sedentary weapon (static SF 16) acts once in round 1 (initiative 5–10, next ≥ 21); +3 against
      // Primary 10: naturals 7–20, 14/20. The target (100 HP, no weapon) only waits.
      const maul: SimAttack = { ...longSword(3), speedClass: 'sedentary' };
      const sides = {
        a: [fighter('A', { hp: 20, attacks: [maul] })],
        b: [fighter('B', { hp: 100, attacks: [] })],
      };
      const n = 5_000;
      const hits = firstRoundHits((s, d, o) => tcFight(TC_MODEL, s, {}, {}, d, o), sides, 32, n);
      const p = tcAttackOdds(
        TC_MODEL,
        tcOddsInput({ bonus: 3, defense: 10, faces: 8, flat: 0 }, tcCreature(), tcHealth(100)),
      ).hit.hit;
      expect(p).toBeCloseTo(0.7, 12);
      expect(Math.abs(hits / n - p)).toBeLessThan(4.5 * Math.sqrt((p * (1 - p)) / n));
    },
  );
});
