/**
 * The Enlightened Grognard model's exact odds (seed 003; issue #31): one attack roll against a static
 * defense, the damage of each hit and what it does to the target's health vector — HP, temporary HP,
 * nonlethal damage, Con damage and the bloodied mark. Computed, not sampled: every natural of the d20
 * goes through the model's own `resolve` (a natural 20 hits and is a critical, a natural 1 misses:
 * 003:131–137), a critical's dice at their maximum (R10), every sum of the weapon's dice through its
 * `damage`, every damage dealt through its `applyDamage` (bloodied once per encounter, disabled at 0,
 * dying below 0, Con damage ≥ Con) — the functions the attack card applies.
 *
 * The tokens are a stated policy ({@link EgTokenPolicy}, `input.tokens`): proactive tokens on the
 * attack and the defense (+1 each, 003:379–383), power tokens on the damage dealt (+1 each) and taken
 * (−1 each) of a hit (003:399–404). By default none but what the attack bonus holds already (the
 * dialog's proactive spend): the defender spends none, no one spends after the roll.
 */
import type { AttackOdds, AttackOddsInput } from '../../odds/attack-odds.js';
import type { Distribution } from '../../odds/distribution.js';
import { assertNonNegativeInteger } from '../../validate.js';
import {
  attackOddsInput,
  d20Hits,
  maxedCriticalDamage,
  Masses,
  missOutcomes,
  outcomeTallies,
  sameHealth,
  staticOddsRecord,
  weaponDiceOf,
  type StaticOutcomeOdds,
} from '../static-odds.js';
import type { CombatModel, HealthOutcome } from '../types.js';

/** The disjoint outcomes of one attack, in order, worst last (they add up to 1). */
export const EG_OUTCOMES = ['miss', 'absorbed', 'hurt', 'bloodied', 'disabled', 'down', 'dead'] as const;
/**
 * One of {@link EG_OUTCOMES}: a miss; a hit that changes nothing; HP lost only; bloodied for the first
 * time this encounter (1 Con damage, 003:968); disabled (0 HP); down (dying or unconscious); dead.
 */
export type EgOutcome = (typeof EG_OUTCOMES)[number];

/** How many tokens each side spends on one attack (each a non-negative integer; absent: 0). */
export interface EgTokenPolicy {
  /** Proactive tokens the attacker adds to the attack roll (+1 each). */
  attack: number;
  /** Proactive tokens the defender adds to the defense (+1 each). */
  defense: number;
  /** Power tokens the attacker adds to the damage of a hit (+1 each, 1:1 after the roll). */
  damage: number;
  /** Power tokens the defender takes off the damage of a hit (−1 each, 1:1 after the roll). */
  soak: number;
}

/** The default policy: nothing spent beyond what the attack bonus holds. */
export const EG_NO_SPENDING: Readonly<EgTokenPolicy> = Object.freeze({
  attack: 0,
  defense: 0,
  damage: 0,
  soak: 0,
});

/** What the EG odds add to the common record (`critical`: a natural 20; `exclusive`: {@link EG_OUTCOMES}). */
export interface EgOutcomeOdds extends StaticOutcomeOdds<EgOutcome> {
  /** The policy these odds were computed under. */
  policy: EgTokenPolicy;
  /** P(this attack bloodies the target: the first time this encounter, 1 Con damage). */
  bloodied: number;
  /** P(disabled after it), P(down: dying or unconscious, not dead), P(dead). */
  disabled: number;
  down: number;
  dead: number;
  /** Con damage after the attack. Sums to 1. */
  conDamageAfter: Distribution;
}

/** The EG attack odds: the common record with the model's outcomes. */
export type EgAttackOdds = AttackOdds & { eg: EgOutcomeOdds };

