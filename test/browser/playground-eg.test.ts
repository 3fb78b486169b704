/**
 * The playground's "Combat rules" switch to the Enlightened Grognard (issue #31, lane world) in
 * Chromium, with the built bundle: the model and its glue arrive as chunks on first use (EG_LOADER),
 * the combat starts again under it, the tracker shows each PC's tokens, the fighter's sheet its EG
 * block; the player's Refocus is refused beside the rogue (003:899) and its Total Defense played by
 * the GM's client on a card (4 speed tokens, 003:759).
 * axe-core finds no serious or critical violation. Needs `dist/` (`npx tsx scripts/build.ts`).
 * Screenshot: test-results/browser/playground-eg-total-defense.png.
 */
import { expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { usePlaygroundServer } from './playground-server.js';
import { expectNoSeriousViolations } from './axe.js';

const pages = useChromiumPages({ viewport: { width: 1600, height: 1100 } });
const server = usePlaygroundServer('playground-eg');

const windowOf = (page: Page, text: string) =>
  page.locator('.pg-window', { has: page.locator('.pg-window-header', { hasText: text }) });
const fighterRow = (page: Page) => page.locator('.pg-tracker .combatant', { hasText: 'Fighter, 5th level' });

it('switches the table to the Enlightened Grognard: tokens on the tracker, the EG block, Refocus refused beside an enemy, Total Defense played by the GM', async () => {
  const { page } = pages;
  await page.goto(`${server.url()}?seed=7`);
  await page.waitForSelector('body[data-ready="true"]');
  const model = page.getByLabel('Combat rules');
  await model.selectOption('eg');
  await expect.poll(() => page.evaluate(() => game.settings.get('gng', 'combatModel'))).toBe('eg');
  await expect
    .poll(() => page.locator('.pg-notice').allTextContents())
    .toContain(
      "The table now plays Enlightened Grognard (tokens): the combat was ended, the world's combat model set, and the combat started again.",
    );
  await expect.poll(() => fighterRow(page).locator('.gng-eg-tokens').count()).toBe(1);

  await page.locator('.pg-combatant[data-side="a"]').getByRole('button', { name: 'Open sheet' }).click();
  const sheet = windowOf(page, 'Fighter, 5th level');
  await sheet.waitFor();
  await expect.poll(() => sheet.locator('.eg-block .eg-title').textContent()).toBe('Enlightened Grognard');
  const speedBefore = Number(
    await sheet.locator('.eg-tokens tr[data-token="speed"] .eg-encounter').textContent(),
  );
  // The rogue stands beside the fighter on the playground's map: no Refocus (003:899).
  await sheet.locator('.eg-actions').getByRole('button', { name: 'Refocus' }).click();
  await expect
    .poll(() => page.locator('.pg-notice').allTextContents(), { timeout: 10_000 })
    .toContain('Fighter, 5th level cannot Refocus with an enemy adjacent. Nothing was changed.');
  await sheet.locator('.eg-actions').getByRole('button', { name: 'Total Defense' }).click();
  await expect
    .poll(() => page.locator('#chat-log .eg-action-card').last().textContent(), { timeout: 10_000 })
    .toContain('Fighter, 5th level takes total defense and gains 4 speed token(s).');
  await expect
    .poll(() => page.evaluate(() => game.combat?.getFlag('gng', 'eg')))
    .toMatchObject({ pools: expect.any(Object) });
  const speedAfter = await page.evaluate(() => {
    const combat = game.combat;
    const actor = game.actors.getName('Fighter, 5th level');
    const pools = (combat?.getFlag('gng', 'eg') as { pools?: Record<string, { speed?: number }> }).pools;
    return pools?.[actor?.id as string]?.speed ?? 0;
  });
  expect(speedAfter).toBe(speedBefore + 4);
  await page.screenshot({ path: join(ARTIFACTS_DIR, 'playground-eg-total-defense.png') });
  await expectNoSeriousViolations(page, '.pg-table');
});
