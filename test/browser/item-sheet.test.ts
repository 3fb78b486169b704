/**
 * The item sheet's tabs in Chromium with the built CSS (issue #33), at 1280 × 720 and 1600 × 1000:
 * three real tab buttons, a click shows one panel at a time, every text passes WCAG AA against its
 * background and axe-core finds no serious violation on each tab. Screenshots go to test-results/browser/.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { getHarness } from '../harness/index.js';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { showApplication } from './bridge.js';
import { checkTextContrast } from './contrast.js';
import { expectNoSeriousViolations } from './axe.js';

const h = await getHarness();
const pages = useChromiumPages({
  viewport: { width: 1280, height: 720 },
  beforeEachTest: () => h.reset(14),
});

describe('item sheet tabs in Chromium', () => {
  it('each tab by click: only its panel shows, AA contrast, no serious axe violation', async () => {
    const actor = await h.createActor({ name: 'Owner', type: 'character' });
    const [item] = await actor.createEmbeddedDocuments('Item', [{ name: 'Carbine', type: 'weapon' }]);
    await item?.createEmbeddedDocuments('ActiveEffect', [{ name: 'Sighted', transfer: true, changes: [] }]);
    let page = pages.page;
    for (const size of [
      { width: 1280, height: 720 },
      { width: 1600, height: 1000 },
    ]) {
      if (size.width !== 1280) page = await pages.reopen();
      await page.setViewportSize(size);
      await showApplication(page, h, await h.openItemSheet(item as Item));
      expect(await page.locator('#app .sheet-tabs [role="tab"]').count()).toBe(3);
      for (const tab of ['description', 'details', 'effects']) {
        const before = await page.evaluate(() => document.body.dataset.settled ?? '0');
        await page.locator(`#app .sheet-tabs [data-tab="${tab}"]`).click();
        await page.waitForFunction((b) => (document.body.dataset.settled ?? '0') !== b, before);
        const visible = await page
          .locator('#app .sheet-tab-panel')
          .evaluateAll((panels) =>
            panels
              .filter((p) => getComputedStyle(p).display !== 'none')
              .map((p) => (p as HTMLElement).dataset.tab),
          );
        expect(visible).toEqual([tab]);
        expect(await page.locator(`#app .sheet-tabs [data-tab="${tab}"]`).getAttribute('aria-selected')).toBe(
          'true',
        );
        expect(await checkTextContrast(page, '#app')).toEqual([]);
        await expectNoSeriousViolations(page, '#app');
        await page.screenshot({ path: join(ARTIFACTS_DIR, `item-sheet-${tab}-${size.width}.png`) });
      }
    }
  });
});
