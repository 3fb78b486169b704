/**
 * The Enlightened Grognard's damage (seed 003; issue #31): the weapon's dice and bonuses, its Strength
 * modifier by how it is wielded (003:212–218), the power tokens spent on it (+1 dealt, −1 taken each,
 * 003:399–404), "a hit still deals 1 point of damage" whatever the penalties (003:210), then Damage
 * Reduction and energy resistance. A critical hit "deals maximum hit point damage" (003:134–135): every
 * weapon die at its highest face; the extra damage of a weapon's qualities is in a chapter the seed
 * does not hold. No Protection and no margin: the chapter has neither. Pure.
 */
import type { DamageResult } from '../../damage.js';
import { assertInteger, assertNonNegativeInteger, assertOneOf } from '../../validate.js';
import { reducedDamage, weaponDiceCounted } from '../static-model.js';
import type { ModelDamageInput } from '../types.js';

/** A hit deals at least 1 point of damage (003:210). */
export const MINIMUM_DAMAGE = 1;

/** How a melee or thrown weapon is wielded for its Strength modifier (003:212–218); `none`: no Strength. */
export const WIELDS = ['one-handed', 'two-handed', 'light', 'none'] as const;
export type EgWield = (typeof WIELDS)[number];

/**
 * The Strength modifier on damage (003:212–218): × 1 one-handed, × 1½ two-handed (rounded toward 0:
 * +3 → +4, −3 → −4), none with a light weapon (even two-handed), none (`none`) for what is not a melee
 * or thrown melee weapon.
 */
export function strengthDamage(strMod: number, wield: EgWield): number {
  const mod = assertInteger('Strength modifier', strMod);
  const how = assertOneOf('wield', wield, WIELDS);
  if (how === 'one-handed') return mod;
  if (how === 'two-handed') return Math.trunc((mod * 3) / 2);
  return 0;
}

/** What the Enlightened Grognard's damage adds to the common result. */
export interface EgDamageResult extends DamageResult {
  eg: {
    critical: boolean;
    /** The weapon dice as counted: rolled, or each at its highest face on a critical hit. */
    dice: number;
    /** Power tokens: +1 damage each (the attacker's), −1 each (the defender's). */
    tokensAdded: number;
    tokensPrevented: number;
    /** Whether the 1-point minimum raised the damage. */
    minimum: boolean;
  };
}

/** The damage of one hit. A critical hit needs `diceFaces` (the maximum of each die). */
export function egDamage(input: ModelDamageInput): EgDamageResult {
  const { critical, dice, weapon } = weaponDiceCounted(input);
  const strength = assertInteger('strength bonus', input.strengthBonus ?? 0);
  const other = assertInteger('other bonus', input.otherBonus ?? 0);
  const added = assertNonNegativeInteger('tokens added', input.tokens?.added ?? 0);
  const prevented = assertNonNegativeInteger('tokens prevented', input.tokens?.prevented ?? 0);
  const raw = weapon + strength + other + added - prevented;
  const total = Math.max(MINIMUM_DAMAGE, raw);
  // Object.assign, not a spread: on Node 20 a spread followed by more properties costs microseconds
  // (damage runs on every attack; the odds' sampling tests roll millions: issue #29).
  return Object.assign(
    reducedDamage(input, {
      weapon,
      strength,
      other: other + added - prevented,
      total,
      afterProtection: total,
    }),
    { eg: { critical, dice, tokensAdded: added, tokensPrevented: prevented, minimum: raw < MINIMUM_DAMAGE } },
  );
}
