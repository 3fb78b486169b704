/**
 * Defense and HP bonus progressions (GnG "Table: Defense Bonus Progression", "Table: HP Bonus
 * Progression"), the epic level rules and the class bonus of a multiclass character.
 */
import {
  MAX_PROGRESSION_LEVEL,
  PROGRESSION_TABLE,
  epicDefenseOf,
  epicHpOf,
  levelsOf,
  nonEpicBonusOf,
} from './defense-hp-progression-core.js';
import type { ClassLevels, Progression } from './types.js';
import {
  assertIntegerInRange,
  assertNonNegativeInteger,
  assertProgression,
  isProgression,
} from './validate.js';

export { MAX_PROGRESSION_LEVEL, PROGRESSION_TABLE } from './defense-hp-progression-core.js';

/** Bonus of one progression at `levels` (0–20) (GnG "Defense/HP Bonus Progression" tables). */
export function progressionBonus(progression: Progression, levels: number): number {
  const table = PROGRESSION_TABLE[assertProgression(progression)];
  return table[assertIntegerInRange('levels', levels, 0, MAX_PROGRESSION_LEVEL)] as number;
}

/**
 * Character level: the sum of all class levels and monster Hit Dice (validated). The public functions
 * below check their classes here, once, and compute with defense-hp-progression-core.ts.
 */
export function characterLevel(classes: readonly ClassLevels[]): number {
  if (!Array.isArray(classes)) throw new RangeError(`classes must be an array, got ${String(classes)}`);
  for (let i = 0; i < classes.length; i++) {
    const entry = classes[i];
    if (typeof entry !== 'object' || entry === null) {
      throw new RangeError(`classes[${i}] must be an object, got ${String(entry)}`);
    }
    // The names are built only when a check fails.
    if (!isProgression(entry.progression)) assertProgression(entry.progression, `classes[${i}].progression`);
    if (!Number.isInteger(entry.levels) || entry.levels < 0)
      assertNonNegativeInteger(`classes[${i}].levels`, entry.levels);
  }
  return levelsOf(classes);
}

/** Cumulative epic Defense bonus: +1 at every odd character level beyond 20th (GnG "Epic Level Progression"). */
export function epicDefenseBonus(characterLevel: number): number {
  return epicDefenseOf(assertNonNegativeInteger('character level', characterLevel));
}

/** Cumulative epic HP bonus: +1 at every even character level beyond 20th (GnG "Epic Level Progression"). */
export function epicHpBonus(characterLevel: number): number {
  return epicHpOf(assertNonNegativeInteger('character level', characterLevel));
}

/**
 * Non-epic class bonus: the sum of each class's progression bonus. When the character level exceeds
 * 20, only 20 levels count, and they are the 20 that give the highest bonus (decision "epic
 * multiclass": the text freezes the bonus at character level 20 without saying which levels those were).
 */
export function nonEpicClassBonus(classes: readonly ClassLevels[]): number {
  return nonEpicBonusOf(classes, characterLevel(classes));
}

/**
 * Class Defense bonus of a (multi)class character or creature, epic bonus included
 * (GnG "DEFENSE — Figuring your Class Bonus", "Epic Level Progression").
 */
export function classDefenseBonus(classes: ClassLevels[]): number {
  const level = characterLevel(classes);
  return nonEpicBonusOf(classes, level) + epicDefenseOf(level);
}

/**
 * Class HP bonus of a (multi)class character or creature, epic bonus included
 * (GnG "HIT POINTS — Figuring your Class Bonus", "Epic Level Progression").
 */
export function classHpBonus(classes: ClassLevels[]): number {
  const level = characterLevel(classes);
  return nonEpicBonusOf(classes, level) + epicHpOf(level);
}
