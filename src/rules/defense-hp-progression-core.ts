/**
 * The class bonus arithmetic of GnG "Table: Defense Bonus Progression", "Table: HP Bonus Progression"
 * and "Epic Level Progression", without input checks. Internal: index.ts does not export this module,
 * so it is not part of `game.gng.rules`. defense-hp-progression.ts's public functions check their input and call
 * these; the Defense rule (defense-core.ts) calls them on input that `defenseBonus` checked or that
 * data preparation built from validated documents.
 */
import type { ClassLevels, Progression } from './types.js';

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

/** Character level: the sum of all class levels and monster Hit Dice. */
export function levelsOf(classes: readonly ClassLevels[]): number {
  let total = 0;
  for (const c of classes) total += c.levels;
  return total;
}

/** Cumulative epic Defense bonus: +1 at every odd character level beyond 20th. */
export function epicDefenseOf(characterLevel: number): number {
  const epic = characterLevel - MAX_PROGRESSION_LEVEL;
  return epic > 0 ? Math.floor((epic + 1) / 2) : 0;
}

/** Cumulative epic HP bonus: +1 at every even character level beyond 20th. */
export function epicHpOf(characterLevel: number): number {
  const epic = characterLevel - MAX_PROGRESSION_LEVEL;
  return epic > 0 ? Math.floor(epic / 2) : 0;
}

/**
 * Non-epic class bonus of classes whose levels sum to `characterLevel`: the sum of each class's
 * progression bonus; beyond 20, the 20 levels that give the highest bonus (decision "epic
 * multiclass": the text freezes the bonus at character level 20 without saying which levels those were).
 */
export function nonEpicBonusOf(classes: readonly ClassLevels[], characterLevel: number): number {
  if (characterLevel <= MAX_PROGRESSION_LEVEL) {
    let sum = 0;
    for (const c of classes) sum += PROGRESSION_TABLE[c.progression][c.levels] as number;
    return sum;
  }
  // Knapsack over the 20 pre-epic levels: best[b] = highest bonus using exactly b levels so far.
  let best: number[] = [0];
  for (const c of classes) {
    const table = PROGRESSION_TABLE[c.progression];
    const next: number[] = [];
    for (let used = 0; used < best.length; used++) {
      const base = best[used] as number;
      const maxTake = Math.min(c.levels, MAX_PROGRESSION_LEVEL - used);
      for (let take = 0; take <= maxTake; take++) {
        const value = base + (table[take] as number);
        if (next[used + take] === undefined || value > (next[used + take] as number))
          next[used + take] = value;
      }
    }
    best = next;
  }
  return best[MAX_PROGRESSION_LEVEL] ?? 0;
}

/** Class Defense bonus, epic bonus included (GnG "DEFENSE — Figuring your Class Bonus"). */
export function classDefenseBonusOf(classes: readonly ClassLevels[]): number {
  const level = levelsOf(classes);
  return nonEpicBonusOf(classes, level) + epicDefenseOf(level);
}

/** Class HP bonus, epic bonus included (GnG "HIT POINTS — Figuring your Class Bonus"). */
export function classHpBonusOf(classes: readonly ClassLevels[]): number {
  const level = levelsOf(classes);
  return nonEpicBonusOf(classes, level) + epicHpOf(level);
}
