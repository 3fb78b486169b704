/**
 * Launches Debian's Chromium through playwright-core (never a downloaded browser).
 * Missing Chromium is a clear error telling how to install it, not a skipped test.
 */
import { chromium, type Browser } from 'playwright-core';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchChromium(executablePath = CHROMIUM_PATH): Promise<Browser> {
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium was not found at ${executablePath}. The browser tests use Debian's Chromium: ` +
        `install it with "apt-get update && apt-get install -y chromium" (or set CHROMIUM_PATH).`,
    );
  }
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
