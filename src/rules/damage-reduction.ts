/**
 * Damage reduction with what bypasses it, and energy resistance by energy type (issue #18; core SRD formats: "10/magic", "5/silver or good", "resistance to cold 10 and fire 10"). The weapon properties and objects: item-properties.ts.
 */
import { assertNonNegativeInteger, assertOneOf } from './validate.js';

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
