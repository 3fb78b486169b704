/**
 * The exact-odds machinery shared by the models whose defenses are static (Saga, issue #30; the
 * Enlightened Grognard, issue #31; the Time Count, issue #32): every natural of the d20 through the
 * model's `resolve`, every damage of a hit through its `damage`, the tallies of what `applyDamage`
 * leaves, and the common record of the odds. What a model counts beyond that is its own
 * (saga-odds.ts, eg-odds.ts, tc-odds.ts).
 */
import type { AttackOdds, AttackOddsInput } from '../odds/attack-odds.js';
import {
  added,
  diceSum,
  emptyDistribution,
  pointDistribution,
  probabilityOf,
  type Distribution,
} from '../odds/distribution.js';
import { noTruncation } from '../odds/hit-odds.js';
import type { OddsCondition } from '../odds/outcome-odds.js';
import { INJURY_LEVELS } from '../damage-effects.js';
import { assertInteger, assertNonNegativeInteger } from '../validate.js';
import type { CombatModel, HealthOutcome, HealthVector, ModelCreature, ModelDamageInput } from './types.js';

/** Whether two health vectors hold the same values (an absent field is 0). */
export function sameHealth(a: HealthVector, b: HealthVector): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if ((a[k] ?? 0) !== (b[k] ?? 0)) return false;
  return true;
}

/** Masses by an integer key, read back as a dense distribution. */
export class Masses {
  readonly by = new Map<number, number>();
  add(value: number, m: number): void {
    if (m !== 0) this.by.set(value, (this.by.get(value) ?? 0) + m);
  }
  dist(): Distribution {
    if (this.by.size === 0) return emptyDistribution();
    const keys = [...this.by.keys()];
    const min = Math.min(...keys);
    const p = new Array<number>(Math.max(...keys) - min + 1).fill(0);
    for (const [k, m] of this.by) p[k - min] = m;
    return { min, p };
  }
}

/** The target as the model reads it (`input.model`); `who` names the odds in the error. */
export function modelTarget(
  input: AttackOddsInput,
  who: string,
): { health: HealthVector; creature: ModelCreature } {
  if (input.model) return input.model;
  throw new RangeError(`${who} need the target's health vector and creature (input.model)`);
}

/**
 * The attack as a model's odds read it: the attack bonus and the defense to beat (each an integer,
 * with `extra`: a token policy's +1s), the target (`who` names the odds in the error) and whether the
 * attack deals nonlethal damage.
 */
export function attackOddsInput(
  input: AttackOddsInput,
  who: string,
  extra: { attack: number; defense: number } = { attack: 0, defense: 0 },
) {
  const bonus = assertInteger('attack bonus', input.attack.bonus) + extra.attack;
  const defense = assertInteger('defense', input.defense.bonus) + extra.defense;
  const { health, creature } = modelTarget(input, who);
  return { bonus, defense, health, creature, nonlethalAttack: input.damage.nonlethal === true };
}

/** The weapon's dice (count, faces) and the rest of the damage input; the flat part belongs in weaponBonus. */
export function weaponDiceOf(damage: AttackOddsInput['damage']) {
  const { weaponDice, ...rest } = damage;
  const count = assertNonNegativeInteger('weapon dice count', weaponDice?.count ?? 0);
  const faces = assertNonNegativeInteger('weapon dice faces', weaponDice?.faces ?? 1, 1);
  if ((weaponDice?.bonus ?? 0) !== 0)
    throw new RangeError('put the flat part of the weapon dice in weaponBonus');
  return { count, faces, rest };
}

/** One natural's hit: its margin, whether a critical, its probability. */
export interface NaturalHit {
  margin: number;
  critical: boolean;
  p: number;
}

/**
 * The d20 against `defense`: each natural through the model's resolve (take 10: no die, the card's
 * natural when it is known). The margins, the miss and critical chances and each natural's hit.
 */
export function d20Hits(
  model: CombatModel,
  attack: AttackOddsInput['attack'],
  bonus: number,
  defense: number,
) {
  const rolls: { natural: number | null; p: number }[] = attack.take10
    ? [{ natural: attack.natural ?? null, p: 1 }]
    : Array.from({ length: 20 }, (_, i) => ({ natural: i + 1, p: 1 / 20 }));
  const margins = new Masses();
  const hitMargins = new Masses();
  const hits: NaturalHit[] = [];
  let miss = 0;
  let critical = 0;
  for (const r of rolls) {
    const total = (attack.take10 ? 10 : (r.natural as number)) + bonus;
    const res = model.resolve(total, defense, r.natural);
    margins.add(res.margin, r.p);
    if (!res.hit) {
      miss += r.p;
      continue;
    }
    hitMargins.add(res.margin, r.p);
    if (res.critical) critical += r.p;
    hits.push({ margin: res.margin, critical: res.critical, p: r.p });
  }
  return { margins, hitMargins, hits, miss, critical };
}

/** A damage dealt (lethal, nonlethal, final) and its probability. */
export interface Dealt {
  lethal: number;
  nonlethal: number;
  final: number;
  p: number;
}

/**
 * Each hit's damage: each of `outcomes(h)` (the dice and their chance) through `damageOf`; the damages
 * dealt by lethal and nonlethal, and the final damage of a hit.
 */
