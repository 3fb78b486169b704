/**
 * The playground for a browser test file, as a user starts it with `npm start` (start-playground.ts).
 * One server serves the whole run: the first file that needs it has the browser project's global
 * set-up (global-setup.ts) start it, and every file gets the URL `npm start` printed. The server
 * only serves static files: each test opens its own page (useChromiumPages: a browser context per
 * test) and so its own world, chat log and settings, which live in that page.
 * Register it at the top of a test file; `url()` is that address once `beforeAll` ran.
 */
import { beforeAll, inject } from 'vitest';

export { startPlaygroundServer, type PlaygroundServer } from './start-playground.js';

/** `name`: the test file's, for the error message when the playground cannot start. */
export function usePlaygroundServer(name: string): { url(): string } {
  let url = '';

  beforeAll(async () => {
    const response = await fetch(`${inject('playgroundBroker')}playground`);
    const text = await response.text();
    if (!response.ok) throw new Error(`The playground of ${name} did not start: ${text}`);
    url = text;
  }, 180_000);

  return {
    url: () => {
      if (!url) throw new Error('The playground server is not running');
      return url;
    },
  };
}
