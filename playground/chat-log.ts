/**
 * The playground's chat log, rendered as Foundry's is: one element per message, kept by message id.
 * After the createChatMessage / updateChatMessage / deleteChatMessage hooks only that message's
 * element is appended, replaced or removed (`harness.renderMessage` renders one message); the
 * messages shown are rendered again only when asked (`renderAll`: the acting user changed, the
 * table was reset).
 *
 * As Foundry's chat log, it shows the newest messages ({@link SHOWN}), and older ones a batch at a
 * time when the log is scrolled to its top or "Show older messages" is pressed; while it follows
 * the newest messages (scrolled to its bottom), the oldest shown ones leave it as new ones come.
 * Every message stays in `game.messages`; only the page holds fewer elements.
 *
 * So a new message costs the same however long the session (issue #29): the log holds at most
 * {@link SHOWN} elements while it follows, a change touches only its message's element (found in the
 * id → element map, never by scanning the log or `game.messages`), and it reads no geometry.
 * Whether the log follows is read on its scroll events; it is brought back to its bottom from a
 * ResizeObserver callback, which runs once the frame's layout is done, so nothing forces a layout
 * around an insert. The stylesheet (playground.scss) lets the browser skip the layout and paint of
 * cards out of view (`content-visibility: auto`).
 *
 * A message renders for the user the page acts as: a hook that fires while a GM query runs as the
 * GM is handled once the page acts as its own user again, as the table waits to draw.
 */
import type { Harness } from '../test/harness/runtime.js';
import { element, t, whenActingAs } from './dom.js';

/**
 * The newest messages the log shows, and the size of each batch of older ones: Foundry's chat log
 * renders "the most recent 100 messages" and older ones as it is scrolled up (the Scene Specific
 * Messages module's page, foundryvtt.com/packages/scenemessage, describes that limit).
 */
export const SHOWN = 100;
/** How close to the bottom (or top) (px) the log must be scrolled to follow new (load older) messages. */
const EDGE_SLACK = 8;

type Change = 'create' | 'update' | 'delete';

export class ChatLog {
  /**
   * The element of each message shown, by message id. The messages shown are always the newest of
   * the world's (a new one is appended, older ones are prepended, the oldest shown leave first).
   */
  readonly #elements = new Map<string, HTMLElement>();
  /** What happened to each message since the log was last brought up to date. */
  readonly #pending = new Map<string, Change>();
  #flushScheduled = false;
  #olderScheduled = false;
  /** Whether the log was scrolled to its bottom when last scrolled: it then stays there as messages come. */
  #follow = true;
  /**
   * The log changed while it followed and is not yet back at its bottom: a scroll event meanwhile
   * (the browser keeping the view in place, or clamping it) says nothing of where the user wants it.
   */
  #pinning = false;
  /**
   * Watches the elements just rendered (until their first size) and the last message's (its size
   * changes as long as it is the last): when one is laid out and the log follows, to the bottom.
   */
  readonly #sizes = new ResizeObserver((entries) => this.#resized(entries));
  /** "Show older messages", above the log while it does not show every message. */
  readonly #older: HTMLButtonElement;

