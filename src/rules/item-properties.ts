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
import { assertInteger, assertNonNegativeInteger, assertOneOf } from './validate.js';

// ---------------------------------------------------------------------------------------------
// Damage reduction
// ---------------------------------------------------------------------------------------------

/** What can bypass damage reduction in the SRD 3.5 stat blocks (materials, alignments, magic, epic, damage types). */
export const DR_BYPASS_QUALITIES = [
  'magic',
  'epic',
  'silver',
  'cold iron',
  'adamantine',
  'good',
  'evil',
  'lawful',
  'chaotic',
  'bludgeoning',
  'piercing',
  'slashing',
] as const;
/** One quality that can bypass damage reduction. */
export type DrBypassQuality = (typeof DR_BYPASS_QUALITIES)[number];

/**
 * A damage reduction: `amount` points ignored from each hit unless the attack has every quality of
 * at least one group of `bypassedBy` ("or" between groups, "and" inside one). `bypassedBy: []` is
 * "x/—": nothing but an effect that ignores damage reduction gets through.
 */
export interface DamageReduction {
  readonly amount: number;
  readonly bypassedBy: readonly (readonly DrBypassQuality[])[];
}

const DR_PATTERN = /(?:damage reduction|\bdr)?\s*(\d+)\s*\/\s*([^,;.()]*)/i;

function parseBypass(text: string): DrBypassQuality[][] {
  const t = text.trim().toLowerCase();
  if (t === '' || /^[-–—]+$/.test(t)) return [];
  return t
    .split(/\s+or\s+/)
    .map((group) =>
      group
        .split(/\s+and\s+/)
        .map((q) => assertOneOf('damage reduction bypass', q.trim(), DR_BYPASS_QUALITIES)),
    );
}

/**
 * Parses one damage reduction: "10/magic", "DR 15/good and epic", "damage reduction 5/silver or good",
 * "5/-" or "5/—". RangeError on anything else or an unknown bypass quality.
 */
export function parseDamageReduction(text: string): DamageReduction {
  if (typeof text !== 'string') throw new RangeError(`damage reduction must be text, got ${String(text)}`);
  const m = DR_PATTERN.exec(text.trim());
  if (!m || m.index !== 0) throw new RangeError(`not a damage reduction: ${text}`);
  const amount = assertNonNegativeInteger('damage reduction', Number(m[1]));
  // "99999999999999999999" reads as 1e20, an "integer" no arithmetic can trust.
  if (!Number.isSafeInteger(amount)) throw new RangeError(`damage reduction too large: ${text}`);
  return Object.freeze({ amount, bypassedBy: parseBypass(m[2] ?? '') });
}

/**
 * Every damage reduction in a stat block's special qualities ("Change shape, damage reduction 10/evil,
 * darkvision 60 ft., …", "DR 15/Epic and bludgeoning"). Empty when there is none.
 */
export function parseDamageReductions(specialQualities: string): DamageReduction[] {
  if (typeof specialQualities !== 'string') throw new RangeError('special qualities must be text');
  const found: DamageReduction[] = [];
  const re = /(?:damage reduction|\bDR)\s+\d+\s*\/\s*[^,;.()]*/gi;
  for (const m of specialQualities.matchAll(re)) found.push(parseDamageReduction(m[0]));
  return found;
}

/** The qualities of an attack that matter against damage reduction. */
export interface AttackQualities {
  /** Materials, alignments, damage types, "magic", "epic" the weapon has. */
  qualities?: readonly string[];
  /**
   * The weapon's enhancement bonus (not masterwork): +1 counts as magic, +3 as cold iron and silver,
   * +4 as adamantine, +5 as every alignment, +6 as epic (SRD "Overcoming DR").
   */
  enhancement?: number;
  /** Mace of Ruin, a Dissipater against an ectoplasmic target: damage reduction does not apply. */
  ignoresDamageReduction?: boolean;
  /** "Spells, spell-like abilities, and energy attacks (even nonmagical fire) ignore damage reduction." */
  energyAttack?: boolean;
}

/** SRD "Overcoming DR": the enhancement bonus that counts as each quality. */
export const DR_ENHANCEMENT_EQUIVALENTS: Readonly<Partial<Record<DrBypassQuality, number>>> = Object.freeze({
  magic: 1,
  'cold iron': 3,
  silver: 3,
  adamantine: 4,
  good: 5,
  evil: 5,
  lawful: 5,
  chaotic: 5,
  epic: 6,
});

/** The bypass qualities an attack has, its enhancement bonus expanded by {@link DR_ENHANCEMENT_EQUIVALENTS}. */
export function attackBypassQualities(attack: AttackQualities | readonly string[]): Set<DrBypassQuality> {
  const a: AttackQualities = Array.isArray(attack) ? { qualities: attack } : (attack as AttackQualities);
  const out = new Set<DrBypassQuality>();
  for (const q of a.qualities ?? []) {
    const k = String(q).trim().toLowerCase();
    if ((DR_BYPASS_QUALITIES as readonly string[]).includes(k)) out.add(k as DrBypassQuality);
  }
  const enh = assertNonNegativeInteger('enhancement', a.enhancement ?? 0);
  for (const [q, need] of Object.entries(DR_ENHANCEMENT_EQUIVALENTS)) {
    if (need !== undefined && enh >= need) out.add(q as DrBypassQuality);
  }
  return out;
}

