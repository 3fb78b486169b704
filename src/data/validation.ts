/**
 * Validation errors of our data models, with localized messages. Foundry calls the models'
 * `validateJoint` after the fields validate; throwing there rejects the whole change, so nothing is
 * stored, and the message tells the user what was wrong.
 *
 * Bounds live here, not as the fields' `min` / `max` options: a field's own check runs before
 * `validateJoint` and its message is Foundry's, not ours, so every bound of a stored number is
 * checked in `validateJoint` with a localized message naming the field.
 */

/** The class of errors our data models throw; `key` is the lang/en.json key of the message. */
export class GnGValidationError extends Error {
  constructor(
    readonly key: string,
    readonly data: Record<string, unknown>,
    /** The field at fault, as a path inside `system` (`abilities.str.value`), when there is one. */
    readonly field?: string,
  ) {
    super(localizeValidation(key, data));
    this.name = 'GnGValidationError';
  }
}

function localizeValidation(key: string, data: Record<string, unknown>): string {
  const i18n = (globalThis as { game?: { i18n?: Localization } }).game?.i18n;
  return i18n ? i18n.format(key, data) : `${key} ${JSON.stringify(data)}`;
}

export function validationError(
  key: string,
  data: Record<string, unknown> = {},
  field?: string,
): GnGValidationError {
  return new GnGValidationError(key, data, field);
}

/**
 * The largest values a stored number may take. Each leaves a wide margin over the largest value in
 * the SRD 3.5 (core, epic and psionic monsters, `../shared/data/srd35/monsters.json`: Str 80, Dex 48,
 * Con/Wis 65, Int/Cha 64, 128 Hit Dice, natural armor +77, 2,880 hp), so every epic monster fits;
 * what they stop is a number no table means, which would make every client compute with it
 * (decision `number bounds`, docs/rules.md).
 */
export const LIMITS = {
  /** Ability scores, and ability damage and drain. */
  ability: 200,
  /** Levels or Hit Dice of one class item; skill ranks; negative levels. */
  levels: 300,
  /** Current HP, nonlethal damage and temporary HP (either sign for current HP). */
  hitPoints: 1_000_000,
  /** Natural armor, armor and shield bonuses, enhancement bonuses. */
  bonus: 300,
  /** A skill's miscellaneous modifier (either sign); armor check penalty (as a negative number). */
  modifier: 300,
  /** Speed and range increment, in feet. */
  feet: 100_000,
  /** Weight in pounds, quantity, price in gp, rounds of ammunition, power points. */
  amount: 1_000_000_000,
  /** Spell and power level. */
  spellLevel: 100,
  /** Barrels of a firearm. */
  barrels: 100,
} as const;

/**
 * Throws the localized "too high" error when `value` is above `max` (the field's own negative check
 * runs first, with its own message). `field` is the path inside `system`.
 */
export function atMost(field: string, value: unknown, max: number): void {
  if (typeof value === 'number' && value > max)
    throw validationError('GNG.Validation.TooHigh', { field, value, max }, field);
}

/** Throws the localized "out of range" error unless `min ≤ value ≤ max`. */
export function within(field: string, value: unknown, min: number, max: number): void {
  if (typeof value === 'number' && (value < min || value > max))
    throw validationError('GNG.Validation.Range', { field, value, min, max }, field);
}
