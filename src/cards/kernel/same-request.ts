/**
 * A GM query's handler that plays a request once while it is being played: the same request sent
 * again by the same user, the same in every field, before the first is answered (a double click on a
 * sheet's button) is that one, and both are answered with its result. Sent again after it is
 * answered, it plays again. Loaded with the cards that use it, not at start.
 */
import type { GMQueryContext } from './gm-query.js';
import type { CardActionResult } from './result.js';

type Handler = (
  data: Record<string, unknown>,
  sender: User,
  context?: GMQueryContext,
) => Promise<CardActionResult>;

export function oncePerRequest(play: Handler): Handler {
  // The requests being played, by sender and request: a double click's second is the first's.
  const playing = new Map<string, Promise<CardActionResult>>();
  return (data, sender, context) => {
    const key = JSON.stringify([
      sender.id,
      Object.entries(data ?? {}).sort(([a], [b]) => a.localeCompare(b)),
    ]);
    const running = playing.get(key);
    if (running) return running;
    const run = play(data, sender, context).finally(() => playing.delete(key));
    playing.set(key, run);
    return run;
  };
}
