/**
 * A message that looks like a card but was not made by a GM (issue #27, trust model 1): a player can
 * post any HTML to the chat, including a copy of a real card's content and flags (with its results,
 * even those of a blind card). Its buttons never act (the GM's client takes card state only from a
 * GM's message, gm-message.ts), but it would read as a genuine card. So on every client the kernel
 * draws such a message as a note saying who wrote it, before any card's own render hook.
 */
import { isGMMessage } from './gm-message.js';
import { isCardType } from './card-types.js';

/**
 * The `flags.gng.type`s of the messages only a GM's client writes (the cards and the GM's automatic
 * notes). A player's own client writes its sheet checks (`abilityCheck`, `save`, `skill`) and weapon
 * spell casts, which are not cards.
 */
const GM_MESSAGE_TYPES: ReadonlySet<string> = new Set([
  'areaCard',
  'attackCard',
  'bleedingBound',
  'bleedingCard',
  'burstCard',
  'dyingCard',
  'effectExpired',
  'featAction',
  'featOffer',
  'grappleCard',
  'healCard',
  'limbDrop',
  'maneuverCard',
  'opportunityCard',
  'quickStand',
  'restCard',
  'stabilizeCard',
  'suppressCard',
  'temporaryHp',
]);

/** The markup only cards carry: their button rows. */
const CARD_MARKUP = '.gng-card-buttons, .card-buttons';

/** Whether `message`, drawn as `html`, claims to be a card (by its flags or its markup) and is not a GM's. */
export function isForgedCard(message: ChatMessage, html: HTMLElement): boolean {
  const type = (message.flags?.gng as Record<string, unknown> | undefined)?.type;
  // A typed card (issue #34) by its subtype; a player's own `note` (a sheet check) is no card.
  const claimsCard =
    (typeof type === 'string' && GM_MESSAGE_TYPES.has(type)) ||
    (isCardType(message.type) && message.type !== 'note');
  const looksLikeCard = html.querySelector(`.message-content :is(${CARD_MARKUP})`) !== null;
  return (claimsCard || looksLikeCard) && !isGMMessage(message);
}

/** `renderChatMessageHTML`: a forged card's content replaced by a note naming its author. */
export function markForgedCard(message: ChatMessage, html: HTMLElement): void {
  if (!isForgedCard(message, html)) return;
  const root = html.querySelector<HTMLElement>('.message-content');
  if (!root) return;
  const note = html.ownerDocument.createElement('p');
  note.className = 'note gng-forged-card';
  note.setAttribute('role', 'status');
  note.textContent = game.i18n.format('GNG.RollMode.Forged', { name: message.author?.name ?? '' });
  root.replaceChildren(note);
  root.closest('.chat-message')?.classList.add('gng-hidden-card');
}
