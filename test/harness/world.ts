/** The world's document collections, typed for the harness (game.actors etc. point here). */
import type { HarnessWorldCollection as Collection } from './documents.js';

export interface HarnessWorld {
  actors: Collection<Actor>;
  items: Collection<Item>;
  messages: Collection<ChatMessage>;
  macros: Collection<Macro>;
  users: Collection<User>;
  /** Tokens "on the scene": the harness places them on request (`placeToken`). */
  tokens: Token[];
}

/** Filled by `installFoundry()` before any document is created. */
export const world = {} as HarnessWorld;
