/**
 * Initiative (d20 Modern SRD core rules › Initiative Checks, seed 004 line 183): "An initiative check
 * is a Dexterity check. Each character applies his or her Dexterity modifier to the roll, and anyone
 * with the Improved Initiative feat gets an additional +4 bonus on the check." Ties: "the combatants
 * who are tied go in order of total initiative modifier (including Dexterity modifier and Improved
 * Initiative bonus, if applicable). If there is still a tie, roll a die."
 *
 * Being a Dexterity check, it takes what modifies Dexterity checks and ability checks (conditions,
 * GnG INJURY's penalty on "ability checks") besides what names initiative (a disabled ear); the
 * decision is in docs/rules.md ("Initiative").
 */
import { assertInteger } from './validate.js';

/** "anyone with the Improved Initiative feat gets an additional +4 bonus on the check". */
export const IMPROVED_INITIATIVE_BONUS = 4;

/** The tiebreaker's scale: hundredths of a point (decision "initiative ties", docs/rules.md). */
export const INITIATIVE_TIEBREAK_SCALE = 100;
/** The modifier range the tiebreaker orders exactly: −50 … +49 (two decimals). */
const TIEBREAK_OFFSET = 50;

export interface InitiativeInput {
  /** The Dexterity modifier (of the effective score). */
  dexMod: number;
  improvedInitiative: boolean;
  /** Conditions' modifiers to this check (initiative, Dexterity checks, ability checks). */
  conditions: readonly { condition: string; value: number }[];
  /** The injury penalty (≤ 0) on ability checks. */
  injury: number;
  /** Active Effects' bonus (`system.initiative.bonus`). */
  effects: number;
}

export interface InitiativeBreakdown {
  dexterity: number;
  improvedInitiative: number;
  conditions: readonly { condition: string; value: number }[];
  injury: number;
  effects: number;
  /** The total initiative modifier. */
  total: number;
}

/** The initiative modifier and its parts. */
export function initiativeModifier(input: InitiativeInput): InitiativeBreakdown {
  const dexterity = assertInteger('Dexterity modifier', input.dexMod);
  const improvedInitiative = input.improvedInitiative ? IMPROVED_INITIATIVE_BONUS : 0;
  const conditions = input.conditions.map((c) => ({
    condition: c.condition,
    value: assertInteger(`condition ${c.condition}`, c.value),
  }));
  const injury = assertInteger('injury penalty', input.injury);
  const effects = assertInteger('effect bonus', input.effects);
  const total =
    dexterity + improvedInitiative + conditions.reduce((sum, c) => sum + c.value, 0) + injury + effects;
  return { dexterity, improvedInitiative, conditions, injury, effects, total };
}

/**
 * The fraction added to a rolled initiative so that, among equal results, the higher total modifier
 * goes first: (modifier + 50) / 100, within 0.00 … 0.99 (a modifier below −50 or above +49 counts as
 * the bound). It never changes the order of different results, which differ by 1 or more.
 */
export function initiativeTiebreaker(modifier: number): number {
  const m = assertInteger('initiative modifier', modifier);
  const step = Math.min(INITIATIVE_TIEBREAK_SCALE - 1, Math.max(0, m + TIEBREAK_OFFSET));
  return step / INITIATIVE_TIEBREAK_SCALE;
}

/**
 * The initiative roll's formula: d20, the modifier and the tiebreaker (e.g. `1d20 + 7 + 0.57`).
 * The terms are numbers, so a Roll's total is d20 + modifier + tiebreaker.
 */
export function initiativeFormula(modifier: number): string {
  const m = assertInteger('initiative modifier', modifier);
  const sign = m < 0 ? '-' : '+';
  return `1d20 ${sign} ${Math.abs(m)} + ${initiativeTiebreaker(m).toFixed(2)}`;
}

/** The initiative count of a d20 result with `modifier`: the result plus the tiebreaker. */
export function initiativeCount(d20: number, modifier: number): number {
  const roll = assertInteger('d20', d20);
  const m = assertInteger('initiative modifier', modifier);
  return (
    Math.round((roll + m + initiativeTiebreaker(m)) * INITIATIVE_TIEBREAK_SCALE) / INITIATIVE_TIEBREAK_SCALE
  );
}
