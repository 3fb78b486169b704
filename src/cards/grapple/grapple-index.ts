/**
 * Which grapple cards hold an actor, without reading the chat log: an in-memory index (actor uuid →
 * ids of its GM-written cards in the grappling phase), built once from the log on first use and then
 * kept by the `createChatMessage`, `updateChatMessage` and `deleteChatMessage` hooks. Every lookup
 * checks each card it finds against its current state, so a stale entry (a log flushed without
 * hooks) is never an answer; the cost of a lookup grows with the actor's cards, not with the log.
 *
 * Also the GM's queue keys of a card: its message, its actors, and the cards and actors of every
 * other grapple holding them (an escape changes those too).
 */
import { grappleState, other, uuidOf, type GrappleCardState, type GrappleSide } from './grapple-rules.js';
import { isGMMessage } from '../kernel/index.js';
import { MessageIndex } from './message-index.js';

/** A grapple card in the grappling phase that holds an actor, and the actor's side on it. */
export interface ActiveGrapple {
  message: ChatMessage;
  state: GrappleCardState;
  side: GrappleSide;
}

/** An open grapple card: GM-written, in the grappling phase. */
function openState(message: ChatMessage): GrappleCardState | null {
  const state = grappleState(message);
  return state && state.phase === 'grappling' && isGMMessage(message) ? state : null;
}

/** The open grapple cards by the uuids of their two actors. */
const index = new MessageIndex((message) => {
  const state = openState(message);
  return state && [state.attacker.actorUuid, state.defender.actorUuid];
});

/** The GM-written grapple cards (but `exceptId`) whose grapple is on and holds `actorUuid`. */
export function activeGrapplesOf(actorUuid: string, exceptId?: string): ActiveGrapple[] {
  const found: ActiveGrapple[] = [];
  for (const id of index.idsOf(actorUuid)) {
    const message = id === exceptId ? undefined : game.messages.get(id);
    const state = message ? openState(message) : null;
    if (!message || !state) continue;
    if (state.attacker.actorUuid === actorUuid) found.push({ message, state, side: 'attacker' });
    else if (state.defender.actorUuid === actorUuid) found.push({ message, state, side: 'defender' });
  }
  return found;
}

/**
 * The GM's queues an action on the card `messageId` waits in (kernel `serialized`): the card, its
 * actors, and every other open grapple card holding one of them with its actors. Without a card
 * (a new grapple): `actorUuids` and their grapples.
 */
export function grappleQueueKeys(messageId: string | null, actorUuids: string[] = []): string[] {
  const state = messageId ? grappleState(game.messages.get(messageId)) : null;
  const actors = state ? [state.attacker.actorUuid, state.defender.actorUuid] : actorUuids;
  const keys = new Set<string>(messageId ? [messageId, ...actors] : actors);
  for (const uuid of actors)
    for (const g of activeGrapplesOf(uuid)) {
      keys.add(g.message.id as string);
      keys.add(uuidOf(g.state, other(g.side)));
    }
  return [...keys];
}

/**
 * The hooks that keep the index (src/hooks/lazy-hooks.ts `cardHooks.grapple` registers them as the
 * card loads, before the card's other hooks: the sheets read the index).
 */
export const grappleIndexHooks = {
  createChatMessage: (message: ChatMessage) => index.reindex(message),
  updateChatMessage: (message: ChatMessage) => index.reindex(message),
  deleteChatMessage: (message: ChatMessage) => index.unindex(message.id as string),
  // The log is loaded before `ready` without create hooks: read it again on first use after it.
  ready: () => index.reset(),
};
