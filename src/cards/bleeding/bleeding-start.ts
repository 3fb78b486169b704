/** Posting the bleeding card at a bleeding actor's turn start (active GM; conditions-timer.ts). */
import { SYSTEM_ID } from '../../config/document-types.js';
import { bleedingEffectOf, type BleedingCardState } from './bleeding-state.js';
import { bleedingStateOf } from './bleeding-steps.js';
import { postCard } from '../kernel/typed-card.js';
import { isActiveGM } from '../../documents/active-gm.js';

/**
 * Active GM, at a turn start of `actor` in `round`: posts its bleeding card when it bleeds, a later
 * round than the wound's, and no card was posted this round. Resolves with the card, or null.
 */
export async function postBleedingCardsFor(actor: Actor, round: number): Promise<ChatMessage | null> {
  if (!isActiveGM()) return null;
  const effect = bleedingEffectOf(actor);
  if (!effect) return null;
  const stored = bleedingStateOf(effect);
  if (stored.status !== 'active') return null;
  if (stored.woundRound !== null && round <= stored.woundRound) return null;
  if (stored.lastCardRound === round) return null;
  await effect.setFlag(SYSTEM_ID, 'bleeding', { ...stored, lastCardRound: round });
  const state: BleedingCardState = {
    actorUuid: actor.uuid,
    effectId: effect.id as string,
    name: actor.name,
    round,
    dc: stored.dc,
    stage: stored.stage,
    result: null,
    undo: null,
    undone: 0,
  };
  const message = await postCard('bleeding', state, { speaker: ChatMessage.getSpeaker({ actor }) });
  return message ?? null;
}
