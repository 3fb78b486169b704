/**
 * What the grapple card's registration (grapple-register.ts), the token HUD and the attack card read
 * without loading the card (issue #29): its query, its template, its state on a message, and the
 * single target a grapple starts against. grapple-state.ts re-exports them.
 */
import { SYSTEM_ID, systemPath } from '../../config/document-types.js';
import type { GrappleCardState } from './grapple-state.js';

export const GRAPPLE_QUERY = 'gng.grappleAction';
export const GRAPPLE_CARD_TEMPLATE = systemPath('templates/chat/grapple-card.hbs');

export function grappleState(message: ChatMessage | null | undefined): GrappleCardState | null {
  const state = message?.flags?.[SYSTEM_ID]?.grapple as GrappleCardState | undefined;
  return state && state.version === 2 && Array.isArray(state.steps) ? state : null;
}

/** The user's single targeted token that is not `actor`'s, or null. */
export function singleGrappleTarget(actor: Actor, user: User = game.user): Token | null {
  const tokens = [...user.targets].filter((token) => token.actor && token.actor !== actor);
  return tokens.length === 1 ? (tokens[0] as Token) : null;
}
