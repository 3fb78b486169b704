/** The world's document collections, typed for the harness (game.actors etc. point here). */
import type { HarnessWorldCollection as Collection } from './documents.js';
import type { TokenBars } from './tokens.js';
import type { HarnessScene } from './templates-documents.js';

export interface HarnessWorld {
  actors: Collection<Actor>;
  items: Collection<Item>;
  messages: Collection<ChatMessage>;
  macros: Collection<Macro>;
  users: Collection<User>;
  /** Every placed token (each on its scene: `token.document.parent`); the harness places them on request (`placeToken`). */
  tokens: Token[];
  /** A new token's bars (system.json's `primaryTokenAttribute`, `secondaryTokenAttribute`). */
  tokenBars: TokenBars;
  combats: Collection<Combat>;
  folders: Collection<Folder>;
  /** The world's scenes (`game.scenes`); the first is the default scene every client views. */
  scenes: Collection<HarnessScene>;
  /** The scene each user's canvas shows (`canvas.scene` on that user's client); default: the first scene. */
  viewing: Map<User, HarnessScene | null>;
}

/** Filled by `installFoundry()` before any document is created. */
export const world = {} as HarnessWorld;

/** The scene the current client's canvas shows (null: no scene is viewed). */
export function viewedScene(): HarnessScene | null {
  const user = game.user;
  return world.viewing.has(user) ? (world.viewing.get(user) ?? null) : (world.scenes.contents[0] ?? null);
}