export function dealtDamage<H extends { p: number }>(
  hits: Iterable<H>,
  outcomes: (h: H) => { dice: number[]; p: number }[],
  damageOf: (h: H, dice: number[]) => { lethal: number; nonlethal: number; final: number },
): { dealt: Map<string, Dealt>; hitFinal: Masses } {
  const dealt = new Map<string, Dealt>();
  const hitFinal = new Masses();
  for (const h of hits)
    for (const { dice, p } of outcomes(h)) {
      const m = h.p * p;
      if (m === 0) continue;
      const d = damageOf(h, dice);
      hitFinal.add(d.final, m);
      const key = `${d.lethal}|${d.nonlethal}`;
      const e = dealt.get(key) ?? { lethal: d.lethal, nonlethal: d.nonlethal, final: d.final, p: 0 };
      e.p += m;
      dealt.set(key, e);
    }
  return { dealt, hitFinal };
}

/**
 * What each hit deals under a model whose critical counts every weapon die at its highest face (the
 * Enlightened Grognard 003:134–135, the Time Count 002:62): every sum of the dice (`weapon`, from
 * {@link weaponDiceOf}) through the model's `damage`, with `extra` in its input (e.g. tokens).
 */
export function maxedCriticalDamage(
  model: CombatModel,
  hits: Iterable<NaturalHit>,
  weapon: ReturnType<typeof weaponDiceOf>,
  extra: Partial<ModelDamageInput> = {},
): { dealt: Map<string, Dealt>; hitFinal: Masses } {
  const { count, faces, rest } = weapon;
  const sums = diceSums(diceSum(count, faces));
  const maxDice = new Array<number>(count).fill(faces);
  return dealtDamage(
    hits,
    (h) => (h.critical ? [{ dice: maxDice, p: 1 }] : sums),
    (h, dice) =>
      model.damage({
        ...rest,
        weaponDice: dice,
        ...(h.critical ? { diceFaces: maxDice } : {}),
        ...extra,
        margin: h.margin,
        critical: h.critical,
      }),
  );
}

/** Each sum of `count` d`faces` (a die list of one sum; none for 0) with its chance. */
export function diceSums(sums: Distribution): { dice: number[]; p: number }[] {
  return sums.p.map((p, i) => ({ dice: sums.min + i > 0 ? [sums.min + i] : [], p }));
}

/** The tallies every model keeps of an outcome: the lethal and nonlethal conditions and the HP after. */
export function outcomeTallies() {
  const condition: Record<OddsCondition, number> = { normal: 0, disabled: 0, stable: 0, dying: 0, dead: 0 };
  const nonlethal = { normal: 0, staggered: 0, unconscious: 0 };
  const hpAfter = new Masses();
  return {
    condition,
    nonlethal,
    hpAfter,
    add(o: { after: HealthVector; conditions: HealthOutcome['conditions'] }, p: number): void {
      const c = o.conditions.lethal as OddsCondition;
      condition[c in condition ? c : 'normal'] += p;
      const n = o.conditions.nonlethal as keyof typeof nonlethal;
      nonlethal[n in nonlethal ? n : 'normal'] += p;
      hpAfter.add(o.after.value ?? 0, p);
    },
  };
}

/**
 * What every static-defense model's odds add to the common record, beside their own numbers: P(a
 * critical hit, as the model's `resolve` counts one) and the disjoint outcomes `O` (summing to 1).
 */
export interface StaticOutcomeOdds<O extends string> {
  critical: number;
  exclusive: Record<O, number>;
}

/** The disjoint outcomes of an attack before its hits are counted: all 0 but the miss's `miss`. */
export function missOutcomes<O extends string>(
  outcomes: readonly O[],
  miss: number,
): Record<O | 'miss', number> {
  const exclusive = Object.fromEntries(outcomes.map((k) => [k, 0])) as Record<O | 'miss', number>;
  exclusive.miss = miss;
  return exclusive;
}

/** The common record of a static-defense model's odds (no injury, no protection, no truncation). */
export function staticOddsRecord(o: {
  miss: number;
  margins: Masses;
  hitMargins: Masses;
  hitFinal: Masses;
  nonlethalAttack: boolean;
  noEffect: number;
  tallies: ReturnType<typeof outcomeTallies>;
}): AttackOdds {
  const hitFinalDist = o.hitFinal.dist();
  const final = added(hitFinalDist, pointDistribution(0, o.miss));
  const none = pointDistribution(0);
  const injury = Object.fromEntries(
    INJURY_LEVELS.map((l) => [l, l === 'none' ? 1 : 0]),
  ) as AttackOdds['outcome']['injury'];
  return {
    hit: {
      hit: 1 - o.miss,
      miss: o.miss,
      rd: o.margins.dist(),
      hitRd: o.hitMargins.dist(),
      automatic: false,
      truncation: noTruncation(0),
    },
    damage: {
      miss: o.miss,
      absorbed: probabilityOf(hitFinalDist, 0),
      final,
      hitFinal: hitFinalDist,
      lethal: o.nonlethalAttack ? none : final,
      nonlethal: o.nonlethalAttack ? final : none,
      nonlethalAttack: o.nonlethalAttack,
      penetrated: null,
      penetrationSaved: null,
    },
    outcome: {
      noEffect: o.noEffect,
      hpAfter: o.tallies.hpAfter.dist(),
      injury,
      injuryWorse: 0,
      trauma: 0,
      condition: o.tallies.condition,
      nonlethal: o.tallies.nonlethal,
      woundTrauma: null,
      severeBleeding: null,
      conditionSave: null,
    },
    calledShot: null,
    truncation: { depth: 0, errorBound: 0 },
  };
}
