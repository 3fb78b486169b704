/**
 * The state of the dying card and of the stabilize card (typed messages, subtypes `dying` and
 * `stabilize`, dying-data.ts; before issue #34 `flags.gng.dying` / `flags.gng.stabilize`), and what
 * their steps changed (for the GM's Undo).
 */
import { SYSTEM_ID, systemPath } from '../../config/document-types.js';
import { DYING_STATUS, STABLE_STATUS, type StatusChanges } from '../../combat/status-changes.js';

export { DYING_STATUS, STABLE_STATUS, type StatusChanges };
import type { TurnActionSpent } from '../../combat/action-budget.js';
import type { EgSpent } from '../../combat/eg-turns.js';
import type { DyingRoundOutcome } from '../../rules/index.js';
import type { UndoNote } from '../kernel/undo-notes.js';

/** The cards' GM queries and templates (dying-register.ts registers them on `init`). */
export const DYING_QUERY = 'gng.dyingCard';
export const STABILIZE_QUERY = 'gng.stabilize';
export const TEMP_HP_QUERY = 'gng.temporaryHp';
export const DYING_CARD_TEMPLATE = systemPath('templates/chat/dying-card.hbs');
export const STABILIZE_CARD_TEMPLATE = systemPath('templates/chat/stabilize-card.hbs');

/** The once-per-round mark a round in combat set (round-mark.ts), and the one it replaced (for Undo). */
export interface DyingRoundMark {
  combatId: string;
  combatantId: string;
  round: number;
  previous: number | null;
}

/** What a dying round changed: Undo takes it back. */
export type DyingRoundApplied = StatusChanges & {
  hpLost: number;
  /** In combat: the combat round marked as played (older cards: none). */
  mark?: DyingRoundMark | null;
};

/** `flags.gng.dying` of a dying card: one round of a dying creature. */
export interface DyingCardState {
  actorUuid: string;
  name: string;
  /** The combat round it was played in (null: out of combat). */
  round: number | null;
  hpBefore: number;
  outcome: DyingRoundOutcome;
  /** What Undo takes back (HP lost, statuses, the round's mark); null once undone. */
  applied: DyingRoundApplied | null;
  undone?: boolean;
  /** What the Undo could not take back (keys; a string: a card's from before issue #34). */
  undoNotes?: (UndoNote | string)[];
}

/** `flags.gng.stabilize` of a stabilize card: a Heal check to stabilize a dying character. */
export interface StabilizeCardState {
  patientUuid: string;
  patientName: string;
  healerUuid: string;
  healerName: string;
  natural: number;
  bonus: number;
  total: number;
  dc: number;
  stable: boolean;
  /** In a begun combat: the attack action was spent and the step provoked attacks of opportunity. */
  inCombat: boolean;
  /** What Undo takes back; null once undone. */
  applied: (StatusChanges & { spent: TurnActionSpent | null; egSpent?: EgSpent | null }) | null;
  undone?: boolean;
  undoNotes?: (UndoNote | string)[];
  /** Played under the Enlightened Grognard (DC the negative HP total; stable is conscious and disabled). */
  model?: 'eg' | null;
}

function flagsOf(message: ChatMessage | null | undefined, type: string): Record<string, unknown> | null {
  const flags = message?.flags?.[SYSTEM_ID];
  return flags && flags.type === type ? flags : null;
}

/** The dying card's state of a message (typed `dying`, or legacy `flags.gng.dying`), or null. */
export function dyingCardOf(message: ChatMessage | null | undefined): DyingCardState | null {
  if (message?.type === 'dying') return message.system.toObject() as unknown as DyingCardState;
  return legacyDyingCard(message);
}

/** A dying card posted before issue #34 (`type: 'base'`, `flags.gng.dying`), or null. */
export function legacyDyingCard(message: ChatMessage | null | undefined): DyingCardState | null {
  return (flagsOf(message, 'dyingCard')?.dying as DyingCardState | undefined) ?? null;
}

/** The stabilize card's state of a message (typed `stabilize`, or legacy `flags.gng.stabilize`), or null. */
export function stabilizeCardOf(message: ChatMessage | null | undefined): StabilizeCardState | null {
  if (message?.type === 'stabilize') return message.system.toObject() as unknown as StabilizeCardState;
  return legacyStabilizeCard(message);
}

/** A stabilize card posted before issue #34 (`type: 'base'`, `flags.gng.stabilize`), or null. */
export function legacyStabilizeCard(message: ChatMessage | null | undefined): StabilizeCardState | null {
  return (flagsOf(message, 'stabilizeCard')?.stabilize as StabilizeCardState | undefined) ?? null;
}
