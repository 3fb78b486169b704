/**
 * A critical chain (GnG ATTACK ROLL, Critical Success / Failure) rolled with Foundry dice, so every
 * d10 is a Foundry `Roll` (Dice So Nice shows each). The rules engine decides when the chain ends.
 */
import { criticalChainRoll, type CriticalKind } from '../rules/index.js';
import { withFoundryDice } from './foundry-dice.js';

/** Rolls the engine's chain with Foundry d10s (as many as the engine asks for). */
export async function rollChain(
  kind: CriticalKind,
): Promise<{ rolls: Roll[]; d10s: number[]; adjustment: number }> {
  const { result: chain, rolls } = await withFoundryDice(10, (dice) => criticalChainRoll(kind, dice));
  return { rolls, d10s: chain.d10s, adjustment: chain.adjustment };
}
