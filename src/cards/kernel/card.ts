/**
 * A card as a table: each card declares its actions once — who may press each in which state, what
 * it does on the GM's client, what undoes it — and the kernel does the rest: the request to the
 * active GM (sender proven, gm-query.ts), the parsing of the request, the card's and its actors'
 * queues, the checks (a card a GM posted, a target of the action on it, permission, availability, in
 * that order, each a localized refusal that changes nothing), saving the state, and the per-user
 * buttons of the rendered card. A new card is a {@link CardSpec}, a template and its lang keys.
 */
import type { CardActionResult } from './result.js';
import { Refusal } from './result.js';
import { serialized } from './queue.js';
import { askGM, registerGMQuery, type GMQueryContext } from './gm-query.js';
import { decorateButtons } from './decorate.js';
import { seesResult, type RollMode } from './roll-mode.js';
import { isGMMessage } from './gm-message.js';
import { cardState, registerTyped, saveCard, type TypedCard } from './typed-card.js';
import { payload, type PayloadParse } from './payload.js';

/** What an action's GM-side work gets: the message, a copy of its state to change, the target, the proven sender. */
export interface CardRun<S, T> {
  message: ChatMessage;
  state: S;
  target: T;
  user: User;
  /** The action's own request fields, as its `parse` returned them. */
  extra: Record<string, unknown>;
}

/** One action of a card (the `data-action` of its button). */
export interface CardActionSpec<S, T> {
  /**
   * The targets it takes now (default: all the card's `targets`); a request naming another is
   * refused as an unknown target, a button naming another is removed.
   */
  targets?(state: S): readonly T[];
  /** Who may press it (hides the button and guards the GM's handler alike). */
  may(user: User, state: S, target: T): boolean;
  /** Whether the card's state allows it now, whoever asks (else its button is not shown to anyone). */
  available(state: S, target: T): boolean;
  /** The action's own request fields, checked by a schema (`payload`); without it the request may carry none. */
  parse?: PayloadParse;
  /** The fields a click sends, read from the button and the card (or a refusal shown on this client). */
  fields?(button: HTMLButtonElement, state: S, target: T): Record<string, unknown> | CardActionResult;
  /** Whether this user's client shows its button (default: `may`); e.g. an abort the budget refuses. */
  shown?(user: User, state: S, target: T, el: HTMLElement): boolean;
  /** GM side: the step, on `ctx.state` (saved afterwards when changed) and the documents. */
  run(ctx: CardRun<S, T>): Promise<void>;
  /** The action that undoes this one (for the reader of the table; it is an action of its own). */
  undoneBy?: string;
  /** Asking client, after the GM answered ok (e.g. the Riposte starts the defender's attack). */
  after?(messageId: string, target: T, result: CardActionResult): Promise<CardActionResult>;
}

/** The lang keys of a card's refusals. */
export interface CardRefusals<S, T> {
  badRequest: string;
  noCard: string;
  unknownTarget: string;
  /** A lang key (given the sender's `name`), or the card's own refusal for this user and action. */
  notAllowed: string | ((action: string, user: User, state: S, target: T) => Refusal);
  /** The key (or the card's own refusal, e.g. with the reason) for an action the state does not allow now. */
  unavailable(action: string, state: S, target: T): string | Refusal;
}

/**
 * A card's table. A typed card (issue #34) gives `type`, `render` and `legacy` (typed-card.ts); its
 * `state` and `save` are then the kernel's (`cardState`, `saveCard`) unless it gives its own.
 */
export interface CardSpec<S, T extends { id: string }, A extends string = string> extends TypedCard<S> {
  /** The GM query of this card (`CONFIG.queries`). */
  query: string;
  /** The card's state on a message, or null when the message is not such a card (typed: the kernel's). */
  state?(message: ChatMessage | null | undefined): S | null;
  targets(state: S): readonly T[];
  /** The actors the card may change (their queues are joined by every action). */
  actors(state: S): readonly (string | null | undefined)[];
  /**
   * The GM's queues an action on the card `messageId` waits in besides the card's own (default:
   * `actors`), for a card whose actions also change what is outside it (other cards of its actors).
   */
  queueKeys?(state: S, messageId: string): readonly (string | null | undefined)[];
  /** Writes the state (and the content rendered from it) to the message (typed: the kernel's). */
  save?(message: ChatMessage, state: S): Promise<void>;
  refusals: CardRefusals<S, T>;
  actions: Record<A, CardActionSpec<S, T>>;
  /**
   * A check every action on a card passes first, before its target, permission and availability
   * (e.g. the card's combat model against the world's, model-guard.ts): a refusal, or null. While it
   * refuses, the action's button is not drawn for anyone.
   */
  guard?(action: A, state: S): Refusal | null;
  /**
   * GM side: a request `{ action: 'start', … }` posts a new card for the proven sender (its own
   * checks; the GM's message) in the roll mode the sender chose (`withRollMode`); the answer names
   * the message.
   */
  start?(data: Record<string, unknown>, sender: User, rollMode: RollMode): Promise<ChatMessage>;
  /** The start request's fields (without its `action`), checked by a schema before `start` gets them. */
  parseStart?: PayloadParse;
}

