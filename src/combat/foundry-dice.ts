/**
 * Runs a pure engine function that rolls dice with Foundry dice, so every die is a Foundry `Roll`
 * (Dice So Nice shows each) while the engine alone decides how many it needs: its dice source asks
 * for another die, which is rolled as a Foundry Roll, and the function is run again with the dice
 * rolled so far until it asks for no more. Used by the critical chains (d10s) and rests (d%).
 */
import type { DiceSource } from '../rules/index.js';

/** Thrown by the dice source when the function needs a die not rolled yet. */
class NeedAnotherDie extends Error {}

/** `run` with Foundry dice of `faces` sides; its result and the rolls in the order rolled. */
export async function withFoundryDice<T>(
  faces: number,
  run: (dice: DiceSource) => T,
): Promise<{ result: T; rolls: Roll[] }> {
  const rolls: Roll[] = [];
  for (;;) {
    let index = 0;
    const source: DiceSource = {
      roll(asked: number): number {
        if (asked !== faces) throw new RangeError(`this roll uses d${faces}s, not a d${asked}`);
        const roll = rolls[index++];
        if (!roll) throw new NeedAnotherDie();
        return roll.total as number;
      },
    };
    try {
      return { result: run(source), rolls };
    } catch (error) {
      if (!(error instanceof NeedAnotherDie)) throw error;
      rolls.push(await new Roll(`1d${faces}`).evaluate());
    }
  }
}

/**
 * `run` with Foundry dice of any faces, each die a `Roll` rolled when first asked for (the Time
 * Count's speed factors: d4s, d6s and d8s in one plan); its result and the rolls in the order rolled.
 */
export async function withMixedFoundryDice<T>(
  run: (dice: DiceSource) => T,
): Promise<{ result: T; rolls: Roll[] }> {
  const rolls: Roll[] = [];
  for (;;) {
    let index = 0;
    let asked = 0;
    const source: DiceSource = {
      roll(faces: number): number {
        const roll = rolls[index++];
        if (!roll) {
          asked = faces;
          throw new NeedAnotherDie();
        }
        return roll.total as number;
      },
    };
    try {
      return { result: run(source), rolls };
    } catch (error) {
      if (!(error instanceof NeedAnotherDie)) throw error;
      rolls.push(await new Roll(`1d${asked}`).evaluate());
    }
  }
}
