/**
 * GnG Appendix 5 "SPELLS AND POWERS" and the metamagic / metapsionic feats of Appendix 4 that go with
 * them, and energy drain's "–1 to effective level" (CONDITIONS, "Energy Drained"). Decisions:
 * docs/rules.md "Spells, powers and the smaller rules of issue #18".
 */
import {
  bypassedArmorValue,
  effectiveBypass,
  type Fortification,
  type ProtectionBypass,
} from './protection.js';
import { assertIntegerInRange, assertNonNegativeInteger, assertOneOf } from './validate.js';

/** The two armor metamagic / metapsionic options: half or none of the target's Protection. */
export const ARMOR_METAMAGIC = ['piercing', 'ignoring'] as const;
/** Armor piercing or armor ignoring (Spell / Power feats). */
export type ArmorMetamagic = (typeof ARMOR_METAMAGIC)[number];

/**
 * ARMOR PIERCING SPELL: "uses up a spell slot two levels higher"; ARMOR IGNORING SPELL: "four levels
 * higher".
 */
export const ARMOR_SPELL_SLOT_INCREASE: Readonly<Record<ArmorMetamagic, number>> = {
  piercing: 2,
  ignoring: 4,
};
/**
 * ARMOR PIERCING POWER: "increases the power point cost of the power by 4"; ARMOR IGNORING POWER: "by
 * 8".
 */
export const ARMOR_POWER_COST_INCREASE: Readonly<Record<ArmorMetamagic, number>> = {
  piercing: 4,
  ignoring: 8,
};

/** The highest spell slot level (core spell levels 0–9). */
export const HIGHEST_SPELL_SLOT = 9;

/** The feat identifier of each option, for spells and for powers (the feats pack). */
export const ARMOR_METAMAGIC_FEATS: Readonly<Record<'spell' | 'power', Record<ArmorMetamagic, string>>> = {
  spell: { piercing: 'armor-piercing-spell', ignoring: 'armor-ignoring-spell' },
  power: { piercing: 'armor-piercing-power', ignoring: 'armor-ignoring-power' },
};

/**
 * The slot an armor piercing / ignoring spell uses: its level + 2 / + 4. `possible` is false when
 * that is above a 9th-level slot (decision: no such slot exists, so the feat cannot be applied).
 */
export function armorSpellSlot(
  spellLevel: number,
  option: ArmorMetamagic,
): { slotLevel: number; possible: boolean } {
  const level = assertIntegerInRange('spell level', spellLevel, 0, HIGHEST_SPELL_SLOT);
  const slotLevel =
    level + ARMOR_SPELL_SLOT_INCREASE[assertOneOf('armor metamagic', option, ARMOR_METAMAGIC)];
  return { slotLevel, possible: slotLevel <= HIGHEST_SPELL_SLOT };
}

/**
 * The power point cost of an armor piercing / ignoring power: its cost + 4 / + 8. "The power's total
 * cost cannot exceed your manifester level": `possible` is false when it does.
 */
export function armorPowerCost(
  powerPoints: number,
  option: ArmorMetamagic,
  manifesterLevel: number,
): { cost: number; possible: boolean } {
  const base = assertNonNegativeInteger('power points', powerPoints);
  const level = assertNonNegativeInteger('manifester level', manifesterLevel);
  const cost = base + ARMOR_POWER_COST_INCREASE[assertOneOf('armor metamagic', option, ARMOR_METAMAGIC)];
  return { cost, possible: cost <= level };
}

/**
 * The Protection a spell's or power's damage meets under an armor metamagic feat: "Only one-half of
 * your target's Protection applies" (⌊P/2⌋, the whole score) / "None of your target's Protection
 * applies" (0), after the armor's fortification (Appendix 6: light and moderate fortification negate
 * armor piercing; moderate treats armor ignoring as piercing; heavy negates both).
 */
export function metamagicProtection(
  protection: number,
  option: ArmorMetamagic | 'none',
  fortification: Fortification = 'none',
): number {
  const bypass: ProtectionBypass = option;
  return bypassedArmorValue(
    assertNonNegativeInteger('protection', protection),
    effectiveBypass(bypass, fortification),
  );
}

/** The Appendix 5 spells and powers that enchant a weapon, by pack identifier. */
export const WEAPON_ENCHANTMENTS = {
  'armor-piercing-weapon': { bypass: 'piercing', natural: false },
  'armor-ignoring-weapon': { bypass: 'ignoring', natural: false },
  'armor-piercing-fang': { bypass: 'piercing', natural: true },
  'armor-ignoring-fang': { bypass: 'ignoring', natural: true },
  'iron-claw': { bypass: 'piercing', natural: true },
} as const satisfies Record<string, { bypass: ArmorMetamagic; natural: boolean }>;
/** An Appendix 5 weapon spell or power. */
export type WeaponEnchantment = keyof typeof WEAPON_ENCHANTMENTS;

/** Appendix 5, every weapon spell and power: "Duration: 10 minutes/level". */
export const WEAPON_ENCHANTMENT_MINUTES_PER_LEVEL = 10;

/** The duration of an Appendix 5 weapon spell or power in seconds: 10 minutes × caster level. */
export function weaponEnchantmentSeconds(casterLevel: number): number {
  return assertNonNegativeInteger('caster level', casterLevel) * WEAPON_ENCHANTMENT_MINUTES_PER_LEVEL * 60;
}

/** IRON CLAW: "Power Points: 5"; "For every additional 4 power points that you spend, you … alter one additional natural weapon". */
export const IRON_CLAW = { powerPoints: 5, perExtraWeapon: 4 } as const;

/** Iron Claw's cost for `weapons` natural weapons (at least one): 5 + 4 per weapon after the first. */
export function ironClawCost(weapons: number): number {
  const n = assertNonNegativeInteger('natural weapons', weapons, 1);
  return IRON_CLAW.powerPoints + IRON_CLAW.perExtraWeapon * (n - 1);
}

/**
 * Energy Drained: "Each negative level gives a creature … –1 to effective level (for determining the
 * power, duration, DC, and other details of spells or special abilities)". Never below 0 (decision).
 */
export function effectiveLevel(level: number, negativeLevels: number): number {
  const l = assertNonNegativeInteger('level', level);
  const n = assertNonNegativeInteger('negative levels', negativeLevels);
  return Math.max(0, l - n);
}
