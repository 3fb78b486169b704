/**
 * The rest card's state (its message's `system`, subtype `rest`, rest-data.ts; `flags.gng.rest` on a
 * card posted before issue #34) and what `game.gng.rest` takes.
 */
import type { TcRestApplied } from './tc-rest.js';
import { systemPath } from '../../config/document-types.js';
import type { PoolsRestored, RestKind, RestOutcome } from '../../rules/index.js';
import type { RestApplied } from './rest-apply.js';
import type { ClockStep } from '../../combat/world-time.js';
import type { UndoNote } from '../kernel/undo-notes.js';
import { legacyFlagState } from '../kernel/typed-card.js';

/** The card's GM query and template (rest-register.ts registers them on `init`). */
export const REST_QUERY = 'gng.restCard';
export const REST_CARD_TEMPLATE = systemPath('templates/chat/rest-card.hbs');

/** What `game.gng.rest` takes besides the actor. */
export interface RestOptions {
  kind: RestKind;
  interrupted?: boolean;
  dayWithLoss?: boolean;
  healer?: boolean;
  /** The rest moves the world clock (when the world setting says rests do); only a GM may say false. */
  clock?: boolean;
}

/** The state of a rest card. */
export interface RestCardState {
  actorUuid: string;
  name: string;
  request: Required<RestOptions>;
  outcome: RestOutcome;
  /** Label of each disabled part (the engine names them by effect id). */
  parts: Record<string, string>;
  /** What Undo takes back; null once undone. */
  applied: RestApplied | null;
  /** The clock's advance (null: the clock did not move); Undo turns it back. Absent on older cards. */
  clock?: ClockStep | null;
  /** The healer's tending this rest used (heal card), shown on the card. Absent on older cards. */
  tended?: { healer: string; total: number } | null;
  /** Spell slots and power points the rest restored, shown on the card. Absent on older cards. */
  pools?: PoolsRestored | null;
  /** Under the Time Count model: the Invigoration and impairments the nights healed (tc-rest.ts). */
  tc?: TcRestApplied | null;
  undone?: boolean;
  /** What the Undo could not take back (keys; a legacy card's localized strings). */
  undoNotes?: (UndoNote | string)[];
}

/** The rest card's state of a message (typed or legacy), or null. */
export function restCardOf(message: ChatMessage | null | undefined): RestCardState | null {
  if (message?.type === 'rest') return message.system.toObject() as unknown as RestCardState;
  return legacyRestCard(message);
}

/** A rest card posted before issue #34 (`type: 'base'`, `flags.gng.rest`), or null. */
export function legacyRestCard(message: ChatMessage | null | undefined): RestCardState | null {
  return legacyFlagState(message, 'restCard', 'rest');
}
