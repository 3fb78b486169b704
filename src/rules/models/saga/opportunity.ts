/**
 * Attacks of opportunity per round under the Saga-style model (seed 001:31–43; design R32, decisions
 * A6 and A13): one a round, and Combat Reflexes adds the Dexterity modifier (at least 1). Pure.
 */
import { assertInteger, assertNonNegativeInteger } from '../../validate.js';

/** The attacks of opportunity every creature has each round (decision A13: the text gives none). */
export const BASE_OPPORTUNITY_ATTACKS = 1;

/** The feat identifier that adds to them (001:43). */
export const COMBAT_REFLEXES_ID = 'combat-reflexes';

/**
 * Attacks of opportunity a creature may make each round: one (A13), plus, with Combat Reflexes, "an
 * additional amount of attacks of opportunity equal to the character's Dexterity (minimum of 1)"
 * (001:43), read as the Dexterity modifier (decision A6).
 */
export function opportunityAttacksPerRound(input: { dexModifier: number; combatReflexes: boolean }): number {
  const dex = assertInteger('Dexterity modifier', input.dexModifier);
  return BASE_OPPORTUNITY_ATTACKS + (input.combatReflexes ? Math.max(1, dex) : 0);
}

/**
 * The attacks of opportunity left after `used` of them this round (never below 0). The round runs
 * from the start of the creature's turn to the start of its next (decision: the glue resets the count
 * at each of its turn starts).
 */
export function opportunityAttacksLeft(perRound: number, used: number): number {
  return Math.max(
    0,
    assertNonNegativeInteger('attacks of opportunity per round', perRound) -
      assertNonNegativeInteger('attacks of opportunity used', used),
  );
}

/**
 * Whether an attack of opportunity may be made now: one left, and the target has no total
 * concealment ("You cannot make attacks of opportunity against enemies with total concealment",
 * 001:73; cover does not stop one, 001:76).
 */
export function mayMakeOpportunityAttack(input: {
  perRound: number;
  used: number;
  targetTotalConcealment?: boolean;
}): { ok: true } | { ok: false; reason: 'noneLeft' | 'totalConcealment' } {
  if (input.targetTotalConcealment === true) return { ok: false, reason: 'totalConcealment' };
  if (opportunityAttacksLeft(input.perRound, input.used) === 0) return { ok: false, reason: 'noneLeft' };
  return { ok: true };
}