  constructor(
    private readonly harness: Harness,
    private readonly log: HTMLElement,
    /** The user the page acts as: messages render for that user only. */
    private readonly actingUser: () => User,
  ) {
    Hooks.on('createChatMessage', (message: ChatMessage) => this.#changed(message, 'create'));
    Hooks.on('updateChatMessage', (message: ChatMessage) => this.#changed(message, 'update'));
    Hooks.on('deleteChatMessage', (message: ChatMessage) => this.#changed(message, 'delete'));
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
    this.#older = element('button', {
      type: 'button',
      className: 'pg-chat-older',
      textContent: t('GNG.Playground.OlderMessages'),
      hidden: true,
    });
    this.#older.addEventListener('click', () => this.showOlder());
    this.log.before(this.#older);
    this.log.addEventListener(
      'scroll',
      () => {
        if (!this.#pinning) this.#follow = this.#atBottom();
        if (this.log.scrollTop <= EDGE_SLACK && !this.#older.hidden) this.showOlder();
      },
      { passive: true },
    );
  }

  /** Renders the newest messages again (the acting user changed, or the world was reset). */
  renderAll(): void {
    this.#pending.clear();
    this.#sizes.disconnect();
    this.#elements.clear();
    const newest = game.messages.contents.slice(-SHOWN);
    this.log.replaceChildren(...newest.map((message) => this.#render(message)));
    this.#watchLast();
    this.#updateOlder();
  }

  /** As on a fresh page: following the newest messages (the table renders them after its reset). */
  reset(): void {
    this.#follow = true;
    this.#pinning = false;
    this.log.scrollTop = 0;
  }

  /** Shows the next batch of older messages above those shown (the log keeps its place). */
  showOlder(): void {
    if (this.#olderScheduled) return;
    this.#olderScheduled = true;
    whenActingAs(this.actingUser, () => {
      this.#olderScheduled = false;
      this.#showOlder();
    });
  }

  #showOlder(): void {
    // One read of the whole log, on the user's request only.
    const all = game.messages.contents;
    const first = (this.log.firstElementChild as HTMLElement | null)?.dataset.messageId;
    const end = first === undefined ? all.length : all.findIndex((message) => message.id === first);
    if (end > 0) this.log.prepend(...all.slice(Math.max(0, end - SHOWN), end).map((m) => this.#render(m)));
    this.#updateOlder();
  }

  #changed(message: ChatMessage, change: Change): void {
    if (!message.id) return;
    // A message created and then updated before the log caught up is still new to it.
    if (!(change === 'update' && this.#pending.get(message.id) === 'create'))
      this.#pending.set(message.id, change);
    if (this.#flushScheduled) return;
    this.#flushScheduled = true;
    whenActingAs(this.actingUser, () => this.#flush());
  }

  /** Brings the changed messages up to date (once the page acts as its own user again). */
  #flush(): void {
    this.#flushScheduled = false;
    const changes = [...this.#pending];
    this.#pending.clear();
    // A log that follows would let all but the newest SHOWN of many new messages leave at once:
    // those are not rendered at all.
    let skip = this.#follow ? changes.filter(([, change]) => change === 'create').length - SHOWN : 0;
    for (const [id, change] of changes) {
      if (change === 'create' && skip-- > 0) continue;
      const message = change === 'delete' ? undefined : game.messages.get(id);
      const old = this.#elements.get(id);
      if (old) this.#sizes.unobserve(old);
      if (!message) {
        old?.remove();
        this.#elements.delete(id);
      } else if (old) old.replaceWith(this.#watch(this.#render(message)));
      // A new message is the newest of the world's (`game.messages` keeps the order of creation,
      // and the pending changes the order of their hooks): it goes at the end. An update of a
      // message older than those shown shows when that message does.
      else if (change === 'create') this.log.append(this.#watch(this.#render(message)));
    }
    if (this.#follow) this.#trim();
    this.#watchLast();
    this.#updateOlder();
  }

  /** Down to the newest {@link SHOWN} messages: the oldest shown leave the log. */
  #trim(): void {
    while (this.#elements.size > SHOWN) {
      const oldest = this.log.firstElementChild as HTMLElement | null;
      if (!oldest) break;
      this.#sizes.unobserve(oldest);
      this.#elements.delete(oldest.dataset.messageId as string);
      oldest.remove();
    }
  }

  /** The messages shown are the newest: any beyond their number are older ones. */
  #updateOlder(): void {
    this.#older.hidden = game.messages.size <= this.#elements.size;
  }

  #render(message: ChatMessage): HTMLElement {
    const element = this.harness.renderMessage(message);
    // The harness draws every message's content for every client (so the tests prove the system's
    // own hiding); Foundry's chat log shows a whisper's content only to its audience and tells the
    // others that dice were rolled. A card the system hid already carries its own note.
    const content = element.querySelector<HTMLElement>('.message-content');
    const hidden = message.isContentVisible === false;
    if (content && hidden && !content.querySelector('.gng-hidden-roll, .gng-forged-card')) {
      const note = document.createElement('p');
      note.className = 'note pg-private-roll';
      note.textContent = game.i18n.format('GNG.Playground.PrivateRoll', { name: message.author?.name ?? '' });
      content.replaceChildren(note);
    }
    this.#elements.set(message.id as string, element);
    return element;
  }

  #watch(element: HTMLElement): HTMLElement {
    this.#sizes.observe(element);
    return element;
  }

  /**
   * Watches the last message's element anew (a new one's, or the one before a deleted last one):
   * its first size comes after the next layout, when a log that follows goes back to its bottom.
   */
  #watchLast(): void {
    const last = this.log.lastElementChild;
    if (!(last instanceof HTMLElement)) return;
    this.#sizes.unobserve(last);
    this.#watch(last);
    this.#pinning = this.#follow;
  }

  /**
   * Elements just laid out (this frame's layout is done: reading the log's geometry costs nothing
   * more): a log that follows goes to its bottom. Only the last message's element stays watched.
   */
  #resized(entries: ResizeObserverEntry[]): void {
    for (const { target } of entries) if (target !== this.log.lastElementChild) this.#sizes.unobserve(target);
    if (this.#follow && !this.#atBottom()) this.log.scrollTop = this.log.scrollHeight;
    this.#pinning = false;
  }

  #atBottom(): boolean {
    const log = this.log;
    return log.scrollTop + log.clientHeight >= log.scrollHeight - EDGE_SLACK;
  }
}
