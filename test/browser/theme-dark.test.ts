/**
 * Issue #34: the dark theme. With Foundry v13's `body.theme-dark` (the playground's `?theme=dark`),
 * the system's colours (styles/_theme.scss custom properties) switch to the dark palette, and the
 * character sheet's tabs and the chat cards still pass axe-core (WCAG 2.x A/AA, colour contrast) and
 * the gradient contrast check (contrast.ts), as the light theme does in accessibility.test.ts.
 * Screenshots: test-results/browser/dark-*.png.
 */
import { expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { usePlaygroundServer } from './playground-server.js';
import { seriousViolations } from './axe.js';
import { checkTextContrast } from './contrast.js';

const pages = useChromiumPages({ viewport: { width: 1600, height: 1000 } });
const server = usePlaygroundServer('theme-dark');

const FIGHTER = 'Fighter, 5th level';
const ROGUE = 'Rogue, 1st level';

async function open(page: Page): Promise<void> {
  await page.goto(`${server.url()}?seed=11&theme=dark`);
  await page.waitForSelector('body[data-ready="true"]');
}

/** axe-core and the gradient contrast check on `selector`; both must find nothing. */
async function audit(page: Page, selector: string, view: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS_DIR, `dark-${view}.png`) });
  const axe = await seriousViolations(page, selector);
  const contrast = (await checkTextContrast(page, selector)).map(
    (f) => `"${f.text}" ${f.ratio.toFixed(2)}:1 < ${f.required}:1 on ${f.background} (${f.path})`,
  );
  expect({ view, axe, contrast }).toEqual({ view, axe: [], contrast: [] });
}

/** A colour as the page computes it for the first element `selector` matches (`property` of its style). */
const computed = (page: Page, selector: string, property: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el, name) => getComputedStyle(el).getPropertyValue(name), property);

it('the character sheet: dark paper, light ink, every tab readable', async () => {
  const { page } = pages;
  await open(page);
  await page.locator('.pg-combatant[data-side="a"]').getByRole('button', { name: 'Open sheet' }).click();
  const frame = page.locator('.pg-window', { has: page.locator('.character-sheet') }).last();
  await frame.waitFor();
  const id = `#${await frame.getAttribute('id')}`;
  // The dark palette is in force (tokens.scss $night-ink / $night-paper), not the light one.
  expect(await computed(page, `${id} .gng`, '--gng-ink')).toBe('#ece4d6');
  expect(await computed(page, `${id} .gng`, 'color')).toBe('rgb(236, 228, 214)');
  const tabs = page.locator(`${id} [role="tab"]`);
  const names = await tabs.allTextContents();
  expect(names.length).toBeGreaterThanOrEqual(6);
  for (const [index, name] of names.entries()) {
    await tabs.nth(index).click();
    await expect.poll(() => tabs.nth(index).getAttribute('aria-selected')).toBe('true');
    await audit(page, id, `sheet-${name.trim().toLowerCase()}`);
  }
});

it('the chat cards (attack, area, trip, grapple, Quick Stand), as the GM and as a player', async () => {
  const { page } = pages;
  await open(page);
  await page.selectOption('#pg-user', { label: 'Gamemaster (GM)' });
  await expect.poll(() => page.evaluate(() => game.user.isGM)).toBe(true);
  await page.evaluate(
    async ({ fighterName, rogueName }) => {
      const playground = window.gngPlayground;
      if (!playground) throw new Error('no playground');
      const { harness } = playground;
      const fighter = game.actors.getName(fighterName) as Actor;
      const rogue = game.actors.getName(rogueName) as Actor;
      const sword = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
      const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
      harness.dice.queue(12);
      await game.gng.attack(fighter, sword, {});
      await settle();
      harness.dice.queue(3, 4, 5);
      await game.gng.areaDamage({ damage: '3d6', saveDc: 15, targets: [fighter, rogue] });
      await settle();
      harness.dice.queue(14, 9);
      await game.gng.maneuver(fighter, 'trip', { targets: [rogue] });
      await settle();
      harness.dice.queue(16, 5);
      await game.gng.grapple(fighter, { target: rogue });
      await settle();
      await rogue.toggleStatusEffect('prone', { active: true });
      harness.dice.queue(15);
      await game.gng.quickStand(rogue);
      await settle();
    },
    { fighterName: FIGHTER, rogueName: ROGUE },
  );
  for (const kind of ['.attack-card', '.area-card', '.maneuver-card', '.grapple-card', '.quick-stand-card'])
    await expect.poll(() => page.locator(`#chat-log ${kind}`).count(), { message: kind }).toBeGreaterThan(0);
  // A card on its own paper and a card on the message's surface both read the dark palette.
  expect(await computed(page, '#chat-log .quick-stand-card', 'background-color')).toBe('rgb(43, 39, 36)');
  expect(await computed(page, '#chat-log .attack-card', '--gng-ash')).toBe('#b8ad9b');
  await audit(page, '#chat-log', 'cards-gm');
  await page.selectOption('#pg-user', { label: 'Player' });
  await expect.poll(() => page.evaluate(() => game.user.isGM)).toBe(false);
  await audit(page, '#chat-log', 'cards-player');
});
