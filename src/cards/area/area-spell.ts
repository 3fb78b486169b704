/**
 * A spell's damage on the area card under the world's high magic option (GnG APPENDIX 2, the
 * "Grim-n-Gritty High Magic" variant setting): `game.gng.areaDamage({ damage: '10d6', spell: { level:
 * 3, casterLevel: 10 }, … })`. The engine says which dice to roll (`highMagicSpellDice`: Limited
 * Scaling caps the count, Slow Scaling recounts it from the caster level, Reduce Damage Dice shrinks
 * the die) and how odd results count (`oddsEqualOne`); this file only parses the formula, rolls the
 * dice with Foundry and keeps what the card shows. Decisions: docs/rules.md "Variant rules and
 * automation as world settings".
 */
import {
  highMagicSpellDice,
  oddsEqualOne,
  type HighMagicOption,
  type HighMagicSpellDice,
} from '../../rules/index.js';

/** What the GM says of the spell (`AreaDamageOptions.spell`). */
export interface AreaSpell {
  /** Spell level, 0–9 (Limited Scaling: at most level + 1 dice). */
  level: number;
  /** Caster level (Slow Scaling recounts the dice from it). */
  casterLevel?: number;
  /** Caster levels per step of damage (default 1: "1d6 per level"). */
  levelsPerStep?: number;
  /** Dice per step (default 1). */
  dicePerStep?: number;
  /** The spell's own maximum of dice ("maximum 10d6"). */
  maxDice?: number;
}

/** How the option changed the spell's dice, as the card shows it. */
export interface HighMagicRoll {
  option: HighMagicOption;
  /** The spell's normal dice, e.g. `10d6`. */
  normal: string;
  /** The dice as rolled under the option, e.g. `4d6`; a flat number when each die is 1 point. */
  rolled: string;
  /** Odds = 1: the dice as rolled, before odd results counted as 1. */
  faces?: number[];
}

/** A spell's damage, rolled under the option: the formula, the dice as counted, the total. */
export interface SpellDamage {
  roll: Roll | null;
  formula: string;
  dice: number[];
  total: number;
  highMagic: HighMagicRoll | null;
}

const DICE = /^\s*(\d{1,3})\s*d\s*(\d{1,3})\s*(?:([+-])\s*(\d{1,4}))?\s*$/i;

/**
 * `NdF` or `NdF±M` → its parts, or null: a spell's damage under an option must be one kind of die
 * and a flat bonus (the option changes the count and the die, so nothing else can be read).
 */
export function parseSpellDice(formula: string): { count: number; faces: number; bonus: number } | null {
  const match = DICE.exec(formula);
  if (!match) return null;
  const count = Number(match[1]);
  const faces = Number(match[2]);
  const bonus = match[4] === undefined ? 0 : (match[3] === '-' ? -1 : 1) * Number(match[4]);
  return count >= 1 && faces >= 1 ? { count, faces, bonus } : null;
}

const signed = (n: number) => (n > 0 ? ` + ${n}` : n < 0 ? ` - ${-n}` : '');

/** The lang key of why the spell cannot be rolled under `option`, or the engine's dice. */
export function spellPlan(
  formula: string,
  spell: AreaSpell,
  option: HighMagicOption,
): { plan: HighMagicSpellDice; bonus: number; normal: string } | { error: string } {
  const dice = parseSpellDice(formula);
  if (!dice) return { error: 'GNG.Area.Error.SpellDice' };
  if (option === 'slow-scaling' && spell.casterLevel === undefined)
    return { error: 'GNG.Area.Error.SlowScalingLevel' };
  try {
    const plan = highMagicSpellDice({
      option,
      count: dice.count,
      faces: dice.faces,
      spellLevel: spell.level,
      ...(spell.casterLevel === undefined
        ? {}
        : {
            scaling: {
              casterLevel: spell.casterLevel,
              ...(spell.levelsPerStep === undefined ? {} : { levelsPerStep: spell.levelsPerStep }),
              ...(spell.dicePerStep === undefined ? {} : { dicePerStep: spell.dicePerStep }),
              ...(spell.maxDice === undefined ? {} : { maxDice: spell.maxDice }),
            },
          }),
    });
    return { plan, bonus: dice.bonus, normal: `${dice.count}d${dice.faces}${signed(dice.bonus)}` };
  } catch {
    // The engine refuses a spell level outside 0–9, a negative caster level, a die it cannot reduce.
    return { error: 'GNG.Area.Error.SpellOptions' };
  }
}

/** Rolls the spell's damage under `option` with Foundry dice (the GM's client). */
export async function rollSpellDamage(
  formula: string,
  spell: AreaSpell,
  option: HighMagicOption,
): Promise<SpellDamage | { error: string }> {
  const planned = spellPlan(formula, spell, option);
  if ('error' in planned) return planned;
  const { plan, bonus, normal } = planned;
  if (plan.flat) {
    // Reduce Damage Dice: a d4 is 1 point of damage, so nothing is rolled.
    const dice = new Array<number>(plan.count).fill(1);
    const total = Math.max(0, plan.count + bonus);
    return {
      roll: null,
      formula: `${plan.count}${signed(bonus)}`,
      dice,
      total,
      highMagic: { option, normal, rolled: String(plan.count) },
    };
  }
  const rolledFormula = `${plan.count}d${plan.faces}${signed(bonus)}`;
  const roll = await new Roll(rolledFormula).evaluate();
  const faces = roll.dice.flatMap((d) => d.results.map((r) => r.result));
  const dice = plan.oddsEqualOne ? oddsEqualOne(faces) : faces;
  const total = Math.max(0, dice.reduce((a, b) => a + b, 0) + bonus);
  return {
    roll,
    formula: roll.formula,
    dice,
    total,
    highMagic:
      option === 'really-grim'
        ? null
        : { option, normal, rolled: rolledFormula, ...(plan.oddsEqualOne ? { faces } : {}) },
  };
}
