/**
 * The Enlightened Grognard's per-level class rates (seed 003; issue #31): a class raises each of the
 * six base attack bonuses (003:190 "one base attack bonus for each ability score … at different
 * rates") and the class modifier of each defense (003:246 "monks receive a +2/3 bonus to AC at each
 * level") by a fraction a level. Those fractions are summed exactly over every class and floored once
 * at the end (decision A7: Q'narra's 3 × 1 + 2 × ½ = 4). A class stores its rates as text
 * (`ModelClass.egRates`): `dex 1, con 1/2, ac 2/3`. Pure.
 */
import { ABILITIES, type Ability } from '../../abilities.js';
import { rateEntries } from './rates-text.js';

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

export { MAX_RATE_TERM } from './rates-text.js';

export const ZERO: Fraction = { n: 0, d: 1 };

/** The fraction rounded down (A7: once, at the end). */
export function floorFraction(f: Fraction): number {
  return Math.floor(f.n / f.d);
}

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

const isAbility = (id: string): id is Ability => (ABILITIES as readonly string[]).includes(id);

/**
 * A class's rates (rates-text.ts: `dex 1, con 1/2, ac 2/3`). A RangeError when the text cannot be
 * read (the class item's data model refuses such text with a localized message first). Blank or
 * absent: none (the class's defaults apply).
 */
export function parseClassRates(text: string | null | undefined): EgClassRates {
  const rates: EgClassRates = { bab: {}, defense: {} };
  if (typeof text !== 'string') return rates;
  const entries = rateEntries(text);
  if (entries === null) {
    throw new RangeError(`"${text}" is not "<ability or defense> <rate>, …" (dex 1, con 1/2, ac 2/3)`);
  }
  for (const { id, n, d } of entries) {
    const rate = scaleFraction({ n, d }, 1);
    if (isAbility(id)) rates.bab[id] = rate;
    else rates.defense[id as EgDefenseId] = rate;
  }
  return rates;
}

/** Whether the class's rates name anything of `group` (then they replace its defaults there). */
export function hasRates(rates: EgClassRates, group: keyof EgClassRates): boolean {
  return Object.keys(rates[group]).length > 0;
}
