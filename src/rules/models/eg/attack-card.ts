/**
 * The attack card's own rules under the Enlightened Grognard model (seed 003; issue #31, lane card):
 * which token type raises which roll of an attack (003:391–416), what an attack's options cost or
 * earn in tokens (fighting defensively 003:697–702, charge 003:1532–1533, a non-proficient weapon
 * 003:1450–1452, a shield bash 003:1768), the area attack's 3d20 (003:1471–1482, decision A10), the
 * retroactive spends (003:388–389, decision A4), how much of the damage the defender's tokens may
 * prevent (003:399–404, 003:209–210) and how the weapon is wielded for Strength (003:212–218). Pure: no Foundry, dice injected by the caller.
 * Decisions: docs/rules.md "### The attack card".
 */

import type { TokenType } from './tokens.js';
import { RETROACTIVE_RATE, TOKEN_GAINS, attackTokenType } from './token-uses.js';
import { MINIMUM_DAMAGE, type EgWield } from './damage.js';

/** A token type (tokens.ts). */
export type EgTokenType = TokenType;
export type EgTokenDelta = Partial<Record<EgTokenType, number>>;

/** The ability an attack is made with (the card reads melee as Strength, ranged as Dexterity). */
export type EgAttackAbility = 'str' | 'dex';

/**
 * The type that raises an attack with `ability`: power for Strength, speed for Dexterity (003:394,
 * 407; the uses table's `attackTokenType`, never null for the card's two abilities).
 */
export const attackRollTokenType = (ability: EgAttackAbility): EgTokenType =>
  attackTokenType(ability) ?? 'speed';

/** The ability of an attack in `mode`: melee Strength, ranged Dexterity (003:139–199's two bonuses). */
export function attackAbility(mode: 'melee' | 'ranged'): EgAttackAbility {
  return mode === 'melee' ? 'str' : 'dex';
}

/** The bonus `tokens` spent after the roll buy (⌊tokens / 3⌋, decision A4). */
export function retroactiveBonus(tokens: number): number {
  return Math.floor(Math.max(0, tokens) / RETROACTIVE_RATE);
}

/** Fighting defensively (003:697–702): roll twice, keep the lower; the attacker gains 2 speed tokens. */
export function fightingDefensivelyNatural(first: number, second: number): number {
  return Math.min(first, second);
}
export const FIGHTING_DEFENSIVELY_GAIN: Readonly<EgTokenDelta> = {
  [TOKEN_GAINS.fightingDefensively.type]: TOKEN_GAINS.fightingDefensively.count,
};

/** A charge (003:1532–1533): 2 power tokens after moving; a miss gives each adjacent opponent 1 power. */
export const CHARGE_GAIN: Readonly<EgTokenDelta> = { [TOKEN_GAINS.charge.type]: TOKEN_GAINS.charge.count };
export const CHARGE_MISS_GAIN: Readonly<EgTokenDelta> = { power: 1 };

/** A shield bash costs 1 speed token (003:1768). */
export const SHIELD_BASH_COST: Readonly<EgTokenDelta> = { speed: 1 };

/**
 * A non-proficient weapon costs 1 token per attack: power for a Strength-based attack, speed for a
 * Dexterity-based one (003:1450–1452). Nothing for a proficient one.
 */
export function nonProficientCost(proficient: boolean, ability: EgAttackAbility): EgTokenDelta {
  return proficient ? {} : { [attackRollTokenType(ability)]: 1 };
}

/**
 * The area attack's three d20s (003:1471–1474): sorted from highest to lowest; the highest is the
 * primary target's, the middle every other target's, the lowest discarded.
 */
export function areaDice(rolled: readonly [number, number, number]): {
  sorted: [number, number, number];
  primary: number;
  others: number;
  discarded: number;
} {
  const sorted = [...rolled].sort((a, b) => b - a) as [number, number, number];
  return { sorted, primary: sorted[0], others: sorted[1], discarded: sorted[2] };
}

/**
 * Whether a target's hit is a critical under the area attack (decision A10): the primary target's
 * when the highest die is a natural 20, every other target's when the middle die is.
 */
export function areaNatural(dice: { primary: number; others: number }, primary: boolean): number {
  return primary ? dice.primary : dice.others;
}

/**
 * The most power tokens the defender may spend against `damage` (the hit's damage before tokens) and
 * what the attacker added: down to the minimum, "a hit still deals 1 point of damage" (003:209–210);
 * more buys nothing (the card refuses it). The damage itself is the model's (damage.ts `tokens`).
 */
export function maxTakenSpend(damage: number, dealt: number): number {
  return Math.max(0, damage + Math.max(0, dealt) - MINIMUM_DAMAGE);
}

/**
 * How the attack's weapon is wielded for its Strength on damage (003:212–218): a melee or thrown
 * melee weapon one-handed ×1, two-handed ×1½, a light weapon none ("Unarmed strikes count as light
 * weapons", 003:690); a ranged weapon none (the text names melee and thrown weapons only). `use` the
 * weapon's, `grip` the attack's.
 */
export function egWield(use: string, grip: string): EgWield {
  if (use === 'ranged') return 'none';
  if (use === 'light' || use === 'unarmed') return 'light';
  return grip === 'two-handed' ? 'two-handed' : 'one-handed';
}

/** The sum of token deltas (a gain positive, a cost negative), zero entries left out. */
export function sumTokenDeltas(...deltas: readonly EgTokenDelta[]): EgTokenDelta {
  const out: EgTokenDelta = {};
  for (const delta of deltas)
    for (const [type, n] of Object.entries(delta) as [EgTokenType, number][])
      if (n) out[type] = (out[type] ?? 0) + n;
  for (const type of Object.keys(out) as EgTokenType[]) if (out[type] === 0) delete out[type];
  return out;
}

/** A cost as a spend (each count negated). */
export function asSpend(cost: Readonly<EgTokenDelta>): EgTokenDelta {
  const out: EgTokenDelta = {};
  for (const [type, n] of Object.entries(cost) as [EgTokenType, number][]) if (n) out[type] = -n;
  return out;
}
