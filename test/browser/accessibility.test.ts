/**
 * Issue 15's accessibility sweep, on the playground as a user sees it (Foundry's fonts, floating
 * windows, the map): every tab of the character and creature sheets, an item sheet, the attack
 * dialog, every card type (attack, area, maneuver, grapple, Quick Stand, bleeding, saving throw) in
 * the chat log, the side panels (with "Add a combatant"'s matches), the map, the compendium browser
 * and the toolbar. On each, axe-core (WCAG 2.x A/AA, colour contrast
 * included) finds no serious or critical violation, and every text reaches WCAG AA contrast against
 * each colour stop of the gradients behind it (contrast.ts: axe leaves those "needs review").
 * Issue #34's dark theme (Foundry v13's `body.theme-dark`, the playground's `?theme=dark`): the
 * system's colours (styles/_theme.scss custom properties) switch to the dark palette, and the
 * character sheet's tabs and the chat cards pass the same checks in it. The theme is CSS only (a
 * class on the body, nothing rendered differently), so each sweep's world is loaded once and
 * checked in both themes (docs/performance.md: a load and a page fewer per sweep).
 * Screenshots of each view: test-results/browser/a11y-*.png (the dark theme's a11y-dark-*.png).
 */
import { expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { usePlaygroundServer } from './playground-server.js';
import { usePlaygroundPage } from './playground-page.js';
import { seriousViolations } from './axe.js';
import { checkTextContrast } from './contrast.js';

const pages = useChromiumPages({ viewport: { width: 1600, height: 1000 } });
const server = usePlaygroundServer('accessibility');
const playground = usePlaygroundPage(pages, server);

const FIGHTER = 'Fighter, 5th level';
const ROGUE = 'Rogue, 1st level';

async function open(page: Page, seed = 11, theme = ''): Promise<void> {
  await playground.load(page, { seed, theme });
}

/** Switches Foundry v13's dark theme on or off, as `?theme=dark` marks it (the body's class). */
const darkTheme = (page: Page, on: boolean) =>
  page.evaluate((dark) => document.body.classList.toggle('theme-dark', dark), on);

/** A colour as the page computes it for the first element `selector` matches (`property` of its style). */
const computed = (page: Page, selector: string, property: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el, name) => getComputedStyle(el).getPropertyValue(name), property);

async function actAs(page: Page, name: string): Promise<void> {
  await page.selectOption('#pg-user', { label: name });
  await expect.poll(() => page.evaluate(() => game.user.name)).toBe(name.replace(/ \(GM\)$/, ''));
}

/** axe-core and the gradient contrast check on `selector`; both must find nothing. */
async function audit(page: Page, selector: string, view: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS_DIR, `a11y-${view}.png`) });
  const axe = await seriousViolations(page, selector);
  const contrast = (await checkTextContrast(page, selector)).map(
    (f) => `"${f.text}" ${f.ratio.toFixed(2)}:1 < ${f.required}:1 on ${f.background} (${f.path})`,
  );
  expect({ view, axe, contrast }).toEqual({ view, axe: [], contrast: [] });
}

/** The CSS selector of the floating window that shows the application whose element matches `inner`. */
async function windowOf(page: Page, inner: string): Promise<string> {
  // Waits for it: a sheet's code may load on first use, after the click that opens it.
  const frame = page.locator('.pg-window', { has: page.locator(inner) }).last();
  await frame.waitFor();
  const id = await frame.getAttribute('id');
  if (!id) throw new Error(`No window holds ${inner}`);
  return `#${id}`;
}

/** Every tab of the sheet in `frame`: clicked, then audited. */
async function auditTabs(page: Page, frame: string, view: string): Promise<number> {
  const tabs = page.locator(`${frame} [role="tab"]`);
  const names = await tabs.allTextContents();
  expect(names.length).toBeGreaterThanOrEqual(5);
  for (const [index, name] of names.entries()) {
    await tabs.nth(index).click();
    await expect.poll(() => tabs.nth(index).getAttribute('aria-selected')).toBe('true');
    await audit(page, frame, `${view}-${name.trim().toLowerCase()}`);
  }
  return names.length;
}

