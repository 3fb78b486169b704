/**
 * The numbers of two Appendix 4 feats used as actions (issue #18; decisions in docs/rules.md "Feats
 * of Appendix 4 at the table (issue #18)").
 *
 * SUDDEN ACTION: "Once per cycle, you can change your place in the initiative order, moving higher in
 * the count by a number less than or equal to your character level, as you see fit. You can declare
 * the use of this ability at the start of any round, before anyone else takes an action."
 *
 * TACTICAL AID: "As a full-round action … you make a Knowledge (strategy & tactics) skill check
 * against DC 20. If your skill check succeeds, your allies gain a +1 competence bonus on initiative
 * rolls, attack rolls, or defense rolls (your choice …) for 2d4+1 rounds. If your roll succeeds by 10
 * or more point, increase the bonus to +2. If it succeeds by 20 or more points, your allies gain a +3
 * competence bonus."
 */
import { assertFinite, assertInteger, assertNonNegativeInteger } from './validate.js';

/** Why a Sudden Action is refused, or null when it may be taken. */
export type SuddenActionProblem = 'steps' | 'level' | 'used' | 'not-round-start';

/**
 * Whether a Sudden Action of `steps` may be taken: 1 to the character level steps up the count, not
 * yet this round ("once per cycle"), at the start of the round (no one has acted yet).
 */
export function suddenActionProblem(input: {
  steps: number;
  characterLevel: number;
  usedThisRound: boolean;
  roundStart: boolean;
}): SuddenActionProblem | null {
  const level = assertNonNegativeInteger('character level', input.characterLevel);
  if (!Number.isInteger(input.steps) || input.steps < 1) return 'steps';
  if (input.steps > level) return 'level';
  if (input.usedThisRound) return 'used';
  if (!input.roundStart) return 'not-round-start';
  return null;
}

/**
 * The initiative count after a Sudden Action of `steps`: "moving higher in the count". A rolled
 * count carries the tiebreaker's hundredths (initiative.ts, `1d20 + 7 + 0.57` → 18.57): the steps
 * move the whole count and the tiebreaker stays (18.57 + 3 = 21.57).
 */
export function suddenActionInitiative(initiative: number, steps: number): number {
  const count = assertFinite('initiative', initiative);
  // Rounded to millionths only to drop the floating-point noise of the sum (18.57 + 3).
  return Math.round((count + assertInteger('steps', steps)) * 1e6) / 1e6;
}

/** Tactical Aid's DC (Knowledge (strategy & tactics)). */
export const TACTICAL_AID_DC = 20;
/** Tactical Aid's duration in rounds: "2d4+1 rounds". */
export const TACTICAL_AID_DURATION = '2d4+1';
/** What the bonus is on (the text's "initiative rolls, attack rolls, or defense rolls"). */
export const TACTICAL_AID_CHOICES = ['initiative', 'attack', 'defense'] as const;
export type TacticalAidChoice = (typeof TACTICAL_AID_CHOICES)[number];

/** Tactical Aid's competence bonus for a check total: 0 below DC 20, +1, +2 by 10 over, +3 by 20 over. */
export function tacticalAidBonus(total: number): 0 | 1 | 2 | 3 {
  const margin = assertInteger('check total', total) - TACTICAL_AID_DC;
  if (margin < 0) return 0;
  if (margin >= 20) return 3;
  return margin >= 10 ? 2 : 1;
}
