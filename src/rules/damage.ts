/**
 * Damage (GnG "DAMAGE", "PROTECTION", Appendix 1 "Strength Bonus Limitation", Appendix 4 "Power
 * Attack"): Strength to damage, Weapon Damage + Relative Degree − Protection, then Damage Reduction
 * and energy resistance, with a step-by-step breakdown for chat cards.
 */
import {
  effectiveBypass,
  protection as protectionFromParts,
  protectionApplies,
  bypassedArmorValue,
  DAMAGE_SOURCES,
  FORTIFICATIONS,
  PROTECTION_BYPASSES,
  type DamageSource,
  type Fortification,
  type ProtectionBreakdown,
  type ProtectionBypass,
  type ProtectionParts,
} from './protection.js';
import { assertInteger, assertNonNegativeInteger, assertOneOf, sumOfIntegers } from './validate.js';

/** How the weapon is held, for Strength to damage (DAMAGE: off-hand, two-handed, light weapon two-handed). */
export const GRIPS = ['one-handed', 'two-handed', 'off-hand', 'light-two-handed'] as const;
/** A weapon grip (DAMAGE). */
export type Grip = (typeof GRIPS)[number];

/** Bows (DAMAGE › Bows): a normal bow takes a Strength penalty only; a composite bow adds the bonus. */
export const BOW_KINDS = ['normal', 'composite'] as const;
/** Normal or composite bow. */
export type BowKind = (typeof BOW_KINDS)[number];

/**
 * Multipliers of a Strength *bonus* by grip: off hand "1/2", two-handed "1-1/2" (not for light weapons),
 * two-handed with Power Attack "double" (Appendix 4). Stored as [numerator, denominator].
 */
const GRIP_MULTIPLIER: Record<Grip, readonly [number, number]> = {
  'one-handed': [1, 1],
  'off-hand': [1, 2],
  'two-handed': [3, 2],
  'light-two-handed': [1, 1],
};
const POWER_ATTACK_TWO_HANDED_MULTIPLIER = [2, 1] as const;

/** Input of {@link strengthDamageBonus}. */
export interface StrengthDamageInput {
  strengthModifier: number;
  grip: Grip;
  /** Set for bow attacks; the grip multiplier never applies to bows. */
  bow?: BowKind;
  /** Appendix 4 Power Attack: two-handed grip doubles the Strength bonus (not with light weapons or off hand). */
  powerAttack?: boolean;
  /** Power Attack gives nothing "if you use an ability score other than Strength to supply your attack bonus". */
  attackUsesOtherAbility?: boolean;
  /** Appendix 1 variant "Strength Bonus Limitation": Strength adds nothing to damage. */
  strengthBonusLimitation?: boolean;
}

/**
 * Strength added to damage (DAMAGE): bonus ×½ off hand, ×1½ two-handed (×2 with Power Attack),
 * rounded down; penalties apply in full; normal bows take only the penalty, composite bows the bonus too.
 */
export function strengthDamageBonus(input: StrengthDamageInput): number {
  const mod = assertInteger('strength modifier', input.strengthModifier);
  const grip = assertOneOf('grip', input.grip, GRIPS);
  if (input.bow !== undefined) assertOneOf('bow kind', input.bow, BOW_KINDS);
  if (input.strengthBonusLimitation) return 0;
  if (mod <= 0) return mod;
  if (input.bow !== undefined) return input.bow === 'composite' ? mod : 0;
  const [num, den] =
    input.powerAttack && grip === 'two-handed' && !input.attackUsesOtherAbility
      ? POWER_ATTACK_TWO_HANDED_MULTIPLIER
      : GRIP_MULTIPLIER[grip];
  return Math.floor((mod * num) / den);
}

/** Input of {@link damageAfterProtection}. */
export interface DamageAfterProtectionInput {
  /** Weapon damage rolled, with all its modifiers (dice, Strength, enhancement, extra dice …). */
  rolled: number;
  /** Relative Degree of the hit (≥ 0; a miss deals no damage). */
  relativeDegree: number;
  /** The target's Protection score. */
  protection: number;
  /** With a single Protection number the whole score is treated as armor/natural armor (decision). */
  bypass?: ProtectionBypass;
  fortification?: Fortification;
  damageReduction?: number;
  energyResistance?: number;
}

function checkRelativeDegree(rd: number): number {
  assertInteger('relative degree', rd);
  if (rd < 0)
    throw new RangeError(`relative degree of a hit must be ≥ 0, got ${rd} (a miss deals no damage)`);
  return rd;
}

/**
 * HP lost from one hit: max(0, rolled + RD) − Protection, then − DR, then − energy resistance, never
 * below 0 (DAMAGE; PROTECTION). A single `protection` number is all armor for `bypass`.
 */
export function damageAfterProtection(input: DamageAfterProtectionInput): number {
  const rolled = assertInteger('rolled damage', input.rolled);
  const rd = checkRelativeDegree(input.relativeDegree);
  const bypass = effectiveBypass(input.bypass ?? 'none', input.fortification ?? 'none');
  const prot = bypassedArmorValue(assertNonNegativeInteger('protection', input.protection), bypass);
  const dr = assertNonNegativeInteger('damage reduction', input.damageReduction ?? 0);
  const er = assertNonNegativeInteger('energy resistance', input.energyResistance ?? 0);
  const total = Math.max(0, rolled + rd);
  const afterProtection = Math.max(0, total - prot);
  const afterDr = Math.max(0, afterProtection - dr);
  return Math.max(0, afterDr - er);
}

