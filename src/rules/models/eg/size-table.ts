/**
 * The Enlightened Grognard's size table ("Big and Little Creatures In Combat", 003:1242–1288): the size
 * modifier (on attacks, Reflex and AC: 003:1286), the Fortitude defense modifier, the Stealth and
 * Athletics skill modifiers, space and natural reach (tall, long). The reach columns' "squares" are
 * feet (decision A8: a header's slip — "5 squares" of reach for a Medium creature is the 5 feet of its
 * space column and of the core rules). Pure.
 */
import { assertSize } from '../../validate.js';
import type { Size } from '../../types.js';

export interface EgSizeRow {
  /** On attacks, Reflex and AC (003:1286). */
  modifier: number;
  fortitude: number;
  stealth: number;
  athletics: number;
  /** Space and natural reach, in feet. */
  space: number;
  reachTall: number;
  reachLong: number;
}

const row = (
  modifier: number,
  fortitude: number,
  stealth: number,
  athletics: number,
  space: number,
  reachTall: number,
  reachLong: number,
): EgSizeRow => ({ modifier, fortitude, stealth, athletics, space, reachTall, reachLong });

/** 003:1269–1285, row by row. */
export const EG_SIZE_TABLE: Readonly<Record<Size, EgSizeRow>> = {
  fine: row(8, -16, 16, -16, 0.5, 0, 0),
  diminutive: row(4, -8, 12, -12, 1, 0, 0),
  tiny: row(2, -4, 8, -8, 2.5, 0, 0),
  small: row(1, -2, 4, -4, 5, 5, 5),
  medium: row(0, 0, 0, 0, 5, 5, 5),
  large: row(-1, 2, -4, 4, 10, 10, 5),
  huge: row(-2, 4, -8, 8, 15, 15, 10),
  gargantuan: row(-4, 8, -12, 12, 20, 20, 15),
  colossal: row(-8, 16, -16, 16, 30, 30, 20),
};

/** The size table's row of `size`. */
export function egSizeRow(size: Size): EgSizeRow {
  return EG_SIZE_TABLE[assertSize(size)];
}

/** The size table's "Fortitude Defense Modifier" column (003:1248). */
export const FORTITUDE_SIZE_MODIFIER: Readonly<Record<Size, number>> = /* @__PURE__ */ Object.fromEntries(
  Object.entries(EG_SIZE_TABLE).map(([size, r]) => [size, r.fortitude]),
) as Record<Size, number>;
