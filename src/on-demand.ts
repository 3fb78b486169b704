/**
 * Code a world loads on first use (issue #29): the simulator, the stat-block importer, the odds and
 * the bestiary conversion are dynamic `import()`s, which the build turns into chunks beside gng.mjs
 * (vite.config.ts; docs/architecture.md "Code loaded on first use"). Each is loaded through an {@link onDemand} loader: one request the
 * first time, the module itself afterwards — also synchronously, once loaded (`.loaded`), so a render
 * hook draws at once when it can. Loads are tracked (kernel in-flight.ts): `attackActionsSettled()`
 * waits for them and for what was drawn after them.
 */
import { readyGate, track } from './cards/kernel/in-flight.js';

/** A module loaded on first call; `loaded` is the module once it has been. */
export interface OnDemand<T> {
  (): Promise<T>;
  readonly loaded: T | undefined;
}

/** A loader of `load()`'s module: the import runs once (again only after it failed). */
export function onDemand<T>(load: () => Promise<T>): OnDemand<T> {
  let pending: Promise<T> | undefined;
  let value: T | undefined;
  const get = () => {
    // With the world's combat model (kernel in-flight.ts `readyGate`; a failed load is told elsewhere).
    pending ??= track(Promise.all([load(), readyGate().catch(() => {})])).then(
      ([module]) => (value = module),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return Object.defineProperty(get, 'loaded', { get: () => value }) as OnDemand<T>;
}

/**
 * Runs `use` with the module: now when it is loaded, else once it is (a failed load is reported on
 * the console: what it would have drawn stays undrawn).
 */
export function withModule<T>(loader: OnDemand<T>, use: (module: T) => void): void {
  const module = loader.loaded;
  if (module) {
    use(module);
    return;
  }
  void track(loader().then(use)).catch((error: unknown) => console.error(error));
}

/**
 * Calls `use` with the module once it is loaded (the API's functions of a card loaded on first use):
 * the whole call is tracked, so `attackActionsSettled()` waits for the load and what follows it.
 */
export function callModule<T, R>(loader: OnDemand<T>, use: (module: T) => R | Promise<R>): Promise<R> {
  return track(loader().then(use));
}