/** A card's table as defined: its `state` and `save` given (the card's own, or the kernel's). */
export type DefinedCardSpec<S, T extends { id: string }, A extends string> = CardSpec<S, T, A> &
  Required<Pick<CardSpec<S, T, A>, 'state' | 'save'>>;

export interface Card<S, T extends { id: string }, A extends string> {
  readonly spec: DefinedCardSpec<S, T, A>;
  /** GM side: a request's whole handling (the query's handler; without a context, public). */
  handle(data: Record<string, unknown>, sender: User, context?: GMQueryContext): Promise<CardActionResult>;
  /** Asking client: asks the GM to run `action` on `target` of the card (a refusal is shown). */
  request(
    messageId: string,
    action: A,
    target: string,
    extra?: Record<string, unknown>,
  ): Promise<CardActionResult>;
  /** `renderChatMessageHTML`: this user's buttons only, wired to {@link Card.request}. */
  decorate(message: ChatMessage, html: HTMLElement): void;
  /** Registers the card's GM query (on `init`). */
  register(): void;
  /** GM side: runs an action as `user` through the same checks and queues (automatic steps). */
  runAs(
    user: User,
    messageId: string,
    action: A,
    target: string,
    extra?: Record<string, unknown>,
  ): Promise<CardActionResult>;
}

/** JSON of `value` with every object's keys sorted (equal states give equal strings). */
const sameJSON = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );

/** Without an active GM a card's buttons can do nothing: the card says so (to this user). */
function noGMNote(html: HTMLElement): void {
  const root = html.querySelector<HTMLElement>('.message-content') ?? html;
  // Once: a typed card is decorated again after its redraw (typed-card.ts).
  if (game.users.activeGM || root.querySelector('.gng-no-gm')) return;
  const note = html.ownerDocument.createElement('p');
  note.className = 'note gng-no-gm';
  note.setAttribute('role', 'status');
  note.textContent = game.i18n.localize('GNG.Error.Card.NoActiveGM');
  root.prepend(note);
}

const defined: Card<never, { id: string }, string>[] = [];

/** Every card defined so far (the architecture test's walk over their requests' schemas). */
export const definedCards = (): readonly Card<never, { id: string }, string>[] => defined;

