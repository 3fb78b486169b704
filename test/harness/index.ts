/**
 * The fake Foundry runtime in Node, for tests: a happy-dom window and the repository's files. One
 * runtime per test file (each file evaluates the harness and the system anew: file-setup.ts);
 * `reset()` gives each test an empty world.
 */
import { Window } from 'happy-dom';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHarness, type Harness } from './runtime.js';
import { conformDom } from './dom-conformance.js';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

let harnessPromise: Promise<Harness> | undefined;

function conformed(window: Window): Window {
  conformDom(window);
  return window;
}

/**
 * What ends this file's runtime (test/harness/file-setup.ts calls it after the file's tests, when
 * files share a worker process): its happy-dom window closes, and its AsyncLocalStorage is disabled
 * (in Node 20 each enabled one stays in a process-wide list that every new promise goes through).
 */
const DISPOSE = Symbol.for('gng.test.disposeHarness');

/** The runtime of this test file, created (and `src/gng.ts` loaded) on first use. */
export function getHarness(): Promise<Harness> {
  if (harnessPromise) return harnessPromise;
  const client = new AsyncLocalStorage<User>();
  // happy-dom, made to behave as a browser's DOM where the HTML sanitizer relies on it.
  const window = conformed(new Window({ url: 'http://localhost:30000/game' }));
  (globalThis as Record<symbol, unknown>)[DISPOSE] = async () => {
    client.disable();
    await window.happyDOM.close();
  };
  harnessPromise = createHarness({
    clients: { run: (user, fn) => client.run(user, fn), current: () => client.getStore() },
    root: ROOT,
    window,
    readText: (path) => {
      const file = join(ROOT, path);
      return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    },
  });
  return harnessPromise;
}

export * from './runtime.js';
export { installDice3d, removeDice3d, type Dice3DStandIn, type ShownRoll } from './dice3d.js';
export {
  installTokenActionHud,
  removeTokenActionHud,
  type TokenActionHudStandIn,
  type HudActionStandIn,
} from './token-action-hud.js';
