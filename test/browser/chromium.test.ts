import { describe, expect, it } from 'vitest';
import { launchChromium } from './chromium.js';

describe('Chromium for the browser tests', () => {
  it('a missing Chromium is a clear error that says how to install it, not a skip', async () => {
    await expect(launchChromium('/nonexistent/chromium')).rejects.toThrow(
      /Chromium was not found at \/nonexistent\/chromium\. .*apt-get update && apt-get install -y chromium/,
    );
  });
});
