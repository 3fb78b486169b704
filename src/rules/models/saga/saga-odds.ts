/**
 * The Saga-style model's exact odds (seed 001; issue #30): one attack roll against a static defense,
 * the damage of each hit and what it does to the target's health vector — HP, nonlethal damage and
 * the condition step. Computed, not sampled: every natural of the d20 goes through the model's own
 * `resolve` (decision A9: a natural 20 hits and is a critical, a natural 1 misses), every sum of the
 * weapon's dice through its `damage` (the critical's ×2, DR, energy resistance), every damage dealt
 * through its `applyDamage` (the damage threshold's step, nonlethal, HP below 0) — the functions the
 * attack card applies, so the odds take every rule as the card does.
 */
import type { AttackOdds, AttackOddsInput } from '../../odds/attack-odds.js';
import {
  added,
  diceSum,
  emptyDistribution,
  mass,
  pointDistribution,
  probabilityOf,
  type Distribution,
} from '../../odds/distribution.js';
import type { OddsCondition } from '../../odds/outcome-odds.js';
import { INJURY_LEVELS } from '../../damageEffects.js';
import { assertInteger, assertNonNegativeInteger } from '../../validate.js';
import type { CombatModel, HealthOutcome, HealthVector, ModelCreature } from '../types.js';
import { CONDITION_TRACK_BOTTOM } from './condition-track.js';

/** The disjoint outcomes of one attack, in order (they add up to 1). */
export const SAGA_OUTCOMES = ['miss', 'absorbed', 'hurt', 'step', 'down', 'dead'] as const;
/** One of {@link SAGA_OUTCOMES}: a miss; a hit that changes nothing; HP lost only; a step lost; dropped (unconscious, disabled or dying); dead. */
export type SagaOutcome = (typeof SAGA_OUTCOMES)[number];

/** What the Saga-style odds add to the common record. */
export interface SagaOutcomeOdds {
  /** P(a critical hit: a natural 20, A9). */
  critical: number;
  /** Condition steps lost (0 on a miss). Sums to 1. */
  stepsLost: Distribution;
  /** The condition step after the attack. Sums to 1. */
  stepAfter: Distribution;
  /** P(at least one step lost). */
  step: number;
  /** P(the target is down after the attack: unconscious, disabled or dying, not dead). */
  down: number;
  /** P(the target is dead after the attack). */
  dead: number;
  /** Disjoint outcomes ({@link SAGA_OUTCOMES}), summing to 1. */
  exclusive: Record<SagaOutcome, number>;
}

/** The Saga-style attack odds: the common record with the condition track's outcomes. */
export type SagaAttackOdds = AttackOdds & { saga: SagaOutcomeOdds };

/** The target as the model reads it: `input.model`, or its HP with step 0 and `creature`. */
function targetOf(input: AttackOddsInput): { health: HealthVector; creature: ModelCreature } {
  if (input.model) return input.model;
  throw new RangeError("the Saga-style odds need the target's health vector and creature (input.model)");
}

const STEP = 'conditionStep';
const stepOf = (health: HealthVector) => assertNonNegativeInteger('condition step', health[STEP] ?? 0);

/** Whether `o` leaves the creature dead, or down (unconscious, disabled, dying, the track's bottom). */
export function sagaState(
  o: Pick<HealthOutcome, 'after' | 'statuses' | 'conditions'>,
): 'dead' | 'down' | 'up' {
  if (o.conditions.lethal === 'dead' || o.statuses.includes('dead')) return 'dead';
  if (
    o.conditions.lethal !== 'normal' ||
    o.conditions.nonlethal === 'unconscious' ||
    o.statuses.includes('unconscious') ||
    stepOf(o.after) >= CONDITION_TRACK_BOTTOM
  )
    return 'down';
  return 'up';
}

function sameHealth(a: HealthVector, b: HealthVector): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if ((a[k] ?? 0) !== (b[k] ?? 0)) return false;
  return true;
}

