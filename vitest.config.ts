import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Three kinds of test, run as Vitest projects so that one `vitest run` counts them all:
 * - unit: the pure rules engine (src/rules), no Foundry at all;
 * - integration: the Foundry glue on the fake runtime in test/harness;
 * - browser: built CSS and rendered templates in Debian's Chromium through playwright-core.
 *
 * Files run in parallel, one worker per core (at least two; Vitest's own default is one less than
 * the cores, a single worker on the 2-core CI machine). A browser file's worker launches its own
 * Chromium and opens a fresh context per test; the browser files share one playground server,
 * started on demand by test/browser/global-setup.ts. No file writes where another one reads: each
 * writes its own screenshots under test-results/browser/ and its scratch folders under the OS's temp.
 */
export default defineConfig({
  test: {
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          // The pure engine keeps no state between calls: its files share one module graph per
          // worker instead of loading the engine again for each (a third of the project's CPU time).
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          // Files share the worker process and what it imported from node_modules (happy-dom above
          // all, about a second of CPU a file); file-setup.ts gives each file a fresh module graph of
          // the system and the harness, and clean globals, as a process of its own would.
          isolate: false,
          setupFiles: ['test/harness/file-setup.ts'],
        },
      },
      {
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['test/browser/global-setup.ts'],
        },
      },
    ],
  },
});
