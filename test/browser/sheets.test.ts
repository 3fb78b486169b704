/**
 * The character and creature sheets in Chromium with the built CSS (dist/gng.css): the combat panel
 * shows the engine's numbers, the Defense breakdown appears on keyboard focus and on hover, the
 * attack button posts its chat card, a firearm's row keeps its buttons in place; the creature sheet
 * shows its stat block. The tabs, their contrast and axe: sheet-tabs.test.ts. Screenshots go to
 * test-results/browser/.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { getHarness } from '../harness/index.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import { createOgre } from '../fixtures/ogre.js';
import type { Page } from 'playwright-core';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { showApplication } from './bridge.js';

const h = await getHarness();
const pages = useChromiumPages({
  viewport: { width: 760, height: 1000 },
  beforeEachTest: () => h.reset(13),
});

const breakdownShown = (p: Page, stat: string) =>
  p.locator(`.stat-${stat} .breakdown`).evaluate((el) => {
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    return style.display !== 'none' && style.visibility !== 'hidden' && box.width > 0 && box.height > 0;
  });

describe('character sheet in Chromium', () => {
  it('shows the combat panel; the Defense breakdown appears on keyboard focus', async () => {
    const actor = await appendix3Fighter(h);
    await showApplication(pages.page, h, await h.openSheet(actor));
    const panel = pages.page.locator('.combat-panel');
    expect(await panel.locator('.stat-defense-melee .stat-value').textContent()).toBe('+4');
    expect(await panel.locator('.stat-protection .stat-value').textContent()).toBe('8');
    expect(await panel.locator('.stat-hp .stat-value').textContent()).toBe('23 / 23');
    // The panel stands out: dark, with the blood-red border.
    expect(await panel.evaluate((el) => getComputedStyle(el).borderTopColor)).toBe('rgb(90, 26, 20)');

    expect(await breakdownShown(pages.page, 'defense-melee')).toBe(false);
    const target = pages.page.locator('.stat-defense-melee button.stat-button');
    let focused = false;
    for (let i = 0; i < 40 && !focused; i++) {
      await pages.page.keyboard.press('Tab');
      focused = await target.evaluate((el) => el === document.activeElement);
    }
    expect(focused).toBe(true);
    expect(await breakdownShown(pages.page, 'defense-melee')).toBe(true);
    const describedBy = await target.getAttribute('aria-describedby');
    const description = await pages.page.locator(`[id="${describedBy}"]`).textContent();
    expect(description).toContain('Class bonus');
    expect(description).toContain('Fighter 5');
    expect(await breakdownShown(pages.page, 'protection')).toBe(false);
    await pages.page.screenshot({ path: join(ARTIFACTS_DIR, 'character-sheet.png'), fullPage: true });

    // Tab on: the breakdown goes away with the focus.
    await pages.page.keyboard.press('Tab');
    expect(await breakdownShown(pages.page, 'defense-melee')).toBe(false);
  });

  it('the breakdown also shows on hover', async () => {
    await showApplication(pages.page, h, await h.openSheet(await appendix3Fighter(h)));
    await pages.page.locator('.stat-protection .stat-button').hover();
    expect(await breakdownShown(pages.page, 'protection')).toBe(true);
  });

  it('the attack button (Shift-click: no dialog) attacks and the attack card appears', async () => {
    const fighter = await appendix3Fighter(h);
    // An opposed attack needs a targeted defender.
    const orc = await h.createActor({ name: 'Orc', type: 'npc', system: { hp: { value: 10 } } });
    h.target(game.user, h.placeToken(orc));
    await showApplication(pages.page, h, await h.openSheet(fighter));
    h.dice.queue(20, 4);
    await pages.page
      .getByRole('button', { name: 'Roll an attack with Bastard sword' })
      .click({ modifiers: ['Shift'] });
    await pages.page.waitForSelector('body[data-settled="1"]', { state: 'attached' });
    const card = pages.page.locator('#chat-log .chat-message .attack-card');
    expect(await card.locator('h3').textContent()).toBe('5th-level fighter attacks with Bastard sword');
    expect(await card.locator('.attack-total .big-value').textContent()).toBe(String(20 + 9 + 4));
  });

  it("a firearm's row keeps its Attack button on the weapon's line, the rounds and Reload under it", async () => {
    const fighter = await appendix3Fighter(h);
    const source = JSON.parse(readFileSync('packs/_source/weapons/d20m-autoloader-pistol.json', 'utf8')) as {
      name: string;
      type: string;
      system: Record<string, unknown>;
    };
    await fighter.createEmbeddedDocuments('Item', [
      { name: source.name, type: source.type, system: { ...source.system, equipped: true } },
    ]);
    await showApplication(pages.page, h, await h.openSheet(fighter));
    const row = pages.page.locator('.attack-list .attack', { hasText: source.name });
    const top = (selector: string) => row.locator(selector).evaluate((el) => el.getBoundingClientRect().top);
    const bottom = (selector: string) =>
      row.locator(selector).evaluate((el) => el.getBoundingClientRect().bottom);
    // The Attack button starts above the weapon name's bottom edge: the same line.
    expect(await top('.attack-roll')).toBeLessThan(await bottom('.attack-name'));
    // The rounds and the Reload button are on the line below.
    expect(await top('.attack-rounds')).toBeGreaterThanOrEqual(await bottom('.attack-name'));
    expect(await top('.attack-reload')).toBeGreaterThan(await top('.attack-roll'));
    await row.screenshot({ path: join(ARTIFACTS_DIR, 'sheet-firearm-row.png') });
  });
});

describe('creature sheet in Chromium', () => {
  it('shows the stat block and the same combat panel', async () => {
    const ogre = await createOgre(h, { hp: 20, subtypes: ['Giant'] });
    await showApplication(pages.page, h, await h.openSheet(ogre));
    expect(await pages.page.locator('form.npc-sheet').count()).toBe(1);
    expect(await pages.page.locator('.combat-panel .stat-protection .stat-value').textContent()).toBe('5');
    expect(await pages.page.locator('.combat-panel .stat-hp .stat-value').textContent()).toBe('20 / 36');
    expect(await pages.page.locator('.hp-bar .injury-grade').textContent()).toBe('Lightly injured (-2)');
    expect(await pages.page.locator('input[name="system.creatureType"]').inputValue()).toBe('Giant');
    const columns = await pages.page
      .locator('.combat-stats')
      .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(5);
    await pages.page.screenshot({ path: join(ARTIFACTS_DIR, 'creature-sheet.png'), fullPage: true });
  });
});
