/** Ability scores (core rules): the six abilities and the modifier of a score. */
import { assertFinite } from './validate.js';

export const ABILITIES = ['str', 'dex', 'con', 'int', 'wis', 'cha'] as const;
export type Ability = (typeof ABILITIES)[number];

/** Core rules ability modifier: ⌊(score − 10) / 2⌋. A score of 0 or less gives −5 or lower. */
export function abilityModifier(score: number): number {
  assertFinite('ability score', score);
  if (score < 0) throw new RangeError(`ability score must be ≥ 0, got ${score}`);
  return Math.floor((Math.trunc(score) - 10) / 2);
}
