/**
 * The playground's chat log, rendered as Foundry's is: one element per message, kept by message id.
 * After the createChatMessage / updateChatMessage / deleteChatMessage hooks only that message's
 * element is appended, replaced or removed (`harness.renderMessage` renders one message); the whole
 * log is rendered again only when asked (`renderAll`: the acting user changed, the table was reset).
 *
 * A message renders for the user the page acts as: a hook that fires while a GM query runs as the
 * GM is handled once the page acts as its own user again, as the table waits to draw.
 */
import type { Harness } from '../test/harness/runtime.js';
import { whenActingAs } from './dom.js';

/** How close to the bottom (px) the log must be scrolled to follow new messages. */
const BOTTOM_SLACK = 8;

export class ChatLog {
  /** The element of each message shown, by message id, in the log's order. */
  readonly #elements = new Map<string, HTMLElement>();
  /** Messages created or updated (true) or deleted (false) since the log was last brought up to date. */
  readonly #pending = new Map<string, boolean>();
  #flushScheduled = false;

  constructor(
    private readonly harness: Harness,
    private readonly log: HTMLElement,
    /** The user the page acts as: messages render for that user only. */
    private readonly actingUser: () => User,
  ) {
    Hooks.on('createChatMessage', (message: ChatMessage) => this.#changed(message, true));
    Hooks.on('updateChatMessage', (message: ChatMessage) => this.#changed(message, true));
    Hooks.on('deleteChatMessage', (message: ChatMessage) => this.#changed(message, false));
    // The header's delete control, as core's: the message's owners (its author, GMs) delete it.
    const onDelete = (event: Event) => {
      const control = (event.target as HTMLElement | null)?.closest<HTMLElement>(
        '[data-action="deleteMessage"]',
      );
      if (!control) return;
      if (event instanceof KeyboardEvent && event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      const id = control.closest<HTMLElement>('[data-message-id]')?.dataset.messageId;
      const message = id ? game.messages.get(id) : undefined;
      if (!message) return;
      if (!message.isOwner) {
        ui.notifications.warn(game.i18n.localize('GNG.Playground.CannotDeleteMessage'));
        return;
      }
      void message.delete();
    };
    this.log.addEventListener('click', onDelete);
    this.log.addEventListener('keydown', onDelete);
  }

  /** Renders every message again (the acting user changed, or the world was reset). */
  renderAll(): void {
    this.#pending.clear();
    this.#keepBottom(() => {
      this.#elements.clear();
      const elements = game.messages.contents.map((message) => this.#render(message));
      this.log.replaceChildren(...elements);
    });
  }

  #changed(message: ChatMessage, present: boolean): void {
    if (!message.id) return;
    this.#pending.set(message.id, present);
    if (this.#flushScheduled) return;
    this.#flushScheduled = true;
    whenActingAs(this.actingUser, () => this.#flush());
  }

  /** Brings the changed messages up to date (once the page acts as its own user again). */
  #flush(): void {
    this.#flushScheduled = false;
    const changes = [...this.#pending];
    this.#pending.clear();
    this.#keepBottom(() => {
      for (const [id, present] of changes) {
        const message = present ? game.messages.get(id) : undefined;
        const old = this.#elements.get(id);
        if (!message) {
          old?.remove();
          this.#elements.delete(id);
        } else if (old) old.replaceWith(this.#render(message));
        else this.#insert(message);
      }
    });
  }

  #render(message: ChatMessage): HTMLElement {
    const element = this.harness.renderMessage(message);
    this.#elements.set(message.id as string, element);
    return element;
  }

  /** A new message goes after the last message before it in the world's order (usually: at the end). */
  #insert(message: ChatMessage): void {
    const order = game.messages.contents;
    const index = order.indexOf(message);
    let before: HTMLElement | null = null;
    for (let i = index + 1; i > 0 && i < order.length; i++) {
      before = this.#elements.get(order[i]?.id as string) ?? null;
      if (before) break;
    }
    const element = this.#render(message);
    this.log.insertBefore(element, before);
  }

  /** Runs `change`; a log scrolled to its bottom before it stays at its bottom after it. */
  #keepBottom(change: () => void): void {
    const log = this.log;
    const atBottom = log.scrollTop + log.clientHeight >= log.scrollHeight - BOTTOM_SLACK;
    change();
    if (atBottom) log.scrollTop = log.scrollHeight;
  }
}
