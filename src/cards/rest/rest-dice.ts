/**
 * A rest rolled with Foundry dice: every d% the engine asks for (one per disabled part per day) is a
 * Foundry `Roll`, so Dice So Nice can show each (`withFoundryDice`, as the critical chains roll).
 */
import { withFoundryDice } from '../../combat/foundry-dice.js';
import { restOutcome, type RestInput, type RestOutcome } from '../../rules/index.js';

/** The outcome of the rest, and the Foundry rolls of its d% (in the order rolled). */
export async function rollRest(input: RestInput): Promise<{ outcome: RestOutcome; rolls: Roll[] }> {
  const { result: outcome, rolls } = await withFoundryDice(100, (dice) => restOutcome(input, dice));
  return { outcome, rolls };
}
