/**
 * Cards as typed chat messages (issue #34, docs/architecture.md "Cards as typed messages"): a card's
 * state is its message's `system` (ChatMessage subtype `type`, data model card-data.ts), its content
 * only a fallback. On every client the kernel re-renders a typed GM card's `.message-content` from
 * `system` in that client's language, then fires `renderChatMessageHTML` again on the same element
 * so the per-user buttons (and every other decoration) are drawn on the new content.
 */
import type { CardType } from './card-types.js';
import { isGMMessage } from './gm-message.js';
import { seesResult } from './roll-mode.js';
import { track } from './in-flight.js';

/** What the kernel needs of a typed card (the typed part of `CardSpec`). */
export interface TypedCard<S> {
  /** The ChatMessage subtype of its messages. */
  type?: CardType;
  /**
   * The card's HTML from its state only, localized with this client's `game.i18n` (never read live
   * documents: an old card must not change when re-rendered). `message` is null when posting.
   */
  render?(state: S, message: ChatMessage | null): Promise<string>;
  /** The state of a card posted before issue #34 (`type: 'base'`, state in flags), or null. */
  legacy?(message: ChatMessage): S | null;
  /** The `flags.gng.<key>` a legacy card keeps its state in (the kernel's save writes it there). */
  legacyFlag?: string;
}

type Renderer = Required<Pick<TypedCard<unknown>, 'type' | 'render'>>;
const cards = new Map<string, Renderer>();
const loaders = new Map<string, () => Promise<unknown>>();

/** Registers a typed card's renderer (defineCard does, and the `note` subtype). */
export function registerTyped(card: TypedCard<never>): void {
  if (card.type && card.render) cards.set(card.type, card as unknown as Renderer);
}

/** A lazy card's subtypes: their renderer is registered once `load` (its module) has run. */
export function registerTypedLoader(types: readonly CardType[], load: () => Promise<unknown>): void {
  for (const type of types) loaders.set(type, load);
}

const isTyped = (card: TypedCard<unknown>, message: ChatMessage) =>
  card.type !== undefined && message.type === card.type;

/** The card's state on `message`: its typed `system`, else the legacy reader's, else null. */
export function cardState<S>(card: TypedCard<S>, message: ChatMessage | null | undefined): S | null {
  if (!message) return null;
  if (isTyped(card, message)) return message.system.toObject() as S;
  return card.legacy?.(message) ?? null;
}

/**
 * The state of a card posted before issue #34 (`type: 'base'`): `flags.gng.<flag>` when the message's
 * `flags.gng.type` is `kind`, else null (a card's `legacy` reader).
 */
export function legacyFlagState<S>(
  message: ChatMessage | null | undefined,
  kind: string,
  flag: string,
): S | null {
  const flags = message?.flags?.gng as Record<string, unknown> | undefined;
  return flags?.type === kind ? ((flags[flag] as S | undefined) ?? null) : null;
}

/**
 * Saves the whole state: a typed card replaces `system` (`==system`, so deleted keys go) and its
 * fallback content; a legacy card writes its flag and content as before.
 */
export async function saveCard<S>(card: TypedCard<S>, message: ChatMessage, state: S): Promise<void> {
  const content = card.render ? await card.render(state, message) : message.content;
  if (isTyped(card, message)) await message.update({ '==system': state, content });
  else if (card.legacyFlag) await message.update({ content, [`flags.gng.${card.legacyFlag}`]: state });
  else throw new Error(`No way to save a card of type ${message.type}`);
}

/** Posts a new typed card: the fallback content rendered here, the state in `system`. */
export async function postCard<S>(
  type: CardType,
  state: S,
  data: ChatMessageData = {},
): Promise<ChatMessage | undefined> {
  const card = await rendererOf(type);
  if (!card) throw new Error(`No renderer for the card type ${type}`);
  return ChatMessage.create({ ...data, type, system: state, content: await card.render(state, null) });
}

async function rendererOf(type: string): Promise<Renderer | undefined> {
  if (!cards.has(type)) await loaders.get(type)?.();
  return cards.get(type);
}

const redrawn = new WeakSet<HTMLElement>();

/**
 * `renderChatMessageHTML` (the kernel's, first): a typed GM card this user sees is drawn again from
 * its `system` in this client's language, then the hook fires again on the new content (tracked:
 * `attackActionsSettled()` waits for it). Hidden (roll mode) and forged cards are left alone, and
 * so is a message this user's client does not show (whispered to others).
 */
export function redrawTypedCard(message: ChatMessage, html: HTMLElement, context?: unknown): void {
  const type = message.type;
  if (redrawn.has(html) || !(cards.has(type) || loaders.has(type))) return;
  // A note is only text (a player's own check is one); a card is drawn only if a GM made it.
  if ((type !== 'note' && !isGMMessage(message)) || !seesResult(game.user, message)) return;
  if (!message.isContentVisible) return;
  const root = html.querySelector('.message-content');
  if (!root) return;
  redrawn.add(html);
  void track(
    (async () => {
      const card = await rendererOf(type);
      if (!card) return;
      root.innerHTML = await card.render(message.system.toObject(), message);
      Hooks.callAll('renderChatMessageHTML', message, html, context);
    })(),
  ).catch((error: unknown) => console.error(error));
}
