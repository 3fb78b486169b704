/**
 * The "Variant rules" window (issue 17) in the playground, in Chromium: only the GM gets the
 * toolbar's button (Foundry shows a restricted settings menu to GMs only); the window passes axe and
 * the gradient contrast check; Strength Bonus Limitation is switched on and saved with the keyboard
 * alone, and the fighter's open sheet shows the damage without Strength at once. Needs `dist/`.
 * Screenshots: test-results/browser/variants-*.png.
 */
import { expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { usePlaygroundServer } from './playground-server.js';
import { usePlaygroundPage } from './playground-page.js';
import { expectNoSeriousViolations } from './axe.js';
import { checkTextContrast } from './contrast.js';

const pages = useChromiumPages({ viewport: { width: 1600, height: 1000 } });
const server = usePlaygroundServer('variants');
const playground = usePlaygroundPage(pages, server);

async function actAs(page: Page, name: string): Promise<void> {
  await page.selectOption('#pg-user', { label: name });
  await expect.poll(() => page.evaluate(() => game.user.name)).toBe(name.replace(/ \(GM\)$/, ''));
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(ARTIFACTS_DIR, `variants-${name}.png`) });

it('the GM switches Strength Bonus Limitation on from the keyboard; the open sheet drops Strength from damage', async () => {
  const { page } = pages;
  await playground.load(page, { seed: 5 });
  const button = page.locator('#pg-variants');
  // Acting as a player: no such button.
  expect(await button.isHidden()).toBe(true);

  // The fighter's sheet stays open while the GM changes the rule.
  await page.locator('.pg-combatant[data-side="a"]').getByRole('button', { name: 'Open sheet' }).click();
  const sheet = page.locator('.pg-window', { hasText: 'Fighter, 5th level' });
  const damage = sheet.locator('.attack', { hasText: 'Bastard sword' }).locator('.attack-damage');
  // Appendix 3's fighter: bastard sword 1d10, Str 18 (+4).
  await expect.poll(() => damage.textContent()).toMatch(/1d10 \+ 4\b/);

  await actAs(page, 'Gamemaster (GM)');
  expect(await button.isVisible()).toBe(true);
  await button.click();
  const frame = page.locator('.pg-window', { has: page.locator('.gng-variants-body') });
  await frame.waitFor();
  const id = await frame.getAttribute('id');
  expect(await frame.getByRole('group', { name: 'Appendix 1: Variant rules' }).isVisible()).toBe(true);
  const limitation = frame.getByRole('checkbox', { name: 'Strength Bonus Limitation' });
  expect(await limitation.isChecked()).toBe(false);
  await expectNoSeriousViolations(page, `#${id}`);
  const contrast = await checkTextContrast(page, `#${id}`);
  expect(contrast.map((f) => `"${f.text}" ${f.ratio.toFixed(2)}:1 on ${f.background}`)).toEqual([]);
  await shot(page, 'window');

  // Keyboard only: Space ticks the box, Tab reaches Save, Enter saves and closes.
  await limitation.focus();
  await page.keyboard.press('Space');
  expect(await limitation.isChecked()).toBe(true);
  const save = frame.getByRole('button', { name: 'Save' });
  for (let i = 0; i < 40 && !(await save.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  expect(await save.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press('Enter');
  await expect.poll(() => frame.count()).toBe(0);
  expect(await page.evaluate(() => game.settings.get('gng', 'strengthBonusLimitation'))).toBe(true);

  // The sheet, still open, redrew: the damage is the weapon's dice alone.
  await expect.poll(() => damage.textContent()).toMatch(/1d10(?! \+)/);
  expect(await damage.textContent()).not.toMatch(/\+ 4/);
  await shot(page, 'sheet-after');

  // A player gets no button again.
  await actAs(page, 'Player');
  expect(await button.isHidden()).toBe(true);
});

it('at 1024 × 640 the window fits the viewport: its settings scroll, Save and Cancel stay in view', async () => {
  await pages.page.setViewportSize({ width: 1024, height: 640 });
  const { page } = pages;
  await playground.load(page, { seed: 5 });
  await actAs(page, 'Gamemaster (GM)');
  await page.locator('#pg-variants').click();
  const frame = page.locator('.pg-window', { has: page.locator('.gng-variants-body') });
  await frame.waitFor();
  const windowBox = await frame.boundingBox();
  expect(windowBox).not.toBeNull();
  expect((windowBox?.y ?? 0) + (windowBox?.height ?? 0)).toBeLessThanOrEqual(640);
  for (const name of ['Save', 'Cancel']) {
    const button = frame.getByRole('button', { name, exact: true });
    const box = await button.boundingBox();
    // Inside the window (not scrolled under its bottom) and inside the viewport.
    expect(box, name).not.toBeNull();
    expect((box?.y ?? 0) + (box?.height ?? 0), `${name} above the window's bottom`).toBeLessThanOrEqual(
      (windowBox?.y ?? 0) + (windowBox?.height ?? 0),
    );
    expect(
      await button.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return hit === el || el.contains(hit);
      }),
      `${name} is visible (not covered or clipped)`,
    ).toBe(true);
  }
  // The settings themselves scroll: the body is taller inside than it is shown.
  const body = frame.locator('.gng-variants-body');
  expect(await body.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  const last = frame.locator('.gng-variants-group').last();
  await last.scrollIntoViewIfNeeded();
  expect(await frame.getByRole('button', { name: 'Save', exact: true }).isVisible()).toBe(true);
  await shot(page, 'window-1024x640');
});
