/** The world's document collections, typed for the harness (game.actors etc. point here). */
import type { HarnessWorldCollection as Collection } from './documents.js';
import type { TokenBars } from './tokens.js';

export interface HarnessWorld {
  actors: Collection<Actor>;
  items: Collection<Item>;
  messages: Collection<ChatMessage>;
  macros: Collection<Macro>;
  users: Collection<User>;
  /** Tokens "on the scene": the harness places them on request (`placeToken`). */
  tokens: Token[];
  /** A new token's bars (system.json's `primaryTokenAttribute`, `secondaryTokenAttribute`). */
  tokenBars: TokenBars;
  combats: Collection<Combat>;
  folders: Collection<Folder>;
}

/** Filled by `installFoundry()` before any document is created. */
export const world = {} as HarnessWorld;
