/**
 * The sheet tabs in Chromium with the built CSS (dist/gng.css), the sheet at its default size in a
 * 1600 × 1000 page as Foundry frames it: the tabs open by click and keyboard under a header and
 * combat panel that stay in view; every text of every tab passes WCAG AA against each colour of its
 * background (contrast.ts) and axe-core finds no serious violation, for the owner and for another
 * user; breakdowns stay inside the window. (Split from sheets.test.ts so that the two run in
 * parallel.) Screenshots go to test-results/browser/.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { getHarness } from '../harness/index.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import { createOgre } from '../fixtures/ogre.js';
import type { Page } from 'playwright-core';
import type { HarnessApplicationV2 } from '../harness/applications.js';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { showApplication } from './bridge.js';
import { checkTextContrast } from './contrast.js';
import { expectNoSeriousViolations } from './axe.js';

const h = await getHarness();
const pages = useChromiumPages({
  viewport: { width: 760, height: 1000 },
  beforeEachTest: () => h.reset(13),
});

/**
 * Shows a sheet as Foundry frames it: a window of the sheet's default size (its `position`) on a
 * 1600 × 1000 page. Arrow keys on a tab are forwarded to the harness sheet (whose keydown listener
 * moves between tabs), then, once its render settled, the page shows the sheet's new HTML with the
 * focus on the new tab.
 */
