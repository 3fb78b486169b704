/**
 * The Enlightened Grognard's per-level class rates (seed 003; issue #31): a class raises each of the
 * six base attack bonuses (003:190 "one base attack bonus for each ability score … at different
 * rates") and the class modifier of each defense (003:246 "monks receive a +2/3 bonus to AC at each
 * level") by a fraction a level. Those fractions are summed exactly over every class and floored once
 * at the end (decision A7: Q'narra's 3 × 1 + 2 × ½ = 4). A class stores its rates as text
 * (`ModelClass.egRates`): `dex 1, con 1/2, ac 2/3`. Pure.
 */
import { ABILITIES, type Ability } from '../../abilities.js';

export const EG_DEFENSE_IDS = ['ac', 'fortitude', 'reflex', 'will'] as const;
export type EgDefenseId = (typeof EG_DEFENSE_IDS)[number];

/** An exact fraction: `n / d`, `d` > 0. */
export interface Fraction {
  n: number;
  d: number;
}

/** The rates a class gives per level; an id absent from a group the class names is 0. */
export interface EgClassRates {
  bab: Partial<Record<Ability, Fraction>>;
  defense: Partial<Record<EgDefenseId, Fraction>>;
}

/** The largest numerator or denominator a rate may have (a rate is a small fraction a level). */
export const MAX_RATE_TERM = 12;

const gcd = (a: number, b: number): number => (b === 0 ? Math.abs(a) : gcd(b, a % b));

/** `a + b`, reduced. */
export function addFractions(a: Fraction, b: Fraction): Fraction {
  const n = a.n * b.d + b.n * a.d;
  const d = a.d * b.d;
  const g = gcd(n, d) || 1;
  return { n: n / g, d: d / g };
}

/** `f × k` for an integer k, reduced. */
export function scaleFraction(f: Fraction, k: number): Fraction {
  const n = f.n * k;
  const g = gcd(n, f.d) || 1;
  return { n: n / g, d: f.d / g };
}

/** The fraction rounded down (A7: once, at the end). */
export function floorFraction(f: Fraction): number {
  return Math.floor(f.n / f.d);
}

export const ZERO: Fraction = { n: 0, d: 1 };

const RATE = /^(\d{1,2})(?:\/(\d{1,2}))?$/;

/** One rate's text (`1`, `1/2`, `2/3`): a RangeError names a bad one. */
export function parseRate(text: string): Fraction {
  const m = RATE.exec(text.trim());
  const n = m ? Number(m[1]) : NaN;
  const d = m?.[2] === undefined ? 1 : Number(m[2]);
  if (!m || d === 0 || n > MAX_RATE_TERM || d > MAX_RATE_TERM) {
    throw new RangeError(`"${text}" is not a rate per level (1, 1/2, 2/3 …)`);
  }
  return scaleFraction({ n, d }, 1);
}

const isAbility = (id: string): id is Ability => (ABILITIES as readonly string[]).includes(id);
const isDefense = (id: string): id is EgDefenseId => (EG_DEFENSE_IDS as readonly string[]).includes(id);

/**
 * A class's rates (`dex 1, con 1/2, ac 2/3`: entries separated by commas or semicolons, each an ability
 * (str … cha: its BAB) or a defense (ac, fortitude, reflex, will: its class modifier) and a rate). A
 * RangeError names a bad entry or one named twice. Blank: none (the class's defaults apply).
 */
export function parseClassRates(text: string | null | undefined): EgClassRates {
  const rates: EgClassRates = { bab: {}, defense: {} };
  if (typeof text !== 'string' || text.trim() === '') return rates;
  for (const entry of text.split(/[,;]/)) {
    const [id = '', rate = '', ...rest] = entry.trim().toLowerCase().split(/\s+/);
    if (id === '' && rate === '') continue;
    if (rest.length > 0 || rate === '') throw new RangeError(`"${entry.trim()}" is not "<id> <rate>"`);
    const group = isAbility(id) ? rates.bab : isDefense(id) ? rates.defense : null;
    if (group === null) throw new RangeError(`"${id}" is neither an ability nor a defense`);
    if (id in group) throw new RangeError(`"${id}" is named twice`);
    (group as Record<string, Fraction>)[id] = parseRate(rate);
  }
  return rates;
}

/** Whether the class's rates name anything of `group` (then they replace its defaults there). */
export function hasRates(rates: EgClassRates, group: keyof EgClassRates): boolean {
  return Object.keys(rates[group]).length > 0;
}
