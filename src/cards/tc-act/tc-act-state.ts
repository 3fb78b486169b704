/**
 * The Time Count act card's names and state (issue #32): the state's type and its reader for a card
 * posted before issue #34 (`type: 'base'`, `flags.gng.tcAct`). The card (tc-act-actions.ts) loads
 * with the model's tracker.
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import type { TcScheduleRecord } from '../../combat/tc-schedule.js';
import type { TcCountdownRecord } from '../../combat/tc-countdowns.js';
import type { LocalText, UndoNote } from '../kernel/undo-notes.js';
import { legacyFlagState } from '../kernel/typed-card.js';

/** The tracker's requests and the card's Undo. */
export const TC_ACT_QUERY = 'gng.tcAct';
export const TC_INITIATIVE_QUERY = 'gng.tcInitiative';
export const TC_ACT_CARD_QUERY = 'gng.tcActCard';

/**
 * A line of the card: a lang key and its data, localized on each client (a data value may itself be
 * a key: the action's name). A card from before issue #34 holds the action's name as the GM's text.
 */
export type TcActLine = LocalText;

/** An act or initiative card's state: its message's `system` (subtype `tcAct`, tc-act-data.ts). */
export interface TcActCardState {
  combatId: string;
  /** The actors it is about (the queue's keys). */
  actorUuids: string[];
  lines: TcActLine[];
  /** The store's records (null once undone): the schedule's and, for a spell act, the countdown's. */
  applied: (TcScheduleRecord | TcCountdownRecord)[] | null;
  undone?: boolean;
  undoNotes?: (UndoNote | string)[];
}

/** An act card posted before issue #34 (`flags.gng.tcAct`): its state, or null. */
export function legacyTcActCard(message: ChatMessage | null | undefined): TcActCardState | null {
  return legacyFlagState(message, 'tcAct', 'tcAct');
}

/** Whether a message is an act card: typed (`tcAct`), or one posted before issue #34. */
export const isTcActCard = (message: ChatMessage | null | undefined): boolean =>
  message?.type === 'tcAct' || message?.flags?.[SYSTEM_ID]?.type === 'tcAct';
