/**
 * The Time Count stance card's names and state (issue #32 R5): the state's type and its reader for a
 * card posted before issue #34 (`type: 'base'`, `flags.gng.tcStance`). The card (tc-stance-actions.ts)
 * loads on first use.
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import type { TcStance } from '../../rules/models/tc/state.js';
import type { SpeedClass } from '../../rules/models/tc/speed-factor.js';
import type { TcActRecord } from '../../combat/tc-schedule.js';
import type { UndoNote } from '../kernel/undo-notes.js';

export const TC_STANCE_QUERY = 'gng.tcStance';
export const TC_STANCE_CARD_QUERY = 'gng.tcStanceCard';
export const TC_STANCE_FLAG = 'tcStance';

/** A stance card's state: its message's `system` (subtype `tcStance`, tc-stance-data.ts). */
export interface TcStanceCardState {
  actorUuid: string;
  name: string;
  from: TcStance;
  to: TcStance;
  speedClass: SpeedClass;
  /** The shift's SF and what was rolled or taken (null: a free shift, or no place on a Time Count). */
  sf: number | null;
  formula: string | null;
  /** The count the creature acts next at, its transition's end (null: none). */
  next: number | null;
  /** `stanceUntil` before this shift (0: settled), put back by Undo. */
  untilBefore: number;
  applied: { record: TcActRecord | null } | null;
  undone?: boolean;
  undoNotes?: (UndoNote | string)[];
}

/** A stance card posted before issue #34 (`flags.gng.tcStance`): its state, or null. */
export function legacyTcStanceCard(message: ChatMessage | null | undefined): TcStanceCardState | null {
  const flags = message?.flags?.[SYSTEM_ID];
  return flags?.type === TC_STANCE_FLAG
    ? ((flags[TC_STANCE_FLAG] as TcStanceCardState | undefined) ?? null)
    : null;
}

/** Whether a message is a stance card: typed (`tcStance`), or one posted before issue #34. */
export const isTcStanceCard = (message: ChatMessage | null | undefined): boolean =>
  message?.type === 'tcStance' || message?.flags?.[SYSTEM_ID]?.type === TC_STANCE_FLAG;
