/**
 * Launches Debian's Chromium through playwright-core (never a downloaded browser).
 * Missing Chromium is a clear error telling how to install it, not a skipped test.
 *
 * Who launches it (useChromiumPages):
 * - A browser file (both projects, `browser-harness` and the playground files' `browser`: files that
 *   share their worker process, vitest.config.ts) uses the worker's Chromium: launched by the worker's first file that needs one and kept for the
 *   worker's later files, each of which makes a browser context of its own and closes it after its
 *   tests, so none of a file's pages, storage, downloads or HTTP cache outlive it. Measured in a
 *   scratch script (a file's launch, context, idle page and one test page): 2.1 s of CPU a file with a
 *   browser of its own, 0.9 s in a running one. The browser is kept in a holder on `globalThis`
 *   that test/browser/shared-worker-setup.ts creates before test/harness/file-setup.ts takes its list
 *   of the worker's own globals (so no file deletes it), and held in-process: no browser server in
 *   between (a server shared by every worker measured no gain: docs/performance.md). A browser that
 *   crashed or disconnected is launched again by the next file rather than failing it. It goes with
 *   the worker: Vitest stops a worker with SIGTERM (and SIGKILL 0.5 s later), on which the worker exits
 *   and Playwright's exit handler kills the browser's process group and removes its profile folder.
 * - A file run without the holder (a script, a config without shared-worker-setup.ts) launches its
 *   own Chromium and closes it after its tests.
 */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Debian's `chromium-headless-shell`: the same Chromium (same version, same Blink) built as the old
 * headless shell, without the browser's window, profile and UI machinery, which Playwright itself
 * uses for headless runs. Each page and each playground load costs less CPU in it than in the full
 * browser's headless mode (docs/performance.md: about a sixth less a load). Used when installed;
 * otherwise the full `/usr/bin/chromium` (the same tests pass in both); CHROMIUM_PATH overrides.
 */
export const HEADLESS_SHELL_PATH = '/usr/lib/chromium/chromium-headless-shell';

export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : '/usr/bin/chromium');

/**
 * The Chromium features Playwright (1.65) disables in every browser it launches: its own
 * `--disable-features=` argument, which launchChromium replaces by one that also names
 * OUR_DISABLED_FEATURES (Chromium reads only the last `--disable-features` of its command line).
 * chromium.test.ts compares this list with the argument Playwright passes: update it with Playwright.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * What the tests do not need and every launch paid for: headless Chromium builds the address bar's
 * suggestion popups (two WebUI pages, chrome://omnibox-popup.top-chrome/) in a renderer of their own
 * when its first page navigates, about 0.8–1.4 s of CPU per launch, once per browser test file
 * (docs/performance.md). No test opens an address bar.
 */
export const OUR_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

export async function launchChromium(executablePath = CHROMIUM_PATH): Promise<Browser> {
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium was not found at ${executablePath}. The browser tests use Debian's Chromium: ` +
        `install it with "apt-get update && apt-get install -y chromium-headless-shell" (or chromium, or set CHROMIUM_PATH).`,
    );
  }
  return chromium.launch({
    executablePath,
    headless: true,
    ignoreDefaultArgs: [`--disable-features=${PLAYWRIGHT_DISABLED_FEATURES.join(',')}`],
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Every page of the browser in one renderer process (chromium.test.ts), rather than a process
      // started (and ended) for each test's page: a test's page cost about 0.38 s of CPU against
      // 0.67 s in a scratch script, and each browser project about a sixth less CPU
      // (docs/performance.md). A worker's pages never run side by side: its files and tests run
      // one at a time. Each page keeps its own document, scripts and globals.
      '--renderer-process-limit=1',
      // V8 without its background threads (concurrent compiling, marking and sweeping, parallel
      // scavenges): the work is done on the thread that needs it. Four browsers share two cores, so
      // those threads only took turns with the main threads; alternated runs of each browser
      // project used about a twentieth less CPU, a quarter of it system time (docs/performance.md).
      // Pages and their Web Workers run as before (simulator.test.ts runs fights in a Worker).
      '--js-flags=--single-threaded',
      `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OUR_DISABLED_FEATURES].join(',')}`,
    ],
  });
}

/** The worker's Chromium (see the header); created by shared-worker-setup.ts. */
export const WORKER_CHROMIUM = Symbol.for('gng.test.workerChromium');

export interface WorkerChromium {
  /** The running (or launching) browser; unset when none is, or when it disconnected. */
  browser?: Promise<Browser>;
  /** Whether the worker's SIGTERM handler is installed. */
  exitOnTerm?: boolean;
}