/**
 * The damage reduction that applies to one hit: the highest amount among those the attack does not
 * bypass ("the creature gets the benefit of the best damage reduction"); 0 when the attack ignores
 * damage reduction or is an energy attack. `dr` may be parsed reductions or their text.
 */
export function damageReductionAgainst(
  dr: DamageReduction | string | readonly (DamageReduction | string)[],
  attack: AttackQualities | readonly string[] = {},
): number {
  const list = (Array.isArray(dr) ? dr : [dr]) as readonly (DamageReduction | string)[];
  const reductions = list.map((d) => (typeof d === 'string' ? parseDamageReduction(d) : checkDr(d)));
  const a: AttackQualities = Array.isArray(attack) ? {} : (attack as AttackQualities);
  const has = attackBypassQualities(attack);
  if (a.ignoresDamageReduction || a.energyAttack) return 0;
  let best = 0;
  for (const d of reductions) {
    const bypassed = d.bypassedBy.some((group) => group.every((q) => has.has(q)));
    if (!bypassed) best = Math.max(best, d.amount);
  }
  return best;
}

function checkDr(d: DamageReduction): DamageReduction {
  if (d === null || typeof d !== 'object' || !Array.isArray(d.bypassedBy))
    throw new RangeError(`not a damage reduction: ${String(d)}`);
  assertNonNegativeInteger('damage reduction', d.amount);
  for (const g of d.bypassedBy)
    for (const q of g) assertOneOf('damage reduction bypass', q, DR_BYPASS_QUALITIES);
  return d;
}

// ---------------------------------------------------------------------------------------------
// Energy resistance
// ---------------------------------------------------------------------------------------------

/** The five energy types of the core rules (acid, cold, electricity, fire, sonic). */
export const ENERGY_TYPES = ['acid', 'cold', 'electricity', 'fire', 'sonic'] as const;
/** An energy type. */
export type EnergyType = (typeof ENERGY_TYPES)[number];
/** Resistance points by energy type; a missing type is 0. */
export type EnergyResistances = Partial<Record<EnergyType, number>>;

const ENERGY_ALT = ENERGY_TYPES.join('|');

function keepBest(out: EnergyResistances, type: string, amount: number): void {
  const t = assertOneOf('energy type', type.toLowerCase(), ENERGY_TYPES);
  out[t] = Math.max(out[t] ?? 0, assertNonNegativeInteger(`${t} resistance`, amount));
}

/**
 * Energy resistances of a stat block's special qualities, in the SRD's three forms: "resistance to
 * acid 10, cold 10, and fire 10", "acid resistance 20, fire resistance 20", "acid, cold, electricity,
 * fire, and sonic resistance 20". Several values for one type do not stack: the highest is kept.
 */
export function parseEnergyResistances(specialQualities: string): EnergyResistances {
  if (typeof specialQualities !== 'string') throw new RangeError('special qualities must be text');
  const out: EnergyResistances = {};
  const text = specialQualities.toLowerCase();
  // "resistance to acid 10, cold 10, and fire 10"
  const listRe = new RegExp(`resistance to ((?:(?:,\\s*)?(?:and\\s+)?(?:${ENERGY_ALT})\\s+\\d+\\s*)+)`, 'g');
  for (const m of text.matchAll(listRe)) {
    for (const e of (m[1] ?? '').matchAll(new RegExp(`(${ENERGY_ALT})\\s+(\\d+)`, 'g')))
      keepBest(out, e[1] ?? '', Number(e[2]));
  }
  // "acid, cold, and fire resistance 20" / "fire resistance 10"
  const prefixRe = new RegExp(
    `((?:(?:${ENERGY_ALT})\\s*,?\\s*(?:and\\s+)?)+)resistance\\s+(\\d+)(?!\\s*(?:ft|\\/))`,
    'g',
  );
  for (const m of text.matchAll(prefixRe)) {
    for (const e of (m[1] ?? '').matchAll(new RegExp(ENERGY_ALT, 'g'))) keepBest(out, e[0], Number(m[2]));
  }
  return out;
}

/**
 * Energy resistance against one instance of damage: the sum over the distinct energy types the
 * damage carries of the resistance to each (each type is resisted on its own; physical types such as
 * "slashing" are ignored). With the points of each energy type given, each resistance is capped by
 * that type's points (never more than the energy present).
 */
export function energyResistanceAgainst(
  resistances: EnergyResistances,
  damageTypes: readonly string[] | Partial<Record<EnergyType, number>>,
): number {
  if (resistances === null || typeof resistances !== 'object')
    throw new RangeError('resistances must be an object');
  const res = (t: EnergyType): number => assertNonNegativeInteger(`${t} resistance`, resistances[t] ?? 0);
  for (const k of Object.keys(resistances)) assertOneOf('energy type', k, ENERGY_TYPES);
  if (Array.isArray(damageTypes)) {
    const types = new Set(damageTypes.map((t) => String(t).toLowerCase()));
    return ENERGY_TYPES.filter((t) => types.has(t)).reduce((sum, t) => sum + res(t), 0);
  }
  if (damageTypes === null || typeof damageTypes !== 'object')
    throw new RangeError('damage types must be a list or points by type');
  let sum = 0;
  for (const [k, v] of Object.entries(damageTypes)) {
    const t = assertOneOf('energy type', k, ENERGY_TYPES);
    sum += Math.min(res(t), assertNonNegativeInteger(`${t} damage`, v ?? 0));
  }
  return sum;
}

// ---------------------------------------------------------------------------------------------
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
