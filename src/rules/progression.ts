/**
 * Defense and HP bonus progressions (GnG "Table: Defense Bonus Progression", "Table: HP Bonus
 * Progression"), the epic level rules and the class bonus of a multiclass character.
 */
import type { ClassLevels, Progression } from './types.js';
import { assertIntegerInRange, assertNonNegativeInteger, assertProgression } from './validate.js';

/** Highest class level (or Hit Dice) on the progression tables; beyond it the epic rule applies. */
export const MAX_PROGRESSION_LEVEL = 20;

/**
 * The bonus at levels 0–20 for each progression, index = level. The Defense and the HP tables of the
 * text print the same numbers, so they live here once. Poor at 19 is +10 as printed (see docs).
 */
export const PROGRESSION_TABLE: Readonly<Record<Progression, readonly number[]>> = {
  good: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
  average: [0, 0, 1, 2, 3, 3, 4, 5, 6, 6, 7, 8, 9, 9, 10, 11, 12, 12, 13, 14, 15],
  poor: [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 10, 10],
};

/** Bonus of one progression at `levels` (0–20) (GnG "Defense/HP Bonus Progression" tables). */
export function progressionBonus(progression: Progression, levels: number): number {
  const table = PROGRESSION_TABLE[assertProgression(progression)];
  return table[assertIntegerInRange('levels', levels, 0, MAX_PROGRESSION_LEVEL)] as number;
}

/** Character level: the sum of all class levels and monster Hit Dice (validated). */
export function characterLevel(classes: readonly ClassLevels[]): number {
  if (!Array.isArray(classes)) throw new RangeError(`classes must be an array, got ${String(classes)}`);
  let total = 0;
  classes.forEach((entry, i) => {
    if (typeof entry !== 'object' || entry === null) {
      throw new RangeError(`classes[${i}] must be an object, got ${String(entry)}`);
    }
    assertProgression(entry.progression, `classes[${i}].progression`);
    total += assertNonNegativeInteger(`classes[${i}].levels`, entry.levels);
  });
  return total;
}

/** Cumulative epic Defense bonus: +1 at every odd character level beyond 20th (GnG "Epic Level Progression"). */
export function epicDefenseBonus(characterLevel: number): number {
  const epic = assertNonNegativeInteger('character level', characterLevel) - MAX_PROGRESSION_LEVEL;
  return epic > 0 ? Math.floor((epic + 1) / 2) : 0;
}

/** Cumulative epic HP bonus: +1 at every even character level beyond 20th (GnG "Epic Level Progression"). */
export function epicHpBonus(characterLevel: number): number {
  const epic = assertNonNegativeInteger('character level', characterLevel) - MAX_PROGRESSION_LEVEL;
  return epic > 0 ? Math.floor(epic / 2) : 0;
}

/**
 * Non-epic class bonus: the sum of each class's progression bonus. When the character level exceeds
 * 20, only 20 levels count, and they are the 20 that give the highest bonus (decision "epic
 * multiclass": the text freezes the bonus at character level 20 without saying which levels those were).
 */
export function nonEpicClassBonus(classes: readonly ClassLevels[]): number {
  const total = characterLevel(classes);
  if (total <= MAX_PROGRESSION_LEVEL) {
    return classes.reduce((sum, c) => sum + progressionBonus(c.progression, c.levels), 0);
  }
  // Knapsack over the 20 pre-epic levels: best[b] = highest bonus using exactly b levels so far.
  let best: number[] = [0];
  for (const c of classes) {
    const next: number[] = [];
    for (let used = 0; used < best.length; used++) {
      const base = best[used] as number;
      const maxTake = Math.min(c.levels, MAX_PROGRESSION_LEVEL - used);
      for (let take = 0; take <= maxTake; take++) {
        const value = base + progressionBonus(c.progression, take);
        if (next[used + take] === undefined || value > (next[used + take] as number))
          next[used + take] = value;
      }
    }
    best = next;
  }
  return best[MAX_PROGRESSION_LEVEL] ?? 0;
}

/**
 * Class Defense bonus of a (multi)class character or creature, epic bonus included
 * (GnG "DEFENSE — Figuring your Class Bonus", "Epic Level Progression").
 */
export function classDefenseBonus(classes: ClassLevels[]): number {
  return nonEpicClassBonus(classes) + epicDefenseBonus(characterLevel(classes));
}

/**
 * Class HP bonus of a (multi)class character or creature, epic bonus included
 * (GnG "HIT POINTS — Figuring your Class Bonus", "Epic Level Progression").
 */
export function classHpBonus(classes: ClassLevels[]): number {
  return nonEpicClassBonus(classes) + epicHpBonus(characterLevel(classes));
}
