/**
 * The Time Count heal card's names and state (issue #32, R29): what the model's wiring
 * (src/models/tc-table.ts) reads at its load, and the state's type. The card (tc-heal-actions.ts)
 * loads on first use.
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import { legacyFlagState } from '../kernel/typed-card.js';

export const TC_HEAL_QUERY = 'gng.tcHeal';
export const TC_HEAL_CARD_QUERY = 'gng.tcHealCard';

/** Invigoration and fatigue, as one pair. */
export interface TcHealPair {
  invigoration: number;
  fatigue: number;
}

/** A heal card's state: its message's `system` (subtype `tcHeal`, tc-heal-data.ts). */
export interface TcHealCardState {
  actorUuid: string;
  name: string;
  /** What the GM asked for. */
  asked: TcHealPair;
  /** What was given after the caps: Invigoration gained, fatigue removed. */
  given: TcHealPair;
  /** Invigoration and fatigue before and after. */
  before: TcHealPair;
  after: TcHealPair;
  /** What Undo takes back (null once undone). */
  applied: TcHealPair | null;
  undone?: boolean;
}

/** A heal card posted before issue #34 (`type: 'base'`, `flags.gng.tcHeal`): its state, or null. */
export function legacyTcHealCard(message: ChatMessage | null | undefined): TcHealCardState | null {
  return legacyFlagState(message, 'tcHeal', 'tcHeal');
}

/** Whether a message is a heal card: typed (`tcHeal`), or one posted before issue #34. */
export const isTcHealCard = (message: ChatMessage | null | undefined): boolean =>
  message?.type === 'tcHeal' || message?.flags?.[SYSTEM_ID]?.type === 'tcHeal';
