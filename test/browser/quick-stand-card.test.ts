/**
 * The Quick Stand card in Chromium with the built CSS (dist/gng.css), in a chat log 300 px and
 * 384 px wide: the Tumble total and the DC are the biggest numbers, the outcome is the header's
 * badge, the roll's parts are folded away (Tab and Enter unfold them), and axe-core finds no serious
 * or critical violation. Screenshots: test-results/browser/quick-stand-{stood,prone}-{300,384}.png.
 */
import { expect, it } from 'vitest';
import { join } from 'node:path';
import { getHarness } from '../harness/index.js';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { expectNoSeriousViolations, fontSize, showInChatLog, tabTo } from './card-layout.js';

const h = await getHarness();
const pages = useChromiumPages({
  viewport: { width: 480, height: 700 },
  beforeEachTest: () => h.reset(11),
});

for (const width of [300, 384]) {
  it(`at ${width} px: Tumble against the DC in big numbers, the outcome in the header, the roll folded, axe`, async () => {
    const hero = await h.createActor(
      { name: 'Hero', type: 'npc', system: { skills: { tumble: { ranks: 4 } } } },
      h.users.player,
    );
    for (const [natural, outcome, file] of [
      [16, 'Stands up.', 'stood'],
      [3, 'Stays prone.', 'prone'],
    ] as const) {
      await hero.toggleStatusEffect('prone', { active: true });
      h.as(h.users.player);
      h.dice.queue(natural); // Tumble +4 (ranks): 20 stands, 7 does not
      expect(await game.gng.quickStand(hero)).toEqual({ ok: true });
      const message = game.messages.contents.at(-1) as ChatMessage;
      const page = file === 'stood' ? pages.page : await pages.reopen();
      await showInChatLog(page, h, message, h.users.player, width);
      const selector = '#chat-log .quick-stand-card';
      const card = page.locator(selector);
      expect(await card.locator('h3').textContent()).toBe('Hero: Quick Stand');
      expect(await card.locator('.gng-card-badge').textContent()).toBe(outcome);
      expect(await card.locator('.gng-card-total').allTextContents()).toEqual([String(natural + 4), '20']);
      expect(await card.locator('.gng-card-duel .gng-card-label').allTextContents()).toEqual([
        'Tumble',
        'DC',
      ]);
      // The totals are the biggest text; the roll's parts are folded and small.
      const total = await fontSize(page, selector, '.gng-card-total');
      expect(total).toBeGreaterThan((await fontSize(page, selector, '.gng-card-steps')) * 1.5);
      expect(total).toBeGreaterThan((await fontSize(page, selector, '.provokes')) * 1.5);
      const steps = card.locator('details.gng-card-steps');
      expect(await steps.locator('.step-lines').isVisible()).toBe(false);
      expect(await tabTo(page, 'details.gng-card-steps > summary')).toBe(true);
      await page.keyboard.press('Enter');
      expect(await steps.locator('.step-lines').isVisible()).toBe(true);
      expect(await steps.locator('.step-lines li').allTextContents()).toEqual([
        `d20${natural}`,
        'Tumble bonus+4',
      ]);
      // Nothing of the card spills out of the chat log's width.
      const box = await card.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
      expect(await card.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await card.screenshot({ path: join(ARTIFACTS_DIR, `quick-stand-${file}-${width}.png`) });
      await expectNoSeriousViolations(page, selector);
    }
  });
}
