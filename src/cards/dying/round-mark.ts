/**
 * The once-per-round mark of the dying (core "Dying": "A dying character loses 1 hit point every
 * round"): the combat round whose dying round a combatant has had, kept in its **Combat's** flags,
 * `flags.gng.dyingRounds.<combatant id>` — the Combat is written only by GMs, while the actor and its
 * `dying` effect are its player's to write (as action-budget.ts keeps the combatants' records). The
 * turn start and a GM's `dyingRound` in combat both read and set it (GM side, in the actor's queue);
 * Undo of the round puts back the mark it replaced. Out of combat there is no mark.
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import type { DyingRoundMark } from './dying-state.js';

const FLAG = 'dyingRounds';

/** The round of `combat` whose dying round `combatant` has had (the last one), or null. */
export function playedRound(combat: Combat, combatant: Combatant): number | null {
  const marks = combat.getFlag(SYSTEM_ID, FLAG) as Record<string, unknown> | undefined;
  const round = marks?.[combatant.id as string];
  return typeof round === 'number' && Number.isInteger(round) ? round : null;
}

/** GM side: marks the combat's current round as played for `combatant`; the mark, for Undo. */
export async function markRound(combat: Combat, combatant: Combatant): Promise<DyingRoundMark> {
  const previous = playedRound(combat, combatant);
  await combat.update({ [`flags.${SYSTEM_ID}.${FLAG}.${combatant.id}`]: combat.round });
  return {
    combatId: combat.id as string,
    combatantId: combatant.id as string,
    round: combat.round,
    previous,
  };
}

/**
 * GM side (Undo): puts back the mark `mark` replaced, while the combat still exists and the mark is
 * still the one the round set (a later round's mark stays).
 */
export async function unmarkRound(mark: DyingRoundMark): Promise<void> {
  const combat = game.combats.get(mark.combatId);
  const combatant = combat?.combatants.get(mark.combatantId);
  if (!combat || !combatant || playedRound(combat, combatant) !== mark.round) return;
  await combat.update({ [`flags.${SYSTEM_ID}.${FLAG}.${mark.combatantId}`]: mark.previous });
}
