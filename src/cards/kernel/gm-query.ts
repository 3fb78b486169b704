/**
 * GM queries, the one way a card action reaches the active GM: the asking client calls
 * {@link askGM}; the GM's client proves the sender ({@link proveSender}), refuses when it is not
 * the active GM, and runs the handler registered with {@link registerGMQuery}, which gets the
 * request's own fields and the proven sender, never the envelope. The GM's own clicks run the
 * handler directly, with the GM as the sender. A refusal is shown as a warning on the asking client.
 */
import { refusal, type CardActionResult } from './result.js';
import { readyGate, track } from './in-flight.js';
import { confirmRequest, CONFIRM_QUERY, envelope, proveSender } from './sender.js';
import { chosenRollMode, hideUnseenCard, parseRollMode, type RollMode } from './roll-mode.js';
import { registerGMMessages } from './gm-message.js';
import { markForgedCard } from './forged-card.js';
import { redrawTypedCard, registerTyped } from './typed-card.js';
import { NOTE_CARD } from './note.js';

/** What the envelope of a request carries besides its data: the sender's roll mode (roll-mode.ts). */
export interface GMQueryContext {
  rollMode: RollMode;
}

/**
 * A GM query's handler: the request (without the envelope), the user proven to have sent it, and
 * the roll mode that user chose (used by a request that posts a card).
 */
export type GMQueryHandler = (
  data: Record<string, unknown>,
  sender: User,
  context: GMQueryContext,
) => Promise<CardActionResult>;

const handlers = new Map<string, GMQueryHandler>();

const t = (key: string) => game.i18n.localize(key);
const f = (key: string, data: Record<string, unknown>) => game.i18n.format(key, data);

function isActiveGM(): boolean {
  return game.users.activeGM?.id === game.user.id;
}

async function run(handler: GMQueryHandler, data: Record<string, unknown>, sender: User) {
  try {
    // The world's combat model first (in-flight.ts `setReadyGate`); its refusal is the answer.
    await readyGate();
    const { rollMode, ...request } = data;
    return await handler(request, sender, { rollMode: parseRollMode(rollMode) });
  } catch (error) {
    return refusal(error);
  }
}

/** What arrives through `CONFIG.queries[name]` on a client (normally the active GM's). */
async function receive(
  name: string,
  data: Record<string, unknown>,
  options: QueryOptions | undefined,
): Promise<CardActionResult> {
  const handler = handlers.get(name);
  if (!handler) return { ok: false, error: 'GNG.Error.Card.BadRequest' };
  // Only the active GM does a card's work; a query sent to anyone else is refused.
  if (!isActiveGM()) return { ok: false, error: 'GNG.Error.Card.NotActiveGM' };
  if (typeof data !== 'object' || data === null) return { ok: false, error: 'GNG.Error.Card.BadRequest' };
  const sender = await proveSender(data, options);
  if (!sender) return { ok: false, error: 'GNG.Error.Attack.UnknownSender' };
  // The roll mode travels in the envelope (proven with it); `run` takes it out of the request.
  const { requestId: _id, userId: _user, ...request } = data;
  return run(handler, request, sender);
}

/** The names of the GM queries registered (the architecture test sends each a request). */
export const registeredGMQueries = (): string[] => [...handlers.keys()];

/**
 * Registers `handler` as the GM query `name` (`CONFIG.queries[name]`). Its first step checks the
 * request with a schema (`payload`, payload.ts): the architecture-payloads test proves it for each.
 */
export function registerGMQuery(name: string, handler: GMQueryHandler): void {
  handlers.set(name, handler);
  CONFIG.queries[name] = (data, options) => receive(name, data, options);
}

/**
 * Registers the confirmation every client answers for its own requests, the roll modes' view of
 * every card and the redraw of a typed card (before any card's own render hook), what tells a GM's
 * message (gm-message.ts) and the `note` subtype's renderer, on `init`.
 */
export function registerCardKernel(): void {
  CONFIG.queries[CONFIRM_QUERY] = (data) => confirmRequest(data);
  Hooks.on('renderChatMessageHTML', (message: ChatMessage, html: HTMLElement, context?: unknown) => {
    markForgedCard(message, html);
    hideUnseenCard(message, html);
    redrawTypedCard(message, html, context);
  });
  registerGMMessages();
  registerTyped(NOTE_CARD);
}

/**
 * Asks the active GM to run the query `name` with `data`; a refusal is shown as a warning on this
 * client. Tracked, so `attackActionsSettled()` waits for it. The request carries this user's roll
 * mode (`core.rollMode`, or the one a dialog chose: `options.rollMode`).
 */
export function askGM(
  name: string,
  request: Record<string, unknown>,
  options: { rollMode?: RollMode } = {},
): Promise<CardActionResult> {
  const data = { ...request, rollMode: options.rollMode ?? chosenRollMode() };
  return track(
    (async (): Promise<CardActionResult> => {
      const gm = game.users.activeGM;
      const handler = handlers.get(name);
      let result: CardActionResult;
      if (!gm) result = { ok: false, error: 'GNG.Error.Attack.NoGM' };
      else if (!handler) result = { ok: false, error: 'GNG.Error.Card.BadRequest' };
      else if (gm.id === game.user.id) result = await run(handler, structuredClone(data), game.user);
      else {
        const { payload, settle } = envelope(data);
        try {
          result = (await gm.query(name, payload)) as CardActionResult;
        } catch (error) {
          result = { ok: false, error: 'GNG.Error.Card.NoAnswer', data: { error: String(error) } };
        } finally {
          settle();
        }
      }
      if (!result.ok) ui.notifications.warn(result.data ? f(result.error, result.data) : t(result.error));
      return result;
    })(),
  );
}
