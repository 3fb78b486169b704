/**
 * Appendix 2 "GRIM-N-GRITTY HIGH MAGIC": optional ways to tone down spell damage dice — really grim,
 * limited scaling, slow scaling, reduce damage dice and "odds = 1".
 */
import { rollEach } from './dice.js';
import type { DiceSource } from './types.js';
import { assertInteger, assertIntegerInRange, assertNonNegativeInteger, assertOneOf } from './validate.js';

/** The five Appendix 2 options for spell damage. */
export const HIGH_MAGIC_OPTIONS = [
  'really-grim',
  'limited-scaling',
  'slow-scaling',
  'reduce-damage-dice',
  'odds-equal-one',
] as const;
/** One Appendix 2 option. */
export type HighMagicOption = (typeof HIGH_MAGIC_OPTIONS)[number];

/**
 * REDUCE DAMAGE DICE: "d4 = 1 point of damage; d6 = d4; d8 = d6; d10 = d8; d12 = d10; d20 = d12".
 * A value of 1 means each die becomes a flat 1 point.
 */
const REDUCED_DIE: Readonly<Record<number, number>> = { 4: 1, 6: 4, 8: 6, 10: 8, 12: 10, 20: 12 };

/** One step smaller die (REDUCE DAMAGE DICE); `flat: true` means each die is 1 point (from a d4). */
export function reducedDamageDie(faces: number): { faces: number; flat: boolean } {
  const f = assertInteger('die faces', faces);
  const reduced = REDUCED_DIE[f];
  if (reduced === undefined) throw new RangeError(`reduce damage dice has no step for a d${f}`);
  return reduced === 1 ? { faces: 1, flat: true } : { faces: reduced, flat: false };
}

/** LIMITED SCALING: "the maximum dice of damage is limited to the spell's level + 1". */
export function limitedScalingMaxDice(spellLevel: number): number {
  return assertIntegerInRange('spell level', spellLevel, 0, 9) + 1;
}

/** How a spell's damage scales with caster level: `dicePerStep` dice per `levelsPerStep` levels, up to `maxDice`. */
export interface SpellScaling {
  casterLevel: number;
  levelsPerStep?: number;
  dicePerStep?: number;
  maxDice?: number;
}

/**
 * SLOW SCALING: "Double the levels necessary to scale up the damage" (1d6 per level → 1d6 per two
 * levels); decision: rounded down, at least one step, the spell's own maximum still applies.
 */
export function slowScalingDice(scaling: SpellScaling): number {
  const level = assertNonNegativeInteger('caster level', scaling.casterLevel, 1);
  const per = assertNonNegativeInteger('levels per step', scaling.levelsPerStep ?? 1, 1);
  const dice = assertNonNegativeInteger('dice per step', scaling.dicePerStep ?? 1, 1);
  const steps = Math.max(1, Math.floor(level / (2 * per)));
  const count = steps * dice;
  return scaling.maxDice === undefined
    ? count
    : Math.min(count, assertNonNegativeInteger('max dice', scaling.maxDice, 1));
}

/** Input of {@link highMagicSpellDice}: the spell's normal dice (`count`d`faces`) and what the option needs. */
export interface HighMagicSpellInput {
  option: HighMagicOption;
  count: number;
  faces: number;
  /** Needed by limited scaling. */
  spellLevel?: number;
  /** Needed by slow scaling. */
  scaling?: SpellScaling;
}

/** Dice to roll under an option; `flat` = each die is a fixed 1 point; `oddsEqualOne` = convert odd dice. */
export interface HighMagicSpellDice {
  count: number;
  faces: number;
  flat: boolean;
  oddsEqualOne: boolean;
}

/** The damage dice of a spell under a high magic option (APPENDIX 2). */
export function highMagicSpellDice(input: HighMagicSpellInput): HighMagicSpellDice {
  const option = assertOneOf('high magic option', input.option, HIGH_MAGIC_OPTIONS);
  const count = assertNonNegativeInteger('dice count', input.count);
  const faces = assertNonNegativeInteger('die faces', input.faces, 1);
  const base = { count, faces, flat: false, oddsEqualOne: false };
  switch (option) {
    case 'really-grim':
      return base;
    case 'limited-scaling':
      if (input.spellLevel === undefined) throw new RangeError('limited scaling needs the spell level');
      return { ...base, count: Math.min(count, limitedScalingMaxDice(input.spellLevel)) };
    case 'slow-scaling':
      if (input.scaling === undefined) throw new RangeError('slow scaling needs the spell scaling');
      return { ...base, count: slowScalingDice(input.scaling) };
    case 'reduce-damage-dice': {
      const r = reducedDamageDie(faces);
      return { ...base, faces: r.faces, flat: r.flat };
    }
    case 'odds-equal-one':
      return { ...base, oddsEqualOne: true };
  }
}

/** ODDS = 1: "any dice that have an odd numbered result are automatically counted as 1" (5d6 2,1,5,4,6 → 14). */
export function oddsEqualOne(rolls: readonly number[]): number[] {
  if (!Array.isArray(rolls)) throw new RangeError('rolls must be an array');
  return rolls.map((v, i) => {
    assertNonNegativeInteger(`rolls[${i}]`, v, 1);
    return v % 2 === 1 ? 1 : v;
  });
}

/** Rolls spell damage under a high magic option and returns the dice as counted and their total. */
export function rollHighMagicSpellDamage(
  dice: DiceSource,
  input: HighMagicSpellInput,
): { dice: number[]; total: number } {
  const plan = highMagicSpellDice(input);
  let values = plan.flat ? new Array<number>(plan.count).fill(1) : rollEach(dice, plan.count, plan.faces);
  if (plan.oddsEqualOne) values = oddsEqualOne(values);
  return { dice: values, total: values.reduce((a, b) => a + b, 0) };
}
