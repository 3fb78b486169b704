/**
 * The Enlightened Grognard maneuver card's state (its message's `system`, subtype `egManeuver`,
 * eg-maneuver-data.ts; on a card posted before issue #34, `flags.gng.egManeuver`), its
 * GM query and template (eg-maneuver-register.ts registers them on `init`; eg-maneuver-actions.ts is the
 * card's table). Nothing here imports the EG model (start code, issue #31's budget): types only.
 */
import { SYSTEM_ID, systemPath } from '../../config/document-types.js';
import type { Size } from '../../rules/index.js';
import type { UndoNote } from '../kernel/undo-notes.js';
import type {
  EgEscape,
  EgManeuver,
  EgManeuverOutcome,
  EgManeuverSkill,
} from '../../rules/models/eg/maneuvers.js';
import { cardState } from '../kernel/typed-card.js';

export const EG_MANEUVER_QUERY = 'gng.egManeuverAction';
export const EG_MANEUVER_TEMPLATE = systemPath('templates/chat/eg-maneuver-card.hbs');
export const EG_MANEUVER_FLAG = 'egManeuver';
/** The saving throw's GM query (eg-save.ts, loaded with the card). */
export const EG_SAVE_QUERY = 'gng.egSave';

export const EG_MANEUVER_ACTIONS = ['applyEgManeuver', 'undoEgManeuver'] as const;
/** The card's actions: Apply and Undo on each row, and the take-back of the whole maneuver. */
export type EgManeuverAction = (typeof EG_MANEUVER_ACTIONS)[number] | 'takeBackEgManeuver';

/** One check against one target: the d20, the total and the defense it met. */
export interface EgManeuverCheck {
  natural: number;
  total: number;
  success: boolean;
}

/** What one Apply did, kept for its Undo (the exact inverse). */
export interface EgManeuverApplied {
  by: string;
  /** The statuses held on the target, and on the one acting (src/combat/status-holds.ts). */
  target: { hold: string | null; statusesAdded: string[]; effectIds: Record<string, string> };
  actor: { hold: string | null; statusesAdded: string[]; effectIds: Record<string, string> };
  /** Statuses this Apply took off the one acting (an escape), which its Undo puts back. */
  removed: string[];
  /** The token store's records of what this Apply gave (eg-token-store.ts), reverted by Undo. */
  tokens: unknown[];
}

export interface EgManeuverTarget {
  id: string;
  name: string;
  actorUuid: string;
  tokenId: string | null;
  size: Size;
  /** The defense the check met: its id and value when the card was posted (null: no check). */
  defense: { id: 'fortitude' | 'reflex'; value: number } | null;
  checks: EgManeuverCheck[];
  outcome: EgManeuverOutcome;
  applied: EgManeuverApplied | null;
  undoNotes?: (UndoNote | string)[];
}

export interface EgManeuverCardState {
  version: 1;
  /** The combat model it was posted under (always EG: the card exists only under it). */
  model: string;
  maneuver: EgManeuver;
  skill: EgManeuverSkill | null;
  /** Escape: from what. */
  from: EgEscape | null;
  /** Bull rush as part of a charge (two checks). */
  charge: boolean;
  /** An escape made for a held ally (003:1591, 1640, 1763): the one it frees (absent: the one acting). */
  ally?: { actorUuid: string; name: string } | null;
  attacker: { actorUuid: string; name: string; size: Size; tokenId: string | null };
  /** The check's bonus and parts; `spent`: the token store's record of the tokens spent before the roll. */
  check: { bonus: number; parts: { label: string; value: number }[]; spent: unknown };
  targets: EgManeuverTarget[];
  /** The turn's action it spent (src/combat/eg-turns.ts `EgSpent`; null: none). Absent on older cards. */
  turn?: unknown;
  /** Taken back (the action and the check's tokens returned): by whom, and what could not be. */
  withdrawn?: { by: string; notes: (UndoNote | string)[] } | null;
}

/** `game.gng.egManeuver`'s options. */
export interface EgManeuverOptions {
  /** Escape: Acrobatics (against Reflex) or Athletics (against Fortitude). Default: the first way. */
  skill?: EgManeuverSkill;
  /** Escape: from a grab, a grapple or a pin. */
  from?: EgEscape;
  /** Bull rush as part of a charge: two checks. */
  charge?: boolean;
  /** Tokens spent before the roll, +1 each: power for Athletics, speed for Acrobatics (at most 10). */
  tokens?: number;
  /** Escape: made for this held ally, an Athletics check in its stead (a standard action). */
  ally?: Actor;
  /** Default: the user's targeted tokens. */
  targets?: Actor[];
}

/** A maneuver card posted before issue #34 (`flags.gng.egManeuver`, version 1): its state, or null. */
export function legacyEgManeuverCard(message: ChatMessage | null | undefined): EgManeuverCardState | null {
  const state = message?.flags?.[SYSTEM_ID]?.[EG_MANEUVER_FLAG] as EgManeuverCardState | undefined;
  return state && state.version === 1 && Array.isArray(state.targets) ? state : null;
}

/** The maneuver card's state on a message (typed or legacy), or null. */
export const egManeuverState = (message: ChatMessage | null | undefined): EgManeuverCardState | null =>
  cardState({ type: 'egManeuver', legacy: legacyEgManeuverCard }, message);
