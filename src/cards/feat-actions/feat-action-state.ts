/**
 * The feat action card's state (its message's `system`, subtype `featAction`, feat-action-data.ts; on
 * a card posted before issue #34, `flags.gng.featAction`): a Sudden Action or a Tactical Aid the GM
 * ran for an actor's owner (feat-action-actions.ts), and what Undo takes back.
 */
import { systemPath } from '../../config/document-types.js';
import { cardState } from '../kernel/typed-card.js';
import type { TurnActionSpent } from '../../combat/action-budget.js';
import type { TacticalAidChoice } from '../../rules/index.js';
import { legacyFlagState } from '../kernel/typed-card.js';

/** The card's GM query and template (feat-action-register.ts registers them on `init`). */
export const FEAT_ACTION_QUERY = 'gng.featAction';
export const FEAT_ACTION_TEMPLATE = systemPath('templates/chat/feat-action-card.hbs');

export const FEAT_ACTION_KINDS = ['sudden-action', 'tactical-aid'] as const;
export type FeatActionKind = (typeof FEAT_ACTION_KINDS)[number];

/** A Sudden Action: the combatant's count before and after, in which combat and round. */
export interface SuddenActionRecord {
  steps: number;
  level: number;
  combatId: string;
  combatantId: string;
  round: number;
  from: number;
  to: number;
}

/** A Tactical Aid: the check, the bonus it gives, for how long, to whom. */
export interface TacticalAidRecord {
  choice: TacticalAidChoice;
  natural: number;
  skill: number;
  total: number;
  dc: number;
  bonus: number;
  /** Rounds rolled (2d4+1); 0 when the check failed. */
  rounds: number;
  /** The allies who got the effect (names), and those skipped as already aided. */
  aided: string[];
  skipped: string[];
}

/** What the step changed, for Undo. */
export interface FeatActionApplied {
  /** Sudden Action: the combatant's initiative to put back and its once-per-round mark to clear. */
  initiative: { combatId: string; combatantId: string; from: number; to: number; round: number } | null;
  /** Tactical Aid: the effects created (actor uuid, effect id). */
  effects: { actorUuid: string; effectId: string }[];
  /** The full-round action spent on the aider's turn (null out of combat). */
  turn: TurnActionSpent | null;
}

/** The state of a feat action card. */
export interface FeatActionCardState {
  kind: FeatActionKind;
  actorUuid: string;
  actorName: string;
  sudden: SuddenActionRecord | null;
  aid: TacticalAidRecord | null;
  /** What Undo takes back; null when nothing changed, or once undone. */
  applied: FeatActionApplied | null;
  undone?: boolean;
  /** Lang keys (with data) of what Undo could not take back. */
  notes?: { key: string; data: Record<string, unknown> }[];
}

/** A feat action card posted before issue #34 (`type: 'base'`, `flags.gng.featAction`), or null. */
export function legacyFeatActionCard(message: ChatMessage | null | undefined): FeatActionCardState | null {
  return legacyFlagState(message, 'featAction', 'featAction');
}

/** The feat action card state of a message (typed or legacy), or null. */
export const featActionCardOf = (message: ChatMessage | null | undefined): FeatActionCardState | null =>
  cardState({ type: 'featAction', legacy: legacyFeatActionCard }, message);
