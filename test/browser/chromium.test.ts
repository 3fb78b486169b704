import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import {
  CHROMIUM_PATH,
  OUR_DISABLED_FEATURES,
  PLAYWRIGHT_DISABLED_FEATURES,
  WORKER_CHROMIUM,
  launchChromium,
  workerChromium,
  type WorkerChromium,
} from './chromium.js';

/** Every process on the machine: its pid, its parent's pid and its command line (NUL-separated). */
function processes(): { pid: string; parent: string; cmdline: string }[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        // The fields after the command's name: state, then the parent's pid.
        const parent = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] as string;
        return [{ pid, parent, cmdline: readFileSync(`/proc/${pid}/cmdline`, 'utf8') }];
      } catch {
        return []; // a process that ended meanwhile
      }
    });
}

/** The command lines of the browsers this process launched (Playwright's children on Linux), by pid. */
function browserCommandLines(): Map<string, string[]> {
  return new Map(
    processes()
      .filter(({ parent }) => Number(parent) === process.pid)
      .map(({ pid, cmdline }) => [pid, cmdline.split('\0').filter(Boolean)] as const)
      .filter(([, args]) => args.includes('--remote-debugging-pipe')),
  );
}

/**
 * The features of each `--disable-features=` argument of the one browser `launch` starts (not the
 * worker's own Chromium, which an earlier file of the worker may have left running: chromium.ts).
 */
async function disabledFeatures(launch: () => Promise<Browser>): Promise<string[][]> {
  const before = browserCommandLines();
  const browser = await launch();
  try {
    const lines = [...browserCommandLines()].filter(([pid]) => !before.has(pid)).map(([, args]) => args);
    expect(lines).toHaveLength(1);
    return (lines[0] as string[])
      .filter((arg) => arg.startsWith('--disable-features='))
      .map((arg) => arg.slice('--disable-features='.length).split(','));
  } finally {
    await browser.close();
  }
}

/** The pids of the renderer processes under the browser process `browserPid` (its zygote's children). */
function rendererPids(browserPid: string): string[] {
  const all = processes();
  const parents = new Map(all.map(({ pid, parent }) => [pid, parent]));
  const under = (pid: string | undefined): boolean =>
    pid !== undefined && pid !== '0' && pid !== '1' && (pid === browserPid || under(parents.get(pid)));
  return (
    all
      // Chromium rewrites its children's command lines as one string (their process title).
      .filter(({ cmdline }) => /(^|[\s\0])--type=renderer([\s\0]|$)/.test(cmdline))
      .map(({ pid }) => pid)
      .filter(under)
  );
}

describe('Chromium for the browser tests', () => {
  it('a missing Chromium is a clear error that says how to install it, not a skip', async () => {
    await expect(launchChromium('/nonexistent/chromium')).rejects.toThrow(
      /Chromium was not found at \/nonexistent\/chromium\. .*apt-get update && apt-get install -y chromium-headless-shell/,
    );
  });

  it('keeps every feature Playwright disables and adds ours, in one --disable-features (Chromium reads the last only)', async () => {
    // Playwright's own argument, as it launches a browser with no arguments of ours.
    const playwright = await disabledFeatures(() =>
      chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox'] }),
    );
    expect(playwright).toHaveLength(1);
    expect([...(playwright[0] as string[])].sort()).toEqual([...PLAYWRIGHT_DISABLED_FEATURES].sort());

    const ours = await disabledFeatures(() => launchChromium());
    expect(ours).toEqual([[...PLAYWRIGHT_DISABLED_FEATURES, ...OUR_DISABLED_FEATURES]]);
  });

  it('runs every page of a browser in one renderer process, its V8 single-threaded: pages set with setContent and pages of an http server', async () => {
    const server = createServer((_request, response) =>
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><title>Served</title><h1>Served</h1>'),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const before = browserCommandLines();
    const browser = await launchChromium();
    try {
      const pids = [...browserCommandLines().keys()].filter((pid) => !before.has(pid));
      expect(pids).toHaveLength(1);
      const context = await browser.newContext();
      const pages = await Promise.all([context.newPage(), context.newPage(), context.newPage()]);
      await (pages[0] as Page).setContent('<h1>One</h1>');
      await (pages[1] as Page).setContent('<h1>Two</h1>');
      await (pages[2] as Page).goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(await Promise.all(pages.map((page) => page.textContent('h1')))).toEqual([
        'One',
        'Two',
        'Served',
      ]);
      const renderers = rendererPids(pids[0] as string);
      expect(renderers).toHaveLength(1);
      // The renderer's V8 got launchChromium's flags (Chromium passes --js-flags on to it).
      const renderer = processes().find(({ pid }) => pid === renderers[0]);
      expect(renderer?.cmdline).toMatch(/(^|[\s\0])--js-flags=--single-threaded([\s\0]|$)/);
    } finally {
      await browser.close();
      server.close();
    }
  });

  it("keeps the worker's Chromium for the next file, builds no address-bar popup page once a page has navigated, and launches a new Chromium once it has disconnected", async () => {
    // A holder of its own (the worker's may hold the browser of an earlier file), put back after.
    const host = globalThis as Record<symbol, WorkerChromium | undefined>;
    const workers = host[WORKER_CHROMIUM];
    host[WORKER_CHROMIUM] = { exitOnTerm: true };
    const launched: Browser[] = [];
    const before = browserCommandLines();
    try {
      const first = (await workerChromium()) as Browser;
      launched.push(first);
      expect(first.isConnected()).toBe(true);
      expect(await workerChromium()).toBe(first);

      // It builds no address-bar popup page once a page has navigated (OUR_DISABLED_FEATURES).
      const page = await first.newPage();
      await page.goto('data:text/html,<h1>Hello</h1>');
      const session = await first.newBrowserCDPSession();
      const { targetInfos } = (await session.send('Target.getTargets')) as {
        targetInfos: { type: string; url: string }[];
      };
      expect(targetInfos.map((target) => target.url)).toContain('data:text/html,<h1>Hello</h1>');
      expect(targetInfos.filter((target) => target.url.startsWith('chrome://'))).toEqual([]);

      // A crash: the browser's process group killed (Playwright starts it as a group of its own).
      const pids = [...browserCommandLines().keys()].filter((pid) => !before.has(pid));
      expect(pids).toHaveLength(1);
      const disconnected = new Promise((resolve) => first.once('disconnected', resolve));
      process.kill(-Number(pids[0]), 'SIGKILL');
      await disconnected;
      expect(first.isConnected()).toBe(false);
      const second = (await workerChromium()) as Browser;
      launched.push(second);
      expect(second).not.toBe(first);
      expect(second.isConnected()).toBe(true);
      const next = await second.newPage();
      await next.setContent('<h1>Hello</h1>');
      expect(await next.textContent('h1')).toBe('Hello');
    } finally {
      host[WORKER_CHROMIUM] = workers;
      for (const browser of launched) await browser.close();
    }
    // Without a holder (a playground file's own process) there is no worker's Chromium.
    host[WORKER_CHROMIUM] = undefined;
    try {
      expect(await workerChromium()).toBeUndefined();
    } finally {
      host[WORKER_CHROMIUM] = workers;
    }
  });
});
