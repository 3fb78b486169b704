/**
 * A creature's attacks, one per equipped weapon (part of data preparation, derive-creature.ts): the
 * attack bonus and its parts, the damage formula and what the attack card's damage step reads. Glue
 * only: every number comes from the rules engine.
 */
import {
  NONPROFICIENT_WEAPON_PENALTY,
  attackRollModifiers,
  meleeAttackBonus,
  rangedAttackBonus,
  strengthDamageBonus,
  type AttackerCondition,
  type Grip,
} from '../../rules/index.js';
import type { WeaponData } from '../item/item-data.js';
import type { CreatureData } from './creature-data.js';
import { variantRules } from '../../settings/variant-rules.js';
import { featDamageDice, featProficient } from './feat-weapons.js';
import { weaponRangedKind } from '../item/weapon-kind.js';

export interface AttackSummary {
  itemId: string;
  name: string;
  mode: 'melee' | 'ranged';
  grip: Grip | 'ranged';
  /** Total attack bonus with this weapon. */
  bonus: number;
  /** Every contribution to `bonus`, for the breakdown. */
  parts: { label: string; value: number }[];
  /** Damage formula: weapon dice + Strength + enhancement (Relative Degree is added on a hit). */
  damage: string;
  damageTypes: string[];
  proficient: boolean;
  touch: boolean;
  bypass: 'none' | 'piercing' | 'ignoring';
  rangeIncrement: number;
  /** The weapon's damage dice at its size (e.g. `1d10`, `2d6+1`). */
  damageDice: string;
  /** Flat damage modifiers besides Strength (for the attack flow's damage pipeline). */
  damageModifiers: { enhancement: number; conditions: number };
  /** How Strength adds to this weapon's damage, and the wielder's Strength modifier. */
  strength: { rule: 'normal' | 'bow' | 'composite-bow' | 'none'; modifier: number; bonus: number };
  /** Weapon properties (e.g. `nonlethal`). */
  properties: string[];
}

/**
 * Strength to damage with this weapon (engine `strengthDamageBonus`), for a grip and Power Attack,
 * under the world's Strength Bonus Limitation (Appendix 1). The sheet's damage line and the attack
 * card's damage step both come from here.
 */
export function weaponStrengthBonus(
  strength: AttackSummary['strength'],
  grip: Grip | 'ranged',
  options: { powerAttack?: boolean } = {},
): number {
  if (strength.rule === 'none') return 0;
  return strengthDamageBonus({
    strengthModifier: strength.modifier,
    grip: grip === 'ranged' ? 'one-handed' : grip,
    ...(strength.rule === 'bow'
      ? { bow: 'normal' as const }
      : strength.rule === 'composite-bow'
        ? { bow: 'composite' as const }
        : {}),
    ...(options.powerAttack ? { powerAttack: true } : {}),
    strengthBonusLimitation: variantRules().strengthBonusLimitation,
  });
}

function signedFormula(parts: (string | number)[]): string {
  return parts
    .filter((p) => p !== 0 && p !== '')
    .map((p, i) => {
      if (typeof p === 'string') return i === 0 ? p : `+ ${p}`;
      if (i === 0) return String(p);
      return p < 0 ? `- ${-p}` : `+ ${p}`;
    })
    .join(' ');
}

/** What preparation already knows that the attacks read. */
export interface AttackInputs {
  items: Item[];
  system: CreatureData;
  feats: string[];
  bab: number;
  strMod: number;
  dexMod: number;
  attackerConditions: AttackerCondition[];
  /** Worn armor and shield: proficient, and their armor check penalty (0 when none). */
  armor: { proficient: boolean; checkPenalty: number };
  shield: { proficient: boolean; checkPenalty: number };
  injuryPenalty: number;
  /** The conditions' modifier to a roll (engine `conditionRollModifier`'s total). */
  fromConditions: (roll: 'attack' | 'weapon-damage') => number;
}

