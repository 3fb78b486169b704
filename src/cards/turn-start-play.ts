/**
 * What the static-defense models' turn-start cards share (the Saga-style model's
 * src/cards/saga-turn/, the Enlightened Grognard's src/cards/eg-turn/): on the active GM only, at a
 * combatant's turn start in a begun combat, the model's `play` runs for its actor one at a time with
 * every other card step on that actor, and the card it posted (or null) is the answer.
 */
import { isActiveGM } from '../documents/active-gm.js';
import { serialized } from './kernel/index.js';

export async function playTurnStartCard(
  combat: Combat,
  combatant: Combatant,
  play: (actor: Actor, combat: Combat, combatant: Combatant) => Promise<ChatMessage | null>,
): Promise<ChatMessage | null> {
  const actor = combatant.actor;
  if (!isActiveGM() || !actor || combat.round < 1) return null;
  const result = await serialized([actor.uuid], async () => {
    const message = await play(actor, combat, combatant);
    return { ok: true, messageId: message?.id ?? undefined };
  });
  return result.ok && typeof result.messageId === 'string'
    ? (game.messages.get(result.messageId) ?? null)
    : null;
}
