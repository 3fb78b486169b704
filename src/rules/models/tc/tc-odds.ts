/**
 * The Time Count and Threshold of Pain model's exact odds (seed 002; issue #32): one attack roll
 * against a static defense, the damage of each hit and what it does to the target's health vector —
 * fatigue up to the Threshold of Pain, HP past it, the threshold's drop, the consciousness check owed
 * and its roll. Computed, not sampled: every natural of the d20 goes through the model's own `resolve`
 * (a natural 1 is a fumble and misses, a natural 20 hits and is a critical only when the total beats
 * the defense: 002:62–66, 49), a critical's weapon dice at their maximum (002:62), every sum of the
 * weapon's dice through its `damage`, every damage dealt through its `applyDamage` (the fatigue/HP
 * split, 002:76; −1 ToP a hit, 002:78; the Con check owed, 002:162) — the functions the card applies.
 *
 * The consciousness check the hit calls for is rolled in the odds too (the card rolls it on the GM's
 * client right after Apply): d20 + Constitution against its DC, no automatic success or failure (A9).
 */
import type { AttackOdds, AttackOddsInput } from '../../odds/attack-odds.js';
import type { Distribution } from '../../odds/distribution.js';
import {
  attackOddsInput,
  d20Hits,
  maxedCriticalDamage,
  Masses,
  missOutcomes,
  outcomeTallies,
  staticOddsRecord,
  weaponDiceOf,
  type StaticOutcomeOdds,
} from '../static-odds.js';
import type { CombatModel, HealthOutcome, HealthVector } from '../types.js';
import { abilityModifier } from '../../abilities.js';
import type { ModelCreature } from '../types.js';
import { tcThreshold } from './threshold.js';
import { consciousnessCheck } from './consciousness-timing.js';

/** The disjoint outcomes of one attack, in order, worst last (they add up to 1). */
export const TC_OUTCOMES = ['miss', 'fatigue', 'passed', 'awake', 'unconscious', 'dying', 'dead'] as const;
/**
 * One of {@link TC_OUTCOMES}: a miss; a hit within the Threshold of Pain (fatigue only, no check
 * owed); a hit that passes it (HP lost, no check owed); a consciousness check owed and passed; that
 * check failed (unconscious); dying (fatigue at least twice the HP, 002:160); dead (0 HP, 002:145).
 */
export type TcOutcome = (typeof TC_OUTCOMES)[number];

/**
 * What the TC odds add to the common record (`critical`: natural 20, or 19–20 Precise, and the total
 * beats the defense by 1; `exclusive`: {@link TC_OUTCOMES}).
 */
export interface TcOutcomeOdds extends StaticOutcomeOdds<TcOutcome> {
  /** P(a critical fumble: a natural 1, 002:66). */
  fumble: number;
  /** P(the hit's damage reaches the Threshold of Pain: fatigue = ToP, the rest off the HP; A2). */
  passTop: number;
  /** P(the hit gives an impairment: impairments played, `input.apply.impairments`, 002:82). */
  impairment: number;
  /** P(a consciousness check is owed after the hit, 002:162), and P(it fails: unconscious). */
  check: number;
  unconscious: number;
  /** P(dying after the hit: fatigue ≥ 2 × HP), P(dead: 0 HP). */
  dying: number;
  dead: number;
  /** The target's effective Threshold of Pain before the attack. */
  topBefore: number;
  /** Fatigue added by the attack (0 on a miss), and HP lost. Each sums to 1. */
  fatigueAdded: Distribution;
  hpLost: Distribution;
  /** Fatigue after the attack. Sums to 1. */
  fatigueAfter: Distribution;
  /** The consciousness check's DC when one is owed (sums to `check`). */
  checkDC: Distribution;
}

/** The TC attack odds: the common record with the model's outcomes. */
export type TcAttackOdds = AttackOdds & { tc: TcOutcomeOdds };

/** The event of the model's `applyDamage` when a hit passes the Threshold of Pain. */
export const THRESHOLD_PASSED = 'thresholdPassed';

/**
 * A consciousness check rolled (002:162): d20 + Constitution − the impairment penalty against the DC,
 * by lane count's `consciousnessCheck` (no automatic success or failure, A9).
 */
export function rollConsciousness(natural: number, con: number, dc: number, penalty: number) {
  return consciousnessCheck(natural + con - penalty, dc);
}

/** P(a consciousness check passes) for Constitution modifier `con` (null: no Constitution score, never fails). */
export function consciousnessPassChance(con: number | null, dc: number, penalty: number): number {
  if (con === null) return 1;
  // Counted, then divided once: twenty additions of 1/20 make 1.0000000000000002, and 1 − that
  // showed as "−0 %" Unconscious in the odds.
  let passes = 0;
  for (let n = 1; n <= 20; n++) if (rollConsciousness(n, con, dc, penalty).passed) passes++;
  return passes / 20;
}

/** The creature's Constitution modifier (its abilities, else its HP input's score), null: no Constitution. */
export function constitutionOf(creature: ModelCreature): number | null {
  if (creature.abilities) return creature.abilities.con.mod;
  const con = creature.hitPoints.con;
  return con === null ? null : abilityModifier(con);
}

