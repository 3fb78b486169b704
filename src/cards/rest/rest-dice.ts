/**
 * A rest rolled with Foundry dice: every d% the engine asks for (one per disabled part per day) is a
 * Foundry `Roll`, so Dice So Nice can show each. The engine decides how many: its dice source asks
 * for another d% and the rest is read again with the dice rolled so far.
 */
import { restOutcome, type RestInput, type RestOutcome, type DiceSource } from '../../rules/index.js';

/** Thrown by the rest's dice source when it needs a d% not rolled yet. */
class NeedAnotherD100 extends Error {}

/** The outcome of the rest, and the Foundry rolls of its d% (in the order rolled). */
export async function rollRest(input: RestInput): Promise<{ outcome: RestOutcome; rolls: Roll[] }> {
  const rolls: Roll[] = [];
  for (;;) {
    let index = 0;
    const source: DiceSource = {
      roll(faces: number): number {
        if (faces !== 100) throw new RangeError(`a rest rolls d%, not d${faces}`);
        const roll = rolls[index++];
        if (!roll) throw new NeedAnotherD100();
        return roll.total as number;
      },
    };
    try {
      return { outcome: restOutcome(input, source), rolls };
    } catch (error) {
      if (!(error instanceof NeedAnotherD100)) throw error;
      rolls.push(await new Roll('1d100').evaluate());
    }
  }
}
