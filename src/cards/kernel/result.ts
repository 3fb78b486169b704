/**
 * What a GM query answers: done, or refused with a lang key (and its data) that the asking client
 * localizes and shows. Handlers throw a {@link Refusal}; the kernel turns it into the answer.
 */

/**
 * What the GM's handler answers: done (with the message it created, if any), or refused with a lang
 * key (the asking client localizes it).
 */
export type CardActionResult =
  | { ok: true; messageId?: string; data?: Record<string, unknown> }
  | { ok: false; error: string; data?: Record<string, unknown> };

/** A refusal of the GM's handler: a lang key (and its data) the asking client shows. */
export class Refusal extends Error {
  constructor(
    readonly key: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(key);
  }
}

/** A refusal (or an unexpected error, logged) of the GM's handler, as an answer. */
export function refusal(error: unknown): CardActionResult {
  if (error instanceof Refusal) return { ok: false, error: error.key, data: error.data };
  console.error(error);
  return {
    ok: false,
    error: 'GNG.Error.Attack.Failed',
    data: { error: String((error as Error)?.message ?? error) },
  };
}
