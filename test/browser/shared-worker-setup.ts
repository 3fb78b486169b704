/**
 * Runs before each browser file that shares its worker (the files that do not open the playground:
 * vitest.config.ts's `browser-harness` project), ahead of test/harness/file-setup.ts, which gives
 * each file a fresh module graph and deletes every global an earlier file added. playwright-core,
 * which stays loaded in the worker, adds globals of its own when it is first imported (signal-exit's
 * emitter, undici's dispatcher, graceful-fs's queue, zod's registry): importing it here, before
 * file-setup.ts takes its list of the process's own globals on the worker's first file, keeps them
 * in that list, so no later file deletes what the loaded playwright-core still uses.
 *
 * For the same reason the holder of the worker's Chromium (chromium.ts) is created here, on the
 * worker's first file: it is then one of the worker's own globals, and the browser in it outlives
 * each file's reset.
 */
import 'playwright-core';
import { WORKER_CHROMIUM, type WorkerChromium } from './chromium.js';

const host = globalThis as Record<symbol, WorkerChromium | undefined>;
host[WORKER_CHROMIUM] ??= {};
