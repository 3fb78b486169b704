/**
 * The round structure every model's fight loop shares (issue #30): the initiative order, then rounds
 * of turns in that order until one side has no one left fighting, or a draw at the round cap. What a
 * turn does is the model's.
 */
import type { DiceSource } from '../types.js';
import type { CombatantOutcome, SideId } from './types.js';

/** Initiative: d20 + bonus; ties to the higher bonus, then a d20 roll-off (decision). */
export function initiativeOrder<F extends { snap: { initiative: number } }>(
  fighters: readonly F[],
  dice: DiceSource,
): F[] {
  return fighters
    .map((f) => ({ f, total: dice.roll(20) + f.snap.initiative, tie: dice.roll(20) }))
    .sort((x, y) => y.total - x.total || y.f.snap.initiative - x.f.snap.initiative || y.tie - x.tie)
    .map((x) => x.f);
}

/**
 * Rounds of `turn`s in `order` until a side has no one `up` (checked before each round and after
 * each turn), at most `cap` rounds (then a draw). The winner is the side with someone up; a draw
 * when neither has.
 */
export function playRounds<F extends { side: SideId }>(
  order: readonly F[],
  up: (f: F) => boolean,
  cap: number,
  turn: (f: F) => void,
): { winner: SideId | 'draw'; rounds: number } {
  let rounds = 0;
  let winner: SideId | 'draw' = 'draw';
  const decided = (): boolean => {
    const a = order.some((f) => f.side === 'a' && up(f));
    const b = order.some((f) => f.side === 'b' && up(f));
    if (a && b) return false;
    winner = a ? 'a' : b ? 'b' : 'draw';
    return true;
  };
  fight: while (!decided()) {
    if (rounds >= cap) {
      winner = 'draw';
      break;
    }
    rounds += 1;
    for (const f of order) {
      turn(f);
      if (decided()) break fight;
    }
  }
  return { winner, rounds };
}

/** A fighter's line of a fight's result: its snapshot's id, its side, what `end` reads of it, its tallies. */
export function combatantOutcome(
  f: { snap: { id: string }; side: SideId; attacks: number; hits: number },
  end: Pick<CombatantOutcome, 'hp' | 'nonlethal' | 'state'>,
): CombatantOutcome {
  return { id: f.snap.id, side: f.side, ...end, attacks: f.attacks, hits: f.hits };
}