/** The worst state a health outcome leaves the creature in: dead, dying, or up (statuses of the model). */
export function tcOutcomeState(o: Pick<HealthOutcome, 'statuses' | 'conditions'>): 'dead' | 'dying' | 'up' {
  if (o.conditions.lethal === 'dead' || o.statuses.includes('dead')) return 'dead';
  if (o.conditions.lethal === 'dying' || o.statuses.includes('dying')) return 'dying';
  return 'up';
}

/** The consciousness check `o` owes (its DC, its penalty), or null: none. */
export function owedCheck(o: HealthOutcome): { dc: number; penalty: number } | null {
  const dc = o.consciousnessDC;
  if (dc === undefined || dc === null) return null;
  return { dc, penalty: o.consciousnessPenalty ?? 0 };
}

/**
 * Exact odds of one attack under `model` (the TC model): `input.defense.bonus` is the static defense's
 * value to beat; `input.attack` d20 + bonus (take 10: no die, so no natural 20 or 1, unless the card's
 * natural goes along).
 */
export function tcAttackOdds(model: CombatModel, input: AttackOddsInput): TcAttackOdds {
  const { bonus, defense, health, creature, nonlethalAttack } = attackOddsInput(input, 'the TC odds');
  const weapon = weaponDiceOf(input.damage);

  // The d20: each natural through the model's resolve (its fumbles counted apart: a miss all the same).
  const { margins, hitMargins, hits, miss, critical } = d20Hits(model, input.attack, bonus, defense);
  const fumble = fumbleChance(model, input.attack, bonus, defense);

  // Each hit's damage: every sum of the dice (a critical: each die at its highest face, 002:62).
  const { dealt, hitFinal } = maxedCriticalDamage(model, hits, weapon);

  // What each damage does: the model's applyDamage, then the check it owes rolled.
  const topBefore = tcThreshold(creature, health.topLost ?? 0).effective;
  const exclusive = missOutcomes(TC_OUTCOMES, miss);
  const tallies = outcomeTallies();
  const fatigueAdded = new Masses();
  const hpLost = new Masses();
  const fatigueAfter = new Masses();
  const checkDC = new Masses();
  const odds = { passTop: 0, impairment: 0, check: 0, unconscious: 0, dying: 0, dead: 0 };
  const fatigueOf = (h: HealthVector) => h.fatigue ?? 0;
  if (miss > 0) {
    tallies.add({ after: health, conditions: { lethal: 'normal', nonlethal: 'normal' } }, miss);
    fatigueAdded.add(0, miss);
    hpLost.add(0, miss);
    fatigueAfter.add(fatigueOf(health), miss);
  }
  for (const e of dealt.values()) {
    const o = model.applyDamage(health, { lethal: e.lethal, nonlethal: e.nonlethal }, creature, {
      ...input.apply,
      nonlethalAttack,
    });
    tallies.add(o, e.p);
    if (o.events.some((ev) => ev.startsWith('impairment'))) odds.impairment += e.p;
    fatigueAdded.add(fatigueOf(o.after) - fatigueOf(health), e.p);
    hpLost.add(o.hpLost, e.p);
    fatigueAfter.add(fatigueOf(o.after), e.p);
    // The model's own split (A2: damage ≥ ToP passes it; nonlethal damage never does, A3).
    const passes = o.events.includes(THRESHOLD_PASSED);
    if (passes) odds.passTop += e.p;
    const state = tcOutcomeState(o);
    const owed = owedCheck(o);
    const pass = owed ? consciousnessPassChance(constitutionOf(creature), owed.dc, owed.penalty) : 1;
    if (owed) {
      odds.check += e.p;
      odds.unconscious += e.p * (1 - pass);
      checkDC.add(owed.dc, e.p);
    }
    if (state !== 'up') {
      odds[state] += e.p;
      exclusive[state] += e.p;
    } else if (owed) {
      exclusive.awake += e.p * pass;
      exclusive.unconscious += e.p * (1 - pass);
    } else if (passes) exclusive.passed += e.p;
    else exclusive.fatigue += e.p;
  }
  // "No effect": a miss (every hit lowers the Threshold of Pain, 002:78).
  return {
    ...staticOddsRecord({ miss, margins, hitMargins, hitFinal, nonlethalAttack, noEffect: miss, tallies }),
    tc: {
      critical,
      fumble,
      ...odds,
      topBefore,
      fatigueAdded: fatigueAdded.dist(),
      hpLost: hpLost.dist(),
      fatigueAfter: fatigueAfter.dist(),
      checkDC: checkDC.dist(),
      exclusive,
    },
  };
}

/** P(a fumble): the naturals the model's resolve calls one (none when no die is rolled). */
function fumbleChance(
  model: CombatModel,
  attack: AttackOddsInput['attack'],
  bonus: number,
  defense: number,
): number {
  if (attack.take10) {
    const natural = attack.natural ?? null;
    return natural !== null && model.resolve(10 + bonus, defense, natural).fumble ? 1 : 0;
  }
  let p = 0;
  for (let n = 1; n <= 20; n++) if (model.resolve(n + bonus, defense, n).fumble) p += 1 / 20;
  return p;
}
