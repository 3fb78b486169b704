/**
 * The Enlightened Grognard's attack bonus (seed 003; issue #31): "one base attack bonus for each
 * ability score" (003:190), and an attack adds "<ability> base attack bonus + <ability> modifier +
 * size modifier + token modifier + miscellaneous modifiers" (003:153, 184). A Strength attack is
 * typically a melee weapon's, a Dexterity attack a ranged weapon's (003:141–143, 156). Pure.
 */
import { ABILITIES, type Ability } from '../../abilities.js';
import { assertInteger, assertNonNegativeInteger, assertOneOf } from '../../validate.js';
import type { ModelCreature, ModelPart } from '../types.js';
import { egClassModifiers } from './class-modifiers.js';
import { egSizeRow } from './size-table.js';

/** The six base attack bonuses (A7: each class's rates summed exactly, floored once). */
export function egBabs(creature: ModelCreature): Record<Ability, number> {
  return { ...egClassModifiers(creature).bab };
}

/** The modifier of `ability` as an attack adds it (Dexterity: the defense input's without `abilities`). */
export function attackAbilityMod(creature: ModelCreature, ability: Ability): number {
  const own = creature.abilities?.[ability];
  if (own) return assertInteger(`${ability} modifier`, own.mod);
  return ability === 'dex' ? assertInteger('Dexterity modifier', creature.defense.dexMod) : 0;
}

export interface EgAttackInput {
  /** The ability the attack uses (a melee weapon Strength, a ranged one Dexterity …). */
  ability: Ability;
  /** Tokens the attacker spent on it before the roll (003:394, 407). */
  tokens?: number;
  /** Miscellaneous modifiers (feats, the weapon's enhancement …). */
  other?: number;
}

const part = (key: string, value: number): ModelPart => ({ label: `GNG.Model.EG.Bab.Part.${key}`, value });

/** The attack bonus and its breakdown (lang keys `GNG.Model.EG.Bab.Part.*`). */
export function egAttackBonus(
  creature: ModelCreature,
  input: EgAttackInput,
): { total: number; parts: ModelPart[] } {
  const ability = assertOneOf('ability', input.ability, ABILITIES);
  const parts = [
    part('bab', egClassModifiers(creature).bab[ability]),
    part('ability', attackAbilityMod(creature, ability)),
    part('size', egSizeRow(creature.size).modifier),
    part('tokens', assertNonNegativeInteger('attack tokens', input.tokens ?? 0)),
    part('other', assertInteger('other modifiers', input.other ?? 0)),
  ].filter((p) => p.value !== 0 || p.label.endsWith('.bab'));
  return { total: parts.reduce((sum, p) => sum + p.value, 0), parts };
}
