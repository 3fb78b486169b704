/**
 * Class features the engine reads from class levels. GnG keeps the d20 classes and names Uncanny
 * Dodge as "an ability that lets you retain your Dexterity bonus while flat-footed" (Block), but
 * lists no class's features: the levels are those of the SRD 3.5 class tables (decision "Uncanny
 * dodge", docs/rules.md "Rules loose ends (issue #28)").
 */
import { normalizeStatName } from './classes.js';
import { assertNonNegativeInteger } from './validate.js';

/**
 * The level at which a class gains uncanny dodge (SRD 3.5: barbarian 2nd, rogue 4th; the assassin,
 * shadowdancer and dwarven defender prestige classes 2nd). Names as the GnG class tables print them.
 */
export const UNCANNY_DODGE_CLASS_LEVELS: Readonly<Record<string, number>> = {
  Barbarian: 2,
  Rogue: 4,
  Assassin: 2,
  'Shadow Dancer': 2,
  'Dwarven Defender': 2,
};

const BY_KEY = new Map(
  Object.entries(UNCANNY_DODGE_CLASS_LEVELS).map(([name, level]) => [normalizeStatName(name), level]),
);

/** One class of a creature: its name (or identifier: case, spaces and hyphens ignored) and levels. */
export interface ClassNameLevels {
  name: string;
  levels: number;
}

/**
 * Whether a creature's class levels give it uncanny dodge: levels in one class at or above that
 * class's level in {@link UNCANNY_DODGE_CLASS_LEVELS}. Levels of different classes do not add up
 * (the SRD gives each class its own feature). Other names (creature types, modern classes) give none.
 */
export function uncannyDodgeFromClasses(classes: readonly ClassNameLevels[]): boolean {
  return classes.some((c) => {
    const level = BY_KEY.get(normalizeStatName(c.name));
    return level !== undefined && assertNonNegativeInteger('levels', c.levels) >= level;
  });
}
