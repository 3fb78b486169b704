/**
 * Item properties, resistances and objects (issue #18, engine): the Appendix 6 weapon properties as
 * inputs of the damage step (Brilliant Energy, Vicious, Sun Blade, Wounding, Mace of Ruin,
 * Dissipater), damage reduction with what bypasses it and energy resistance by energy type (core SRD
 * formats: "10/magic", "5/silver or good", "resistance to cold 10 and fire 10"), and objects:
 * hardness, hit points, the energy divisors and Break Weapon's damage to the item.
 */
import { startSevereBleeding, type SevereBleedingState } from './bleeding.js';
import { conditionSaveDc } from './called-shots.js';
import { damagePipeline } from './damage.js';
import { PROTECTION_BYPASSES, type ProtectionBypass, type ProtectionParts } from './protection.js';
import {
  damageReductionAgainst,
  ENERGY_TYPES,
  type AttackQualities,
  type DamageReduction,
  type EnergyType,
} from './damage-reduction.js';
import { assertInteger, assertNonNegativeInteger, assertOneOf } from './validate.js';

// Weapon properties of Appendix 6 as inputs of the damage step
// ---------------------------------------------------------------------------------------------

/** The Appendix 6 weapon properties the damage step knows. */
export const WEAPON_ITEM_PROPERTIES = [
  'brilliant-energy',
  'vicious',
  'sun-blade',
  'wounding',
  'mace-of-ruin',
  'dissipater',
] as const;
/** One Appendix 6 weapon property. */
export type WeaponItemProperty = (typeof WEAPON_ITEM_PROPERTIES)[number];

/** What a target is, for the properties that name creatures or objects. */
export const TARGET_TRAITS = [
  'undead',
  'construct',
  'object',
  'negative-energy-plane',
  'ectoplasmic',
  'no-circulatory-system',
  'plant',
] as const;
/** A trait of the target. */
export type TargetTrait = (typeof TARGET_TRAITS)[number];

/** How a weapon is used, for the properties limited to some weapons. */
export const WEAPON_USES = ['melee', 'thrown', 'ammunition', 'ranged'] as const;
/** Melee, thrown, ammunition or a ranged launcher. */
export type WeaponUse = (typeof WEAPON_USES)[number];

/**
 * Appendix 6: Brilliant Energy "only to melee weapons, thrown weapons, and ammunition"; "Only melee
 * weapons can be vicious." The other properties name no limit.
 */
export function itemPropertyAllowed(property: WeaponItemProperty, use: WeaponUse): boolean {
  const p = assertOneOf('weapon property', property, WEAPON_ITEM_PROPERTIES);
  const u = assertOneOf('weapon use', use, WEAPON_USES);
  if (p === 'brilliant-energy') return u !== 'ranged';
  if (p === 'vicious') return u === 'melee';
  return true;
}

/** The target as the damage step sees it. */
export interface ItemPropertyTarget {
  traits?: readonly TargetTrait[];
  /** Its Protection parts (a number is accepted unless Brilliant Energy must tell armor apart). */
  protection: number | ProtectionParts;
  /** Of `protection.enhancement`, the points that enhance natural armor (kept against Brilliant Energy); default 0. */
  naturalArmorEnhancement?: number;
  /** Its damage reductions (parsed or text). */
  damageReduction?: readonly (DamageReduction | string)[];
  /** An object's hardness. */
  hardness?: number;
}

/** Input of {@link weaponPropertiesAgainst}. */
export interface WeaponPropertiesInput {
  properties: readonly WeaponItemProperty[];
  target: ItemPropertyTarget;
  /** The attack's own bypass of Protection (armor piercing / ignoring weapon). */
  bypass?: ProtectionBypass;
  /** The attack's qualities against damage reduction. */
  attack?: AttackQualities;
}