/** The worker's Chromium, launched if none is connected; undefined when the worker keeps none. */
export async function workerChromium(): Promise<Browser | undefined> {
  const holder = (globalThis as Record<symbol, unknown>)[WORKER_CHROMIUM] as WorkerChromium | undefined;
  if (!holder) return undefined;
  const running = await holder.browser?.catch(() => undefined);
  if (running?.isConnected()) return running;
  const launching = launchChromium();
  holder.browser = launching;
  const forget = (): void => {
    if (holder.browser === launching) delete holder.browser;
  };
  void launching.then((browser) => browser.on('disconnected', forget), forget);
  if (!holder.exitOnTerm) {
    holder.exitOnTerm = true;
    // Vitest stops a worker with SIGTERM: exit then, so that Playwright's exit handler kills the
    // browser at once (its own SIGTERM handler only starts a graceful close, which the worker's
    // SIGKILL 0.5 s later may cut short, leaving the profile folder behind).
    process.once('SIGTERM', () => process.exit(143));
  }
  return launching;
}

/**
 * The repository's root. (test/harness/index.ts exports the same; a playground file takes it from here
 * rather than import the harness, happy-dom and the system for one path: about 2 s of CPU a file.)
 */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Where browser tests write their screenshots. */
export const ARTIFACTS_DIR = fileURLToPath(new URL('../../test-results/browser/', import.meta.url));

/**
 * Whether the pages write the screenshots the tests take. They are pictures for people (no test
 * reads one back): `npm test` turns them off (scripts/test.ts sets GNG_SCREENSHOTS=0 unless it is
 * set), which saves about a tenth of the browser files' CPU (docs/performance.md);
 * `GNG_SCREENSHOTS=1 npm test`, `npm run test:browser` and a single `npx vitest run` take them.
 */
export const SCREENSHOTS = process.env.GNG_SCREENSHOTS !== '0';

export interface ChromiumPages {
  /** The page of the running test. */
  readonly page: Page;
  /** Opens a new page with the same checks and makes it the current one (e.g. to "reload"). */
  reopen(): Promise<Page>;
  /**
   * Keeps `page` open after the test: the next tests get it as their page (at the file's viewport)
   * instead of a new one (playground-page.ts resets its world). Its errors still fail the test running.
   */
  keep(page: Page): void;
}

/**
 * Registers the hooks every browser test file needs: a browser context for the file (in the worker's
 * Chromium, or in one of the file's own: see the header), a fresh page per test (after
 * `beforeEachTest`, e.g. a harness reset), and a failed test when a page logs an error.
 *
 * The pages of a file share one browser context, and an idle blank page stays open in it for the
 * whole file. Measured by CPU (docs/performance.md), a test's new page then costs about a third of
 * what a page in a context of its own did, and a playground load 0.4–0.9 s less; a shared
 * context without the idle page saved nothing. Each page still gets a renderer process of its own,
 * and is still the test's own (its document, scripts, playground world, chat log and settings live
 * in the page and go with it); the context's only shared state is its HTTP cache and storage,
 * which neither the system nor the playground uses. A test's pages are closed after it, so no page
 * of one test runs during the next, except the one page a file may `keep`: the playground files
 * reuse it, their world reset in it (playground-page.ts), which playground-reset.test.ts proves
 * equal to a fresh load.
 */
export function useChromiumPages(options: {
  viewport: { width: number; height: number };
  beforeEachTest?: () => void;
}): ChromiumPages {
  let ownBrowser: Browser | undefined;
  let context: BrowserContext | undefined;
  let current: Page | undefined;
  let kept: Page | undefined;
  const opened: Page[] = [];
  const errors: string[] = [];

  async function open(): Promise<Page> {
    if (!context) throw new Error('Chromium is not running');
    // A page of a context (not browser.newPage(), which makes a context of its own that cannot
    // open other pages): axe-core's default mode opens its own page in the page's context to check
    // frames.
    const page = await context.newPage();
    if (!SCREENSHOTS) page.screenshot = () => Promise.resolve(Buffer.alloc(0));
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    opened.push(page);
    current = page;
    return page;
  }

  beforeAll(async () => {
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
    const shared = await workerChromium();
    if (!shared) ownBrowser = await launchChromium();
    context = await (shared ?? ownBrowser)?.newContext({ viewport: options.viewport });
    // The idle page that keeps the context in use between tests (see above).
    await context?.newPage();
  });
  // The worker's browser stays for its next file, this file's context (and every page in it) goes.
  afterAll(async () => (ownBrowser ? ownBrowser.close() : context?.close()));
  beforeEach(async () => {
    options.beforeEachTest?.();
    errors.length = 0;
    if (kept?.isClosed()) kept = undefined;
    if (kept) {
      current = kept;
      const size = kept.viewportSize();
      if (size?.width !== options.viewport.width || size.height !== options.viewport.height)
        await kept.setViewportSize(options.viewport);
    } else await open();
    return async () => {
      for (const page of opened.splice(0)) if (page !== kept) await page.close();
      expect(errors).toEqual([]);
    };
  });

  return {
    get page(): Page {
      if (!current) throw new Error('no page: use it inside a test');
      return current;
    },
    reopen: open,
    keep: (page) => {
      kept = page;
    },
  };
}
