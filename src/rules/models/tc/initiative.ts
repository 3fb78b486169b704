/**
 * The Time Count's initiative (seed 002:237–248; issue #32, design §2.2 R32, R33). Pure: dice are
 * injected. Decisions: docs/rules.md "### The Time Count".
 */
import type { DiceSource } from '../../types.js';
import { assertInteger } from '../../validate.js';

export interface TcInitiativeOptions {
  dice: DiceSource;
  /** The Wisdom modifier: a bonus, so it LOWERS the count (lowest acts first, 002:248). */
  wisdom: number;
  /** Other penalties (positive, e.g. stunned) or bonuses (negative), added to the count. */
  modifier?: number;
  /** "+1d6 penalty to their first initiative roll" (002:237). */
  surprised: boolean;
}

export interface TcInitiativeResult {
  /** The count at which the creature first acts. */
  total: number;
  /** The d6 of the roll, then the surprise d6 when surprised. */
  rolls: number[];
  /** e.g. '1d6+4-2+1d6'. */
  formula: string;
}

/** The base roll: "everyone rolls 1d6+4" (002:246). */
export const TC_INITIATIVE_BASE = { faces: 6, bonus: 4 } as const;

function signed(n: number): string {
  return n === 0 ? '' : n > 0 ? `+${n}` : `${n}`;
}

/**
 * 1d6 + 4, less the Wisdom modifier ("Typical bonuses include the Wisdom attribute", 002:247: with the
 * lowest acting first, a bonus moves the creature earlier), plus other modifiers, plus 1d6 when
 * surprised. No floor: the text gives none; the schedule orders whatever counts result.
 */
export function tcInitiative(options: TcInitiativeOptions): TcInitiativeResult {
  const wisdom = assertInteger('Wisdom modifier', options.wisdom);
  const modifier = assertInteger('initiative modifier', options.modifier ?? 0);
  const rolls = [options.dice.roll(TC_INITIATIVE_BASE.faces)];
  if (options.surprised) rolls.push(options.dice.roll(6));
  const total = rolls.reduce((a, b) => a + b, 0) + TC_INITIATIVE_BASE.bonus - wisdom + modifier;
  const formula = `1d6+4${signed(-wisdom)}${signed(modifier)}${options.surprised ? '+1d6' : ''}`;
  return { total, rolls, formula };
}
