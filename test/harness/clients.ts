/**
 * The clients of the fake runtime. In Foundry every connected user has a client of its own: its own
 * `game.user`, its own copy of the hooks. Here one process plays all of them:
 * - a query runs on the receiving user's client (`game.user` is that user for the handler's whole
 *   run, across its awaits);
 * - a document's post-change hooks (`create…`, `update…`, `delete…`) run once on every connected
 *   user's client, each with the id of the user who made the change;
 * - code the test runs itself acts as the "foreground" user (`harness.as(user)`).
 * In Node the client of running code follows it across awaits (AsyncLocalStorage, given by the
 * Node host); in a browser (the playground) there is no such thing, so the client is swapped for
 * the duration of the call, as a single tab would.
 */

/** Runs code as one user's client. */
export interface ClientContext {
  /** Runs `fn` as `user`'s client (its promise, if any, keeps that client to the end in Node). */
  run<T>(user: User, fn: () => T): T;
  /** The client running now, if code runs inside {@link ClientContext.run}. */
  current(): User | undefined;
  /**
   * True where a client's async work cannot be told from another's (the browser): there a hook
   * handler that returns a promise keeps its client until it settles, and the change that fired the
   * hook waits for it (documents.ts `hookWorkSettled`), so no other client's code runs meanwhile.
   */
  readonly serial?: boolean;
}

/** The browser's fallback: the client is swapped while `fn` (and the promise it returns) runs. */
export function swappingClients(): ClientContext {
  let current: User | undefined;
  return {
    serial: true,
    current: () => current,
    run<T>(user: User, fn: () => T): T {
      const previous = current;
      current = user;
      let result: T;
      try {
        result = fn();
      } catch (error) {
        current = previous;
        throw error;
      }
      if (result instanceof Promise)
        return result.finally(() => {
          current = previous;
        }) as T;
      current = previous;
      return result;
    },
  };
}

/** The runtime's client context (the host's, set by `createHarness`). */
export const clients: { context: ClientContext } = { context: swappingClients() };

/** Runs `fn` as `user`'s client. */
export function asClient<T>(user: User, fn: () => T): T {
  return clients.context.run(user, fn);
}
