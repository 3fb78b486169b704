/**
 * Movement on the Time Count (seed 002:170–213; issue #32, design §2.2 R40–R42): squares moved each
 * count, who enters a space first, how full a space is. Pure: dice are injected. Decisions:
 * docs/rules.md "### The Time Count".
 */
import type { DiceSource, Size } from '../../types.js';
import { SIZES } from '../../types.js';
import { assertNonNegativeInteger, assertSize } from '../../validate.js';

/** Squares moved on each of 4 consecutive counts ("Table: Movement Rates", 002:185–198), by feet per 4 TC. */
export const MOVEMENT_TABLE: Readonly<Record<number, readonly [number, number, number, number]>> = {
  5: [0, 1, 0, 0],
  10: [1, 0, 1, 0],
  15: [1, 1, 0, 1],
  20: [1, 1, 1, 1],
  25: [1, 2, 1, 1],
  30: [2, 1, 2, 1],
  35: [2, 2, 1, 2],
  40: [2, 2, 2, 2],
  45: [2, 3, 2, 2],
  50: [3, 2, 3, 2],
  55: [3, 3, 3, 2],
  60: [3, 3, 3, 3],
};

/** The table's row names (002:186–192), for the sheet: lang keys GNG.Model.TC.Move.Rate.<name>. */
export const MOVEMENT_RATE_NAMES: Readonly<Record<number, string>> = {
  5: 'extremelySlow',
  10: 'verySlow',
  15: 'slow',
  20: 'normal',
  25: 'fast',
  30: 'veryFast',
  35: 'extremelyFast',
};

/**
 * A speed's row: the table's, rounded down to a 5-ft step ("rounded down to the nearest 5-foot
 * increment", 002:223). Beyond 60 ft the table's own rule goes on: 20 ft more is one square more
 * each count (5 → 25, 20 → 40, 40 → 60 in the table).
 */
export function movementRow(speedFeet: number): readonly [number, number, number, number] {
  const feet = Math.floor(assertNonNegativeInteger('speed', speedFeet) / 5) * 5;
  if (feet === 0) return [0, 0, 0, 0];
  const row = MOVEMENT_TABLE[feet];
  if (row) return row;
  const [a, b, c, d] = movementRow(feet - 20);
  return [a + 1, b + 1, c + 1, d + 1];
}

/**
 * Squares moved on the `step`-th consecutive count of one movement (1-based): "Whenever you start a
 * new movement, begin at the first count, and every consecutive movement you make uses the next count"
 * (002:201); the 4-count pattern repeats.
 */
export function squaresOnCount(speedFeet: number, step: number): number {
  assertNonNegativeInteger('movement step', step, 1);
  return movementRow(speedFeet)[(step - 1) % 4] as number;
}

/** Squares moved over `counts` consecutive counts of one movement. */
export function squaresOver(speedFeet: number, counts: number): number {
  assertNonNegativeInteger('counts', counts);
  let squares = 0;
  for (let step = 1; step <= counts; step++) squares += squaresOnCount(speedFeet, step);
  return squares;
}

export interface Contender {
  id: string;
  /** Movement rate in feet. */
  speed: number;
  /** Dexterity (score or modifier: compared only with each other). */
  dex: number;
}

/**
 * R41 (002:203): "the one with the fastest movement rate is assumed to have entered first. If there is
 * a tie, then the winner is the one with the highest Dexterity. If that ties, then the winner is
 * determined randomly"; the others "in decreasing order of movement rate and Dexterity". Ties on both
 * are shuffled with the dice (one die per place), so every order is equally likely.
 */
export function enteringOrder(contenders: readonly Contender[], dice: DiceSource): string[] {
  const sorted = [...contenders].sort((a, b) => b.speed - a.speed || b.dex - a.dex);
  const out: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i + 1;
    const first = sorted[i] as Contender;
    while (j < sorted.length && sorted[j]?.speed === first.speed && sorted[j]?.dex === first.dex) j++;
    const tied = sorted.slice(i, j).map((c) => c.id);
    while (tied.length > 1) out.push(tied.splice(dice.roll(tied.length) - 1, 1)[0] as string);
    out.push(...tied);
    i = j;
  }
  return out;
}

/**
 * R42 (002:207): Normal (Medium) 1, Large or larger 3 for each space they occupy, Small ½, Tiny ¼,
 * Diminutive ⅛, Fine 1/16.
 */
export const SPACE_LOAD: Readonly<Record<Size, number>> = {
  fine: 1 / 16,
  diminutive: 1 / 8,
  tiny: 1 / 4,
  small: 1 / 2,
  medium: 1,
  large: 3,
  huge: 3,
  gargantuan: 3,
  colossal: 3,
};

/** "A single space cannot hold more than 4 Normal-sized creatures or the equivalent" (002:207). */
export const SPACE_CAPACITY = 4;

export function spaceLoad(sizes: readonly Size[]): number {
  return sizes.reduce((sum, size) => sum + SPACE_LOAD[assertSize(size)], 0);
}

/** Whether `occupant` can refuse `entrant`: not when "at least two size categories larger or smaller" (002:209). */
export function mayPreventEntry(occupant: Size, entrant: Size): boolean {
  return Math.abs(SIZES.indexOf(assertSize(occupant)) - SIZES.indexOf(assertSize(entrant))) < 2;
}

/**
 * Whether a creature of size `entrant` may enter a space holding `occupants` (R42): the space must not
 * end up over capacity, and every occupant within one size category must allow it (`allowed`); those
 * two or more categories away cannot stop it.
 */
export function mayEnterSpace(
  occupants: readonly { size: Size; allows: boolean }[],
  entrant: Size,
): { ok: true } | { ok: false; reason: 'full' | 'refused' } {
  const load = spaceLoad(occupants.map((o) => o.size)) + SPACE_LOAD[assertSize(entrant)];
  if (load > SPACE_CAPACITY) return { ok: false, reason: 'full' };
  if (occupants.some((o) => !o.allows && mayPreventEntry(o.size, entrant)))
    return { ok: false, reason: 'refused' };
  return { ok: true };
}
