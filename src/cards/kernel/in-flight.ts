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

let gate: () => Promise<unknown> = () => Promise.resolve();

/**
 * Sets what every GM query's handler (gm-query.ts) and every module loaded on first use
 * (src/on-demand.ts) wait for first: the world's combat model, itself loaded on first use
 * (src/settings/combat-model.ts `worldModelReady`). A query refused by its rejection answers with it.
 */
export function setReadyGate(wait: () => Promise<unknown>): void {
  gate = wait;
}

/** The wait {@link setReadyGate} set (resolved at once until one is). */
export function readyGate(): Promise<unknown> {
  return gate();
}
