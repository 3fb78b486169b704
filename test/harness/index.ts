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

/** The runtime of this test file, created (and `src/gng.ts` loaded) on first use. */
export function getHarness(): Promise<Harness> {
  const client = new AsyncLocalStorage<User>();
  harnessPromise ??= createHarness({
    clients: { run: (user, fn) => client.run(user, fn), current: () => client.getStore() },
    root: ROOT,
    // happy-dom, made to behave as a browser's DOM where the HTML sanitizer relies on it.
    window: conformed(new Window({ url: 'http://localhost:30000/game' })),
    readText: (path) => {
      const file = join(ROOT, path);
      return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    },
  });
  return harnessPromise;
}

export * from './runtime.js';
export { installDice3d, removeDice3d, type Dice3DStandIn, type ShownRoll } from './dice3d.js';