/** A policy read from `input.tokens` (each count a non-negative integer). */
export function egTokenPolicy(tokens: Partial<EgTokenPolicy> | undefined): EgTokenPolicy {
  const n = (key: keyof EgTokenPolicy) => assertNonNegativeInteger(`${key} tokens`, tokens?.[key] ?? 0);
  return { attack: n('attack'), defense: n('defense'), damage: n('damage'), soak: n('soak') };
}

/** What an outcome leaves the creature: dead, down (dying, unconscious), disabled, or up. */
export function egState(
  o: Pick<HealthOutcome, 'statuses' | 'conditions'>,
): 'dead' | 'down' | 'disabled' | 'up' {
  const s = o.statuses;
  if (o.conditions.lethal === 'dead' || s.includes('dead')) return 'dead';
  if (
    o.conditions.lethal === 'dying' ||
    o.conditions.nonlethal === 'unconscious' ||
    s.includes('dying') ||
    s.includes('unconscious')
  )
    return 'down';
  if (o.conditions.lethal === 'disabled' || s.includes('disabled')) return 'disabled';
  return 'up';
}

/**
 * Exact odds of one attack under `model` (the EG model): `input.defense.bonus` is the static defense's
 * value to beat; `input.attack` d20 + bonus (take 10: no die, so no natural 20 or 1, unless the
 * card's natural goes along); `input.tokens` the spending policy.
 */
export function egAttackOdds(model: CombatModel, input: AttackOddsInput): EgAttackOdds {
  const policy = egTokenPolicy(input.tokens);
  const { bonus, defense, health, creature, nonlethalAttack } = attackOddsInput(input, 'the EG odds', policy);
  const weapon = weaponDiceOf(input.damage);

  // The d20: each natural through the model's resolve.
  const { margins, hitMargins, hits, miss, critical } = d20Hits(model, input.attack, bonus, defense);

  // Each hit's damage: every sum of the dice (a critical: each die at its highest face, 003:134–135)
  // through the model's damage, with the policy's power tokens on it (+1 dealt, −1 taken each).
  const { dealt, hitFinal } = maxedCriticalDamage(model, hits, weapon, {
    tokens: { added: policy.damage, prevented: policy.soak },
  });

  // What each damage does: the model's applyDamage (a miss leaves the target as it is).
  const exclusive = missOutcomes(EG_OUTCOMES, miss);
  const tallies = outcomeTallies();
  const conAfter = new Masses();
  const bloodiedBefore = health.bloodied ?? 0;
  const odds = { bloodied: 0, disabled: 0, down: 0, dead: 0 };
  let noEffect = miss;
  const count_ = (o: Pick<HealthOutcome, 'after' | 'statuses' | 'conditions'>, p: number) => {
    tallies.add(o, p);
    conAfter.add(o.after.conDamage ?? 0, p);
    const state = egState(o);
    if (state !== 'up') odds[state] += p;
    return state;
  };
  if (miss > 0)
    count_(
      {
        after: health,
        statuses: model.healthStatus(health, creature),
        conditions: { lethal: 'normal', nonlethal: 'normal' },
      },
      miss,
    );
  for (const e of dealt.values()) {
    const o = model.applyDamage(health, { lethal: e.lethal, nonlethal: e.nonlethal }, creature, {
      nonlethalAttack,
    });
    const state = count_(o, e.p);
    const bloodied = (o.after.bloodied ?? 0) > bloodiedBefore;
    if (bloodied) odds.bloodied += e.p;
    if (e.final === 0 || sameHealth(o.after, health)) {
      noEffect += e.p;
      exclusive.absorbed += e.p;
    } else if (state !== 'up') exclusive[state] += e.p;
    else if (bloodied) exclusive.bloodied += e.p;
    else exclusive.hurt += e.p;
  }

  return {
    ...staticOddsRecord({ miss, margins, hitMargins, hitFinal, nonlethalAttack, noEffect, tallies }),
    eg: { policy, critical, ...odds, conDamageAfter: conAfter.dist(), exclusive },
  };
}
