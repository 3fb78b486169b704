/**
 * Recovery under the Time Count model (seed 002; issue #32; R23, R29, R30): a night's rest ends the
 * Invigoration (002:151) and heals the worst impairment (two for a day of bed rest, 002:92); attribute
 * damage heals 1 a day (002:103). The healing split itself is `tcHealing` (healing.ts, lane world).
 * Pure, dice injected.
 */
import type { DiceSource } from '../../types.js';
import { assertIntegerInRange, assertNonNegativeInteger } from '../../validate.js';
import type { HealthVector } from '../types.js';
import { IMPAIRMENT_FIELDS } from './health.js';
import { TC_DAMAGE_TYPES, type TcDamageType } from './state.js';

const num = (health: HealthVector, field: string) => health[field] ?? 0;

/**
 * The impairments after a night (1 point off the single worst type) or a day of bed rest (1 off each of
 * the two worst types, 002:92: "one point from your single worst impairment every night, or two worst
 * for a day of bed rest"); ties "randomly determined" by `dice` (a die of as many faces as tied types,
 * in the order bludgeoning, piercing, slashing).
 */
export function recoverImpairments(
  health: HealthVector,
  rest: 'night' | 'bedRest',
  dice: DiceSource,
): { after: Record<string, number>; healed: TcDamageType[] } {
  const after: Record<string, number> = { ...health };
  const count = (t: TcDamageType) =>
    assertNonNegativeInteger(`${t} impairments`, num(health, IMPAIRMENT_FIELDS[t]));
  const healed: TcDamageType[] = [];
  for (let i = 0; i < (rest === 'bedRest' ? 2 : 1); i++) {
    const left = TC_DAMAGE_TYPES.filter((t) => !healed.includes(t) && count(t) > 0);
    if (left.length === 0) break;
    const worst = Math.max(...left.map(count));
    const tied = left.filter((t) => count(t) === worst);
    const pick =
      tied.length === 1
        ? tied[0]!
        : tied[assertIntegerInRange('tie die', dice.roll(tied.length), 1, tied.length) - 1]!;
    after[IMPAIRMENT_FIELDS[pick]] = worst - 1;
    healed.push(pick);
  }
  return { after, healed };
}

/** A night's sleep ends what is left of the Invigoration (002:151: "any remaining points … are lost"). */
export function invigorationAfterRest(health: HealthVector): Record<string, number> {
  return { ...health, invigoration: 0 };
}

/** Attribute damage after `days` days: 1 a day for each damaged attribute (002:103; poison's, a day of bed rest, 002:724). */
export function attributeDamageAfter(damage: number, days: number): number {
  return Math.max(
    0,
    assertNonNegativeInteger('attribute damage', damage) - assertNonNegativeInteger('days', days),
  );
}

/** The speed factor the slashing impairments add to weapons (002:90: "+1 to Weapon Speed Factors" each). */
export function impairmentSpeedFactor(health: HealthVector): number {
  return assertNonNegativeInteger('slashing impairments', num(health, 'impS'));
}
