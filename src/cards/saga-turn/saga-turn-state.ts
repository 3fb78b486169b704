/**
 * The state of the Saga-style turn-start card (its message's `system`, subtype `sagaTurn`,
 * saga-turn-data.ts; before issue #34 `flags.gng.sagaTurn`): what a creature's turn
 * start did under the Saga-style model (regeneration, the dying round) and what Undo takes back. The start
 * code's registration (src/models/saga-turn-start.ts) names the query and the flag's type itself.
 */
import type { StatusChanges } from '../dying/dying-state.js';
import type { SagaTurnStart } from '../../rules/models/saga/turn-start.js';
import type { UndoNote } from '../kernel/undo-notes.js';
import { legacyFlagState } from '../kernel/typed-card.js';

/** The card's GM query (src/models/saga-turn-start.ts registers it under this name). */
export const SAGA_TURN_QUERY = 'gng.sagaTurnCard';

/**
 * A combatant's turn-start record in its Combat's flags (`flags.gng.sagaTurns.<combatant id>`; a
 * Combat only GMs write): the combat round whose turn start was played, and the turns its
 * regeneration stays suppressed by its bane (001:145).
 */
export interface SagaTurnMark {
  round: number | null;
  suppressed: number;
}

/** What a turn start changed: Undo takes it back. */
export type SagaTurnApplied = StatusChanges & {
  /** HP the turn start added (regeneration) less those the dying round took. */
  hpDelta: number;
  combatId: string;
  combatantId: string;
  /** The combatant's record before and after (Undo puts `before` back while `after` is still there). */
  markBefore: SagaTurnMark | null;
  markAfter: SagaTurnMark;
};

/** A turn-start card's state. */
export interface SagaTurnCardState {
  actorUuid: string;
  name: string;
  round: number;
  hpBefore: number;
  outcome: SagaTurnStart;
  /** null once undone. */
  applied: SagaTurnApplied | null;
  undone?: boolean;
  /** What Undo could not take back (keys; a string on an older card). */
  undoNotes?: (UndoNote | string)[];
}

/** A turn-start card posted before issue #34 (`type: 'base'`, `flags.gng.sagaTurn`): its state, or null. */
export function legacySagaTurnCard(message: ChatMessage | null | undefined): SagaTurnCardState | null {
  return legacyFlagState(message, 'sagaTurnCard', 'sagaTurn');
}
