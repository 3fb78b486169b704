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
import { diceSum, mass, probabilityOf, type Distribution } from '../../odds/distribution.js';
import { assertNonNegativeInteger } from '../../validate.js';
import {
  attackOddsInput,
  d20Hits,
  dealtDamage,
  diceSums,
  Masses,
  missOutcomes,
  outcomeTallies,
  sameHealth,
  staticOddsRecord,
  weaponDiceOf,
  type NaturalHit,
  type StaticOutcomeOdds,
} from '../static-odds.js';
import type { CombatModel, HealthOutcome, HealthVector } from '../types.js';
import { CONDITION_TRACK_BOTTOM } from './condition-track.js';

/** The disjoint outcomes of one attack, in order (they add up to 1). */
export const SAGA_OUTCOMES = ['miss', 'absorbed', 'hurt', 'step', 'down', 'dead'] as const;
/** One of {@link SAGA_OUTCOMES}: a miss; a hit that changes nothing; HP lost only; a step lost; dropped (unconscious, disabled or dying); dead. */
export type SagaOutcome = (typeof SAGA_OUTCOMES)[number];

/**
 * What the Saga-style odds add to the common record (`critical`: a natural 20, A9; `exclusive`:
 * {@link SAGA_OUTCOMES}).
 */
export interface SagaOutcomeOdds extends StaticOutcomeOdds<SagaOutcome> {
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
}

/** The Saga-style attack odds: the common record with the condition track's outcomes. */
export type SagaAttackOdds = AttackOdds & { saga: SagaOutcomeOdds };

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

/**
 * Exact odds of one attack under `model` (the Saga-style model): `input.defense.bonus` is the static
 * defense's value to beat; `input.attack` d20 + bonus (take 10: no die, so no natural 20 or 1).
 */
export function sagaAttackOdds(model: CombatModel, input: AttackOddsInput): SagaAttackOdds {
  const { bonus, defense, health, creature, nonlethalAttack } = attackOddsInput(input, 'the Saga-style odds');
  const stepBefore = stepOf(health);
  const { count, faces, rest } = weaponDiceOf(input.damage);

  // The d20: each natural through the model's resolve; the hits of one margin and kind together.
  // A rolled total (a card's: take 10 on total − 10) keeps its natural when it is known.
  const { margins, hitMargins, miss, critical, ...d20 } = d20Hits(model, input.attack, bonus, defense);
  const hits = new Map<string, NaturalHit>();
  for (const r of d20.hits) {
    const key = `${r.margin}|${r.critical}`;
    const h = hits.get(key) ?? { margin: r.margin, critical: r.critical, p: 0 };
    h.p += r.p;
    hits.set(key, h);
  }

  // Each hit's damage: every sum of the dice through the model's damage.
  const sums = diceSums(diceSum(count, faces));
  const { dealt, hitFinal } = dealtDamage(
    hits.values(),
    () => sums,
    (h, dice) => model.damage({ ...rest, weaponDice: dice, margin: h.margin, critical: h.critical }),
  );

  // What each damage does: the model's applyDamage (a miss leaves the target as it is).
  const stays = {
    after: health,
    statuses: model.healthStatus(health, creature),
    conditions: { lethal: 'normal', nonlethal: 'normal' },
  };
  const exclusive = missOutcomes(SAGA_OUTCOMES, miss);
  const tallies = outcomeTallies();
  const stepAfter = new Masses();
  const stepsLost = new Masses();
  let noEffect = miss;
  let down = 0;
  let dead = 0;
  const tally = (
    o: { after: HealthVector; statuses: string[]; conditions: HealthOutcome['conditions'] },
    p: number,
  ) => {
    tallies.add(o, p);
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

  const stepsLostDist = stepsLost.dist();
  return {
    ...staticOddsRecord({ miss, margins, hitMargins, hitFinal, nonlethalAttack, noEffect, tallies }),
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