/** Input of {@link damagePipeline}. */
export interface DamagePipelineInput {
  /** The weapon's dice as rolled (each value), e.g. [4, 6] for 2d6. */
  weaponDice?: readonly number[];
  /** Flat weapon damage bonus (enhancement, "+1" of "1d8+1" …). */
  weaponBonus?: number;
  /** Strength to damage, e.g. from {@link strengthDamageBonus}. */
  strengthBonus?: number;
  /** Any other damage modifier totalled before Protection (extra dice from special ammunition …). */
  otherBonus?: number;
  relativeDegree: number;
  /** False for multiple target bursts and extra burst shots: RD is not added (default true). */
  applyRelativeDegree?: boolean;
  /** The target's Protection: a number (all armor for bypass) or its parts. */
  protection: number | ProtectionParts;
  bypass?: ProtectionBypass;
  /**
   * A Penetration called shot whose Reflex save failed: one-half of the Protection is ignored (the
   * armor-piercing halving, decision D15); it does not stack with armor piercing (decision D41).
   */
  penetrated?: boolean;
  fortification?: Fortification;
  /**
   * Multiplies the damage left after Protection, before Damage Reduction and energy resistance
   * (Appendix 6 Sun Blade: "Double the damage inflicted after applying Protection"). Default 1.
   */
  afterProtectionMultiplier?: number;
  damageReduction?: number;
  energyResistance?: number;
  /** Protection does not reduce poison, disease, falling, environmental or ability damage (default 'attack'). */
  source?: DamageSource;
  nonlethal?: boolean;
}

/** Every step of the damage formula, for chat cards. */
export interface DamageSteps {
  weapon: number;
  strength: number;
  other: number;
  relativeDegree: number;
  /** Weapon Damage + RD, floored at 0 ("a hit inflicts no damage" below one). */
  total: number;
  protection: number;
  afterProtection: number;
  /** Present only when an after-Protection multiplier other than 1 applied (Sun Blade ×2). */
  multiplier?: number;
  damageReduction: number;
  afterDamageReduction: number;
  energyResistance: number;
  final: number;
}

/** Result of {@link damagePipeline}. */
export interface DamageResult {
  steps: DamageSteps;
  protectionBreakdown: ProtectionBreakdown | null;
  /** HP (or nonlethal damage) actually dealt. */
  final: number;
  lethal: number;
  nonlethal: number;
  /** "the target must suffer at least one point of HP loss" for stun, poison and other special effects. */
  specialEffects: boolean;
}

/**
 * The full damage pipeline (DAMAGE; PROTECTION): weapon dice + bonus + Strength + other + RD → − Protection
 * → − Damage Reduction → − energy resistance, each step floored at 0; special effects need ≥ 1 point.
 */
export function damagePipeline(input: DamagePipelineInput): DamageResult {
  const source = assertOneOf('damage source', input.source ?? 'attack', DAMAGE_SOURCES);
  const diceValues = input.weaponDice ?? [];
  if (!Array.isArray(diceValues)) throw new RangeError('weaponDice must be an array of rolled values');
  const weapon =
    sumOfIntegers('weaponDice', diceValues, 1) + assertInteger('weapon bonus', input.weaponBonus ?? 0);
  const strength = assertInteger('strength bonus', input.strengthBonus ?? 0);
  const other = assertInteger('other bonus', input.otherBonus ?? 0);
  const rdRaw = checkRelativeDegree(input.relativeDegree);
  const rd = input.applyRelativeDegree === false ? 0 : rdRaw;
  const bypassIn = assertOneOf('protection bypass', input.bypass ?? 'none', PROTECTION_BYPASSES);
  const fortification = assertOneOf('fortification', input.fortification ?? 'none', FORTIFICATIONS);

  let protectionBreakdown: ProtectionBreakdown | null = null;
  let prot: number;
  let whole: number;
  if (typeof input.protection === 'number') {
    whole = assertNonNegativeInteger('protection', input.protection);
    prot = bypassedArmorValue(whole, effectiveBypass(bypassIn, fortification));
  } else if (input.protection !== null && typeof input.protection === 'object') {
    protectionBreakdown = protectionFromParts(input.protection, bypassIn, fortification);
    prot = protectionBreakdown.total;
    whole = protectionFromParts(input.protection, 'none', fortification).total;
  } else {
    throw new RangeError(`protection must be a number or parts, got ${String(input.protection)}`);
  }
  // Penetration (D15, D41): "you ignore one-half of your target's Protection score" — the whole score,
  // every part, ⌊P/2⌋ left; with an armor piercing or ignoring weapon the attacker has the lower.
  if (input.penetrated) prot = Math.min(prot, bypassedArmorValue(Math.max(0, whole), 'piercing'));
  if (!protectionApplies(source)) prot = 0;
  const damageReduction = assertNonNegativeInteger('damage reduction', input.damageReduction ?? 0);
  const energyResistance = assertNonNegativeInteger('energy resistance', input.energyResistance ?? 0);

  const multiplier = assertNonNegativeInteger(
    'after-Protection multiplier',
    input.afterProtectionMultiplier ?? 1,
    1,
  );

  const total = Math.max(0, weapon + strength + other + rd);
  const afterProtection = Math.max(0, total - prot) * multiplier;
  const afterDamageReduction = Math.max(0, afterProtection - damageReduction);
  const final = Math.max(0, afterDamageReduction - energyResistance);
  const nonlethal = Boolean(input.nonlethal);
  return {
    steps: {
      weapon,
      strength,
      other,
      relativeDegree: rd,
      total,
      protection: prot,
      afterProtection,
      ...(multiplier === 1 ? {} : { multiplier }),
      damageReduction,
      afterDamageReduction,
      energyResistance,
      final,
    },
    protectionBreakdown,
    final,
    lethal: nonlethal ? 0 : final,
    nonlethal: nonlethal ? final : 0,
    specialEffects: final >= 1,
  };
}
