/**
 * The fight simulator's policies (issue #20), worked by hand with dice that always show the same
 * face (d20 → 10, d8 → 5, d100 → 100): Block (and flat-footed before the first turn) and the Vital
 * Strike called shot. Numbers: ATTACK ROLL, RELATIVE DEGREE, DAMAGE, PROTECTION, INJURY, ABORT
 * ACTIONS (Block), CALLED SHOTS (Vital Strike −8, "Double all damage inflicted").
 */
import { describe, expect, it } from 'vitest';
import type { DiceSource } from '../../src/rules/index.js';
import { simulateFight, type CombatantSnapshot, type SimAttack } from '../../src/rules/simulate/index.js';

const steadyDice: DiceSource = { roll: (faces) => ({ 20: 10, 8: 5, 100: 100 })[faces] ?? 1 };

const sword = (bonus: number): SimAttack => ({
  name: 'Sword',
  mode: 'melee',
  bonus,
  dice: { count: 1, faces: 8 },
  weaponBonus: 2,
  strength: null,
});

function combatant(id: string, over: Partial<CombatantSnapshot> = {}): CombatantSnapshot {
  return {
    id,
    name: id,
    size: 'medium',
    hp: { value: 12, max: 12 },
    con: 10,
    initiative: 0,
    defense: { melee: 0, ranged: 0 },
    protection: 2,
    saves: { fortitude: 0, reflex: 0 },
    attacks: [],
    ...over,
  };
}

describe('Block', () => {
  // A: +5, 1d8+2, acts first (initiative bonus +1). B: 12 HP, Defense +0, Protection 2, blocks at +12.
  const a = combatant('A', { initiative: 1, attacks: [sword(5)] });
  const b = combatant('B', { block: { bonus: 12 } });

  it('flat-footed in round 1 it cannot Block; from round 2 every Block (paid with the move action) holds', () => {
    // Round 1: B has not acted — flat-footed, no Block. 15 vs 10: RD 5, 5 + 2 + 5 − 2 = 10 → 2 HP.
    // Round 2 on: B (2/12 HP: severe, −6) blocks: 10 + 12 − 6 = 16 ≥ the attack's 15: blocked. The
    // move action pays; B's own turn gives it back. Nothing else happens: a draw at the cap.
    const r = simulateFight({ a: [a], b: [b] }, {}, {}, steadyDice, { roundCap: 10 });
    expect(r).toMatchObject({ winner: 'draw', rounds: 10 });
    expect(r.combatants[0]).toMatchObject({ attacks: 10, hits: 10 });
    expect(r.combatants[1]).toMatchObject({ hp: 2, state: 'standing' });
  });

  it("policy 'never': the second hit kills B as in the fight without Block", () => {
    // Round 2: Defense 10 − 6 = 4, RD 11, 5 + 2 + 11 − 2 = 16 → 2 − 16 = −14 ≤ −10: dead.
    const r = simulateFight({ a: [a], b: [b] }, { b: { block: 'never' } }, {}, steadyDice, { roundCap: 10 });
    expect(r).toMatchObject({ winner: 'a', rounds: 2 });
    expect(r.combatants[1]).toMatchObject({ hp: -14, state: 'dead' });
  });
});

describe('Vital Strike', () => {
  it('−8 to hit, and a failed Fortitude save loses the damage again', () => {
    // A: +13 − 8 = +5 → 15. B: 30 HP, Defense +0, Protection 2, Fortitude +0, no attack (no attack
    // of opportunity).
    // Round 1: RD 5; 5 + 2 + 5 − 2 = 10 → 20 HP (20/30 ≤ ¾: light, −2). Save 10 + 0 − 2 = 8 against
    //   DC 10 + 10 = 20: failed → 10 more → 10 HP.
    // Round 2: 10/30 ≤ ½: moderate, −4: Defense 6, RD 9; 5 + 2 + 9 − 2 = 14 → −4 (dying; severe, −6).
    //   Save 10 − 6 = 4 against DC 24: failed → 14 more → −18 ≤ −10: dead.
    const a = combatant('A', { initiative: 1, attacks: [sword(13)] });
    const b = combatant('B', { hp: { value: 30, max: 30 } });
    const r = simulateFight({ a: [a], b: [b] }, { a: { calledShot: 'vital-strike' } }, {}, steadyDice);
    expect(r).toMatchObject({ winner: 'a', rounds: 2 });
    expect(r.combatants[1]).toMatchObject({ hp: -18, state: 'dead' });
  });

  it('not tried against a creature with no discernible anatomy (immune): a plain +13 attack', () => {
    // Round 1: 10 + 13 = 23 vs 10: RD 13; 5 + 2 + 13 − 2 = 18 → 30 − 18 = 12 HP.
    // Round 2: 12/30 ≤ ½: −4 → Defense 6, RD 17; 5 + 2 + 17 − 2 = 22 → −10: dead.
    const a = combatant('A', { initiative: 1, attacks: [sword(13)] });
    const b = combatant('B', { hp: { value: 30, max: 30 }, anatomy: ['no-discernible-anatomy'] });
    const r = simulateFight({ a: [a], b: [b] }, { a: { calledShot: 'vital-strike' } }, {}, steadyDice);
    expect(r).toMatchObject({ winner: 'a', rounds: 2 });
    expect(r.combatants[1]).toMatchObject({ hp: -10, state: 'dead' });
  });
});
