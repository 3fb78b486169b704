/**
 * Damage under the Time Count model (seed 002; issue #32; R15, R19, R12, A5): the weapon's dice, the
 * attacker's Power ("Your Power applies to all attacks, including spells", 002:52), Strength or
 * Dexterity by the weapon's category (002:58: the lists below; bows add a Strength penalty, composite
 * bows a bonus; unarmed the better), other modifiers; "any hit always deals at least 1 point of
 * damage. Only a defender's damage reduction can lower the damage dealt to 0" (002:54). A critical hit
 * deals the weapon dice's highest roll and "adds your Strength, Dexterity, or Intelligence as
 * appropriate, to a minimum of +1"; extra dice are not maximised (002:62, A5: that modifier once,
 * at least +1). Unarmed: 1d3, 1d2 small, 1d4 large, nonlethal (002:695). No Protection, no margin.
 * Pure.
 */
import type { DamageResult } from '../../damage.js';
import type { Size } from '../../types.js';
import { assertInteger, assertOneOf } from '../../validate.js';
import { reducedDamage, weaponDiceCounted } from '../static-model.js';
import type { ModelDamageInput, ModelPart } from '../types.js';

/** A hit deals at least 1 point of damage (002:54). */
export const MINIMUM_DAMAGE = 1;
/** A critical adds its ability modifier, at least +1 (002:62, A5). */
export const CRITICAL_MINIMUM_ABILITY = 1;

/**
 * The weapon categories of 002:58 and the ability each adds to attack and damage; `unarmed` (and
 * natural weapons) the better of the two (002:58); a spell adds Intelligence to its attack (002:21).
 */
export const TC_WEAPON_CATEGORIES = {
  axes: 'str',
  'gauntlets-claws': 'str',
  'hammers-flails-picks': 'str',
  'heavy-swords': 'str',
  javelins: 'str',
  'light-swords': 'str',
  'maces-clubs': 'str',
  polearms: 'str',
  tools: 'str',
  'disks-boomerangs': 'dex',
  bows: 'dex',
  'chains-ropes': 'dex',
  crossbows: 'dex',
  daggers: 'dex',
  staffs: 'dex',
  unarmed: 'best',
} as const;
export type TcWeaponCategory = keyof typeof TC_WEAPON_CATEGORIES;
export const TC_WEAPON_CATEGORY_IDS = Object.keys(TC_WEAPON_CATEGORIES) as TcWeaponCategory[];

/**
 * The Strength or Dexterity modifier a weapon of `category` adds to its damage (002:58): bows add
 * Dexterity and a Strength penalty (a composite bow its Strength bonus too); unarmed the better.
 * Breakdown lang keys `GNG.Model.TC.Damage.Part.*`.
 */
export function tcDamageAbility(
  category: TcWeaponCategory,
  mods: { str: number; dex: number; composite?: boolean },
): { value: number; parts: ModelPart[] } {
  const kind = TC_WEAPON_CATEGORIES[assertOneOf('weapon category', category, TC_WEAPON_CATEGORY_IDS)];
  const str = assertInteger('Strength modifier', mods.str);
  const dex = assertInteger('Dexterity modifier', mods.dex);
  const p = (key: string, value: number): ModelPart => ({ label: `GNG.Model.TC.Damage.Part.${key}`, value });
  let parts: ModelPart[];
  if (kind === 'str') parts = [p('strength', str)];
  else if (kind === 'best') parts = [str > dex ? p('strength', str) : p('dexterity', dex)];
  else if (category === 'bows')
    parts = [p('dexterity', dex), p('strength', mods.composite === true ? str : Math.min(0, str))];
  else parts = [p('dexterity', dex)];
  parts = parts.filter((x, i) => i === 0 || x.value !== 0);
  return { value: parts.reduce((s, x) => s + x.value, 0), parts };
}

/** The faces of the unarmed die by size (002:695): 1d2 Small (and smaller), 1d3 Medium, 1d4 Large (and larger). */
export function tcUnarmedDie(size: Size): number {
  if (size === 'medium') return 3;
  return ['fine', 'diminutive', 'tiny', 'small'].includes(size) ? 2 : 4;
}

/** What the model's damage adds to the common result. */
export interface TcDamageResult extends DamageResult {
  tc: {
    critical: boolean;
    /** The weapon dice as counted: rolled, or each at its highest face on a critical hit. */
    dice: number;
    /** The Strength/Dexterity/Intelligence part as counted (at least +1 on a critical). */
    ability: number;
    /** Whether the 1-point minimum raised the damage. */
    minimum: boolean;
  };
}

/**
 * The damage of one hit: `strengthBonus` carries the category's ability (`tcDamageAbility`), and
 * `otherBonus` the Power and other modifiers. A critical hit needs `diceFaces` (each die's maximum).
 */
export function tcDamage(input: ModelDamageInput): TcDamageResult {
  const { critical, dice, weapon } = weaponDiceCounted(input);
  const rawAbility = assertInteger('strength bonus', input.strengthBonus ?? 0);
  const ability = critical ? Math.max(CRITICAL_MINIMUM_ABILITY, rawAbility) : rawAbility;
  const other = assertInteger('other bonus', input.otherBonus ?? 0);
  const raw = weapon + ability + other;
  const total = Math.max(MINIMUM_DAMAGE, raw);
  // Object.assign, not a spread: on Node 20 a spread followed by more properties costs microseconds
  // (damage runs on every attack; the odds' sampling tests roll millions: issue #29).
  return Object.assign(
    reducedDamage(input, { weapon, strength: ability, other, total, afterProtection: total }),
    { tc: { critical, dice, ability, minimum: raw < MINIMUM_DAMAGE } },
  );
}
