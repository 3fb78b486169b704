/**
 * The exact odds (src/rules/odds, issue #20) against the engine itself: each case rolls the attack
 * the way the attack card does — `rollAttack` (d10 chains), the Defense d20 through
 * `defenseRollFromValues`, `resolveAttack`, the Penetration Reflex save, the weapon dice through
 * `damagePipeline`, the HP loss through `applyDamageToHitPoints` / `applyNonlethalDamage` /
 * `damageConsequences` / `injury`, the called shot's Fortitude save with `resolveConditionEffects`
 * and Vital Strike's second loss, the Advanced Wound Trauma save — with a seeded random DiceSource,
 * and every probability the odds give must lie within 4.5 standard errors of the observed frequency
 * (plus the stated truncation bound). Values whose expected count is below 20 are compared as one
 * lumped "rest" cell, where the normal approximation still holds.
 *
 * Sample sizes: the first case rolls 10⁶ attacks (the figure); the other three 2·10⁵ each,
 * to keep the unit run short on a 2-core machine — the tolerance is the standard error of each
 * case's own n (√(p(1−p)/n)), so a smaller n widens it by √5, stated here rather than hidden.
 */
import { describe, expect, it } from 'vitest';
import {
  applyDamageToHitPoints,
  applyNonlethalDamage,
  conditionSaveDc,
  damageConsequences,
  damagePipeline,
  defenseRollFromValues,
  injury,
  penetrationSaveDc,
  resolveAdvancedWoundTrauma,
  resolveAttack,
  resolveConditionEffects,
  rollAttack,
  rollEach,
  savingThrow,
  seededDice,
  vitalStrikeDamage,
  type DiceSource,
} from '../../src/rules/index.js';
import { odds } from '../../src/rules/on-demand.js';
import { Tally } from '../fixtures/odds-sampling.js';

type Input = Parameters<typeof odds.attackOdds>[0];

