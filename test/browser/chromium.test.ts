import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import {
  CHROMIUM_PATH,
  OUR_DISABLED_FEATURES,
  PLAYWRIGHT_DISABLED_FEATURES,
  launchChromium,
} from './chromium.js';

/** The command lines of the browsers this process launched (Playwright's children on Linux). */
function browserCommandLines(): string[][] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        // The fields after the command's name: state, then the parent's pid.
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (parent !== process.pid) return [];
        const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
        return args.includes('--remote-debugging-pipe') ? [args] : [];
      } catch {
        return []; // a process that ended meanwhile
      }
    });
}

/** The features of each `--disable-features=` argument of the one browser running. */
async function disabledFeatures(browser: Browser): Promise<string[][]> {
  try {
    const lines = browserCommandLines();
    expect(lines).toHaveLength(1);
    return (lines[0] as string[])
      .filter((arg) => arg.startsWith('--disable-features='))
      .map((arg) => arg.slice('--disable-features='.length).split(','));
  } finally {
    await browser.close();
  }
}

describe('Chromium for the browser tests', () => {
  it('a missing Chromium is a clear error that says how to install it, not a skip', async () => {
    await expect(launchChromium('/nonexistent/chromium')).rejects.toThrow(
      /Chromium was not found at \/nonexistent\/chromium\. .*apt-get update && apt-get install -y chromium-headless-shell/,
    );
  });

  it('keeps every feature Playwright disables and adds ours, in one --disable-features (Chromium reads the last only)', async () => {
    // Playwright's own argument, as it launches a browser with no arguments of ours.
    const playwright = await disabledFeatures(
      await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox'] }),
    );
    expect(playwright).toHaveLength(1);
    expect([...(playwright[0] as string[])].sort()).toEqual([...PLAYWRIGHT_DISABLED_FEATURES].sort());

    const ours = await disabledFeatures(await launchChromium());
    expect(ours).toEqual([[...PLAYWRIGHT_DISABLED_FEATURES, ...OUR_DISABLED_FEATURES]]);
  });

  it('builds no address-bar popup page once a page has navigated', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto('data:text/html,<h1>Hello</h1>');
      const session = await browser.newBrowserCDPSession();
      const { targetInfos } = (await session.send('Target.getTargets')) as {
        targetInfos: { type: string; url: string }[];
      };
      expect(targetInfos.map((target) => target.url)).toContain('data:text/html,<h1>Hello</h1>');
      expect(targetInfos.filter((target) => target.url.startsWith('chrome://'))).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
