/**
 * The equipment penalty to Defense (GnG "DEFENSE — Equipment Penalty"): armor check penalty (halved,
 * rounding up, when proficient) plus the encumbrance penalty of the load carried, with the load found
 * from carried weight and Strength on the core rules' carrying capacity table.
 */
import type { Size } from './types.js';
import {
  assertFinite,
  assertInteger,
  assertNonNegativeInteger,
  assertOneOf,
  assertSize,
} from './validate.js';

/** The loads of GnG "Table: Encumbrance Penalty". */
export const ENCUMBRANCE_LOADS = ['none', 'light', 'medium', 'heavy'] as const;
/** A load of GnG "Table: Encumbrance Penalty". */
export type EncumbranceLoad = (typeof ENCUMBRANCE_LOADS)[number];

/** GnG "Table: Encumbrance Penalty": None +0, Light −1, Medium −3, Heavy −5. */
export const ENCUMBRANCE_PENALTY: Readonly<Record<EncumbranceLoad, number>> = {
  none: 0,
  light: -1,
  medium: -3,
  heavy: -5,
};

/** Defense penalty of a load (GnG "Table: Encumbrance Penalty"). */
export function encumbrancePenalty(load: EncumbranceLoad): number {
  return ENCUMBRANCE_PENALTY[assertOneOf('load', load, ENCUMBRANCE_LOADS)];
}

/**
 * Defense penalty of worn armor (GnG "Armor Check Penalty"): the armor check penalty as printed
 * (an integer ≤ 0), or half of it rounded up (in size: −5 → −3) when proficient.
 */
export function armorCheckDefensePenalty(armorCheckPenalty: number, proficient: boolean): number {
  assertInteger('armor check penalty', armorCheckPenalty);
  if (armorCheckPenalty > 0) {
    throw new RangeError(`armor check penalty must be ≤ 0 (as printed, e.g. -6), got ${armorCheckPenalty}`);
  }
  if (typeof proficient !== 'boolean')
    throw new RangeError(`proficient must be a boolean, got ${String(proficient)}`);
  const size = -armorCheckPenalty;
  const applied = proficient ? Math.ceil(size / 2) : size;
  return applied === 0 ? 0 : -applied;
}

/**
 * Core rules "Table: Carrying Capacity" for Strength 1–29: the upper limit of the light, medium and
 * heavy load, in pounds, for a Medium biped. Index = Strength − 1.
 */
export const CARRYING_CAPACITY: readonly (readonly [light: number, medium: number, heavy: number])[] = [
  [3, 6, 10],
  [6, 13, 20],
  [10, 20, 30],
  [13, 26, 40],
  [16, 33, 50],
  [20, 40, 60],
  [23, 46, 70],
  [26, 53, 80],
  [30, 60, 90],
  [33, 66, 100],
  [38, 76, 115],
  [43, 86, 130],
  [50, 100, 150],
  [58, 116, 175],
  [66, 133, 200],
  [76, 153, 230],
  [86, 173, 260],
  [100, 200, 300],
  [116, 233, 350],
  [133, 266, 400],
  [153, 306, 460],
  [173, 346, 520],
  [200, 400, 600],
  [233, 466, 700],
  [266, 533, 800],
  [306, 613, 920],
  [346, 693, 1040],
  [400, 800, 1200],
  [466, 933, 1400],
];

/** Core rules carrying capacity multipliers for bigger and smaller creatures (bipeds). */
export const CARRYING_SIZE_MULTIPLIER: Readonly<Record<Size, number>> = {
  fine: 1 / 8,
  diminutive: 1 / 4,
  tiny: 1 / 2,
  small: 3 / 4,
  medium: 1,
  large: 2,
  huge: 4,
  gargantuan: 8,
  colossal: 16,
};

/** Core rules carrying capacity multipliers for quadrupeds (and creatures with more legs). */
export const CARRYING_SIZE_MULTIPLIER_QUADRUPED: Readonly<Record<Size, number>> = {
  fine: 1 / 4,
  diminutive: 1 / 2,
  tiny: 3 / 4,
  small: 1,
  medium: 3 / 2,
  large: 3,
  huge: 6,
  gargantuan: 12,
  colossal: 24,
};

/** Upper limits, in pounds, of the light, medium and heavy load (core rules "Carrying Capacity"). */
export interface CarryingCapacity {
  light: number;
  medium: number;
  heavy: number;
}

/**
 * Carrying capacity from Strength (≥ 0), size and build (core rules "Carrying Capacity"; Strength 30+
 * uses the 20s row with the same last digit ×4 per ten points). Strength 0 carries nothing (decision
 * `ability score 0`: "Strength 0 means that the character cannot move at all"), so any weight is
 * beyond its heavy load. Constant time for any Strength (decision `number bounds`).
 */
export function carryingCapacity(
  strength: number,
  size: Size = 'medium',
  quadruped = false,
): CarryingCapacity {
  assertNonNegativeInteger('strength', strength);
  assertSize(size);
  if (strength === 0) return { light: 0, medium: 0, heavy: 0 };
  // Tens of points above the table, each ×4: 30–39 → one step down to the 20s row, 40–49 → two…
  const steps = strength > 29 ? Math.ceil((strength - 29) / 10) : 0;
  const row = strength - 10 * steps;
  const [light, medium, heavy] = CARRYING_CAPACITY[row - 1] as readonly [number, number, number];
  const mult = (quadruped ? CARRYING_SIZE_MULTIPLIER_QUADRUPED : CARRYING_SIZE_MULTIPLIER)[size] * 4 ** steps;
  return { light: light * mult, medium: medium * mult, heavy: heavy * mult };
}

/**
 * The GnG load of a carried weight (armor and shield included): none when nothing is carried, else the
 * core load it falls in; beyond the heavy limit it stays heavy (decisions "encumbrance load names",
 * "overloaded").
 */
export function encumbranceLoad(
  weight: number,
  strength: number,
  size: Size = 'medium',
  quadruped = false,
): EncumbranceLoad {
  assertFinite('carried weight', weight);
  if (weight < 0) throw new RangeError(`carried weight must be ≥ 0, got ${weight}`);
  const capacity = carryingCapacity(strength, size, quadruped);
  // Decision "encumbrance load names" (docs/rules.md): a core light load does not encumber, so it is
  // GnG "None"; core medium → Light, core heavy → Medium, beyond the heavy limit → Heavy.
  if (weight <= capacity.light) return 'none';
  if (weight <= capacity.medium) return 'light';
  if (weight <= capacity.heavy) return 'medium';
  return 'heavy';
}

/** The whole equipment penalty: armor check part + encumbrance part (GnG "Equipment Penalty": they are cumulative). */
export function equipmentPenalty(i: {
  armorCheckPenalty?: number;
  proficient?: boolean;
  load?: EncumbranceLoad;
}): number {
  return (
    armorCheckDefensePenalty(i.armorCheckPenalty ?? 0, i.proficient ?? false) +
    encumbrancePenalty(i.load ?? 'none')
  );
}
