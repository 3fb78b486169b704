/**
 * The Enlightened Grognard action card's names and state (issue #31): what the model's wiring
 * (src/models/eg-table.ts) reads at its load, and the state's type. The card (eg-action-actions.ts)
 * loads on first use.
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import type { EgSheetAction } from '../../rules/models/eg/combat-actions.js';
import type { TokenChangeRecord } from '../../combat/eg-token-store.js';
import type { EgSpent } from '../../combat/eg-turns.js';
import type { StatusChanges } from '../../combat/status-changes.js';
import type { LocalText, UndoNote } from '../kernel/undo-notes.js';
import { legacyFlagState } from '../kernel/typed-card.js';

/** The sheet's request (src/applications/sheets/actor-sheet.ts `onEgAction`). */
export const EG_ACTION_QUERY = 'gng.egAction';
/** The card's Undo. */
export const EG_ACTION_CARD_QUERY = 'gng.egActionCard';

/** An action card's state: its message's `system` (subtype `egAction`, eg-action-data.ts). */
export interface EgActionCardState {
  actorUuid: string;
  name: string;
  /** A sheet action, or a GM's grant of persistent (or this encounter's) tokens. */
  action: EgSheetAction | 'grantPersistent' | 'grantEncounter';
  /** The card's lines: a lang key and its data (rendered in the reader's words). */
  lines: LocalText[];
  /** What it changed (null once undone). */
  applied: {
    hpDelta: number;
    nonlethalDelta: number;
    statuses: StatusChanges | null;
    records: TokenChangeRecord[];
    /** The turn's action it spent (eg-turns.ts; null: none, out of combat). Absent on older cards. */
    turn?: EgSpent | null;
  } | null;
  undone?: boolean;
  /** What Undo could not take back (keys; a string on an older card). */
  undoNotes?: (UndoNote | string)[];
}

/** An action card posted before issue #34 (`type: 'base'`, `flags.gng.egAction`): its state, or null. */
export function legacyEgActionCard(message: ChatMessage | null | undefined): EgActionCardState | null {
  return legacyFlagState(message, 'egAction', 'egAction');
}

/** Whether a message is an action card: typed (`egAction`), or one posted before issue #34. */
export const isEgActionCard = (message: ChatMessage | null | undefined): boolean =>
  message?.type === 'egAction' || message?.flags?.[SYSTEM_ID]?.type === 'egAction';
