/**
 * Dice So Nice for the rolls a card makes after it was posted. DSN animates a message's `rolls` when
 * the message is created (the card's first roll); the rolls of the later steps (Defense, damage,
 * saves, aborts, grapple and maneuver checks, chains) are made on the GM's client while the card
 * advances, so the step asks DSN to show them with {@link showRolls}, to the audience of the card's
 * roll mode. Without DSN (`game.dice3d` is set by the module on `ready`) it does nothing.
 *
 * `game.dice3d.showForRoll(roll, user, synchronize, whisper, blind, messageId, speaker)` (DSN
 * `module/Dice3D.js` and its wiki "API/Roll"): it animates on this client unless `blind` ("the roll is
 * blind for the current user"); `synchronize` sends it to the other clients, of which only those in
 * `whisper` show it (null: everyone — an empty array would reach no one); `messageId` lets DSN's
 * secret-roll setting see the message's whisper; `speaker` lets its "hide NPC rolls" setting apply.
 *
 * Not awaited. The promise resolves when this client's animation has ended — seconds, and never
 * while the GM's tab is in the background (DSN queues it until the tab is visible again) — and the
 * step runs inside the queues of the card and of every actor on it, with a player waiting for the
 * answer: awaiting would hold every card of those actors for the animation, or forever. So the
 * card's result may show while the dice still roll.
 *
 * The rolls are not added to the message's `rolls` either: DSN animates the rolls an update appends
 * to a message (its `updateChatMessage` hook), so they would roll twice; and the card's state
 * already records every die it rolled.
 */

import type { CardType } from './card-types.js';
import { withRollMode, type RollMode } from './roll-mode.js';
import { postCard } from './typed-card.js';

/** Who sees a card's dice: the message's whisper (null: everyone); a blind card, the GMs only. */
function audience(message: ChatMessage): { whisper: string[] | null; blind: boolean } {
  const whisper = [...(message.whisper ?? [])];
  if (!message.blind) return { whisper: whisper.length ? whisper : null, blind: false };
  const gms = game.users.filter((user) => user.isGM).map((user) => user.id as string);
  const listed = whisper.filter((id) => gms.includes(id));
  // Blind for the current user unless a GM: the GM's client (which rolls) shows it itself.
  return { whisper: listed.length ? listed : gms, blind: !game.user.isGM };
}

/**
 * Asks Dice So Nice to show `rolls` (each once, in order; rolls without dice are skipped) for the
 * card `message`, to whom its roll mode allows. Returns at once (see above); DSN's failures do not
 * reach the card.
 */
export function showRolls(message: ChatMessage, rolls: readonly (Roll | null | undefined)[]): void {
  const dice3d = game.dice3d;
  if (!dice3d) return;
  const { whisper, blind } = audience(message);
  for (const roll of rolls) {
    if (!roll || roll.dice.length === 0) continue;
    try {
      void dice3d
        .showForRoll(roll, game.user, true, whisper, blind, message.id, message.speaker)
        .catch((error: unknown) => console.error(error));
    } catch (error) {
      console.error(error);
    }
  }
}

/**
 * Posts a new typed card speaking as `actor`, in the roll mode the sender chose, then shows the
 * `rolls` it made (kept in its state, not on the message) with {@link showRolls}.
 */
export async function postRolledCard<S>(
  type: CardType,
  state: S,
  o: { actor: Actor; rolls: readonly Roll[]; rollMode: RollMode; sender: User },
): Promise<ChatMessage> {
  const speaker = ChatMessage.getSpeaker({ actor: o.actor });
  const message = (await postCard(
    type,
    state,
    withRollMode({ speaker }, o.rollMode, o.sender),
  )) as ChatMessage;
  showRolls(message, o.rolls);
  return message;
}