/** Defines a card from its table (its `register()` registers the GM query, on `init`). */
export function defineCard<S, T extends { id: string }, A extends string>(
  table: CardSpec<S, T, A>,
): Card<S, T, A> {
  const spec: DefinedCardSpec<S, T, A> = {
    state: (message) => cardState(table, message),
    save: (message, state) => saveCard(table, message, state),
    ...table,
  };
  registerTyped(spec as TypedCard<never>);
  const refusals = spec.refusals;
  const actionOf = (name: unknown): CardActionSpec<S, T> | undefined =>
    typeof name === 'string' && Object.hasOwn(spec.actions, name) ? spec.actions[name as A] : undefined;
  const targetsOf = (def: CardActionSpec<S, T>, state: S): readonly T[] =>
    def.targets ? def.targets(state) : spec.targets(state);
  // A request's envelope (its card, action and target), and the fields of an action that takes none.
  const envelope = payload(
    { messageId: 'str', action: Object.keys(spec.actions), target: 'str' },
    refusals.badRequest,
  );
  const noFields = payload({}, refusals.badRequest);

  async function runChecked(
    user: User,
    messageId: string,
    action: A,
    targetId: string,
    extra: Record<string, unknown>,
  ): Promise<void> {
    const def = actionOf(action) as CardActionSpec<S, T>;
    const message = game.messages.get(messageId);
    const stored = spec.state(message);
    // Only a card a GM posted is trusted: a player's own message could carry any state.
    if (!message || !stored || !isGMMessage(message)) throw new Refusal(refusals.noCard);
    const state = structuredClone(stored);
    const denied = spec.guard?.(action, state);
    if (denied) throw denied;
    const target = targetsOf(def, state).find((candidate) => candidate.id === targetId);
    if (!target) throw new Refusal(refusals.unknownTarget);
    // A user the card's roll mode hides its results from has no button on it (the GM plays them).
    if (!seesResult(user, message)) throw new Refusal('GNG.Error.Card.HiddenRoll', { name: user.name });
    if (!def.may(user, state, target))
      throw typeof refusals.notAllowed === 'string'
        ? new Refusal(refusals.notAllowed, { name: user.name })
        : refusals.notAllowed(action, user, state, target);
    if (!def.available(state, target)) {
      const why = refusals.unavailable(action, state, target);
      throw typeof why === 'string' ? new Refusal(why) : why;
    }
    await def.run({ message, state, target, user, extra });
    // Saved once, unless the step saved the same state itself (and its hooks ran after that). Keys
    // compared in one order: a typed card's `system` comes back in its schema's order.
    if (sameJSON(spec.state(game.messages.get(messageId))) !== sameJSON(state))
      await spec.save(message, state);
  }

  function queued(
    user: User,
    messageId: string,
    action: A,
    targetId: string,
    extra: Record<string, unknown>,
  ): Promise<CardActionResult> {
    // Only a GM's card names the actors to queue on (a player's message may carry anything).
    const message = game.messages.get(messageId);
    const now = isGMMessage(message) ? spec.state(message) : null;
    const others = !now ? [] : spec.queueKeys ? spec.queueKeys(now, messageId) : spec.actors(now);
    const keys = [messageId, ...others];
    return serialized(keys, () => runChecked(user, messageId, action, targetId, extra));
  }

  const card: Card<S, T, A> = {
    spec,
    async handle(data, sender, context) {
      if (typeof data !== 'object' || data === null) throw new Refusal(refusals.badRequest);
      if (data.action === 'start' && spec.start) {
        const { action: _start, ...fields } = data;
        const request = spec.parseStart ? spec.parseStart(fields) : data;
        const message = await spec.start(request, sender, context?.rollMode ?? 'publicroll');
        return { ok: true, messageId: message.id as string };
      }
      const { messageId, action, target, ...extra } = data;
      envelope({ messageId, action, target });
      const parsed = (actionOf(action)?.parse ?? noFields)(extra);
      return queued(sender, messageId as string, action as A, target as string, parsed);
    },
    request(messageId, action, target, extra = {}) {
      return askGM(spec.query, { messageId, action, target, ...extra });
    },
    runAs(user, messageId, action, target, extra = {}) {
      return queued(user, messageId, action, target, extra);
    },
    register() {
      registerGMQuery(spec.query, (data, sender, context) => card.handle(data, sender, context));
    },
    decorate(message, html) {
      // A card is a GM's message; a player's message with card flags gets no buttons.
      const state = isGMMessage(message) ? spec.state(message) : null;
      if (!state) return;
      noGMNote(html);
      // A card rolled in a mode that hides its results from this user gives it no button either
      // (its content is hidden by the kernel's own hook, roll-mode.ts): the GM plays its steps.
      const sees = seesResult(game.user, message);
      const targetOf = (def: CardActionSpec<S, T>, id: string) =>
        targetsOf(def, state).find((candidate) => candidate.id === id);
      decorateButtons(
        html,
        (action, targetId, el) => {
          const def = actionOf(action);
          const target = def && targetOf(def, targetId);
          // A step the state does not allow now (finished, or not yet) has no button for anyone:
          // the card's waiting line says what it waits for (waiting.ts).
          if (!def || !target || !sees || spec.guard?.(action as A, state) || !def.available(state, target))
            return false;
          return def.shown ? def.shown(game.user, state, target, el) : def.may(game.user, state, target);
        },
        async (action, targetId, button) => {
          const def = actionOf(action) as CardActionSpec<S, T>;
          const target = targetOf(def, targetId) as T;
          const fields = def.fields ? def.fields(button, state, target) : {};
          if ('ok' in fields && typeof fields.ok === 'boolean') return fields as CardActionResult;
          const messageId = message.id as string;
          const result = await card.request(messageId, action as A, targetId, fields);
          return result.ok && def.after ? def.after(messageId, target, result) : result;
        },
      );
    },
  };
  defined.push(card as unknown as Card<never, { id: string }, string>);
  return card;
}

/**
 * Registers a card on `init`: its GM query, its buttons on every rendered message
 * (`renderChatMessageHTML`), then what else `draw` adds to it, and its templates.
 */
export function registerCard<S, T extends { id: string }, A extends string>(
  card: Card<S, T, A>,
  templates: string[],
  draw?: (message: ChatMessage, html: HTMLElement) => void,
): void {
  card.register();
  Hooks.on('renderChatMessageHTML', (message: ChatMessage, html: HTMLElement) => {
    card.decorate(message, html);
    draw?.(message, html);
  });
  void foundry.applications.handlebars.loadTemplates(templates);
}
