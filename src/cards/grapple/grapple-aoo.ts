/**
 * The defender's attack of opportunity against a grappler (core "Starting a Grapple"), made as an
 * ordinary attack card: on the active GM, the first attack card the defender posts against the
 * grappler after taking it (on the grapple card) is linked to the grapple card (`aoo.messageId`), and
 * the grapple card is rendered again whenever that attack card changes or goes, so its Touch attack
 * button and its words follow the attack (grapple-rules.ts `aooAttack`, `aooUnresolved`).
 *
 * Which grapple cards wait for an attack of opportunity is an in-memory index (defender uuid → card
 * ids at the grab whose attack of opportunity was taken), built once from the log on first use and
 * kept by the message hooks (message-index.ts, as for the grappling cards): no attack reads the log.
 */
import { isActiveGM } from '../../documents/active-gm.js';
import { serialized, track, isGMMessage } from '../kernel/index.js';
import { aooAttack, grappleState, type GrappleCardState } from './grapple-rules.js';
import { cardState as attackCardState } from '../attack/attack-state.js';
import { grappleQueueKeys } from './grapple-index.js';
import { MessageIndex } from './message-index.js';
import { renderGrappleCard, saveGrappleCard } from './grapple-render.js';

/** A GM's grapple card at the grab whose defender took the attack of opportunity. */
function takenState(message: ChatMessage | undefined): GrappleCardState | null {
  const state = isGMMessage(message) ? grappleState(message) : null;
  return state && state.phase === 'grab' && state.aoo ? state : null;
}

/** Defender uuid → ids of its grapple cards at the grab with a taken attack of opportunity. */
const byDefender = new MessageIndex((message) => {
  const state = takenState(message);
  return state && [state.defender.actorUuid];
});

/** The grapple cards whose defender `uuid` took the attack of opportunity (checked against their state now). */
function takenBy(uuid: string): { id: string; state: GrappleCardState }[] {
  return byDefender.idsOf(uuid).flatMap((id) => {
    const state = takenState(game.messages.get(id));
    return state && state.defender.actorUuid === uuid ? [{ id, state }] : [];
  });
}

/** A GM's attack card: its attacker and its targets' actors, or null. */
function attackCard(message: ChatMessage): { attacker: string; targets: string[] } | null {
  if (!isGMMessage(message)) return null;
  // A typed attack card's state is its `system` (issue #34), an older one's its flags.
  const attack = attackCardState(message);
  if (!attack) return null;
  const targets = attack.targets.map((t) => t.actorUuid).filter((u) => typeof u === 'string');
  return { attacker: attack.attacker.actorUuid, targets };
}

/**
 * Active GM: `update` the grapple card `id` in its queues, from its state then (null: nothing to do),
 * and save it with its content rendered again.
 */
function updateCard(id: string, update: (state: GrappleCardState) => GrappleCardState | null): void {
  void track(
    serialized(grappleQueueKeys(id), async () => {
      const current = game.messages.get(id);
      const now = takenState(current);
      const state = now && update(structuredClone(now));
      if (!current || !state) return;
      const content = await renderGrappleCard(state);
      const changed = JSON.stringify(state) !== JSON.stringify(now);
      if (changed) await saveGrappleCard(current, state);
      else if (content !== current.content) await current.update({ content });
    }),
  );
}

/** A new attack card: the attack of opportunity of each grapple card whose defender made it at its grappler. */
export function onCreated(message: ChatMessage): void {
  byDefender.reindex(message);
  const attack = isActiveGM() ? attackCard(message) : null;
  if (!attack) return;
  for (const { id, state } of takenBy(attack.attacker)) {
    if (!attack.targets.includes(state.attacker.actorUuid)) continue;
    updateCard(id, (current) => {
      // The first attack made (and still there) is the attack of opportunity.
      if (!current.aoo || aooAttack(current)) return null;
      current.aoo.messageId = message.id as string;
      return current;
    });
  }
}

/** An attack card changed or went: the grapple cards linked to it show its outcome. */
export function onAttackChanged(message: ChatMessage): void {
  const attack = isActiveGM() ? attackCard(message) : null;
  if (!attack) return;
  for (const { id, state } of takenBy(attack.attacker))
    if (state.aoo?.messageId === message.id) updateCard(id, (current) => current);
}

/**
 * The hooks that keep the index and the links (src/hooks/lazy-hooks.ts `cardHooks.grapple` registers
 * them as the card loads).
 */
export const grappleAooHooks = {
  createChatMessage: (message: ChatMessage) => onCreated(message),
  updateChatMessage: (message: ChatMessage) => {
    byDefender.reindex(message);
    onAttackChanged(message);
  },
  deleteChatMessage: (message: ChatMessage) => {
    byDefender.unindex(message.id as string);
    onAttackChanged(message);
  },
  // The log is loaded before `ready` without create hooks: read it again on first use after it.
  ready: () => byDefender.reset(),
};
