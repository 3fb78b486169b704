/**
 * The state of the attack-of-opportunity card: its message's `system` (subtype `opportunity`,
 * opportunity-data.ts), or `flags.gng.opportunity` on a card posted before issue #34.
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import { cardState, isGMMessage } from '../kernel/index.js';
import { legacyFlagState } from '../kernel/typed-card.js';

/** A creature offered its attack of opportunity (its id is its token's). */
export interface OpportunityThreatener {
  id: string;
  actorUuid: string;
  name: string;
  /** The user who took it (the attack is a card of its own), or null. */
  takenBy: string | null;
  declinedBy: string | null;
}

export interface OpportunityCardState {
  shooterUuid: string;
  shooterTokenId: string | null;
  /** The scene of the shooter's token, recorded when the card is created (older cards: none). */
  sceneId?: string | null;
  shooterName: string;
  /** The message of the shot that provoked (an attack, burst or suppressing fire card). */
  source: string;
  threateners: OpportunityThreatener[];
}

/** An attack-of-opportunity card posted before issue #34 (`type: 'base'`, `flags.gng.opportunity`), or null. */
export function legacyOpportunityCard(message: ChatMessage | null | undefined): OpportunityCardState | null {
  return legacyFlagState(message, 'opportunityCard', 'opportunity');
}

/** The state of an attack-of-opportunity card (typed or legacy), or null. */
export const opportunityCardOf = (message: ChatMessage | null | undefined): OpportunityCardState | null =>
  cardState({ type: 'opportunity', legacy: legacyOpportunityCard }, message);

/** Whether the threatener's answer is still open. */
export function opportunityOpen(threatener: OpportunityThreatener): boolean {
  return threatener.takenBy === null && threatener.declinedBy === null;
}

/**
 * Whether the shot that provoked was taken back (trust model 4: Undo is the exact inverse of one
 * step): the attack card's `fire.withdrawn`, the burst or suppressing fire card's `undone`. Read from
 * the source message (a GM's card): a typed card's `system` (found under its subtype, which is its
 * legacy flag's name), else its flags, so no other card folder is imported here.
 */
export function sourceWithdrawn(state: OpportunityCardState): boolean {
  const source = game.messages.get(state.source);
  if (!source || !isGMMessage(source)) return false;
  const typed = source.type === 'base' ? {} : { [source.type]: source.system.toObject() };
  const flags = { ...(source.flags?.[SYSTEM_ID] ?? {}), ...typed } as {
    attack?: { fire?: { withdrawn?: unknown } };
    burst?: { undone?: unknown };
    suppress?: { undone?: unknown };
  };
  return Boolean(flags.attack?.fire?.withdrawn || flags.burst?.undone || flags.suppress?.undone);
}
