/**
 * The GM's queues: one per card and one per actor. An action waits for every earlier action that
 * shares a key with it (its card, any actor it may change), so two cards never read and write one
 * actor at once, and one card never races itself. Each action waits only for actions queued before
 * it, so the queues cannot deadlock.
 */
import { Refusal, refusal, type CardActionResult } from './result.js';

const queues = new Map<string, Promise<unknown>>();

/**
 * Runs `fn` after the earlier actions of every key in `keys` (a message id, actor uuids), turning a
 * thrown refusal into `{ ok: false, error }`; `fn`'s own answer, or `{ ok: true }`.
 */
export function serialized(
  keys: string | readonly (string | null | undefined)[],
  fn: () => Promise<CardActionResult | void>,
): Promise<CardActionResult> {
  const list = [...new Set((typeof keys === 'string' ? [keys] : keys).filter((k): k is string => !!k))];
  const previous = Promise.allSettled(list.map((key) => queues.get(key) ?? Promise.resolve()));
  const run: Promise<CardActionResult> = previous
    .then(async (): Promise<CardActionResult> => (await fn()) ?? { ok: true })
    .catch(refusal);
  for (const key of list) queues.set(key, run);
  void run.finally(() => {
    for (const key of list) if (queues.get(key) === run) queues.delete(key);
  });
  return run;
}

/**
 * GM side: posts a card after the earlier actions of `keys` (the actors it changes), as a card's
 * `start` does; a refusal thrown on the way is thrown on.
 */
export async function postInQueue(
  keys: string | readonly (string | null | undefined)[],
  post: () => Promise<ChatMessage>,
): Promise<ChatMessage> {
  const result = await serialized(keys, async () => ({ ok: true, messageId: (await post()).id as string }));
  if (!result.ok) throw new Refusal(result.error, result.data);
  return game.messages.get(result.messageId as string) as ChatMessage;
}
