/**
 * Bestiary conversion (issue #19): which GnG Defense and HP progressions a d20 stat block's Hit Dice
 * use. A monster's racial Hit Dice use its creature type's row of GnG "Table: Defense/HP Bonus by
 * Creature Type"; class levels named in the stat block ("Ogre, 4th-Level Barbarian") use the class's
 * row of "… by Class" / "… by Modern and Future Class". The numbers live in classes.ts and
 * defense-hp-progression.ts; this file only decides which rows apply (docs/rules.md "Bestiary conversion").
 */
import { statProgressions, type StatProgressions } from '../classes.js';
import { SIZES, type ClassLevels, type Size } from '../types.js';

/** One group of Hit Dice with the progressions it uses. */
export interface HitDiceGroup {
  /** The creature type or class name as the GnG table prints it. */
  name: string;
  kind: 'creature-type' | 'class';
  /** Whole Hit Dice or class levels counted on the progression tables. */
  levels: number;
  hp: ClassLevels;
  defense: ClassLevels;
}

/** The Hit Dice of a record split into groups, with what could not be placed. */
export interface HitDiceSplit {
  groups: HitDiceGroup[];
  /** Total Hit Dice as printed (fractions kept), null when the block gives none. */
  printed: number | null;
  /** Whole Hit Dice counted on the tables (fractions below 1 count as 0). */
  counted: number;
  /** Class levels named in the block but not on any GnG table (NPC classes): counted as type HD. */
  npcClasses: { name: string; levels: number }[];
  /** The creature type is on no GnG table: its HD used the fallback progression. */
  unknownType: boolean;
  /** A "… plus …" HD line without a named class: every group counted as the creature type. */
  unnamedPlus: boolean;
}

/** Progression used for a creature type the GnG tables do not list (decision "unknown type"). */
export const UNKNOWN_TYPE_PROGRESSION = 'average' as const;

function typeEntry(type: string): StatProgressions | null {
  try {
    const entry = statProgressions(type);
    return entry.kind === 'creature-type' ? entry : null;
  } catch {
    return null;
  }
}

function classEntry(name: string): StatProgressions | null {
  try {
    const entry = statProgressions(name);
    return entry.kind === 'creature-type' ? null : entry;
  } catch {
    return null;
  }
}

/** "Ogre, 4th-Level Barbarian", "Blue, 1st-Level Psion (Telepath)" → [{ name, levels }]. */
export function namedClassLevels(name: string): { name: string; levels: number }[] {
  const out: { name: string; levels: number }[] = [];
  for (const m of name.matchAll(/(\d+)(?:st|nd|rd|th)-Level\s+([A-Za-z][A-Za-z' /-]*?)\s*(?:\(|,|$)/gi)) {
    out.push({ name: (m[2] ?? '').trim(), levels: Number(m[1]) });
  }
  return out;
}

/** Whole HD on the tables: the tables start at 1, so ½ and ¼ HD count as 0 (decision "fractional HD"). */
export function countedHitDice(hd: number | null): number {
  if (hd === null || !Number.isFinite(hd) || hd < 1) return 0;
  return Math.floor(hd);
}

/**
 * Splits a record's Hit Dice into the creature type's HD and the levels of each GnG class its name
 * gives. NPC classes (warrior …) and unnamed "plus" groups count as creature-type HD.
 */
export function splitHitDice(record: {
  name: string;
  type: string;
  hit_dice: string;
  hd: number | null;
}): HitDiceSplit {
  const total = countedHitDice(record.hd);
  const type = typeEntry(record.type);
  const typeName = type?.name ?? record.type;
  const typeHp = type?.hp ?? UNKNOWN_TYPE_PROGRESSION;
  const typeDefense = type?.defense ?? UNKNOWN_TYPE_PROGRESSION;
  const groups: HitDiceGroup[] = [];
  const npcClasses: { name: string; levels: number }[] = [];
  let classTotal = 0;
  for (const named of namedClassLevels(record.name)) {
    const entry = classEntry(named.name);
    const levels = Math.min(named.levels, total - classTotal);
    if (entry === null || levels <= 0) {
      npcClasses.push(named);
      continue;
    }
    classTotal += levels;
    groups.push({
      name: entry.name,
      kind: 'class',
      levels,
      hp: { progression: entry.hp, levels },
      defense: { progression: entry.defense, levels },
    });
  }
  const typeLevels = total - classTotal;
  if (typeLevels > 0 || groups.length === 0) {
    groups.unshift({
      name: typeName,
      kind: 'creature-type',
      levels: typeLevels,
      hp: { progression: typeHp, levels: typeLevels },
      defense: { progression: typeDefense, levels: typeLevels },
    });
  }
  const unnamedPlus = /\bplus\b/i.test(record.hit_dice) && classTotal === 0;
  return {
    groups,
    printed: record.hd,
    counted: total,
    npcClasses,
    unknownType: type === null,
    unnamedPlus,
  };
}

/** "Colossal+" and any case → a GnG size; null when the text names none. */
export function gngSize(size: string): Size | null {
  const key = size.trim().toLowerCase().replace(/\+$/, '');
  return (SIZES as readonly string[]).includes(key) ? (key as Size) : null;
}

/**
 * The size whose space a swarm fills (core "Table: Creature Size and Scale": Medium 5 ft., Large 10
 * ft., Huge 15 ft., Gargantuan 20 ft., Colossal 30 ft.): the size a swarm's HP are multiplied by
 * (decision "swarm HP"). Null when the space says nothing usable.
 */
export function sizeOfSpace(space: string | null): Size | null {
  const feet = Number(/(\d+(?:\.\d+)?)/.exec(space ?? '')?.[1] ?? NaN);
  if (!Number.isFinite(feet)) return null;
  if (feet >= 30) return 'colossal';
  if (feet >= 20) return 'gargantuan';
  if (feet >= 15) return 'huge';
  if (feet >= 10) return 'large';
  if (feet >= 5) return 'medium';
  return null;
}

/** A swarm: the "Swarm" subtype of the stat block. */
export function isSwarm(subtypes: readonly string[]): boolean {
  return subtypes.some((s) => s.trim().toLowerCase() === 'swarm');
}
