/**
 * The Saga-style condition track's requests (issue #30): what the sheet's buttons, the API and the
 * registration share. A move of the track is the GM's alone (docs/rules.md "Sheet and track"): the
 * GM's own click moves it; a player's click asks the GM with a request card the GM approves or
 * declines (track-actions.ts, loaded on first use).
 */
import { SYSTEM_ID, systemPath } from '../../config/document-types.js';
import { askGM, type CardActionResult } from '../kernel/index.js';
import { CONDITION_STEP_KEY, conditionStepOf } from '../../combat/saga-condition-step.js';

export { CONDITION_STEP_KEY, conditionStepOf };

/** The query of a move or a player's request (`{ actorUuid, move }`). */
export const TRACK_QUERY = 'gng.conditionTrack';
/** The query of the request card's Approve and Decline. */
export const TRACK_CARD_QUERY = 'gng.conditionTrackCard';
export const TRACK_CARD_TEMPLATE = systemPath('templates/chat/condition-track-request.hbs');

export type TrackMove = 'up' | 'down';

/** A request card's state: its message's `system` (subtype `sagaTrack`, track-data.ts). */
export interface TrackRequestState {
  actorUuid: string;
  name: string;
  /** The player who asked, and that player's name when asked (the card is drawn from its state). */
  userId: string;
  asker: string;
  move: TrackMove;
  /** The step when asked, and once decided the step before and after (approved) or null. */
  asked: number;
  status: 'open' | 'approved' | 'declined';
  from: number | null;
  to: number | null;
}

/**
 * A request card posted before issue #34 (`type: 'base'`, `flags.gng.trackRequest`): its state, the
 * asker's name read from the users then (those cards did not store it).
 */
export function legacyTrackRequest(message: ChatMessage | null | undefined): TrackRequestState | null {
  const flags = message?.flags?.[SYSTEM_ID];
  const old = flags?.type === 'trackRequest' ? (flags.trackRequest as TrackRequestState | undefined) : null;
  if (!old) return null;
  return { ...old, asker: old.asker ?? game.users.get(old.userId)?.name ?? '?' };
}

/** Whether a message is a request card: typed (`sagaTrack`), or one posted before issue #34. */
export const isTrackRequest = (message: ChatMessage | null | undefined): boolean =>
  message?.type === 'sagaTrack' || message?.flags?.[SYSTEM_ID]?.type === 'trackRequest';

/**
 * `game.gng.conditionTrack(actor, move)` and the sheet's buttons: a GM moves the track one step; a
 * player who owns the actor asks the GM to.
 */
export function moveConditionTrack(actor: Actor, move: TrackMove): Promise<CardActionResult> {
  return askGM(TRACK_QUERY, { actorUuid: actor.uuid, move });
}
