/**
 * Runs before each integration test file (vitest.config.ts `setupFiles`). The integration project
 * shares one worker process between files (`isolate: false`), so that Node, Vitest's worker and the
 * packages from node_modules (happy-dom above all: about a second of CPU to import) load once per
 * worker rather than once per file. Everything else starts again for each file, as in a process
 * of its own:
 * - the module graph: every module of src/ and test/ is evaluated anew on first import (so the
 *   harness, `src/gng.ts`, its hooks, settings, sheets and module state are the file's own);
 * - the globals: whatever an earlier file added to `globalThis` (`game`, `CONFIG`, `Hooks`,
 *   `window`, …) is removed, so the harness installs its own;
 * - after the file's tests its harness is disposed (index.ts): its happy-dom window closes (timers
 *   and pending fetches stop) and its AsyncLocalStorage is disabled (left enabled, each file's would
 *   slow every promise of the files after it).
 * Vitest itself restores mocks and spies after each file. A new file needs nothing of its own.
 */
import { afterAll, vi } from 'vitest';

const BASELINE = Symbol.for('gng.test.baselineGlobals');
/** Set by index.ts when the file creates its harness. */
const DISPOSE = Symbol.for('gng.test.disposeHarness');
type Host = typeof globalThis & { [BASELINE]?: Set<PropertyKey> };
const host = globalThis as Host;

vi.resetModules();
const baseline = (host[BASELINE] ??= new Set([...Reflect.ownKeys(globalThis), BASELINE]));
for (const key of Reflect.ownKeys(globalThis))
  if (!baseline.has(key)) Reflect.deleteProperty(globalThis, key);

afterAll(async () => {
  const dispose = (globalThis as Record<symbol, unknown>)[DISPOSE] as (() => Promise<void>) | undefined;
  await dispose?.();
});