/** One {@link AttackSummary} per equipped weapon. */
export function deriveAttacks(input: AttackInputs): AttackSummary[] {
  const { system, feats, bab, strMod, dexMod, attackerConditions, armor, shield, injuryPenalty } = input;
  const { fromConditions } = input;
  return input.items
    .filter((i) => i.type === 'weapon' && (i.system as WeaponData).equipped)
    .map((item) => {
      const w = item.system as WeaponData;
      const mode = w.use === 'ranged' || w.use === 'thrown' ? 'ranged' : 'melee';
      const proficient = featProficient(
        w,
        feats,
        w.category === 'exotic'
          ? system.proficiencies.exotic.some((name) => name.toLowerCase() === item.name.toLowerCase())
          : system.proficiencies.weapons[w.category],
      );
      const damageDice = featDamageDice(w, feats);
      const base =
        mode === 'melee'
          ? meleeAttackBonus({ baseAttackBonus: bab, strengthModifier: strMod, size: system.size })
          : rangedAttackBonus({ baseAttackBonus: bab, dexterityModifier: dexMod, size: system.size });
      const situational = attackRollModifiers({
        mode,
        conditions: attackerConditions,
        touch: w.touch,
        energyWeapon: w.energy,
        continuousBeam: w.properties.includes('beam'),
        // Footnote 3: a prone attacker's ranged weapon decides whether it can be used at all.
        ...(mode === 'ranged' ? { rangedWeapon: weaponRangedKind(item.name, w) } : {}),
      });
      const withoutPrinted = [
        { label: 'GNG.Breakdown.Enhancement', value: w.enhancement },
        { label: 'GNG.Breakdown.Nonproficient', value: proficient ? 0 : NONPROFICIENT_WEAPON_PENALTY },
        {
          label: 'GNG.Breakdown.ArmorNonproficient',
          value: armor.proficient ? 0 : armor.checkPenalty,
        },
        {
          label: 'GNG.Breakdown.ShieldNonproficient',
          value: shield.proficient ? 0 : shield.checkPenalty,
        },
      ];
      // A printed (stat block) attack bonus stands for base attack, ability, size, enhancement,
      // proficiency and feats; injury, conditions and effects still apply (docs/rules.md "printed attack bonus").
      const printed = typeof w.attackBonus === 'number';
      const parts = [
        printed
          ? { label: 'GNG.Breakdown.Printed', value: w.attackBonus as number }
          : { label: 'GNG.Breakdown.BaseAttack', value: base },
        ...(printed ? [] : withoutPrinted),
        { label: 'GNG.Breakdown.Injury', value: injuryPenalty },
        { label: 'GNG.Breakdown.Conditions', value: situational.total + fromConditions('attack') },
        { label: 'GNG.Breakdown.Effects', value: system.attack.bonuses[mode] },
      ].filter((p, index) => index === 0 || p.value !== 0);

      const grip: Grip | 'ranged' =
        mode === 'ranged' ? 'ranged' : w.use === 'two-handed' ? 'two-handed' : 'one-handed';
      const strengthRule = { rule: w.strength, modifier: strMod, bonus: 0 };
      const strength = weaponStrengthBonus(strengthRule, grip);
      const weaponDamage = fromConditions('weapon-damage');
      return {
        itemId: item.id as string,
        name: item.name,
        mode,
        grip,
        bonus: parts.reduce((sum, p) => sum + p.value, 0),
        parts,
        damage: signedFormula([damageDice, strength, w.enhancement, weaponDamage]),
        damageTypes: [...w.damageTypes],
        proficient,
        touch: w.touch,
        bypass: w.bypass,
        rangeIncrement: w.rangeIncrement,
        damageDice,
        damageModifiers: { enhancement: w.enhancement, conditions: weaponDamage },
        strength: { ...strengthRule, bonus: strength },
        properties: [...w.properties],
      };
    });
}
