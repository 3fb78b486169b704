/**
 * A card loaded on first use (issue #29): at `init` only its registration stays in the start chunk —
 * its GM queries, a cheap test of whether a rendered message is one of its cards, its templates and a
 * loader `() => import('./x-card.js')` — and the card's work (its table, its steps, its rendering) is
 * loaded the first time a query reaches this client, a card of its kind is rendered or the asking
 * client starts one. Each load runs once (src/on-demand.ts) and is tracked, so
 * `attackActionsSettled()` waits for it and for what was drawn after it.
 *
 * The registration never imports the implementation statically (no import circle): what both need
 * (the query's name, the flag that marks its cards) lives in a small file of the card they share.
 * Like the rest of the kernel, this file imports nothing outside it: the loader is any
 * {@link CardModule} (src/on-demand.ts makes them).
 */
import { track } from './in-flight.js';
import { registerGMQuery, type GMQueryHandler } from './gm-query.js';
import type { CardActionResult } from './result.js';
import type { CardType } from './card-types.js';
import { registerTypedLoader } from './typed-card.js';

/** The class of a rendered card whose module is still loading. */
export const LOADING_CLASS = 'gng-card-loading';

/** A loader of the card's module (src/on-demand.ts `onDemand`): one import, then `loaded`. */
export interface CardModule<M> {
  (): Promise<M>;
  readonly loaded: M | undefined;
}

export interface LazyCardRegistration<M> {
  /** The loader of the card's implementation (one import, then the module at hand). */
  module: CardModule<M>;
  /** The GM queries it answers: each query's name → its handler, given the loaded module. */
  queries: Record<string, (module: M, ...request: Parameters<GMQueryHandler>) => Promise<CardActionResult>>;
  /**
   * Whether a rendered message needs the implementation (usually: it carries the card's flag); a
   * GM's card is decorated by the module, drawn then at once when it is loaded, else once it is.
   */
  renders?(message: ChatMessage): boolean;
  /** `renderChatMessageHTML` on one of its messages, with the module. */
  decorate?(module: M, message: ChatMessage, html: HTMLElement): void;
  /** The card's templates, loaded on `init` as before (a few kilobytes of markup). */
  templates: string[];
  /** The ChatMessage subtypes of its typed cards: the kernel loads the module to redraw one (typed-card.ts). */
  types?: readonly CardType[];
}

/**
 * Registers a card on `init` without loading it: its GM queries (each loads the module, then runs
 * its handler), its decoration of rendered messages and its templates.
 */
export function registerLazyCard<M>(card: LazyCardRegistration<M>): void {
  for (const [name, handler] of Object.entries(card.queries))
    registerGMQuery(name, async (...request) => handler(await card.module(), ...request));
  if (card.types) registerTypedLoader(card.types, card.module);
  const { renders, decorate } = card;
  if (renders && decorate)
    Hooks.on('renderChatMessageHTML', (message: ChatMessage, html: HTMLElement) => {
      if (!renders(message)) return;
      const loaded = card.module.loaded;
      if (loaded) return decorate(loaded, message, html);
      // Its buttons are not this user's yet: hidden until the module decorates them (styles/_chat.scss).
      html.classList.add(LOADING_CLASS);
      // Tracked (attackActionsSettled waits for it); a failed load leaves the card undecorated.
      void track(
        card.module().then((module) => {
          decorate(module, message, html);
          html.classList.remove(LOADING_CLASS);
        }),
      ).catch((error: unknown) => console.error(error));
    });
  void foundry.applications.handlebars.loadTemplates(card.templates);
}
