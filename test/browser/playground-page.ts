/**
 * A playground file's page with a fresh world, loaded once a file: the first load opens the URL
 * (`?seed=…&theme=…`, about 2.75 s of CPU); later ones reset the world in the same page
 * (`gngPlayground.reset`, playground/main.ts, about a tenth of it), which playground-reset.test.ts
 * proves equal to a fresh load. The page stays open between the file's tests (useChromiumPages
 * `keep`), each test still fails on its own page errors. A page a test opened itself (`reopen`),
 * or whose document a test replaced (`setContent`), loads the URL.
 */
import type { Page } from 'playwright-core';
import type { ChromiumPages } from './chromium.js';

export interface PlaygroundLoad {
  seed: number;
  /** `dark` for `&theme=dark`. */
  theme?: string;
}

export function usePlaygroundPage(
  pages: ChromiumPages,
  server: { url(): string },
): { load(page: Page, options: PlaygroundLoad): Promise<void> } {
  let kept: Page | undefined;
  return {
    async load(page, { seed, theme = '' }) {
      // A test of the file may have replaced the kept page's document (a harness card shown with
      // `setContent`): then it is loaded again.
      const playgroundShown =
        page === kept &&
        !page.isClosed() &&
        (await page.evaluate(() => !!window.gngPlayground && document.body.dataset.ready === 'true'));
      if (playgroundShown) {
        // Where a fresh page's pointer is: over no element of the last test's.
        await page.mouse.move(0, 0);
        await page.evaluate(
          async (options) => {
            if (!window.gngPlayground) throw new Error('The playground page is not loaded');
            await window.gngPlayground.reset(options);
          },
          { seed, theme },
        );
        return;
      }
      await page.goto(`${server.url()}?seed=${seed}${theme ? `&theme=${theme}` : ''}`);
      await page.waitForSelector('body[data-ready="true"]');
      if (!kept || kept.isClosed()) {
        kept = page;
        pages.keep(page);
      }
    },
  };
}
