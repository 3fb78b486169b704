import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { getHarness } from '../harness/index.js';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { showApplication } from './bridge.js';

const h = await getHarness();
const pages = useChromiumPages({
  viewport: { width: 800, height: 600 },
  beforeEachTest: () => h.reset(7),
});

describe('creature sheet in Chromium with the built CSS', () => {
  it('styles the sheet with dist/gng.css', async () => {
    const actor = await h.createActor({
      name: 'Brakka',
      type: 'character',
      system: { abilities: { str: { value: 16 } } },
    });
    await showApplication(pages.page, h, await h.openSheet(actor));
    const button = pages.page.getByRole('button', { name: 'Roll a check of Strength' });
    await expect
      .poll(() => button.evaluate((el) => getComputedStyle(el).backgroundColor))
      .toBe('rgb(90, 26, 20)');
    const columns = await pages.page
      .locator('.abilities')
      .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(6);
    await pages.page.screenshot({ path: join(ARTIFACTS_DIR, 'ability-buttons.png') });
  });

  it('clicking a data-action button runs the real action and shows the chat card', async () => {
    const actor = await h.createActor({
      name: 'Brakka',
      type: 'character',
      system: { abilities: { str: { value: 16 } } },
    });
    await showApplication(pages.page, h, await h.openSheet(actor));
    h.dice.queue(11);
    await pages.page.getByRole('button', { name: 'Roll a check of Strength' }).click();
    await pages.page.waitForSelector('body[data-settled="1"]');
    expect(game.messages.size).toBe(1);
    const card = pages.page.locator('#chat-log .chat-message').first();
    await expect.poll(() => card.locator('.total').textContent()).toBe('14');
    expect(await card.locator('h3').textContent()).toBe('Ability check: Strength');
    await pages.page.screenshot({ path: join(ARTIFACTS_DIR, 'ability-check-card.png') });
  });

  it('the ability buttons are reachable and usable with the keyboard', async () => {
    const actor = await h.createActor({
      name: 'Brakka',
      type: 'character',
      system: { abilities: { dex: { value: 14 } } },
    });
    await showApplication(pages.page, h, await h.openSheet(actor));
    // From Strength's button, Tab passes Dexterity's score, damage and drain fields to its button.
    await pages.page.getByRole('button', { name: 'Roll a check of Strength' }).focus();
    const reached: (string | null)[] = [];
    for (let i = 0; i < 4; i++) {
      await pages.page.keyboard.press('Tab');
      reached.push(
        await pages.page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          return el.getAttribute('aria-label') ?? el.getAttribute('name');
        }),
      );
    }
    expect(reached).toEqual([
      'system.abilities.dex.value',
      'system.abilities.dex.damage',
      'system.abilities.dex.drain',
      'Roll a check of Dexterity',
    ]);
    h.dice.queue(5);
    await pages.page.keyboard.press('Enter');
    await pages.page.waitForSelector('body[data-settled="1"]');
    expect(game.messages.contents[0]?.rolls[0]?.total).toBe(7);
  });

  it('initiative: value in the header and the combat panel, its breakdown by keyboard (both sizes)', async () => {
    // Dex 16 (+3) and Improved Initiative (+4): +7, worked out by hand from the core rules.
    const actor = await h.createActor({
      name: 'Quick',
      type: 'character',
      system: { abilities: { dex: { value: 16 } } },
    });
    await actor.createEmbeddedDocuments('Item', [
      { name: 'Improved Initiative', type: 'feat', system: { identifier: 'improved-initiative' } },
    ]);
    await showApplication(pages.page, h, await h.openSheet(actor));
    const page = pages.page;
    for (const viewport of [
      { width: 1280, height: 720 },
      { width: 1600, height: 1000 },
    ]) {
      await page.setViewportSize(viewport);
      const header = page.locator('.header-stat', { hasText: 'Initiative' }).locator('strong');
      expect(await header.textContent()).toBe('+7');
      expect(await header.isVisible()).toBe(true);
      const stat = page.locator('.stat-initiative');
      expect(await stat.locator('.stat-value').textContent()).toBe('+7');
      const breakdown = stat.locator('.breakdown');
      // Hidden until focus (or hover) reaches the number.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.mouse.move(0, 0);
      expect(await breakdown.isVisible()).toBe(false);
      // Tab reaches the initiative button; its breakdown shows on focus and is its description.
      const button = stat.locator('button.stat-button');
      let focused = false;
      for (let i = 0; i < 60 && !focused; i++) {
        await page.keyboard.press('Tab');
        focused = await button.evaluate((el) => el === document.activeElement);
      }
      expect(focused).toBe(true);
      expect(await breakdown.isVisible()).toBe(true);
      expect(await button.getAttribute('aria-describedby')).toBe(await breakdown.getAttribute('id'));
      const lines = await breakdown.locator('.breakdown-line').evaluateAll((els) =>
        els.map((el) => ({
          text: (el.textContent ?? '').replace(/\s+/g, ' ').trim(),
          size: parseFloat(getComputedStyle(el).fontSize),
        })),
      );
      expect(lines.map((l) => l.text)).toEqual(['Dexterity +3', 'Improved Initiative +4']);
      for (const line of lines) expect(line.size).toBeGreaterThanOrEqual(12);
      // The breakdown lies inside the viewport.
      const box = await breakdown.boundingBox();
      expect(box && box.x >= 0 && box.y >= 0).toBe(true);
      expect(box && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height).toBe(true);
      await page.screenshot({ path: join(ARTIFACTS_DIR, `sheet-initiative-${viewport.width}.png`) });
    }
  });
});
