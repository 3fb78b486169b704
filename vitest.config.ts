import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Three kinds of test, run as Vitest projects so that one `vitest run` counts them all:
 * - unit: the pure rules engine (src/rules), no Foundry at all;
 * - integration: the Foundry glue on the fake runtime in test/harness;
 * - browser: built CSS and rendered templates in Debian's Chromium through playwright-core.
 *
 * Files run in parallel. The browser files come first, two workers per core (at least four): a
 * browser file mostly waits on its page (on a quiet 2-core machine its worker and Chromium used about
 * a third of a core over the file's time), so two per core keep the cores busy rather than waiting
 * (docs/performance.md). Then the unit and integration files, one worker per core (at least two;
 * Vitest's own default is one less than the cores): they compute, and more workers than cores would
 * only share the cores. A browser worker launches one Chromium for all its files (a context of its
 * own per file: test/browser/chromium.ts); the browser files share one playground server, started on demand by
 * test/browser/global-setup.ts. No file writes where another one reads: each writes its own
 * screenshots under test-results/browser/ and its scratch folders under the OS's temp.
 *
 * Workers are reused across files where that is safe (`isolate: false`): the unit files share one
 * module graph per worker (the pure engine keeps no state); the integration files share the worker
 * process and what it imported from node_modules (happy-dom above all), while test/harness/file-setup.ts
 * gives each file a fresh module graph of the system and harness and clean globals. The browser files
 * share their worker the same way, both those that do not open the playground (project
 * `browser-harness`) and the playground files (project `browser`, which also starts the playground
 * server); test/browser/shared-worker-setup.ts keeps playwright-core's globals and the worker's
 * Chromium across the files' resets (a playground file timed out in a shared worker once, when those
 * globals were deleted under it: docs/performance.md). A new file of any project needs no configuration.
 */
const cores = availableParallelism();

/**
 * The browser files that do not open the playground (they render with the harness in Node and show
 * the HTML in a page): a project of their own, without the playground server. Found by what the file
 * says, so a new file needs no configuration.
 */
const browserDir = fileURLToPath(new URL('test/browser/', import.meta.url));
const harnessBrowserFiles = readdirSync(browserDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .filter((file) => !readFileSync(`${browserDir}${file}`, 'utf8').includes('usePlaygroundServer'))
  .map((file) => `test/browser/${file}`);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          maxWorkers: Math.max(2, cores),
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          setupFiles: ['test/harness/file-setup.ts'],
          maxWorkers: Math.max(2, cores),
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          exclude: harnessBrowserFiles,
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['test/browser/global-setup.ts'],
          isolate: false,
          setupFiles: ['test/browser/shared-worker-setup.ts', 'test/harness/file-setup.ts'],
          maxWorkers: Math.max(4, 2 * cores),
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'browser-harness',
          include: harnessBrowserFiles,
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          isolate: false,
          setupFiles: ['test/browser/shared-worker-setup.ts', 'test/harness/file-setup.ts'],
          maxWorkers: Math.max(4, 2 * cores),
          sequence: { groupOrder: 0 },
        },
      },
    ],
  },
});
