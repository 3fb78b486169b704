/**
 * The Saga-style model's damage (seed 001; issue #30): the weapon's dice and bonuses, doubled on a
 * critical hit (A9: dice and modifiers), halved for ion or electricity on a target that is not
 * mechanical (001:128), then energy immunity, absorption (it heals instead, 001:106) or weakness
 * (+50%, rounded down: 001:104, A10), energy resistance and Damage Reduction, never below 0 (001:96,
 * 104). No Protection and no margin: the chapter has neither. Pure.
 */
import type { DamageResult } from '../../damage.js';
import { assertInteger, assertNonNegativeInteger, assertOneOf, sumOfIntegers } from '../../validate.js';
import { reducedDamage } from '../static-model.js';
import type { ModelDamageInput } from '../types.js';
import { ionDamage } from './condition-track.js';

/** A critical hit doubles the damage, dice and modifiers (A9). */
export const CRITICAL_MULTIPLIER = 2;

/** Energy weakness: "+50% more damage … 4 * 1.5 = 6" (001:104), rounded down (A10). */
export function weaknessDamage(damage: number): number {
  return Math.floor((assertNonNegativeInteger('damage', damage) * 3) / 2);
}

/** What the Saga-style damage adds to GnG's result: the steps only it has. */
export interface SagaDamageResult extends DamageResult {
  saga: {
    critical: boolean;
    /** After the critical's ×2. */
    multiplied: number;
    /** After ion's halving (the same when not ion, or mechanical). */
    afterIon: number;
    energy: 'immune' | 'weak' | 'absorbs' | null;
    /** After immunity, absorption or weakness. */
    afterEnergy: number;
    /** HP the target's energy absorption heals it by (the damage it absorbed); 0 otherwise. */
    healed: number;
  };
}

const ENERGY = ['immune', 'weak', 'absorbs'] as const;

/** The damage of one hit under the Saga-style model. */
export function sagaDamage(input: ModelDamageInput): SagaDamageResult {
  const dice = input.weaponDice ?? [];
  if (!Array.isArray(dice)) throw new RangeError('weaponDice must be an array of rolled values');
  const weapon = sumOfIntegers('weaponDice', dice, 1) + assertInteger('weapon bonus', input.weaponBonus ?? 0);
  const strength = assertInteger('strength bonus', input.strengthBonus ?? 0);
  const other = assertInteger('other bonus', input.otherBonus ?? 0);
  const critical = input.critical === true;
  const total = Math.max(0, weapon + strength + other);
  const multiplied = critical ? total * CRITICAL_MULTIPLIER : total;
  const afterIon = input.ion === true ? ionDamage(multiplied, input.mechanical === true) : multiplied;
  const energy = input.energy === undefined ? null : assertOneOf('energy', input.energy, ENERGY);
  const afterEnergy = energy === 'weak' ? weaknessDamage(afterIon) : energy === null ? afterIon : 0;
  // Object.assign, not a spread: on Node 20 a spread followed by more properties costs microseconds
  // (damage runs on every attack; the odds' sampling tests roll millions: issue #29).
  return Object.assign(
    reducedDamage(input, { weapon, strength, other, total, afterProtection: afterEnergy }),
    {
      saga: {
        critical,
        multiplied,
        afterIon,
        energy,
        afterEnergy,
        healed: energy === 'absorbs' ? afterIon : 0,
      },
    },
  );
}