/** What the damage step gets from the weapon's properties (feed these to `damagePipeline` / {@link objectDamage}). */
export interface WeaponPropertiesEffect {
  /** False: Brilliant Energy "cannot harm undead, constructs, and objects" — no damage at all. */
  canHarm: boolean;
  protection: number | ProtectionParts;
  bypass: ProtectionBypass;
  /** Brilliant Energy: the target's shield bonus (and its enhancement) does not count in its Defense roll. */
  ignoresShieldBonus: boolean;
  /** For `damagePipeline({ damageReduction })`. */
  damageReduction: number;
  /** For {@link objectDamage} (0 when ignored). */
  hardness: number;
  /** For `damagePipeline({ afterProtectionMultiplier })`: 2 for a Sun Blade against undead / Negative Energy Plane creatures. */
  afterProtectionMultiplier: number;
  /** Vicious: on a hit that deals ≥ 1 HP, roll {@link viciousDamage}. */
  vicious: boolean;
  /** Wounding applies (the target has blood): on a hit that deals ≥ 1 HP, {@link resolveWounding}. */
  wounding: boolean;
}

const has = (traits: ReadonlySet<TargetTrait>, ...t: TargetTrait[]): boolean => t.some((x) => traits.has(x));

/**
 * Turns a weapon's Appendix 6 properties and its target into the damage step's inputs:
 * Brilliant Energy drops armor and its enhancement from Protection (natural armor and other parts
 * stay) and the shield bonus from Defense, and harms no undead, construct or object; Sun Blade
 * doubles the damage after Protection against undead and Negative Energy Plane creatures; Mace of
 * Ruin ignores damage reduction and hardness (and is armor ignoring); Dissipater ignores Protection,
 * damage reduction and hardness of ectoplasmic targets; Vicious and Wounding are flagged for after
 * the hit.
 */
export function weaponPropertiesAgainst(input: WeaponPropertiesInput): WeaponPropertiesEffect {
  const props = new Set(
    input.properties.map((p) => assertOneOf('weapon property', p, WEAPON_ITEM_PROPERTIES)),
  );
  const traits = new Set(
    (input.target.traits ?? []).map((t) => assertOneOf('target trait', t, TARGET_TRAITS)),
  );
  let bypass = assertOneOf('protection bypass', input.bypass ?? 'none', PROTECTION_BYPASSES);
  let protection = input.target.protection;
  if (typeof protection !== 'number' && (protection === null || typeof protection !== 'object'))
    throw new RangeError(`protection must be a number or parts, got ${String(protection)}`);
  if (typeof protection === 'number') assertNonNegativeInteger('protection', protection);
  const hardnessIn = assertNonNegativeInteger('hardness', input.target.hardness ?? 0);
  const ectoplasmic = props.has('dissipater') && traits.has('ectoplasmic');
  const ignoresDr = props.has('mace-of-ruin') || ectoplasmic;
  const damageReduction = damageReductionAgainst(input.target.damageReduction ?? [], {
    ...input.attack,
    ignoresDamageReduction: ignoresDr || input.attack?.ignoresDamageReduction,
  });
  if (props.has('mace-of-ruin')) bypass = 'ignoring';
  let canHarm = true;
  if (props.has('brilliant-energy')) {
    canHarm = !has(traits, 'undead', 'construct', 'object');
    if (typeof protection === 'number')
      throw new RangeError('Brilliant Energy needs the Protection parts (armor apart from natural armor)');
    const enh = assertNonNegativeInteger('enhancement', protection.enhancement ?? 0);
    const natEnh = assertNonNegativeInteger(
      'natural armor enhancement',
      input.target.naturalArmorEnhancement ?? 0,
    );
    if (natEnh > enh)
      throw new RangeError(`natural armor enhancement ${natEnh} exceeds the enhancement ${enh}`);
    protection = { ...protection, armor: 0, enhancement: natEnh };
  }
  if (ectoplasmic) protection = 0;
  return {
    canHarm,
    protection,
    bypass,
    ignoresShieldBonus: props.has('brilliant-energy'),
    damageReduction,
    hardness: ignoresDr ? 0 : hardnessIn,
    afterProtectionMultiplier:
      props.has('sun-blade') && has(traits, 'undead', 'negative-energy-plane') ? SUN_BLADE_MULTIPLIER : 1,
    vicious: props.has('vicious'),
    wounding:
      props.has('wounding') &&
      !has(traits, 'undead', 'construct', 'object', 'plant', 'no-circulatory-system'),
  };
}

