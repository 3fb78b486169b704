/**
 * One attack against a static defense under the Saga-style model (seed 001): the attack total must
 * reach the defense (001:167 "go against an opposing Reflex Defense"; A2's reading of "beats": at
 * least as much). The chapter has criticals ("counted as a critical hit", 001:80) without a rule:
 * decision A9, a natural 20 always hits and is a critical hit (×2 damage, no confirmation), a natural
 * 1 always misses. Pure.
 */
import { resolveStaticD20 } from '../static-model.js';
import type { Resolution } from '../types.js';

export { NATURAL_CRITICAL, NATURAL_MISS } from '../static-model.js';

/** `attackTotal` against `defense`; `natural` the d20 (null or absent: no die, e.g. Take 10). */
export const resolveSaga: (attackTotal: number, defense: number, natural?: number | null) => Resolution =
  resolveStaticD20;