/** One attack as the attack card resolves it, through the engine's own functions. */
function rollOnce(dice: DiceSource, input: Input, t: Tally): void {
  const attack = rollAttack(dice, input.attack.bonus, { take10: input.attack.take10 === true });
  const def = input.defense;
  const defenseTotal = def.fixed
    ? def.bonus
    : defenseRollFromValues(
        def.autoRollOne
          ? { bonus: def.bonus, autoRollOne: true }
          : { natural: dice.roll(20), bonus: def.bonus },
      ).total;
  const r = input.coupDeGrace ? { hit: true, relativeDegree: 20 } : resolveAttack(attack, defenseTotal);
  t.value('rd', r.relativeDegree);
  t.add(r.hit ? 'hit' : 'miss');
  const target = input.target;
  const effects = input.calledShot?.effects ?? [];
  let dealt = 0;
  let penetrated = false;
  if (r.hit) {
    if (effects.includes('penetration')) {
      const natural = dice.roll(20);
      const dc = penetrationSaveDc(r.relativeDegree);
      penetrated = !savingThrow({ natural, bonus: target.saves?.reflex as number, dc }).success;
      t.add(penetrated ? 'penetrated' : 'penetrationSaved');
    }
    const { weaponDice, ...rest } = input.damage;
    // Object.assign, not a spread: on Node 20 a spread followed by more properties costs
    // microseconds an attack (issue #29).
    const pipeline = damagePipeline(
      Object.assign(rest, {
        weaponDice: rollEach(dice, weaponDice?.count ?? 0, weaponDice?.faces ?? 1),
        relativeDegree: r.relativeDegree,
        penetrated,
      }),
    );
    dealt = pipeline.final;
  }
  t.value('final', dealt);
  const nonlethalAttack = input.damage.nonlethal === true;
  const lethal = nonlethalAttack ? 0 : dealt;
  const hp = target.hp;
  const first = applyDamageToHitPoints({ current: hp.value, temporary: hp.temp ?? 0, damage: lethal });
  const nl = applyNonlethalDamage({
    currentHp: first.current,
    nonlethal: hp.nonlethal ?? 0,
    damage: nonlethalAttack ? dealt : 0,
  });
  t.value('nonlethal', nl.condition);
  const c = damageConsequences(
    {
      currentHp: hp.value,
      hpLost: first.hpLost,
      size: target.size,
      nonlethal: nonlethalAttack,
      slashing: input.slashing === true,
    },
    input.variants ?? {},
  );
  if (c.trauma) t.add('trauma');
  if (c.severeBleeding && c.condition !== 'dead') t.add('severeBleeding');
  if (c.woundTraumaDC !== null && c.condition !== 'dead') {
    t.add('woundTraumaOwed');
    const natural = dice.roll(20);
    const fort = target.saves?.fortitude as number;
    const w = resolveAdvancedWoundTrauma({ saveTotal: natural + fort, dc: c.woundTraumaDC, natural }, dice);
    if (w.effect === 'dazed') t.add('woundDazed');
    if (w.effect === 'stunned') t.add(w.failedBy >= 10 ? 'woundStunnedRolled' : 'woundStunnedOne');
  }
  let current = first.current;
  let condition: string = c.condition;
  let lost = first.hpLost;
  const immune = input.calledShot?.immune ?? [];
  const conditionEffects = effects.filter((e) => e !== 'penetration' && !immune.includes(e));
  const dc = conditionSaveDc(dealt);
  if (conditionEffects.length > 0 && dc !== null) {
    t.add('conditionOwed');
    const natural = dice.roll(20);
    const success = savingThrow({ natural, bonus: target.saves?.fortitude as number, dc }).success;
    const resolved = resolveConditionEffects({
      effects: conditionEffects,
      damageDealt: dealt,
      fortitudeSave: success,
    });
    if (resolved.applied.length > 0) t.add('conditionFailed');
    if (resolved.applied.includes('vital-strike') && lethal > 0) {
      const again = applyDamageToHitPoints({
        current: first.current,
        temporary: first.temporary,
        damage: vitalStrikeDamage(lethal) - lethal,
      });
      current = again.current;
      lost += again.hpLost;
      condition = damageConsequences({
        currentHp: first.current,
        hpLost: again.hpLost,
        size: target.size,
      }).condition;
    }
  }
  if (target.stable && condition === 'dying' && lost === 0) condition = 'stable';
  t.value('condition', condition);
  t.value(
    'injury',
    injury(Math.min(current, hp.max), hp.max, { immune: target.immuneToInjury === true }).level,
  );
  t.value('hpAfter', current);
}

/** Every probability the odds give, under the same keys as the tallies. */
function expected(input: Input): Map<string, number> {
  const o = odds.attackOdds(input);
  const e = new Map<string, number>();
  const put = (key: string, p: number | null | undefined) => {
    if (p !== null && p !== undefined) e.set(key, p);
  };
  const dist = (prefix: string, d: { min: number; p: number[] }) =>
    d.p.forEach((p, i) => put(`${prefix}:${d.min + i}`, p));
  put('hit', o.hit.hit);
  put('miss', o.hit.miss);
  dist('rd', o.hit.rd);
  dist('final', o.damage.final);
  dist('hpAfter', o.outcome.hpAfter);
  for (const [k, p] of Object.entries(o.outcome.condition)) put(`condition:${k}`, p);
  for (const [k, p] of Object.entries(o.outcome.injury)) put(`injury:${k}`, p);
  for (const [k, p] of Object.entries(o.outcome.nonlethal)) put(`nonlethal:${k}`, p);
  put('trauma', o.outcome.trauma);
  put('severeBleeding', o.outcome.severeBleeding);
  put('woundTraumaOwed', o.outcome.woundTrauma?.owed);
  put('woundDazed', o.outcome.woundTrauma?.dazed);
  put('woundStunnedOne', o.outcome.woundTrauma?.stunnedOneRound);
  put('woundStunnedRolled', o.outcome.woundTrauma?.stunnedRolled);
  put('penetrated', o.calledShot?.penetration?.penetrated);
  put('penetrationSaved', o.calledShot?.penetration?.saved);
  put('conditionOwed', o.calledShot?.condition?.owed);
  put('conditionFailed', o.calledShot?.condition?.failed);
  e.set('errorBound', Math.max(o.truncation.errorBound, o.hit.truncation.errorBound));
  return e;
}