/** Sun Blade: "the sword deals double damage. (Double the damage inflicted after applying Protection.)" */
export const SUN_BLADE_MULTIPLIER = 2;

/** Vicious: "an extra 2d6 points of damage to the opponent and 1d6 points of damage to the wielder". */
export const VICIOUS = Object.freeze({ targetDice: 2, wielderDice: 1, faces: 6 });

/** Result of {@link viciousDamage}. */
export interface ViciousDamage {
  /** HP the opponent loses from the flash (0 when the hit dealt no HP). */
  target: number;
  /** HP the wielder loses. */
  wielder: number;
}

/**
 * Vicious: only after a hit that "inflicts at least 1 HP damage", 2d6 to the opponent and 1d6 to the
 * wielder, each its own instance that "ignores both the target's and the wielder's Protection"
 * (decision: no damage reduction or energy resistance either — see docs/rules.md).
 */
export function viciousDamage(
  hitDamage: number,
  targetDice: readonly number[],
  wielderDice: readonly number[],
): ViciousDamage {
  const dealt = assertNonNegativeInteger('hit damage', hitDamage);
  const check = (name: string, dice: readonly number[], n: number): readonly number[] => {
    if (!Array.isArray(dice) || dice.length !== n)
      throw new RangeError(`${name} must be ${n}d${VICIOUS.faces}`);
    dice.forEach((d, i) => {
      assertInteger(`${name}[${i}]`, d);
      if (d < 1 || d > VICIOUS.faces)
        throw new RangeError(`${name}[${i}] must be 1–${VICIOUS.faces}, got ${d}`);
    });
    return dice;
  };
  const t = check('vicious target dice', targetDice, VICIOUS.targetDice);
  const w = check('vicious wielder dice', wielderDice, VICIOUS.wielderDice);
  if (dealt < 1) return { target: 0, wielder: 0 };
  const instance = (dice: readonly number[]): number =>
    damagePipeline({ weaponDice: dice, relativeDegree: 0, applyRelativeDegree: false, protection: 0 }).final;
  return { target: instance(t), wielder: instance(w) };
}

/** Result of {@link resolveWounding}. */
export interface WoundingResult {
  /** Fortitude DC 10 + the damage inflicted, or null when no HP got through (no save). */
  dc: number | null;
  /** Severe Bleeding's starting state on a failed save, else null. */
  bleeding: SevereBleedingState | null;
}

/**
 * Wounding: a hit that deals ≥ 1 HP "causes severe bleeding (as the called shot effect) if the victim
 * fails a Fortitude save against DC 10 + the damage inflicted by the attack" (the called shots'
 * condition DC). `save` is the rolled total (success on ≥ DC) or already decided; the bleeding then
 * runs as Severe Bleeding does (first save DC 12 a round later).
 */
export function resolveWounding(damageDealt: number, save?: number | boolean): WoundingResult {
  const dc = conditionSaveDc(damageDealt);
  if (dc === null) return { dc, bleeding: null };
  if (save === undefined) return { dc, bleeding: null };
  const success = typeof save === 'boolean' ? save : assertInteger('save', save) >= dc;
  return { dc, bleeding: success ? null : startSevereBleeding() };
}

// ---------------------------------------------------------------------------------------------
// Objects
// ---------------------------------------------------------------------------------------------

/** Core "Energy Attacks" on objects: electricity and fire ÷2, cold ÷4, acid and sonic normal. */
export const OBJECT_ENERGY_DIVISORS: Readonly<Record<EnergyType, number>> = Object.freeze({
  acid: 1,
  sonic: 1,
  electricity: 2,
  fire: 2,
  cold: 4,
});

