/**
 * Protection (GnG "PROTECTION"): armor + natural armor + other modifiers, reduced by armor piercing
 * and armor ignoring attacks, with the Appendix 6 revision of armor fortification.
 */
import { assertInteger, assertNonNegativeInteger, assertOneOf } from './validate.js';

/** How an attack bypasses Protection ("Bypassing Protection"). */
export const PROTECTION_BYPASSES = ['none', 'piercing', 'ignoring'] as const;
/** none, armor piercing or armor ignoring. */
export type ProtectionBypass = (typeof PROTECTION_BYPASSES)[number];

/** Armor fortification degrees (Appendix 6, "Fortification"). */
export const FORTIFICATIONS = ['none', 'light', 'moderate', 'heavy'] as const;
/** A fortification degree of armor (Appendix 6). */
export type Fortification = (typeof FORTIFICATIONS)[number];

/**
 * Appendix 6: light "negates the armor piercing effect"; moderate "negates the armor piercing effect
 * and treats armor ignoring attacks as armor piercing attacks"; heavy "negates the armor piercing and
 * armor ignoring effect".
 */
const FORTIFICATION_TABLE: Record<Fortification, Record<ProtectionBypass, ProtectionBypass>> = {
  none: { none: 'none', piercing: 'piercing', ignoring: 'ignoring' },
  light: { none: 'none', piercing: 'none', ignoring: 'ignoring' },
  moderate: { none: 'none', piercing: 'none', ignoring: 'piercing' },
  heavy: { none: 'none', piercing: 'none', ignoring: 'none' },
};

/** The bypass that actually applies against armor with the given fortification (Appendix 6). */
export function effectiveBypass(
  bypass: ProtectionBypass,
  fortification: Fortification = 'none',
): ProtectionBypass {
  const b = assertOneOf('protection bypass', bypass, PROTECTION_BYPASSES);
  return FORTIFICATION_TABLE[assertOneOf('fortification', fortification, FORTIFICATIONS)][b];
}

/**
 * An armor or natural armor bonus after a bypass: piercing halves it, rounding down (decision, d20
 * convention), ignoring removes it ("Armor Piercing … halve", "Armor Ignoring … ignore").
 */
export function bypassedArmorValue(value: number, bypass: ProtectionBypass): number {
  const v = assertNonNegativeInteger('armor bonus', value);
  switch (assertOneOf('protection bypass', bypass, PROTECTION_BYPASSES)) {
    case 'none':
      return v;
    case 'piercing':
      return Math.floor(v / 2);
    case 'ignoring':
      return 0;
  }
}

/** The parts of a Protection score ("Protection", "Other Modifiers"). Omitted parts are 0. */
export interface ProtectionParts {
  armor?: number;
  naturalArmor?: number;
  /** Enhancement bonuses of the armor / natural armor to Protection. */
  enhancement?: number;
  /** Sacred or profane modifiers (may be negative). */
  sacredProfane?: number;
  /** "The AC bonus for monk levels applies to Protection." */
  monk?: number;
  /** GM circumstance modifier, usually +2 or −2. */
  circumstance?: number;
}

/** A Protection score with each part after bypass, for chat cards. */
/** The parts of Protection, in the order sheets and cards list them. */
export const PROTECTION_PARTS = [
  'armor',
  'naturalArmor',
  'enhancement',
  'sacredProfane',
  'monk',
  'circumstance',
] as const satisfies readonly (keyof ProtectionParts)[];

export interface ProtectionBreakdown {
  bypass: ProtectionBypass;
  armor: number;
  naturalArmor: number;
  enhancement: number;
  sacredProfane: number;
  monk: number;
  circumstance: number;
  total: number;
}

/**
 * Protection from its parts (PROTECTION): armor + natural armor + enhancement + sacred/profane + monk +
 * circumstance. A bypass (after fortification) affects only the armor and natural armor parts; the
 * total is never below 0 (decision).
 */
export function protection(
  parts: ProtectionParts,
  bypass: ProtectionBypass = 'none',
  fortification: Fortification = 'none',
): ProtectionBreakdown {
  const applied = effectiveBypass(bypass, fortification);
  const armor = bypassedArmorValue(parts.armor ?? 0, applied);
  const naturalArmor = bypassedArmorValue(parts.naturalArmor ?? 0, applied);
  const enhancement = assertNonNegativeInteger('enhancement', parts.enhancement ?? 0);
  const sacredProfane = assertInteger('sacred/profane', parts.sacredProfane ?? 0);
  const monk = assertNonNegativeInteger('monk bonus', parts.monk ?? 0);
  const circumstance = assertInteger('circumstance', parts.circumstance ?? 0);
  const total = Math.max(0, armor + naturalArmor + enhancement + sacredProfane + monk + circumstance);
  return { bypass: applied, armor, naturalArmor, enhancement, sacredProfane, monk, circumstance, total };
}

/** Damage sources that Protection does not reduce (PROTECTION: poison, disease, falling, environmental; ability damage). */
export const DAMAGE_SOURCES = ['attack', 'poison', 'disease', 'falling', 'environmental', 'ability'] as const;
/** Where damage comes from, for the Protection exemptions. */
export type DamageSource = (typeof DAMAGE_SOURCES)[number];

const PROTECTION_APPLIES: Record<DamageSource, boolean> = {
  attack: true,
  poison: false,
  disease: false,
  falling: false,
  environmental: false,
  ability: false,
};

/** Whether Protection reduces damage from this source ("Poison and Disease", "Falling Damage", "Environmental Damage", "Ability Damage"). */
export function protectionApplies(source: DamageSource): boolean {
  return PROTECTION_APPLIES[assertOneOf('damage source', source, DAMAGE_SOURCES)];
}
