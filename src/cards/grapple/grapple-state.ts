/**
 * What the grapple card's registration (grapple-register.ts), the token HUD and the attack card read
 * without loading the card (issue #29): its query, its template, its state on a message, and the
 * single target a grapple starts against. grapple-rules.ts re-exports them.
 */
import { SYSTEM_ID, systemPath } from '../../config/document-types.js';
import { cardState } from '../kernel/typed-card.js';
import type { GrappleCardState } from './grapple-rules.js';

export const GRAPPLE_QUERY = 'gng.grappleAction';
export const GRAPPLE_CARD_TEMPLATE = systemPath('templates/chat/grapple-card.hbs');

/** The state of a grapple card posted before issue #34 (`flags.gng.grapple`, version 2), or null. */
export function legacyGrappleState(message: ChatMessage | null | undefined): GrappleCardState | null {
  const state = message?.flags?.[SYSTEM_ID]?.grapple as GrappleCardState | undefined;
  return state && state.version === 2 && Array.isArray(state.steps) ? state : null;
}

/** The state of a grapple card (typed `system`, or a legacy card's flag), or null. */
export const grappleState = (message: ChatMessage | null | undefined): GrappleCardState | null =>
  cardState({ type: 'grapple', legacy: legacyGrappleState }, message);

/** Whether `message` is a grapple card, of any version (an old one is drawn with its buttons off). */
export const isGrappleMessage = (message: ChatMessage): boolean =>
  message.type === 'grapple' || Boolean(message.flags?.[SYSTEM_ID]?.grapple);

/** The user's single targeted token that is not `actor`'s, or null. */
export function singleGrappleTarget(actor: Actor, user: User = game.user): Token | null {
  const tokens = [...user.targets].filter((token) => token.actor && token.actor !== actor);
  return tokens.length === 1 ? (tokens[0] as Token) : null;
}
