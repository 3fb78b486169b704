/**
 * The chat line that says a timed effect ended on an actor ("Shaken ended on Orc"), posted by the
 * GM's client when the conditions timer (rounds) or the world clock (hours, days) ends it.
 */
import { SYSTEM_ID } from '../config/document-types.js';
import { escapeHtml } from './escape-html.js';

export async function postEffectExpired(actor: Actor, name: string): Promise<void> {
  await ChatMessage.create({
    content: `<p class="gng effect-expired">${escapeHtml(
      game.i18n.format('GNG.ConditionTimer.Expired', { name, actor: actor.name }),
    )}</p>`,
    speaker: ChatMessage.getSpeaker({ actor }),
    flags: { [SYSTEM_ID]: { type: 'effectExpired' } },
  });
}
