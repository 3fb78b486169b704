/**
 * Who sent a GM query, proven rather than claimed. Foundry v13 calls a query handler with the data
 * and `{ timeout }` only (foundryvtt/foundryvtt#13418), and a user id in the data is whatever the
 * sender wrote. So the asking client writes its user id and a fresh random request id into the
 * request and remembers the request until the answer comes; the GM's client then asks the claimed
 * user to confirm it (`gng.confirmRequest`). The server delivers a query only to the user it names,
 * so only the real sender's client can say yes: an impostor's request is confirmed by nobody.
 * Each request is confirmed once (a replay finds nothing to confirm). If a later Foundry passes the
 * sender in the handler's options as the world's own `User` document, that is used and the round
 * trip is skipped; an id or plain data there is never believed (a relayed option is the sender's).
 */

export const CONFIRM_QUERY = 'gng.confirmRequest';

/** How long the GM waits for the claimed sender's confirmation. */
const CONFIRM_TIMEOUT = 10_000;

/** The fields the kernel adds to every request (the handlers never see them). */
export interface RequestEnvelope {
  requestId: string;
  userId: string;
}

/**
 * Requests this client sent and has not had answered, by the sending user's id (a real client only
 * ever holds its own user's; keying by user keeps the clients of the test runtime apart).
 */
const pending = new Map<string, Map<string, string>>();

/** A stable text of `value` (object keys sorted), so both ends compare the same request. */
export function digest(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/** A fresh request id: 128 random bits, unguessable by another client. */
function newRequestId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Wraps `data` in this client's envelope and remembers it until `settle` is called (after the GM
 * answered): `{ payload, settle }`.
 */
export function envelope(data: Record<string, unknown>): {
  payload: Record<string, unknown> & RequestEnvelope;
  settle: () => void;
} {
  const userId = game.user.id as string;
  const payload = { ...data, requestId: newRequestId(), userId };
  let mine = pending.get(userId);
  if (!mine) pending.set(userId, (mine = new Map()));
  mine.set(payload.requestId, digest(payload));
  const own = mine;
  return { payload, settle: () => void own.delete(payload.requestId) };
}

/**
 * `CONFIG.queries['gng.confirmRequest']`, on the claimed sender's client: true when this client sent
 * exactly this request and it has not been confirmed before.
 */
export function confirmRequest(data: Record<string, unknown>): boolean {
  const mine = pending.get(game.user.id as string);
  const requestId = typeof data?.requestId === 'string' ? data.requestId : '';
  const expected = mine?.get(requestId);
  if (expected === undefined || expected !== data.digest) return false;
  // Confirmed once: the request stays pending for the answer, but cannot be confirmed again.
  mine?.set(requestId, '');
  return true;
}

/**
 * A sender Foundry itself names in the handler's options (not in v13; a later Foundry may add it):
 * believed only as the world's own `User` document — the very instance `game.users` holds. Whatever
 * crossed the wire is plain data (an id, or an object that looks like a user), which the sending
 * client could have written, so it names nobody and the round trip decides.
 */
function givenSender(options: QueryOptions | undefined): User | null {
  if (!options || typeof options !== 'object') return null;
  for (const key of ['user', 'sender'] as const) {
    const given = options[key];
    if (!given || typeof given !== 'object') continue;
    const id = (given as { id?: unknown }).id;
    if (typeof id === 'string' && game.users.get(id) === given) return given as User;
  }
  return null;
}

/**
 * On the active GM: the user who sent `payload`, proven by the round trip above (or named by
 * Foundry itself, as a `User` document); null when nobody can be proven to have sent it.
 */
export async function proveSender(
  payload: Record<string, unknown>,
  options: QueryOptions | undefined,
): Promise<User | null> {
  const given = givenSender(options);
  if (given) return given;
  const { userId, requestId } = payload;
  if (typeof userId !== 'string' || typeof requestId !== 'string') return null;
  const claimed = game.users.get(userId);
  // The GM's own clicks never arrive as queries (askGM runs them locally).
  if (!claimed || !claimed.active || claimed.id === game.user.id) return null;
  try {
    const answer = await claimed.query(
      CONFIRM_QUERY,
      { requestId, digest: digest(payload) },
      { timeout: CONFIRM_TIMEOUT },
    );
    return answer === true ? claimed : null;
  } catch {
    return null;
  }
}
