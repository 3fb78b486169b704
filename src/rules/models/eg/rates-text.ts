/**
 * The text of a class's Enlightened Grognard rates (issue #31; rates.ts): `dex 1, con 1/2, ac 2/3`,
 * entries separated by commas or semicolons, each an ability (str … cha: its BAB) or a defense (ac,
 * fortitude, reflex, will: its class modifier), named once, and a rate a level (a whole number or a
 * fraction, terms up to 12). Small on purpose: the class item's data model checks it at write time, in
 * the code a world loads at start. Pure.
 */

/** The largest numerator or denominator a rate may have (a rate is a small fraction a level). */
export const MAX_RATE_TERM = 12;

const ENTRY = /^(str|dex|con|int|wis|cha|ac|fortitude|reflex|will)\s+(\d{1,2})(?:\/(\d{1,2}))?$/;

export interface RateEntry {
  id: string;
  n: number;
  d: number;
}

/** The entries of `text` (none when blank), or null when it cannot be read. */
export function rateEntries(text: string): RateEntry[] | null {
  const entries: RateEntry[] = [];
  for (const raw of text.split(/[,;]/)) {
    const entry = raw.trim().toLowerCase();
    if (entry === '') continue;
    const m = ENTRY.exec(entry);
    if (!m) return null;
    const id = m[1] as string;
    const n = Number(m[2]);
    const d = m[3] === undefined ? 1 : Number(m[3]);
    if (d < 1 || n > MAX_RATE_TERM || d > MAX_RATE_TERM || entries.some((e) => e.id === id)) return null;
    entries.push({ id, n, d });
  }
  return entries;
}
