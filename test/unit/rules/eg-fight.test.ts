/**
 * The Enlightened Grognard fight loop (issue #31): fights worked by hand with fixed dice — the PCs'
 * 2 initiative tokens spent on the first attack (003:491, the stated policy), none for NPCs (003:472),
 * bloodied and dying as the model applies them — and the first attack's hit rate over many fights
 * against the exact odds.
 */
import { describe, expect, it } from 'vitest';
import { firstRoundHits, modelSnapshot, steadyDice, sword } from '../../fixtures/model-fight.js';
import { EG_MODEL } from '../../../src/rules/models/eg/model.js';
import { egFight } from '../../../src/rules/models/eg/eg-fight.js';
import { egAttackOdds } from '../../../src/rules/models/eg/eg-odds.js';
import type { CombatantSnapshot, SimAttack } from '../../../src/rules/simulate/index.js';

/**
 * A combatant of 1 level of a d10 class, Con 10: 10 HP at most (A13); AC 10 + its Dexterity modifier
 * (003:236, no armor, no class modifier).
 */
function fighter(
  id: string,
  o: { hp?: number; initiative?: number; attacks?: SimAttack[]; dex?: number; pc?: boolean } = {},
): CombatantSnapshot {
  const hp = o.hp ?? 10;
  return modelSnapshot(id, {
    hp,
    max: 10,
    ...(o.initiative === undefined ? {} : { initiative: o.initiative }),
    ...(o.attacks === undefined ? {} : { attacks: o.attacks }),
    model: {
      health: { value: hp, temp: 0, nonlethal: 0, conDamage: 0, bloodied: 0 },
      creature: {
        size: 'medium',
        defense: { dexMod: o.dex ?? 0, classes: [], size: 'medium' },
        hitPoints: { con: 10, classes: [{ progression: 'good', levels: 1, hitDie: 10 }], size: 'medium' },
        saves: { fortitude: 0, reflex: 0, will: 0 },
        statuses: [],
      },
      ...(o.pc === undefined ? {} : { pc: o.pc }),
    },
  });
}

describe('egFight', () => {
  it('worked by hand: a bloodying hit, then a hit below 0 (dying)', () => {
    // A: +5, 1d8+2, initiative +1, a PC (2 power tokens on its first attack). B: AC 10, 10 HP.
    // Both initiative d20s show 10: A's +1 first. Round 1: 10 + 5 + 2 ≥ 10, 5 + 2 = 7: B at 3,
    // 3 × 2 < 10 bloodied: 1 Con damage. Round 2: no tokens left, 15 ≥ 10, 7: B at −4, dying. A wins.
    const r = egFight(
      EG_MODEL,
      { a: [fighter('A', { initiative: 1, attacks: [sword(5, 2)], pc: true })], b: [fighter('B')] },
      {},
      {},
      steadyDice,
    );
    expect(r).toMatchObject({ winner: 'a', rounds: 2 });
    expect(r.combatants[0]).toMatchObject({ id: 'A', hp: 10, state: 'standing', attacks: 2, hits: 2 });
    expect(r.combatants[1]).toMatchObject({ id: 'B', hp: -4, state: 'dying', attacks: 0 });
  });

  it("a PC's initiative tokens make its first attack hit; an NPC has none", () => {
    // A: +0 against B's AC 12 (Dex +2). The d20 shows 10: a PC's first attack 10 + 0 + 2 = 12 hits,
    // its second (no tokens) misses; an NPC misses both. Two rounds, a draw.
    const b = fighter('B', { dex: 2, hp: 10 });
    const run = (pc: boolean) =>
      egFight(
        EG_MODEL,
        { a: [fighter('A', { initiative: 1, attacks: [sword(0, 0)], pc })], b: [b] },
        {},
        {},
        steadyDice,
        {
          roundCap: 2,
        },
      );
    expect(run(true).combatants[0]).toMatchObject({ attacks: 2, hits: 1 });
    expect(run(true).combatants[1]).toMatchObject({ hp: 5 });
    expect(run(false).combatants[0]).toMatchObject({ attacks: 2, hits: 0 });
    expect(run(false).winner).toBe('draw');
  });

  it('at 0 HP a creature is disabled and out of the fight', () => {
    // A: +5, 1d8+2 → 7 against B at 7 HP: 0 HP, disabled (003:1004).
    const r = egFight(
      EG_MODEL,
      { a: [fighter('A', { initiative: 1, attacks: [sword(5, 2)] })], b: [fighter('B', { hp: 7 })] },
      {},
      {},
      steadyDice,
    );
    expect(r).toMatchObject({ winner: 'a', rounds: 1 });
    expect(r.combatants[1]).toMatchObject({ hp: 0, state: 'disabled' });
  });

  it("the first attack's hit rate over many fights agrees with the exact odds and the policy", () => {
    // A PC's first attack: +4 and 2 tokens against AC 10 + 3 = 13: naturals 7–20 hit, 14/20.
    const a = fighter('A', { initiative: 20, attacks: [sword(4, 1)], pc: true });
    const b = fighter('B', { dex: 3, hp: 200 });
    const n = 20_000;
    const hits = firstRoundHits(
      (sides, dice, o) => egFight(EG_MODEL, sides, {}, {}, dice, o),
      { a: [a], b: [b] },
      131,
      n,
    );
    const p = egAttackOdds(EG_MODEL, {
      attack: { bonus: 4 },
      defense: { bonus: 13 },
      damage: { weaponDice: { count: 1, faces: 8 }, weaponBonus: 1, protection: 0 },
      target: { hp: { value: 200, max: 200 }, size: 'medium' },
      model: { health: b.model!.health, creature: { ...b.model!.creature, statuses: new Set() } },
      tokens: { attack: 2 },
    }).hit.hit;
    expect(p).toBeCloseTo(0.7, 12);
    expect(Math.abs(hits / n - p)).toBeLessThan(4.5 * Math.sqrt((p * (1 - p)) / n));
  });
});
