/**
 * The Enlightened Grognard turn-start card's names and state (issue #31): what the model's wiring
 * (src/models/eg-table.ts) reads at its load, and the state's type. The card (eg-turn-actions.ts)
 * loads on first use.
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import type { DyingSave } from '../../rules/models/eg/combat-actions.js';
import type { StatusChanges } from '../../combat/status-changes.js';
import type { UndoNote } from '../kernel/undo-notes.js';
import { legacyFlagState } from '../kernel/typed-card.js';

export const EG_TURN_QUERY = 'gng.egTurnCard';

/** A turn-start card's state: its message's `system` (subtype `egTurn`, eg-turn-data.ts). */
export interface EgTurnCardState {
  actorUuid: string;
  name: string;
  round: number;
  save: DyingSave;
  conDamageBefore: number;
  con: number;
  /** Dead after it (Con damage ≥ Con, R23). */
  dead: boolean;
  applied:
    | (StatusChanges & {
        hpDelta: number;
        conDelta: number;
        combatId: string;
        combatantId: string;
        markBefore: number | null;
        markAfter: number;
      })
    | null;
  undone?: boolean;
  /** What Undo could not take back (keys; a string on an older card, or from the status glue). */
  undoNotes?: (UndoNote | string)[];
}

/** A turn-start card posted before issue #34 (`type: 'base'`, `flags.gng.egTurn`): its state, or null. */
export function legacyEgTurnCard(message: ChatMessage | null | undefined): EgTurnCardState | null {
  return legacyFlagState(message, 'egTurnCard', 'egTurn');
}

/** Whether a message is a turn-start card: typed (`egTurn`), or one posted before issue #34. */
export const isEgTurnCard = (message: ChatMessage | null | undefined): boolean =>
  message?.type === 'egTurn' || message?.flags?.[SYSTEM_ID]?.type === 'egTurnCard';
