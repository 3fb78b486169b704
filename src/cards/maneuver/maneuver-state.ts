/**
 * The maneuver card's state (its message's `system`, subtype `maneuver`, maneuver-data.ts; on a card
 * posted before issue #34, `flags.gng.maneuver`), its GM query and template (maneuver-register.ts
 * registers them on `init`; maneuver-actions.ts is the card's table).
 */
import { SYSTEM_ID, systemPath } from '../../config/document-types.js';
import { cardState } from '../kernel/typed-card.js';
import type { UndoNote } from '../kernel/undo-notes.js';
import type { ActionBudget, Maneuver, Size } from '../../rules/index.js';
import type { CardPart } from '../attack/attack-state.js';

export const MANEUVER_QUERY = 'gng.maneuverAction';
export const MANEUVER_CARD_TEMPLATE = systemPath('templates/chat/maneuver-card.hbs');

export const MANEUVER_ACTIONS = [
  'maintainFooting',
  'declineFooting',
  'applyManeuver',
  'undoManeuver',
] as const;
export type ManeuverAction = (typeof MANEUVER_ACTIONS)[number];

export interface ManeuverFooting {
  natural: number;
  bonus: number;
  /** Balance total with the size bonus. */
  balanceTotal: number;
  /** The maneuver's check with the attacker's size bonus. */
  attackTotal: number;
  maintained: boolean;
  /** The defender's budget before this abort (null out of combat). */
  budgetBefore: ActionBudget | null;
}

export interface ManeuverApplied {
  by: string;
  /** The status effects this card created, by status (Undo deletes exactly these). */
  effectIds?: Record<string, string>;
  /** Statuses this card set (undo removes exactly these). */
  statusesAdded: string[];
  /** Its hold on the statuses it set (src/combat/status-holds.ts; absent on older cards). */
  hold?: string | null;
  /** How far the defender is moved (Bull Rush, Throw), in feet. */
  feet: number;
}

export interface ManeuverTarget {
  id: string;
  name: string;
  actorUuid: string;
  tokenId: string | null;
  size: Size;
  footing: ManeuverFooting | null;
  /** The defender's owner who answered "No Maintain Footing" (absent on older cards). */
  footingDeclinedBy?: string | null;
  applied: ManeuverApplied | null;
  /** What the last Undo could not take back (keys; a string: a card's from before issue #34). */
  undoNotes?: (UndoNote | string)[];
}

export interface ManeuverCardState {
  version: 1;
  maneuver: Maneuver;
  attacker: { actorUuid: string; name: string; size: Size };
  options: { charging: boolean };
  check: { formula: string; natural: number; bonus: number; parts: CardPart[]; total: number };
  targets: ManeuverTarget[];
}

export interface ManeuverOptions {
  /** Bull Rush: the attacker charged (+2). */
  charging?: boolean;
  /** Default: the user's targeted tokens. */
  targets?: Actor[];
}

/** A maneuver card posted before issue #34 (`type: 'base'`, `flags.gng.maneuver`), or null. */
export function legacyManeuverCard(message: ChatMessage | null | undefined): ManeuverCardState | null {
  const state = message?.flags?.[SYSTEM_ID]?.maneuver as ManeuverCardState | undefined;
  return state && state.version === 1 && Array.isArray(state.targets) ? state : null;
}

/** The state of a maneuver card (typed or legacy), or null. */
export const maneuverState = (message: ChatMessage | null | undefined): ManeuverCardState | null =>
  cardState({ type: 'maneuver', legacy: legacyManeuverCard }, message);
