/**
 * The Enlightened Grognard's token cards (issue #31; docs/rules.md "Tokens"): what the sheet, the
 * API and the card share. Two kinds of one card, both GM messages:
 * - `initiative`: a PC rolled initiative and gains 2 tokens of its choice (003:430); its owner (or a
 *   GM) picks one of the six mixes, the active GM's client checks and gains them through the store;
 * - `gift`: a PC gave tokens to another PC (003:442); the giver's owner asked, the active GM's client
 *   checked the request and moved the tokens at once; the card records it.
 * Each keeps the store's records of what it did; a GM's Undo reverts them exactly.
 */
import { systemPath } from '../../config/document-types.js';
import { askGM, type CardActionResult } from '../kernel/index.js';
import { legacyFlagState } from '../kernel/typed-card.js';
import type { TokenChangeRecord } from '../../combat/eg-token-store.js';
import type { TokenCounts, TokenType } from '../../rules/models/eg/tokens.js';

/** The card's actions (`choose`, `undo`). */
export const EG_TOKEN_CARD_QUERY = 'gng.egTokenCard';
/** A player's gift `{ actorUuid, recipientUuid, type, amount }` (the giver's owner or a GM). */
export const EG_GIFT_QUERY = 'gng.egGift';
export const EG_TOKEN_CARD_TEMPLATE = systemPath('templates/chat/eg-token-card.hbs');

/** A token card's state: its message's `system` (subtype `egTokens`, token-data.ts). */
export interface EgTokenCardState {
  kind: 'initiative' | 'gift';
  /** The PC who gains (initiative) or gives (gift). */
  actorUuid: string;
  name: string;
  combatId: string;
  /** Initiative: how many tokens of choice (2, 003:430). */
  gain: number;
  /** Gift: who receives what. */
  recipientUuid: string | null;
  recipientName: string | null;
  type: TokenType | null;
  amount: number;
  /** open: waiting for the choice; done: applied; undone: a gift a GM took back. */
  status: 'open' | 'done' | 'undone';
  /** Initiative: the mix chosen. */
  choice: TokenCounts | null;
  /** What the store did (reverted in reverse order on Undo). */
  records: TokenChangeRecord[];
}

/** A token card posted before issue #34 (`type: 'base'`, `flags.gng.egTokens`): its state, or null. */
export function legacyEgTokenCard(message: ChatMessage | null | undefined): EgTokenCardState | null {
  return legacyFlagState(message, 'egTokens', 'egTokens');
}

/**
 * The token card's state of a message (typed, or legacy), or null. Like the kernel's `cardState`
 * (the table's `state`), without loading the card: the sheet and the tests read it.
 */
export function egTokenCardOf(message: ChatMessage | null | undefined): EgTokenCardState | null {
  if (message?.type === 'egTokens') return message.system.toObject() as unknown as EgTokenCardState;
  return legacyEgTokenCard(message);
}

/**
 * `actor` gives `amount` tokens of `type` to `recipient` (both PCs in the same combat): a GM's
 * client does it at once; a player who owns `actor` asks the active GM, whose client checks it.
 */
export function giveTokens(
  actor: Actor,
  recipient: Actor,
  type: TokenType,
  amount: number,
): Promise<CardActionResult> {
  return askGM(EG_GIFT_QUERY, { actorUuid: actor.uuid, recipientUuid: recipient.uuid, type, amount });
}
