import { defineConfig } from 'vitest/config';

/**
 * Three kinds of test, run as Vitest projects so that one `vitest run` counts them all:
 * - unit: the pure rules engine (src/rules), no Foundry at all;
 * - integration: the Foundry glue on the fake runtime in test/harness;
 * - browser: built CSS and rendered templates in Debian's Chromium through playwright-core.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One Chromium at a time on a 2-core machine.
          fileParallelism: false,
        },
      },
    ],
  },
});