/** Core "Table: Object Hardness and Hit Points", manufactured objects by size (minimum values). */
export const MANUFACTURED_OBJECTS = Object.freeze({
  fine: { hardness: 0, hp: 1, breakDc: 10 },
  diminutive: { hardness: 0, hp: 1, breakDc: 10 },
  tiny: { hardness: 1, hp: 2, breakDc: 10 },
  small: { hardness: 3, hp: 3, breakDc: 12 },
  medium: { hardness: 5, hp: 5, breakDc: 15 },
  large: { hardness: 5, hp: 10, breakDc: 15 },
  huge: { hardness: 8, hp: 10, breakDc: 20 },
  gargantuan: { hardness: 8, hp: 20, breakDc: 30 },
  colossal: { hardness: 10, hp: 30, breakDc: 50 },
} as const);

/** Input of {@link objectDamage}. */
export interface ObjectDamageInput {
  /** Weapon damage + RD (the pipeline's `steps.total`): objects have no Protection (decision). */
  total: number;
  hardness: number;
  /** The energy of an energy attack, divided before hardness. */
  energy?: EnergyType;
  /** Mace of Ruin; a Dissipater against an ectoplasmic object. */
  ignoresHardness?: boolean;
}

/**
 * HP an object loses: the total (÷2 electricity/fire, ÷4 cold, rounded down, "before applying the
 * hardness"), minus hardness, never below 0 ("Only damage in excess of its hardness is deducted").
 */
export function objectDamage(input: ObjectDamageInput): number {
  const total = assertNonNegativeInteger('object damage total', input.total);
  const hardness = input.ignoresHardness ? 0 : assertNonNegativeInteger('hardness', input.hardness);
  const divisor =
    input.energy === undefined
      ? 1
      : OBJECT_ENERGY_DIVISORS[assertOneOf('energy type', input.energy, ENERGY_TYPES)];
  return Math.max(0, Math.floor(total / divisor) - hardness);
}

/** An object's condition: `damaged` once half or more of its HP is lost, `destroyed` at 0 HP. */
export type ObjectState = 'intact' | 'damaged' | 'destroyed';

/** "If an object has lost half or more of its hit points, the DC to break it decreases by 2." */
export const DAMAGED_OBJECT_BREAK_DC_REDUCTION = 2;

/** The state of an object with `hp` of `maxHp` left (decision: 0 or less destroys it). */
export function objectState(hp: number, maxHp: number): ObjectState {
  const max = assertNonNegativeInteger('object max HP', maxHp, 1);
  const cur = assertInteger('object HP', hp);
  if (cur > max) throw new RangeError(`object HP ${cur} exceeds its maximum ${max}`);
  if (cur <= 0) return 'destroyed';
  return 2 * (max - cur) >= max ? 'damaged' : 'intact';
}

/** The Strength check DC to break an object, −2 once it has lost half or more of its HP. */
export function objectBreakDc(baseDc: number, hp: number, maxHp: number): number {
  const dc = assertInteger('break DC', baseDc);
  return objectState(hp, maxHp) === 'intact' ? dc : dc - DAMAGED_OBJECT_BREAK_DC_REDUCTION;
}

/** Result of {@link damageObject}. */
export interface ObjectDamageResult {
  damage: number;
  hp: number;
  state: ObjectState;
}

/**
 * One hit on an object (Attack an Object; Break Weapon: "apply the damage to both your target and the
 * item"): {@link objectDamage} off its HP (not below 0), and its new state.
 */
export function damageObject(
  object: { hp: number; maxHp: number },
  hit: ObjectDamageInput,
): ObjectDamageResult {
  objectState(object.hp, object.maxHp);
  const damage = objectDamage(hit);
  const hp = Math.max(0, object.hp - damage);
  return { damage, hp, state: objectState(hp, object.maxHp) };
}
