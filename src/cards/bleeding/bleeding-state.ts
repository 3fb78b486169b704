/**
 * What the bleeding card's registration (bleeding-register.ts), the conditions timer and the sheet
 * read at start (issue #29): the card's names, whether an actor bleeds or a message is a bleeding
 * card, and the request to bind wounds. The card itself (bleeding-card.ts) loads on first use.
 */
import { SYSTEM_ID, systemPath } from '../../config/document-types.js';
import { askGM, type CardActionResult } from '../kernel/index.js';

export const BLEEDING_STATUS = 'severe-bleeding';
/** The GM query of the bleeding card's buttons. */
export const BLEEDING_QUERY = 'gng.bleedingCard';
export const BIND_WOUNDS_QUERY = 'gng.bindWounds';
export const BLEEDING_CARD_TEMPLATE = systemPath('templates/chat/bleeding-card.hbs');

/** The actor's `severe-bleeding` effect, or undefined. */
export function bleedingEffectOf(actor: Actor): ActiveEffect | undefined {
  return actor.effects.find((effect) => effect.statuses.has(BLEEDING_STATUS));
}

/** Whether a message carries a bleeding card's flag. */
export function isBleedingCard(message: ChatMessage | null | undefined): boolean {
  return message?.flags?.[SYSTEM_ID]?.type === 'bleedingCard';
}

/** Asks the active GM to bind `actor`'s wounds (the sheet's Heal action "Bind wounds"). */
export function bindWounds(actor: Actor): Promise<CardActionResult> {
  return askGM(BIND_WOUNDS_QUERY, { actorUuid: actor.uuid });
}
