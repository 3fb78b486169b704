/**
 * One attack roll against a defense under the Time Count model (seed 002; R3, R11, R12, R17, A5): a
 * hit when the roll "is at least equal to the target's appropriate defense" (002:7, 110). A natural 1
 * "is always a miss" and a critical fumble (002:66); a natural 20 "is an automatic hit", and "a
 * critical hit occurs only when the attacker rolls a natural 20 … (or a 19 or 20 if the weapon has the
 * Precise property), and the attack roll is at least 1 point greater than the target's defense"
 * (002:49, 62). Spells: "cannot yield a critical hit or critical fumble unless specified …; a natural
 * 1 will still always miss, and a natural 20 will always hit" (002:670). Pure.
 */
import { assertInteger, assertIntegerInRange } from '../../validate.js';
import type { Resolution } from '../types.js';

export const NATURAL_FUMBLE = 1;
export const NATURAL_HIT = 20;
/** The lowest natural that may be a critical with a Precise weapon (002:62). */
export const PRECISE_THREAT = 19;
/** A critical needs the roll to beat the defense by at least this (002:49, 62). */
export const CRITICAL_MARGIN = 1;

export interface TcResolveOptions {
  /** The weapon has the Precise property: a natural 19 or 20 may be a critical (002:62). */
  precise?: boolean;
  /** A spell's attack (002:670): no critical, no fumble (a natural 1 still misses). */
  spell?: boolean;
  /** The spell's own text allows critical hits and fumbles (002:670 "unless specified"). */
  spellCriticals?: boolean;
}

/** `attackTotal` against `defense`; `natural` the d20 (null or absent: no die, no natural effects). */
export function resolveTc(
  attackTotal: number,
  defense: number,
  natural?: number | null,
  options: TcResolveOptions = {},
): Resolution {
  const margin = assertInteger('attack total', attackTotal) - assertInteger('defense', defense);
  const die =
    natural === undefined || natural === null ? null : assertIntegerInRange('natural d20', natural, 1, 20);
  const naturals = options.spell !== true || options.spellCriticals === true;
  if (die === NATURAL_FUMBLE)
    return { hit: false, margin, automatic: 'miss', critical: false, fumble: naturals };
  const hit = die === NATURAL_HIT || margin >= 0;
  const threat = die !== null && die >= (options.precise === true ? PRECISE_THREAT : NATURAL_HIT);
  return {
    hit,
    margin,
    automatic: die === NATURAL_HIT ? 'hit' : null,
    critical: naturals && hit && threat && margin >= CRITICAL_MARGIN,
    fumble: false,
  };
}
