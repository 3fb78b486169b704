/**
 * The Enlightened Grognard chapter's saving throws (seed 003:340–364; issue #31, design §2.3 R6):
 * a save ends a lasting effect; it costs a swift action; d20 + ⌊defense / 10⌋ (+ other bonuses)
 * succeeds on 10 or more, a natural 1 always fails and a natural 20 always succeeds. A creature may
 * grant an adjacent ally a save (a swift action of its own) with ⌊passive Heal / 10⌋ added. Pure.
 * Decisions: docs/rules.md "### Maneuvers and saves".
 */
import { assertInteger, assertIntegerInRange, assertOneOf } from '../../validate.js';

export const EG_SAVES = ['fortitude', 'reflex', 'will'] as const;
export type EgSave = (typeof EG_SAVES)[number];

/** "To succeed, the result of your saving throw … must be 10 or higher" (003:351). */
export const EG_SAVE_TARGET = 10;

/** A save costs a swift action, and each further save another (003:349, 359–360). */
export const EG_SAVE_ACTION = 'swift';

/**
 * "Your bonus on each of these is equal to your corresponding defense value divided by 10
 * (discarding the remainder as usual)" (003:344–346): Will 26 → +2. The defense is the creature's
 * own, without a token bonus spent on one attack (A5).
 */
export function saveBonus(defense: number): number {
  return Math.floor(assertInteger('defense', defense) / 10);
}

/**
 * A passive skill: the chapter uses it (003:355, 776, 1421) without defining it. Decision: 10 + the
 * skill's total, what the check comes to when the d20 is taken as 10 (docs/rules.md).
 */
export function passiveSkill(total: number): number {
  return 10 + assertInteger('skill total', total);
}

/** Granting an adjacent ally a save: "a bonus … equal to your passive Heal skill divided-by 10" (003:354–355). */
export function grantedSaveBonus(healTotal: number): number {
  return Math.floor(passiveSkill(healTotal) / 10);
}

export interface EgSaveInput {
  /** The d20 as rolled (1–20). */
  natural: number;
  /** ⌊defense / 10⌋ ({@link saveBonus}). */
  bonus: number;
  /**
   * Racial, feat and other bonuses (003:346–347), a granter's ⌊passive Heal / 10⌋, insight tokens'
   * +2 each (the uses table: `tokenBonus('save', n, 'proactive')`, token-uses.ts).
   */
  other?: number;
}

export interface EgSaveResult {
  natural: number;
  total: number;
  success: boolean;
  /** A natural 20 succeeds and a natural 1 fails whatever the total (003:362–364). */
  automatic: 'success' | 'failure' | null;
  /** How far the total is from 10 (negative: short by that much). */
  margin: number;
}

/** One saving throw (003:349–364). */
export function resolveSave(input: EgSaveInput): EgSaveResult {
  const natural = assertIntegerInRange('natural', input.natural, 1, 20);
  const total = natural + assertInteger('bonus', input.bonus) + assertInteger('other', input.other ?? 0);
  const automatic = natural === 20 ? 'success' : natural === 1 ? 'failure' : null;
  const success = automatic ? automatic === 'success' : total >= EG_SAVE_TARGET;
  return { natural, total, success, automatic, margin: total - EG_SAVE_TARGET };
}

/**
 * The chance that one save succeeds: a natural 20 always, a natural 1 never, otherwise when
 * d20 + bonus ≥ 10.
 */
export function saveChance(bonus: number): number {
  assertInteger('bonus', bonus);
  let wins = 0;
  for (let natural = 1; natural <= 20; natural++) if (resolveSave({ natural, bonus }).success) wins++;
  return wins / 20;
}

/** Which defense a save of that kind is built from (003:343–345). */
export function saveDefense(save: EgSave): 'fortitude' | 'reflex' | 'will' {
  return assertOneOf('save', save, EG_SAVES);
}
