/**
 * Shared vocabulary of the GnG rules engine. Everything in `src/rules/` is pure: no Foundry globals,
 * no I/O, and dice are passed in (rolled values or a {@link DiceSource}).
 */

/** The nine size categories of the d20 rules, smallest first. */
export const SIZES = [
  'fine',
  'diminutive',
  'tiny',
  'small',
  'medium',
  'large',
  'huge',
  'gargantuan',
  'colossal',
] as const;
export type Size = (typeof SIZES)[number];

/** Defense and HP bonus progressions (GnG "Defense Bonus Progression" / "HP Bonus Progression"). */
export const PROGRESSIONS = ['good', 'average', 'poor'] as const;
export type Progression = (typeof PROGRESSIONS)[number];

/** The faces a class's hit die may have: the d20 games' d4 to d12. */
export const HIT_DIE_FACES = { min: 4, max: 12 } as const;

/** Levels (or Hit Dice) in one class or creature type, with that class's progression. */
export interface ClassLevels {
  progression: Progression;
  levels: number;
  /** The class's hit die (faces, {@link HIT_DIE_FACES}; Saga-style HP, decision A15); absent or null: by its HP progression. */
  hitDie?: number | null;
}

/**
 * A source of random integers: `roll(faces)` returns an integer in 1..faces.
 * Tests pass a fixed sequence; Foundry glue passes values read from evaluated `Roll`s.
 */
export interface DiceSource {
  roll(faces: number): number;
}