// Two sweeps of every tab (both themes): twice the file's 60 s timeout, as two tests had.
it('every tab of the character sheet, for its owner, in the dark theme and the light one', async () => {
  const { page } = pages;
  await open(page, 11, 'dark');
  expect(await page.evaluate(() => document.body.classList.contains('theme-dark'))).toBe(true);
  await page.locator('.pg-combatant[data-side="a"]').getByRole('button', { name: 'Open sheet' }).click();
  const fighter = await windowOf(page, '.character-sheet');
  // Dark paper, light ink: the dark palette is in force (tokens.scss $night-ink / $night-paper).
  expect(await computed(page, `${fighter} .gng`, '--gng-ink')).toBe('#ece4d6');
  expect(await computed(page, `${fighter} .gng`, 'color')).toBe('rgb(236, 228, 214)');
  expect(await auditTabs(page, fighter, 'dark-sheet')).toBeGreaterThanOrEqual(6);
  // The light theme, the same world and window.
  await darkTheme(page, false);
  expect(await computed(page, `${fighter} .gng`, '--gng-ink')).not.toBe('#ece4d6');
  expect(await auditTabs(page, fighter, 'fighter-owner')).toBeGreaterThanOrEqual(6);
  await page.locator(`${fighter} .pg-window-close`).click();
}, 120_000);

it('every tab of the character sheet, for another player', async () => {
  // The other player sees the fighter's numbers read-only: still readable.
  const { page } = pages;
  await open(page);
  await actAs(page, 'Other Player');
  await page.locator('.pg-combatant[data-side="a"]').getByRole('button', { name: 'Open sheet' }).click();
  const observed = await windowOf(page, '.character-sheet');
  expect(await auditTabs(page, observed, 'fighter-observer')).toBeGreaterThanOrEqual(6);
});

it('a creature sheet, an item sheet and the attack dialog', async () => {
  const { page } = pages;
  await open(page);
  await actAs(page, 'Gamemaster (GM)');
  await page.evaluate(async () => {
    const playground = window.gngPlayground;
    if (!playground) throw new Error('no playground');
    const orc = await playground.harness.createActor(
      {
        name: 'Orc raider',
        type: 'npc',
        system: { size: 'medium', abilities: { str: { value: 17 }, con: { value: 12 } } },
      },
      game.user,
    );
    await orc.createEmbeddedDocuments('Item', [
      { name: 'Falchion', type: 'weapon', system: { damage: { medium: '2d4' }, equipped: true } },
    ]);
    await playground.harness.openSheet(orc);
  });
  const orc = await windowOf(page, '.npc-sheet');
  await auditTabs(page, orc, 'creature');
  await page.locator(`${orc} .pg-window-close`).click();

  await actAs(page, 'Player');
  await page.locator('.pg-combatant[data-side="a"]').getByRole('button', { name: 'Open sheet' }).click();
  const fighter = await windowOf(page, '.character-sheet');
  await page.locator(fighter).getByRole('tab', { name: 'Inventory' }).click();
  // The bastard sword's sheet: the tallest item sheet (weapon fields).
  await page
    .locator(`${fighter} .inventory tr`, { hasText: 'Bastard sword' })
    .locator('[data-action="openItem"]')
    .click();
  const item = await windowOf(page, '.sheet.item');
  // It opens under the toolbar, not over it, however tall its content.
  const toolbar = await page.locator('.pg-toolbar').boundingBox();
  const itemBox = await page.locator(item).boundingBox();
  expect(itemBox && toolbar && itemBox.y >= toolbar.y + toolbar.height).toBe(true);
  await audit(page, item, 'item-sheet');
  await page.locator(`${item} .pg-window-close`).click();

  await page.locator(fighter).getByRole('tab', { name: 'Combat' }).click();
  await page.locator(`${fighter} [data-action="rollAttack"]`).first().click();
  const dialog = await windowOf(page, '.attack-dialog');
  await audit(page, dialog, 'attack-dialog');
  // With a called shot ticked, the penalty and the refusals show.
  await page.locator(`${dialog} .called-shot-effects input[type="checkbox"]`).first().check();
  await audit(page, dialog, 'attack-dialog-called-shot');
});