/** Masses by a key, then as a dense distribution. */
class Masses {
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

/**
 * Exact odds of one attack under `model` (the Saga-style model): `input.defense.bonus` is the static
 * defense's value to beat; `input.attack` d20 + bonus (take 10: no die, so no natural 20 or 1).
 */
export function sagaAttackOdds(model: CombatModel, input: AttackOddsInput): SagaAttackOdds {
  const bonus = assertInteger('attack bonus', input.attack.bonus);
  const defense = assertInteger('defense', input.defense.bonus);
  const { health, creature } = targetOf(input);
  const stepBefore = stepOf(health);
  const { weaponDice, ...rest } = input.damage;
  const count = assertNonNegativeInteger('weapon dice count', weaponDice?.count ?? 0);
  const faces = assertNonNegativeInteger('weapon dice faces', weaponDice?.faces ?? 1, 1);
  if ((weaponDice?.bonus ?? 0) !== 0)
    throw new RangeError('put the flat part of the weapon dice in weaponBonus');
  const nonlethalAttack = input.damage.nonlethal === true;

  // The d20: each natural through the model's resolve.
  // A rolled total (a card's: take 10 on total − 10) keeps its natural when it is known.
  const rolls: { natural: number | null; p: number }[] = input.attack.take10
    ? [{ natural: input.attack.natural ?? null, p: 1 }]
    : Array.from({ length: 20 }, (_, i) => ({ natural: i + 1, p: 1 / 20 }));
  const margins = new Masses();
  const hitMargins = new Masses();
  const hits = new Map<string, { margin: number; critical: boolean; p: number }>();
  let miss = 0;
  let critical = 0;
  for (const r of rolls) {
    const total = (input.attack.take10 ? 10 : (r.natural as number)) + bonus;
    const res = model.resolve(total, defense, r.natural);
    margins.add(res.margin, r.p);
    if (!res.hit) {
      miss += r.p;
      continue;
    }
    hitMargins.add(res.margin, r.p);
    if (res.critical) critical += r.p;
    const key = `${res.margin}|${res.critical}`;
    const h = hits.get(key) ?? { margin: res.margin, critical: res.critical, p: 0 };
    h.p += r.p;
    hits.set(key, h);
  }

  // Each hit's damage: every sum of the dice through the model's damage.
  const dice = diceSum(count, faces);
  const dealt = new Map<string, { lethal: number; nonlethal: number; final: number; p: number }>();
  const hitFinal = new Masses();
  for (const h of hits.values())
    for (let i = 0; i < dice.p.length; i++) {
      const m = h.p * (dice.p[i] as number);
      if (m === 0) continue;
      const sum = dice.min + i;
      const d = model.damage({
        ...rest,
        weaponDice: sum > 0 ? [sum] : [],
        margin: h.margin,
        critical: h.critical,
      });
      hitFinal.add(d.final, m);
      const key = `${d.lethal}|${d.nonlethal}`;
      const e = dealt.get(key) ?? { lethal: d.lethal, nonlethal: d.nonlethal, final: d.final, p: 0 };
      e.p += m;
      dealt.set(key, e);
    }

  // What each damage does: the model's applyDamage (a miss leaves the target as it is).
  const stays = {
    after: health,
    statuses: model.healthStatus(health, creature),
    conditions: { lethal: 'normal', nonlethal: 'normal' },
  };
  const exclusive = Object.fromEntries(SAGA_OUTCOMES.map((k) => [k, 0])) as Record<SagaOutcome, number>;
  exclusive.miss = miss;
  const condition: Record<OddsCondition, number> = { normal: 0, disabled: 0, stable: 0, dying: 0, dead: 0 };
  const nonlethalState = { normal: 0, staggered: 0, unconscious: 0 };
  const hpAfter = new Masses();
  const stepAfter = new Masses();
  const stepsLost = new Masses();
  let noEffect = miss;
  let down = 0;
  let dead = 0;
  const tally = (
    o: { after: HealthVector; statuses: string[]; conditions: HealthOutcome['conditions'] },
    p: number,
  ) => {
    const c = o.conditions.lethal as OddsCondition;
    condition[c in condition ? c : 'normal'] += p;
    const n = o.conditions.nonlethal as keyof typeof nonlethalState;
    nonlethalState[n in nonlethalState ? n : 'normal'] += p;
    hpAfter.add(o.after.value ?? 0, p);
    stepAfter.add(stepOf(o.after), p);
    stepsLost.add(Math.max(0, stepOf(o.after) - stepBefore), p);
    const state = sagaState(o);
    if (state === 'dead') dead += p;
    if (state === 'down') down += p;
    return state;
  };
  if (miss > 0) tally(stays, miss);
  for (const e of dealt.values()) {
    const o = model.applyDamage(health, { lethal: e.lethal, nonlethal: e.nonlethal }, creature, {
      nonlethalAttack,
    });
    const state = tally(o, e.p);
    if (e.final === 0 || sameHealth(o.after, health)) {
      noEffect += e.p;
      exclusive.absorbed += e.p;
    } else if (state === 'dead') exclusive.dead += e.p;
    else if (state === 'down') exclusive.down += e.p;
    else if (stepOf(o.after) > stepBefore) exclusive.step += e.p;
    else exclusive.hurt += e.p;
  }

  const hit = 1 - miss;
  const hitFinalDist = hitFinal.dist();
  const final = added(hitFinalDist, pointDistribution(0, miss));
  const none = pointDistribution(0);
  const injury = Object.fromEntries(
    INJURY_LEVELS.map((l) => [l, l === 'none' ? 1 : 0]),
  ) as AttackOdds['outcome']['injury'];
  const noCut = {
    depth: 0,
    successTail: 0,
    failureTail: 0,
    successTailSureHit: true,
    failureTailSureMiss: true,
    errorBound: 0,
    hitErrorBound: 0,
  };
  const stepsLostDist = stepsLost.dist();
  return {
    hit: {
      hit,
      miss,
      rd: margins.dist(),
      hitRd: hitMargins.dist(),
      automatic: false,
      truncation: noCut,
    },
    damage: {
      miss,
      absorbed: probabilityOf(hitFinalDist, 0),
      final,
      hitFinal: hitFinalDist,
      lethal: nonlethalAttack ? none : final,
      nonlethal: nonlethalAttack ? final : none,
      nonlethalAttack,
      penetrated: null,
      penetrationSaved: null,
    },
    outcome: {
      noEffect,
      hpAfter: hpAfter.dist(),
      injury,
      injuryWorse: 0,
      trauma: 0,
      condition,
      nonlethal: nonlethalState,
      woundTrauma: null,
      severeBleeding: null,
      conditionSave: null,
    },
    calledShot: null,
    truncation: { depth: 0, errorBound: 0 },
    saga: {
      critical,
      stepsLost: stepsLostDist,
      stepAfter: stepAfter.dist(),
      step: mass(stepsLostDist) - probabilityOf(stepsLostDist, 0),
      down,
      dead,
      exclusive,
    },
  };
}
