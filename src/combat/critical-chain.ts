/**
 * A critical chain (GnG ATTACK ROLL, Critical Success / Failure) rolled with Foundry dice, so every
 * d10 is a Foundry `Roll` (Dice So Nice shows each). The rules engine decides when the chain ends.
 */
import { criticalChainRoll, type CriticalKind, type DiceSource } from '../rules/index.js';

/** Thrown by the chain's dice source when it needs a d10 not rolled yet. */
class NeedAnotherD10 extends Error {}

/**
 * Rolls the engine's chain with Foundry dice. The engine decides when the chain ends (its dice
 * source asks for another d10); each d10 it asks for is rolled as a Foundry Roll and the chain is
 * read again with the dice rolled so far.
 */
export async function rollChain(
  kind: CriticalKind,
): Promise<{ rolls: Roll[]; d10s: number[]; adjustment: number }> {
  const rolls: Roll[] = [];
  for (;;) {
    let index = 0;
    const source: DiceSource = {
      roll(faces: number): number {
        const roll = rolls[index++];
        if (!roll) throw new NeedAnotherD10();
        if (faces !== 10) throw new RangeError(`a critical chain rolls d10s, not d${faces}`);
        return roll.total as number;
      },
    };
    try {
      const chain = criticalChainRoll(kind, source);
      return { rolls, d10s: chain.d10s, adjustment: chain.adjustment };
    } catch (error) {
      if (!(error instanceof NeedAnotherD10)) throw error;
      rolls.push(await new Roll('1d10').evaluate());
    }
  }
}
