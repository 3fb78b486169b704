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
});
