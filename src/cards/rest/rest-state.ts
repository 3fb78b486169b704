/** The rest card's stored state (`flags.gng.rest` of its message) and what `game.gng.rest` takes. */
import type { TcRestApplied } from './tc-rest.js';
import { SYSTEM_ID, systemPath } from '../../config/document-types.js';
import type { PoolsRestored, RestKind, RestOutcome } from '../../rules/index.js';
import type { RestApplied } from './rest-apply.js';
import type { ClockStep } from '../../combat/world-time.js';

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

/** `flags.gng.rest` of a rest card. */
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
  tc?: TcRestApplied;
  undone?: boolean;
  /** What the Undo could not take back (localized). */
  undoNotes?: string[];
}

/** The stored rest card state of a message, or null. */
export function restCardOf(message: ChatMessage | null | undefined): RestCardState | null {
  const flags = message?.flags?.[SYSTEM_ID];
  if (!flags || flags.type !== 'restCard') return null;
  return (flags.rest as RestCardState | undefined) ?? null;
}