async function showSheet(page: Page, app: HarnessApplicationV2): Promise<void> {
  await page.setViewportSize({ width: 1600, height: 1000 });
  const { width, height } = (app.options.position ?? {}) as { width?: number; height?: number };
  await showApplication(
    page,
    h,
    app,
    `#app { position: absolute; left: 40px; top: 40px; width: ${width}px; height: ${height}px;
      display: flex; flex-direction: column; box-shadow: 0 0 0 1px #000, 0 4px 16px rgb(0 0 0 / 40%); }
      body { margin: 0; background: #3a3a3a; } #chat-log { display: none; }`,
  );
  await page.exposeFunction('gngSheetKey', async (tab: string, key: string) => {
    const button = app.element.querySelector(`[role="tab"][data-tab="${tab}"]`);
    button?.dispatchEvent(
      new h.window.KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }) as unknown as Event,
    );
    // A tab opened for the first time renders its panel before it shows: wait for that render.
    await app.settle();
    const focused = h.window.document.activeElement as unknown as HTMLElement | null;
    return { app: app.element.outerHTML, focus: focused?.dataset.tab ?? '' };
  });
  await page.evaluate(() => {
    const w = window as unknown as {
      gngSheetKey(tab: string, key: string): Promise<{ app: string; focus: string }>;
    };
    document.addEventListener('keydown', async (event) => {
      const tab = (event.target as HTMLElement).closest<HTMLElement>('[role="tab"]');
      if (!tab || !['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(event.key))
        return;
      event.preventDefault();
      const result = await w.gngSheetKey(tab.dataset.tab ?? '', event.key);
      (document.getElementById('app') as HTMLElement).innerHTML = result.app;
      document.querySelector<HTMLElement>(`[role="tab"][data-tab="${result.focus}"]`)?.focus();
      document.body.dataset.keyed = String(Number(document.body.dataset.keyed ?? 0) + 1);
    });
  });
}

const TABS = ['combat', 'skills', 'inventory', 'feats', 'magic', 'effects', 'biography'];

/** What is in view: the visible tab panels, and whether the header and combat panel are on screen. */
const view = (p: Page) =>
  p.evaluate(() => {
    const inWindow = (el: Element | null) => {
      const app = (document.getElementById('app') as HTMLElement).getBoundingClientRect();
      const box = el?.getBoundingClientRect();
      return !!box && box.height > 0 && box.top >= app.top - 1 && box.bottom <= app.bottom + 1;
    };
    const panels = [...document.querySelectorAll<HTMLElement>('#app [role="tabpanel"]')].filter(
      (panel) => panel.checkVisibility() && panel.getBoundingClientRect().height > 0,
    );
    return {
      panels: panels.map((panel) => panel.dataset.tab),
      header: inWindow(document.querySelector('#app .sheet-header')),
      combat: inWindow(document.querySelector('#app .combat-panel')),
      selected: document.querySelector<HTMLElement>('#app [role="tab"][aria-selected="true"]')?.dataset.tab,
    };
  });

describe('sheet tabs in Chromium (1600 × 1000, the sheet at its default size)', () => {
  it('each tab opens by click and shows its section, only it scrolls, the header and combat panel stay in view; screenshots', async () => {
    const actor = await appendix3Fighter(h);
    // Each item its own image (a small inline SVG here, where no icon server runs).
    const icon = (fill: string, glyph: string) =>
      `data:image/svg+xml,${encodeURIComponent(
        `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${fill}"/>` +
          `<text x="16" y="23" font-size="18" text-anchor="middle" fill="#fff">${glyph}</text></svg>`,
      )}`;
    const images: Record<string, string> = {
      'Full plate': icon('#44546a', 'A'),
      'Large steel shield': icon('#6a5a2f', 'S'),
      'Bastard sword': icon('#7a2e24', 'W'),
      Fighter: icon('#2f5a3a', 'F'),
    };
    for (const item of [...actor.items]) await item.update({ img: images[item.name] });
    await actor.createEmbeddedDocuments('Item', [
      { name: 'Power Attack', type: 'feat', img: icon('#5a2f6a', 'P') },
      { name: 'Rope', type: 'equipment', img: icon('#6b4a2a', 'R'), system: { weight: 10, carried: true } },
      { name: 'Tent', type: 'equipment', img: icon('#3a4a3a', 'T'), system: { weight: 20, carried: false } },
    ]);
    const { page } = pages;
    await showSheet(page, await h.openSheet(actor));
    // Every row shows its item's image at one size.
    const sizes = await page
      .locator('#app img.item-img')
      .evaluateAll((imgs) =>
        imgs.map((img) => [(img as HTMLImageElement).complete, img.getBoundingClientRect().width]),
      );
    expect(sizes.length).toBeGreaterThan(0);
    expect(await view(page)).toEqual({ panels: ['combat'], header: true, combat: true, selected: 'combat' });
    const sections: Record<string, string> = {
      combat: '.attacks',
      skills: '.skills',
      inventory: '.inventory',
      feats: '.feats',
      magic: '.magic',
      effects: '.effects',
      biography: '.biography',
    };
    let settled = 0;
    for (const tab of TABS) {
      await page.getByRole('tab', { name: new RegExp(`^${tab}$`, 'i') }).click();
      await page.waitForSelector(`body[data-settled="${++settled}"]`, { state: 'attached' });
      expect(await view(page)).toEqual({ panels: [tab], header: true, combat: true, selected: tab });
      expect(
        await page.locator(`#app [role="tabpanel"][data-tab="${tab}"] ${sections[tab]}`).isVisible(),
      ).toBe(true);
      await page.screenshot({ path: join(ARTIFACTS_DIR, `sheet-tab-${tab}.png`) });
      if (tab === 'inventory') {
        // Equipped, carried and left behind: three different chips, in words.
        expect(
          await page
            .locator('#app .inventory tbody tr')
            .evaluateAll((rows) =>
              rows.map((row) => [
                row.querySelector('.item-label')?.firstChild?.textContent?.trim(),
                row.querySelector('.state-chip')?.textContent?.trim(),
                row.querySelector<HTMLImageElement>('img.item-img')?.getBoundingClientRect().width,
              ]),
            ),
        ).toEqual([
          ['Full plate', 'Equipped', 28],
          ['Large steel shield', 'Equipped', 28],
          ['Bastard sword', 'Equipped', 28],
          ['Rope', 'Carried', 28],
          ['Tent', 'Left behind', 28],
        ]);
        const chips = await page
          .locator('#app .state-chip')
          .evaluateAll((els) =>
            els.map((el) => `${getComputedStyle(el).backgroundColor} ${getComputedStyle(el).borderTopStyle}`),
          );
        expect(new Set(chips).size).toBe(3);
      }
    }
    // Only the panel scrolls: the skills list is longer than its panel; scrolling it moves neither
    // the header nor the combat panel.
    await page.getByRole('tab', { name: 'Skills' }).click();
    await page.waitForSelector(`body[data-settled="${settled + 1}"]`, { state: 'attached' });
    const scroll = await page.evaluate(() => {
      const panel = document.querySelector<HTMLElement>(
        '#app [role="tabpanel"][data-tab="skills"]',
      ) as HTMLElement;
      const form = document.querySelector('#app form') as HTMLElement;
      const header = () =>
        (document.querySelector('#app .sheet-header') as HTMLElement).getBoundingClientRect().top;
      const before = header();
      panel.scrollTop = 200;
      return {
        overflow: getComputedStyle(panel).overflowY,
        scrolls: panel.scrollHeight > panel.clientHeight && panel.scrollTop > 0,
        formScrolls: form.scrollHeight > form.clientHeight + 1,
        headerMoved: header() !== before,
      };
    });
    expect(scroll).toEqual({ overflow: 'auto', scrolls: true, formScrolls: false, headerMoved: false });
  });

  it('the tabs work from the keyboard: Tab reaches the active tab, Enter and arrow keys change tabs', async () => {
    const { page } = pages;
    await showSheet(page, await h.openSheet(await appendix3Fighter(h)));
    // Tab from the page's start reaches the active tab (the others are skipped: roving tabindex).
    let onTab = false;
    for (let i = 0; i < 60 && !onTab; i++) {
      await page.keyboard.press('Tab');
      onTab = await page.evaluate(() => document.activeElement?.getAttribute('role') === 'tab');
    }
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.tab)).toBe('combat');
    let keyed = 0;
    await page.keyboard.press('ArrowRight');
    await page.waitForSelector(`body[data-keyed="${++keyed}"]`, { state: 'attached' });
    expect(await view(page)).toEqual({ panels: ['skills'], header: true, combat: true, selected: 'skills' });
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.tab)).toBe('skills');
    await page.keyboard.press('End');
    await page.waitForSelector(`body[data-keyed="${++keyed}"]`, { state: 'attached' });
    expect((await view(page)).panels).toEqual(['biography']);
    await page.keyboard.press('ArrowRight');
    await page.waitForSelector(`body[data-keyed="${keyed + 1}"]`, { state: 'attached' });
    expect((await view(page)).panels).toEqual(['combat']);
    // Enter on a focused tab button (Shift+Tab would leave the tablist: focus it as a user tabbing would).
    await page.locator('#app [role="tab"][data-tab="inventory"]').focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('body[data-settled="1"]', { state: 'attached' });
    expect(await view(page)).toEqual({
      panels: ['inventory'],
      header: true,
      combat: true,
      selected: 'inventory',
    });
  });

  it('a user who does not own the actor sees the HP, nonlethal, temporary HP, natural armor and negative levels numbers', async () => {
    const actor = await appendix3Fighter(h, h.users.player);
    await actor.update({ 'system.hp.value': 17, 'system.hp.nonlethal': 3, 'system.hp.temp': 2 });
    h.as(h.users.otherPlayer);
    const { page } = pages;
    await showSheet(page, await h.openSheet(actor));
    const fields = await page.locator('#app .combat-fields .combat-field').evaluateAll((els) =>
      els.map((el) => {
        const value = el.querySelector('.field-value') as HTMLElement;
        const box = value.getBoundingClientRect();
        return { text: (el as HTMLElement).innerText.replace(/\s+/g, ' '), visible: box.width > 0 };
      }),
    );
    expect(fields).toEqual([
      { text: 'Hit points 17', visible: true },
      { text: 'Nonlethal damage 3', visible: true },
      { text: 'Temporary hit points 2', visible: true },
      { text: 'Natural armor 0', visible: true },
      { text: 'Negative levels 0', visible: true },
    ]);
    expect(await checkTextContrast(page, '#app .combat-fields')).toEqual([]);
    await page
      .locator('#app .combat-panel')
      .screenshot({ path: join(ARTIFACTS_DIR, 'sheet-non-owner-combat.png') });
  });

  it('the action-budget line is at least 4.5:1 on the dark combat panel (from the computed styles)', async () => {
    const actor = await appendix3Fighter(h);
    h.startCombat([actor]);
    const { page } = pages;
    await showSheet(page, await h.openSheet(actor));
    const lines = page.locator('#app .budget-line');
    expect(await lines.count()).toBeGreaterThan(0);
    expect(await lines.first().textContent()).toMatch(/turn:/);
    // Computed here by hand from the computed colours: the line's colour against both stops of the
    // panel's gradient.
    const ratios = await lines.first().evaluate((line) => {
      const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const lum = (c: number[]) => {
        const [r, g, b] = c.map((v) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * (r as number) + 0.7152 * (g as number) + 0.0722 * (b as number);
      };
      const panel = line.closest('.combat-panel') as HTMLElement;
      const stops = getComputedStyle(panel).backgroundImage.match(/rgba?\([^)]*\)/g) ?? [];
      const text = lum(rgb(getComputedStyle(line).color));
      return stops.map((stop) => {
        const bg = lum(rgb(stop));
        return (Math.max(text, bg) + 0.05) / (Math.min(text, bg) + 0.05);
      });
    });
    expect(ratios).toHaveLength(2);
    for (const ratio of ratios) expect(ratio).toBeGreaterThanOrEqual(4.5);
    expect(await checkTextContrast(page, '#app .combat-panel')).toEqual([]);
  });

  // One test per user, each on a fresh world and page: the owner sees every control, another
  // user the read-only sheet.
  for (const owner of [true, false])
    it(`every text of every tab passes WCAG AA against each colour of its background; axe finds no serious violation (${owner ? 'its owner' : 'another user'})`, async () => {
      const actor = await appendix3Fighter(h);
      await actor.createEmbeddedDocuments('Item', [
        { name: 'Power Attack', type: 'feat' },
        { name: 'Rope', type: 'equipment', system: { weight: 10, carried: false } },
        { name: 'Magic Missile', type: 'spell', system: { level: 1, school: 'Evocation' } },
      ]);
      await actor.toggleStatusEffect('prone');
      h.startCombat([actor]);
      h.as(owner ? h.users.gm : h.users.otherPlayer);
      await showSheet(pages.page, await h.openSheet(actor));
      let settled = 0;
      for (const tab of TABS) {
        if (tab !== 'combat') {
          await pages.page.locator(`#app [role="tab"][data-tab="${tab}"]`).click();
          await pages.page.waitForSelector(`body[data-settled="${++settled}"]`, { state: 'attached' });
        }
        expect(await checkTextContrast(pages.page, '#app'), `${tab}, owner: ${owner}`).toEqual([]);
        await expectNoSeriousViolations(pages.page, '#app');
      }
      // The breakdowns (shown on hover and focus) too, all at once, on the Combat tab.
      await pages.page.locator('#app [role="tab"][data-tab="combat"]').click();
      await pages.page.waitForSelector(`body[data-settled="${settled + 1}"]`, { state: 'attached' });
      await pages.page.addStyleTag({ content: '.gng .stat .breakdown { display: block !important; }' });
      expect(await pages.page.locator('#app .breakdown:visible').count()).toBeGreaterThan(6);
      expect(await checkTextContrast(pages.page, '#app .breakdown')).toEqual([]);
    });

  it('the creature sheet: the same tabs under its header and combat panel; its Combat tab holds the stat block; AA and axe-clean', async () => {
    const ogre = await createOgre(h, { hp: 30 });
    const { page } = pages;
    await showSheet(page, await h.openSheet(ogre));
    expect(await view(page)).toEqual({ panels: ['combat'], header: true, combat: true, selected: 'combat' });
    expect(await page.locator('#app [role="tabpanel"][data-tab="combat"] .statblock').isVisible()).toBe(true);
    expect(await checkTextContrast(page, '#app')).toEqual([]);
    await expectNoSeriousViolations(page, '#app');
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'creature-sheet-tab-combat.png') });
    await page.getByRole('tab', { name: 'Inventory' }).click();
    await page.waitForSelector('body[data-settled="1"]', { state: 'attached' });
    expect(await view(page)).toEqual({
      panels: ['inventory'],
      header: true,
      combat: true,
      selected: 'inventory',
    });
  });

  it("the checker finds what it should: muted text on the gradient's edge colour fails, dark text passes", async () => {
    const { page } = pages;
    await page.setContent(
      `<div id="t" style="background: radial-gradient(ellipse at center, #f3ede1 60%, #e4dac6 100%)">
         <p id="old" style="color: #6b645a">old muted label (4.2:1 on the edge)</p>
         <p id="ink" style="color: #1d1b19">ink</p>
         <p id="big" style="color: #6b645a; font-size: 30px">large text needs 3:1</p>
         <span style="color: #6b645a; position: absolute; width: 1px; height: 1px; overflow: hidden">hidden</span>
       </div>
       <div style="background: linear-gradient(#2b2a28, #1d1b19)"><p id="budget" style="color: #5a1a14">blood on black</p></div>`,
    );
    const failures = await checkTextContrast(page, 'body');
    expect(failures.map((f) => [f.text, f.background, f.required])).toEqual([
      ['old muted label (4.2:1 on the edge)', 'rgb(228, 218, 198)', 4.5],
      ['blood on black', 'rgb(43, 42, 40)', 4.5],
    ]);
    expect(failures[0]?.ratio).toBeCloseTo(4.21, 1);
  });

  it('breakdown tooltips stay inside the sheet window (hover, at the default width)', async () => {
    const { page } = pages;
    await showSheet(page, await h.openSheet(await appendix3Fighter(h)));
    const inside = async (stat: string) => {
      await page.locator(`#app .stat-${stat} .stat-button`).hover();
      return page.evaluate((s) => {
        const app = (document.getElementById('app') as HTMLElement).getBoundingClientRect();
        const box = (
          document.querySelector(`#app .stat-${s} .breakdown`) as HTMLElement
        ).getBoundingClientRect();
        return box.width > 0 && box.left >= app.left && box.right <= app.right && box.bottom <= app.bottom;
      }, stat);
    };
    for (const stat of [
      'defense-melee',
      'defense-ranged',
      'protection',
      'hp',
      'save-fort',
      'save-ref',
      'save-will',
    ])
      expect(await inside(stat), stat).toBe(true);
    await page.locator('#app .stat-hp .stat-button').hover();
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'sheet-breakdown-hp.png') });
    await page.locator('#app .stat-save-will .stat-button').hover();
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'sheet-breakdown-will.png') });
  });
});
