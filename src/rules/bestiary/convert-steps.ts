/**
 * Bestiary conversion (issue #19): the explained steps (i18n keys with data: the engine has no
 * i18n), the feats of a feat line (Toughness, Dodge), and the CR with GnG's size adjustment.
 */
import { crAdjustmentForSize } from '../sizes.js';
import type { Size } from '../types.js';

/** Data of an explanation: what the lang string's placeholders take. */
export type StepData = Record<string, string | number>;

/** An explanation as an i18n key (lang/en.json "GNG.Bestiary.Step.*") and its data. */
export interface ConversionExplanation {
  key: string;
  data: StepData;
}

/** One conversion step: which field of the GnG creature, its value, and why. */
export interface ConversionStep {
  field: string;
  value: number | string | null;
  explanation: ConversionExplanation;
}

/**
 * One entry of a feat list: its name without a trailing parenthesis, and how many times it is taken —
 * "Toughness (3)" or "Toughness (×2)" that many, a parenthesis naming a choice ("Weapon Focus (bite)")
 * once.
 */
export function featEntry(entry: string): { name: string; times: number } {
  const m = /^(.*?)\s*\(\s*([^()]*?)\s*\)$/.exec(entry.trim());
  if (!m) return { name: entry.trim(), times: 1 };
  const count = /^[×x]?\s*(\d+)$/i.exec(m[2] ?? '');
  return { name: (m[1] ?? '').trim(), times: count ? Number(count[1]) : 1 };
}

/** How many times a feat list takes the feat `name` (case ignored; "Epic Toughness" is not "Toughness"). */
export function featTimes(feats: readonly string[], name: string): number {
  return feats
    .map(featEntry)
    .filter((f) => f.name.toLowerCase() === name.toLowerCase())
    .reduce((sum, f) => sum + f.times, 0);
}

/**
 * Toughness feats in a feat list: "Toughness" counts 1, "Toughness (3)" or "Toughness (×2)" that
 * many (GnG "Toughness: Each time you take the Toughness feat, you add +3 HP to your base score").
 * "Epic Toughness" and "Improved Toughness" are other feats and do not count.
 */
export function toughnessFeats(feats: readonly string[]): number {
  return featTimes(feats, 'toughness');
}

/**
 * GnG DODGE [GENERAL]: "You gain a +1 dodge bonus to Defense … Each time you get it, the dodge
 * bonuses stack" (unlike the core feat's bonus against one opponent): what each Dodge of a stat block
 * adds to the converted Defense, as the feats pack's Dodge effect adds it to the actor's.
 */
export const DODGE_FEAT_BONUS = 1;

/** The d20 challenge ratings below 1, in order. */
export const FRACTIONAL_CRS = [1 / 10, 1 / 8, 1 / 6, 1 / 4, 1 / 3, 1 / 2] as const;

/**
 * The CR adjusted by GnG "Table: CR Adjustments based on Size" ("Use the following table as a
 * guideline"). Below CR 1 the adjustment walks the fractional CRs one step per point (decision
 * "CR below 1"): CR 1/3 Small (−1) → 1/4; CR 1 Small → 1/2; never below 1/10.
 */
export function suggestedCr(
  value: number | null,
  size: Size,
): { sizeAdjustment: number; suggested: number | null } {
  const sizeAdjustment = crAdjustmentForSize(size);
  if (value === null || !Number.isFinite(value)) return { sizeAdjustment, suggested: null };
  // Index on one ladder: fractions 0…5, then CR 1 at 6, CR n at 5 + n.
  let index: number;
  if (value >= 1) index = FRACTIONAL_CRS.length - 1 + Math.round(value);
  else {
    index = 0;
    FRACTIONAL_CRS.forEach((f, i) => {
      if (Math.abs(f - value) < Math.abs((FRACTIONAL_CRS[index] as number) - value)) index = i;
    });
  }
  const moved = Math.max(0, index + sizeAdjustment);
  const suggested =
    moved < FRACTIONAL_CRS.length
      ? Math.round((FRACTIONAL_CRS[moved] as number) * 10000) / 10000
      : moved - (FRACTIONAL_CRS.length - 1);
  return { sizeAdjustment, suggested };
}
