/**
 * Size tables shared by the whole engine (GnG "Table: Size Modifiers", "Table: Size Multiplier",
 * "Table: CR Adjustments based on Size"; core rules grapple size modifiers).
 */
import { SIZES, type Size } from './types.js';
import { assertSize } from './validate.js';

const SIZE_MODIFIER: Record<Size, number> = {
  fine: 8,
  diminutive: 4,
  tiny: 2,
  small: 1,
  medium: 0,
  large: -1,
  huge: -2,
  gargantuan: -4,
  colossal: -8,
};

const HP_SIZE_MULTIPLIER: Record<Size, number> = {
  fine: 1 / 16,
  diminutive: 1 / 8,
  tiny: 1 / 4,
  small: 1 / 2,
  medium: 1,
  large: 2,
  huge: 4,
  gargantuan: 8,
  colossal: 16,
};

/** Core rules: "Grapple Size Modifier" (d20 Modern SRD, Grapple Checks). */
const GRAPPLE_SIZE_MODIFIER: Record<Size, number> = {
  fine: -16,
  diminutive: -12,
  tiny: -8,
  small: -4,
  medium: 0,
  large: 4,
  huge: 8,
  gargantuan: 12,
  colossal: 16,
};

/** Size modifier to attack rolls and Defense (GnG "Table: Size Modifiers"). */
export function sizeModifier(size: Size): number {
  return SIZE_MODIFIER[assertSize(size)];
}

/** Multiplier applied to base HP (GnG "Table: Size Multiplier"): ×1/16 for Fine … ×16 for Colossal. */
export function hpSizeMultiplier(size: Size): number {
  return HP_SIZE_MULTIPLIER[assertSize(size)];
}

/** Suggested CR adjustment for a creature of this size (GnG "Table: CR Adjustments based on Size"). */
export function crAdjustmentForSize(size: Size): number {
  return sizeIndex(size) - sizeIndex('medium');
}

/** Special size modifier to grapple checks (core rules). */
export function grappleSizeModifier(size: Size): number {
  return GRAPPLE_SIZE_MODIFIER[assertSize(size)];
}

/** Position of a size in the scale, Fine = 0 … Colossal = 8. */
export function sizeIndex(size: Size): number {
  return SIZES.indexOf(assertSize(size));
}

/** Signed number of size steps from `from` to `to` (positive when `to` is larger). */
export function sizeSteps(from: Size, to: Size): number {
  return sizeIndex(to) - sizeIndex(from);
}

/** The size `steps` categories away from `size`, clamped to Fine … Colossal. */
export function shiftSize(size: Size, steps: number): Size {
  const index = Math.min(SIZES.length - 1, Math.max(0, sizeIndex(size) + Math.trunc(steps)));
  return SIZES[index] as Size;
}