it('every card type in the chat log, as the GM and as a player, in the light theme and the dark one', async () => {
  const { page } = pages;
  await open(page);
  await actAs(page, 'Gamemaster (GM)');
  await page.evaluate(
    async ({ fighterName, rogueName }) => {
      const playground = window.gngPlayground;
      if (!playground) throw new Error('no playground');
      const { harness } = playground;
      const fighter = game.actors.getName(fighterName) as Actor;
      const rogue = game.actors.getName(rogueName) as Actor;
      const sword = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
      const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
      // An attack (rolled, defended and damaged below), an area, a trip, a grapple, a Quick Stand.
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
  // A saving throw from the sheet, and a Severe Bleeding card at the start of the rogue's turn.
  await page.locator('.pg-combatant[data-side="b"]').getByRole('button', { name: 'Open sheet' }).click();
  const rogueSheet = await windowOf(page, '.character-sheet');
  await page.locator(`${rogueSheet} [data-action="rollSave"]`).first().click();
  await page.locator(`${rogueSheet} .pg-window-close`).click();
  await page.evaluate(async (rogueName) => {
    const rogue = game.actors.getName(rogueName) as Actor;
    await rogue.toggleStatusEffect('severe-bleeding', { active: true });
    // Its save comes at the rogue's turn start one round after the wound: round 2.
    for (let turn = 0; turn < 3; turn++) {
      await game.combat?.nextTurn();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, ROGUE);
  const kinds = [
    '.attack-card',
    '.area-card',
    '.maneuver-card',
    '.grapple-card',
    '.quick-stand-card',
    '.bleeding-card',
  ];
  for (const kind of kinds)
    await expect.poll(() => page.locator(`#chat-log ${kind}`).count(), { message: kind }).toBeGreaterThan(0);
  await expect
    .poll(() => page.locator('#chat-log .chat-message').count())
    .toBeGreaterThanOrEqual(kinds.length + 1);

  await audit(page, '#chat-log', 'cards-gm');
  await actAs(page, 'Other Player');
  await audit(page, '#chat-log', 'cards-other-player');
  await actAs(page, 'Player');
  await audit(page, '#chat-log', 'cards-player');

  // The dark theme: a card on its own paper and a card on the message's surface both read the
  // dark palette, and the cards pass the same checks for the player and the GM.
  await darkTheme(page, true);
  expect(await computed(page, '#chat-log .quick-stand-card', 'background-color')).toBe('rgb(43, 39, 36)');
  expect(await computed(page, '#chat-log .attack-card', '--gng-ash')).toBe('#b8ad9b');
  await audit(page, '#chat-log', 'dark-cards-player');
  await actAs(page, 'Gamemaster (GM)');
  await audit(page, '#chat-log', 'dark-cards-gm');
}, 120_000);

it('the side panels, the turn order and the map', async () => {
  const { page } = pages;
  await open(page);
  await page.locator('#pg-map [data-token-id], #pg-map button').first().waitFor();
  await audit(page, '#pg-combatants', 'side-panels');
  await audit(page, '#pg-tracker', 'turn-order');
  await audit(page, '#pg-map', 'map');
  // Issue #33: "Add a combatant" with its matches listed, the compendium browser, the toolbar.
  await page.locator('.pg-side[data-side="a"]').getByLabel('Add a combatant').fill('orc');
  await page.locator('.pg-side[data-side="a"] .pg-add-result').first().waitFor();
  await audit(page, '#pg-combatants', 'side-panels-search');
  await page.getByRole('button', { name: 'Compendium' }).click();
  await page.locator('#pg-compendium .pg-compendium-entry').first().waitFor();
  await audit(page, '#pg-compendium', 'compendium');
  await audit(page, '.pg-toolbar', 'toolbar');
});

it('breakdowns stay inside the sheet window, and a small window keeps its tabs reachable', async () => {
  const { page } = pages;
  await open(page);
  await page.locator('.pg-combatant[data-side="a"]').getByRole('button', { name: 'Open sheet' }).click();
  const frame = await windowOf(page, '.character-sheet');
  const inside = async (what: string) => {
    const body = await page.locator(`${frame} .pg-window-body`).boundingBox();
    const numbers = page.locator(`${frame} .stat-button`);
    const count = await numbers.count();
    expect(count).toBeGreaterThanOrEqual(7); // Defense ×2, Protection, HP, three saves
    for (let index = 0; index < count; index++) {
      const number = numbers.nth(index);
      await number.scrollIntoViewIfNeeded();
      await number.focus();
      const tip = await number.locator('xpath=..').locator('.breakdown').boundingBox();
      const label = `${what}: ${await number.textContent()}`;
      expect(tip && body, label).toBeTruthy();
      if (!tip || !body) continue;
      expect(tip.y, label).toBeGreaterThanOrEqual(body.y - 1);
      expect(tip.y + tip.height, label).toBeLessThanOrEqual(body.y + body.height + 1);
      expect(tip.x + tip.width, label).toBeLessThanOrEqual(body.x + body.width + 1);
    }
  };
  await inside('default size');

  // Resized to 380×480 from its corner: the tabs can still be reached and used.
  const handle = await page.locator(`${frame} .pg-window-resize`).boundingBox();
  const box = await page.locator(frame).boundingBox();
  if (!handle || !box) throw new Error('no window');
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 380, box.y + 480, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => (await page.locator(frame).boundingBox())?.height ?? 0).toBeLessThan(500);
  const skills = page.locator(frame).getByRole('tab', { name: 'Skills' });
  await skills.scrollIntoViewIfNeeded();
  await skills.click();
  await expect.poll(() => skills.getAttribute('aria-selected')).toBe('true');
  const climb = page.locator(`${frame} button[data-skill="climb"]`);
  await climb.scrollIntoViewIfNeeded();
  expect(await climb.isVisible()).toBe(true);
  await page.screenshot({ path: join(ARTIFACTS_DIR, 'a11y-small-window.png') });
});
