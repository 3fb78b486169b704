/**
 * The playground's turn order under the Enlightened Grognard (issue #31, round 2: a new user's
 * screenshots 03 and 23b): each PC's token badge, its persistent tokens and the current combatant's
 * action badge sit apart from each other and inside the tracker, however long the badge. Chromium,
 * the built bundle (`npx tsx scripts/build.ts`). Screenshot: test-results/browser/eg-tracker-badges.png.
 */
import { expect, it } from 'vitest';
import { join } from 'node:path';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { usePlaygroundServer } from './playground-server.js';

const pages = useChromiumPages({ viewport: { width: 1600, height: 1100 } });
const server = usePlaygroundServer('eg-tracker-badges');

it("keeps the EG tracker's badges apart and inside the turn order", async () => {
  const { page } = pages;
  await page.goto(`${server.url()}?seed=7`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.getByLabel('Combat rules').selectOption('eg');
  const fighterRow = page.locator('.pg-tracker .combatant', { hasText: 'Fighter, 5th level' });
  await expect.poll(() => fighterRow.locator('.gng-eg-tokens').count()).toBe(1);
  // The GM grants the fighter persistent tokens: its badge grows "(+P 4 · S 0 · I 0 persistent)".
  await page.selectOption('#pg-user', { label: 'Gamemaster (GM)' });
  await page.evaluate(async () => {
    await game.gng.grantPersistentTokens(game.actors.getName('Fighter, 5th level') as Actor, { power: 4 });
  });
  await expect.poll(() => fighterRow.locator('.gng-eg-tokens').textContent()).toContain('persistent');
  await page.locator('.pg-tracker').screenshot({ path: join(ARTIFACTS_DIR, 'eg-tracker-badges.png') });
  const boxes = await page.evaluate(() => {
    const tracker = document.querySelector('.pg-tracker') as HTMLElement;
    const right = tracker.getBoundingClientRect().right;
    return [...tracker.querySelectorAll<HTMLElement>('.gng-eg-tokens, .gng-eg-turn')].map((badge) => ({
      text: badge.textContent,
      gap: parseFloat(getComputedStyle(badge).marginLeft),
      inside: badge.getBoundingClientRect().right <= right,
    }));
  });
  // Both PCs' tokens and the fighter's (the current combatant's) actions.
  expect(boxes.length).toBeGreaterThanOrEqual(3);
  for (const badge of boxes) expect(badge, badge.text ?? '').toMatchObject({ inside: true });
  for (const badge of boxes) expect(badge.gap, badge.text ?? '').toBeGreaterThan(0);
});