/** Checks every key (and the lumped rare values of each distribution) within 4.5 standard errors. */
function agree(input: Input, n: number, seed: number): string[] {
  const tally = new Tally();
  const dice = seededDice(seed);
  for (let i = 0; i < n; i++) rollOnce(dice, input, tally);
  const want = expected(input);
  const bound = want.get('errorBound') as number;
  want.delete('errorBound');
  const bad: string[] = [];
  const rest = new Map<string, { p: number; k: number }>();
  const counts = tally.counts();
  const keys = new Set([...want.keys(), ...counts.keys()]);
  for (const key of keys) {
    const p = want.get(key) ?? 0;
    const k = counts.get(key) ?? 0;
    const family = key.includes(':') && /:-?\d+$/.test(key) ? key.slice(0, key.lastIndexOf(':')) : null;
    if (family && n * p < 20) {
      const cell = rest.get(family) ?? { p: 0, k: 0 };
      rest.set(family, { p: cell.p + p, k: cell.k + k });
      continue;
    }
    check(key, p, k);
  }
  for (const [family, cell] of rest) check(`${family}:rest`, cell.p, cell.k);
  return bad;

  function check(key: string, p: number, k: number): void {
    const tolerance = 4.5 * Math.sqrt((p * (1 - p)) / n) + bound + 1e-12;
    if (Math.abs(k / n - p) > tolerance) bad.push(`${key}: odds ${p}, observed ${k / n} (±${tolerance})`);
  }
}

const CASES: { name: string; n: number; input: Input }[] = [
  {
    name: 'a sword (1d8, Str +2) at +3 against Defense +2, Protection 4, a Medium target of 12 HP',
    n: 1_000_000,
    input: {
      attack: { bonus: 3 },
      defense: { bonus: 2 },
      damage: { weaponDice: { count: 1, faces: 8 }, strengthBonus: 2, protection: { armor: 4 } },
      target: { hp: { value: 12, max: 12 }, size: 'medium' },
    },
  },
  {
    name: 'a called shot (Penetration, stun, Vital Strike) with an armor-piercing 2d6, DR 1, both wound variants, temporary HP',
    n: 200_000,
    input: {
      attack: { bonus: 8 },
      defense: { bonus: 4 },
      damage: {
        weaponDice: { count: 2, faces: 6 },
        weaponBonus: 1,
        strengthBonus: 1,
        protection: { armor: 6, naturalArmor: 2, monk: 1 },
        bypass: 'piercing',
        damageReduction: 1,
      },
      target: {
        hp: { value: 14, max: 18, temp: 2, nonlethal: 3 },
        size: 'medium',
        saves: { fortitude: 3, reflex: 2 },
      },
      variants: { advancedWoundTrauma: true, woundsCauseBleeding: true },
      slashing: true,
      calledShot: { effects: ['penetration', 'stun', 'vital-strike'] },
    },
  },
  {
    name: 'a nonlethal 1d6 against a helpless Tiny target already hurt, with nonlethal damage',
    n: 200_000,
    input: {
      attack: { bonus: -1 },
      defense: { bonus: 6, autoRollOne: true },
      damage: { weaponDice: { count: 1, faces: 6 }, protection: 1, nonlethal: true },
      target: { hp: { value: 3, max: 4, nonlethal: 1 }, size: 'tiny' },
    },
  },
  {
    name: 'a big hit against a stable dying Tiny target (death at −8), afterProtection ×2, ER 2',
    n: 200_000,
    input: {
      attack: { bonus: 12 },
      defense: { bonus: 9 },
      damage: {
        weaponDice: { count: 1, faces: 4 },
        protection: { armor: 3 },
        afterProtectionMultiplier: 2,
        energyResistance: 2,
      },
      target: { hp: { value: -2, max: 5 }, size: 'tiny', stable: true },
    },
  },
];

describe('exact odds agree with the engine rolling the attack (sampling)', () => {
  for (const [i, c] of CASES.entries()) {
    it(`${c.name} (${c.n.toLocaleString('en')} attacks)`, { timeout: 120_000 }, () => {
      expect(agree(c.input, c.n, 2026 + i)).toEqual([]);
    });
  }
});
