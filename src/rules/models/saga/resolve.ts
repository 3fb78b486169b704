/**
 * One attack against a static defense under the Saga-style model (seed 001): the attack total must
 * reach the defense (001:167 "go against an opposing Reflex Defense"; A2's reading of "beats": at
 * least as much). The chapter has criticals ("counted as a critical hit", 001:80) without a rule:
 * decision A9, a natural 20 always hits and is a critical hit (×2 damage, no confirmation), a natural
 * 1 always misses. Pure.
 */
import { assertInteger, assertIntegerInRange } from '../../validate.js';
import type { Resolution } from '../types.js';

export const NATURAL_CRITICAL = 20;
export const NATURAL_MISS = 1;

/** `attackTotal` against `defense`; `natural` the d20 (null or absent: no die, e.g. Take 10). */
export function resolveSaga(attackTotal: number, defense: number, natural?: number | null): Resolution {
  const margin = assertInteger('attack total', attackTotal) - assertInteger('defense', defense);
  const die =
    natural === undefined || natural === null ? null : assertIntegerInRange('natural d20', natural, 1, 20);
  if (die === NATURAL_CRITICAL) return { hit: true, margin, automatic: 'hit', critical: true, fumble: false };
  if (die === NATURAL_MISS) return { hit: false, margin, automatic: 'miss', critical: false, fumble: false };
  return { hit: margin >= 0, margin, automatic: null, critical: false, fumble: false };
}
