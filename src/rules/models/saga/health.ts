/**
 * The Saga-style model's health (seed 001; issue #30): HP, temporary HP, nonlethal damage and the
 * condition step, as one vector (`SAGA_HEALTH_FIELDS`). Damage comes off temporary HP first; a hit
 * whose damage beats the damage threshold (the Fortitude Defense, A2) costs a step, two for ion on a
 * mechanical target (001:128). Nonlethal damage adds up "on top of lethal damage" and knocks out at 0
 * HP without taking HP below it (001:159). Lethal HP below 0 follow the d20 Modern core rules (A4,
 * 004:147): 0 disabled, −1 dying, −10 dead. Pure.
 */
import { assertInteger, assertNonNegativeInteger } from '../../validate.js';
import { hitPointDamage } from '../static-model.js';
import type { ApplyOptions, HealthOutcome, HealthVector, ModelCreature } from '../types.js';
import { CONDITION_TRACK_BOTTOM, moveDown, thresholdSteps } from './condition-track.js';
import { fortitudeDefense, sagaSituation } from './defenses.js';

/** The health vector's fields (the condition step is stored at `system.model.saga.conditionStep`). */
export const SAGA_HEALTH_FIELDS = ['value', 'temp', 'nonlethal', 'conditionStep'] as const;

/** HP at which a creature dies (A4: "When it drops to –10, the character is dead", 004:147). */
export const DEAD_AT = -10;

export type SagaLethalCondition = 'normal' | 'disabled' | 'dying' | 'dead';
export type SagaNonlethalCondition = 'normal' | 'unconscious';

/** A4 (004:147): above 0 normal, 0 disabled, −1 to −9 dying, −10 or less dead. */
export function lethalCondition(hp: number): SagaLethalCondition {
  const value = assertInteger('HP', hp);
  if (value > 0) return 'normal';
  if (value === 0) return 'disabled';
  return value > DEAD_AT ? 'dying' : 'dead';
}

/**
 * Nonlethal damage (001:159): "once a character reaches 0 HP due to nonlethal damage they fall
 * unconscious", i.e. when it is at least the HP left.
 */
export function nonlethalCondition(hp: number, nonlethal: number): SagaNonlethalCondition {
  const n = assertNonNegativeInteger('nonlethal damage', nonlethal);
  return n > 0 && n >= assertInteger('HP', hp) ? 'unconscious' : 'normal';
}

/**
 * Hours a creature knocked out by nonlethal damage stays unconscious: "1 hour per nonlethal damage over
 * 0" (001:159), at least 1 (reaching exactly 0 knocks out too); 0 when not knocked out.
 */
export function nonlethalUnconsciousHours(hp: number, nonlethal: number): number {
  if (nonlethalCondition(hp, nonlethal) === 'normal') return 0;
  return Math.max(1, nonlethal - Math.max(0, hp));
}

/**
 * Woken before its hours are up, a creature counts "as being at 1 HP" (001:159): its nonlethal damage
 * becomes its HP − 1 (its HP do not change). Null when it has not 2 HP or more to wake at 1.
 */
export function wakeFromNonlethal(hp: number, nonlethal: number): number | null {
  if (nonlethalCondition(hp, nonlethal) === 'normal' || hp < 2) return null;
  return hp - 1;
}

const num = (health: HealthVector, field: string) => health[field] ?? 0;

/** The statuses a health vector calls for: dying, dead (A4), unconscious (nonlethal, or step 5). */
export function sagaHealthStatus(health: HealthVector): string[] {
  const value = num(health, 'value');
  const statuses: string[] = [];
  const lethal = lethalCondition(value);
  if (lethal === 'dying' || lethal === 'dead') statuses.push(lethal);
  if (
    nonlethalCondition(value, num(health, 'nonlethal')) === 'unconscious' ||
    num(health, 'conditionStep') >= CONDITION_TRACK_BOTTOM
  )
    statuses.push('unconscious');
  return statuses;
}

/**
 * Damage landing on a creature. The hit's damage (lethal and nonlethal, before temporary HP) is what
 * meets the damage threshold (docs/rules.md "Defenses, damage and health"), the Fortitude Defense
 * with the attack's situation (`options.situation`: Partial or Total Defense).
 */
export function sagaApplyDamage(
  before: HealthVector,
  damage: { lethal: number; nonlethal: number },
  creature: ModelCreature,
  options: ApplyOptions = {},
): HealthOutcome {
  const { lethalDamage, nonlethalDamage, lethal } = hitPointDamage(before, damage);
  const nonlethal = num(before, 'nonlethal') + nonlethalDamage;
  const steps = thresholdSteps({
    damage: lethalDamage + nonlethalDamage,
    // The threshold is the Fortitude Defense the attack met: Partial or Total Defense raise it too.
    threshold: Math.max(0, fortitudeDefense(creature, sagaSituation(options.situation)).value),
    ion: options.ion === true,
    mechanical: options.mechanical === true,
  });
  const after = {
    value: lethal.current,
    temp: lethal.temporary,
    nonlethal,
    conditionStep: moveDown(num(before, 'conditionStep'), steps),
  };
  const events = steps === 0 ? [] : [steps === 2 ? 'ionThreshold' : 'threshold'];
  return {
    after,
    hpLost: lethal.hpLost,
    statuses: sagaHealthStatus(after),
    events,
    woundTraumaDC: null,
    conditions: {
      lethal: lethalCondition(after.value),
      nonlethal: nonlethalCondition(after.value, nonlethal),
    },
  };
}
