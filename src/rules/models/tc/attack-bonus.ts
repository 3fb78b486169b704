/**
 * The attack bonus under the Time Count model (seed 002; issue #32; R4, R9, R10, R17): "roll 1d20 and
 * add your Accuracy plus any other modifiers" (002:5); Accuracy is the base attack bonus plus what AP
 * bought (002:9, A6: `attributes.accuracy`), less 1 a bludgeoning impairment (002:85); "Based on the
 * weapon category, you will add either your Strength or Dexterity score. Spells add your Intelligence
 * modifier" (002:25), unarmed the better (002:58); size "to weapon attack rolls, but not spells"
 * (002:27); the common modifiers of 002:31–41; range penalties (002:45); a spell's +2 a charge
 * (002:670). Pure.
 */
import { baseAttackBonus } from '../../attack-save-progression.js';
import { sizeModifier } from '../../sizes.js';
import { assertInteger, assertNonNegativeInteger, assertOneOf } from '../../validate.js';
import type { ModelCreature, ModelPart } from '../types.js';
import { TC_WEAPON_CATEGORIES, TC_WEAPON_CATEGORY_IDS, type TcWeaponCategory } from './damage.js';
import { tcAbilityMod } from './defenses.js';
import { impairedAttributes, tcState } from './state.js';

/** The Common Attack Roll Modifiers table (002:31–37), by id. */
export const TC_ATTACK_MODIFIERS = {
  higherGround: 1,
  proficient: 1,
  flanked: 2,
  rear: 4,
  noAffinity: -2,
} as const;
export type TcAttackModifier = keyof typeof TC_ATTACK_MODIFIERS;

/** Cover as a penalty to the attack (002:38–41). */
export const TC_COVER = { none: 0, partial: -2, half: -4, improved: -6, nineTenths: -8 } as const;
export type TcCover = keyof typeof TC_COVER;

/** Missile weapons reach 10 increments; thrown ones 10 + Strength (002:45). */
export const MAX_INCREMENTS = 10;

const part = (key: string, value: number): ModelPart => ({ label: `GNG.Model.TC.Attack.Part.${key}`, value });

/** Accuracy (002:9, A6): the base attack bonus + the Accuracy bought with AP − bludgeoning impairments. */
export function tcAccuracy(creature: ModelCreature, bab?: number): number {
  const base =
    bab === undefined ? baseAttackBonus(creature.classes ?? []) : assertInteger('base attack bonus', bab);
  return base + impairedAttributes(tcState(creature)).accuracy;
}

/** What one attack is made with and in what situation. */
export interface TcAttackInput {
  /**
   * A weapon's category (002:58), or `spell` (Intelligence, no size, +2 a charge); null: a weapon no
   * category fits (Strength in melee, Dexterity at range).
   */
  with: TcWeaponCategory | 'spell' | null;
  /** The base attack bonus; absent: from the creature's classes. */
  bab?: number;
  /** Charges applied to a spell's attack roll (002:670). */
  charges?: number;
  /** The table's modifiers that apply. `flanked` counts for melee only (002:642); `rear` includes it. */
  modifiers?: readonly TcAttackModifier[];
  mode?: 'melee' | 'ranged';
  cover?: TcCover;
  /** The range penalty (`tcRangePenalty`), ≤ 0. */
  range?: number;
  /** Other parts the caller worked out (a stance's, paralysis, petrification, two weapons …). */
  extra?: readonly ModelPart[];
}

/**
 * The attack bonus and its parts (lang keys `GNG.Model.TC.Attack.Part.*`, the `extra` parts as
 * given). A rear attack's +4 is the flanking +2 and the facing's +2 (002:642): the two do not add.
 */
export function tcAttackBonus(
  creature: ModelCreature,
  input: TcAttackInput,
): { total: number; parts: ModelPart[] } {
  const spell = input.with === 'spell';
  const parts: ModelPart[] = [part('accuracy', tcAccuracy(creature, input.bab))];
  if (spell) {
    parts.push(part('intelligence', tcAbilityMod(creature, 'int')));
    parts.push(part('charges', 2 * assertNonNegativeInteger('charges', input.charges ?? 0)));
  } else {
    const kind =
      input.with === null
        ? input.mode === 'ranged'
          ? 'dex'
          : 'str'
        : TC_WEAPON_CATEGORIES[assertOneOf('weapon category', input.with, TC_WEAPON_CATEGORY_IDS)];
    const str = tcAbilityMod(creature, 'str');
    const dex = tcAbilityMod(creature, 'dex');
    const useStr = kind === 'str' || (kind === 'best' && str > dex);
    parts.push(useStr ? part('strength', str) : part('dexterity', dex));
    parts.push(part('size', sizeModifier(creature.size)));
  }
  parts.push(...tcSituationParts(input));
  const shown = [...parts.filter((p, i) => i === 0 || p.value !== 0), ...(input.extra ?? [])];
  return { total: shown.reduce((s, p) => s + assertInteger(p.label, p.value), 0), parts: shown };
}

/**
 * The parts of the attack's situation alone (the table's modifiers, cover, range: 002:31–45), zeros
 * included, in the table's order — what `tcAttackBonus` adds after the creature's own parts, and what
 * a printed stat-block bonus (which stands for those) still takes. `flanked` counts in melee only and
 * not beside `rear` (002:642).
 */
export function tcSituationParts(
  input: Pick<TcAttackInput, 'modifiers' | 'mode' | 'cover' | 'range'>,
): ModelPart[] {
  const parts: ModelPart[] = [];
  const mods = new Set(input.modifiers ?? []);
  for (const id of mods)
    assertOneOf('attack modifier', id, Object.keys(TC_ATTACK_MODIFIERS) as TcAttackModifier[]);
  if (mods.has('rear')) mods.delete('flanked');
  if (input.mode === 'ranged') mods.delete('flanked');
  for (const id of Object.keys(TC_ATTACK_MODIFIERS) as TcAttackModifier[])
    if (mods.has(id)) parts.push(part(id, TC_ATTACK_MODIFIERS[id]));
  parts.push(
    part('cover', TC_COVER[assertOneOf('cover', input.cover ?? 'none', Object.keys(TC_COVER) as TcCover[])]),
  );
  parts.push(part('range', Math.min(0, assertInteger('range penalty', input.range ?? 0))));
  return parts;
}

/**
 * The range penalty (002:45): −1 for each full increment exceeded (a shortbow's 40 ft: 45–80 ft −1,
 * 85–120 ft −2), and whether the target is in reach: 10 increments for a missile weapon, 10 + the
 * Strength modifier for a thrown one (at least 1).
 */
export function tcRangePenalty(
  distance: number,
  increment: number,
  thrown?: { strMod: number },
): { penalty: number; inRange: boolean; maxRange: number } {
  const d = assertNonNegativeInteger('distance', distance);
  const inc = assertNonNegativeInteger('range increment', increment, 1);
  const increments = thrown
    ? Math.max(1, MAX_INCREMENTS + assertInteger('Strength modifier', thrown.strMod))
    : MAX_INCREMENTS;
  const maxRange = increments * inc;
  return { penalty: Math.min(0, 1 - Math.ceil(d / inc)), inRange: d <= maxRange, maxRange };
}
