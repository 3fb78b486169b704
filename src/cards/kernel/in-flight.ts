/** Card actions in flight on this client, so that macros and tests can wait for a click to finish. */

const inFlight = new Set<Promise<unknown>>();

export function track<T>(promise: Promise<T>): Promise<T> {
  inFlight.add(promise);
  void promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
  return promise;
}

/** Resolves when every card action started on this client (clicks, automatic rolls) has finished. */
export async function attackActionsSettled(): Promise<void> {
  while (inFlight.size) await Promise.allSettled([...inFlight]);
}
