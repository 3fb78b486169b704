/**
 * The chat line that says a timed effect ended on an actor ("Shaken ended on Orc"), posted by the
 * GM's client when the conditions timer (rounds) or the world clock (hours, days) ends it: a `note`
 * (issue #34), drawn on each client in its language.
 */
import { SYSTEM_ID } from '../config/document-types.js';
import { postNote } from '../cards/kernel/index.js';
import { effectNameText } from './effect-text.js';

export async function postEffectExpired(actor: Actor, effect: ActiveEffect): Promise<void> {
  await postNote(
    'effect-expired',
    { key: 'GNG.ConditionTimer.Expired', data: { name: effectNameText(effect), actor: actor.name } },
    { speaker: ChatMessage.getSpeaker({ actor }), flags: { [SYSTEM_ID]: { type: 'effectExpired' } } },
  );
}
