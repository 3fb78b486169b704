/**
 * The playground's compendium browser, "Add a combatant" search and importer button (issue #33), in
 * Chromium at 1280×720 and 1600×1000: search and filter the packs; drag the weapons pack's
 * submachine gun onto the rogue's sheet (the sheet's own `_onDrop` creates it), equip it and fire a
 * strafing burst at the fighter; drag a bestiary monster onto the map (its token stands on the
 * square dropped on); open the stat-block importer from its toolbar button, import a pasted block
 * and drag the new actor onto the map; search "Add a combatant" from the keyboard; the sample
 * gunner's SMG is ready to burst and the sample wizard has a spell to cast. axe-core on the new UI.
 * Needs `dist/`. Screenshots: /tmp/playground-compendium-*.png, test-results/browser/ (the README's
 * docs/images/playground-compendium.png is copied from there by hand).
 */
import { expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS_DIR, ROOT, useChromiumPages } from './chromium.js';
import { usePlaygroundServer } from './playground-server.js';
import { usePlaygroundPage } from './playground-page.js';
import { expectNoSeriousViolations } from './axe.js';

const pages = useChromiumPages({ viewport: { width: 1600, height: 1000 } });
const server = usePlaygroundServer('playground-compendium');
const playground = usePlaygroundPage(pages, server);
const BUGBEAR = readFileSync(join(ROOT, 'test/fixtures/stat-blocks/junk-bugbear.txt'), 'utf8');

const VIEWPORTS = [
  { width: 1280, height: 720 },
  { width: 1600, height: 1000 },
];
const FIGHTER = 'Fighter, 5th level';
const ROGUE = 'Rogue, 1st level';
const SMG = 'Submachine gun (9mm)';
const GOBLIN = 'Goblin, 1st-Level Warrior';
const GUNNER = 'Gunner, 3rd level';
const WIZARD = 'Wizard, 5th level';

const map = (page: Page) => page.locator('#pg-map');
const token = (page: Page, name: string) =>
  map(page).getByRole('button', { name: new RegExp(`^${name.replace(/[(),]/g, '\\$&')}, HP`) });
const browser = (page: Page) => page.locator('#pg-compendium');
const entry = (page: Page, name: string) =>
  browser(page).locator('.pg-compendium-entry', {
    has: page.locator('.pg-compendium-name', { hasText: name }),
  });

async function open(page: Page, viewport: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(viewport);
  await playground.load(page, { seed: 7 });
}

async function actAs(page: Page, name: string): Promise<void> {
  await page.selectOption('#pg-user', { label: name });
  await expect.poll(() => page.evaluate(() => game.user.name)).toBe(name.replace(/ \(GM\)$/, ''));
}

async function showCompendium(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Compendium' });
  await toggle.click();
  expect(await toggle.getAttribute('aria-pressed')).toBe('true');
  await browser(page).waitFor();
  expect(await page.locator('.pg-chat').isHidden()).toBe(true);
}

/** The square (column, row) of a token, from its document. */
const square = (page: Page, name: string) =>
  page.evaluate((n) => {
    const d = game.actors.getName(n)?.getActiveTokens()[0]?.document as unknown as { x: number; y: number };
    return d ? { column: d.x / 100, row: d.y / 100 } : null;
  }, name);

/** Drags `source` onto the middle of the map's square (column, row). */
async function dragToSquare(page: Page, source: ReturnType<Page['locator']>, column: number, row: number) {
  const board = map(page).locator('.pg-map-board');
  await board.scrollIntoViewIfNeeded();
  const box = await board.boundingBox();
  if (!box) throw new Error('no board');
  const { clientWidth, clientHeight } = await board.evaluate((el) => ({
    clientWidth: el.clientWidth,
    clientHeight: el.clientHeight,
  }));
  await source.dragTo(board, {
    targetPosition: {
      x: (column + 0.5) * (clientWidth / 12) + (box.width - clientWidth) / 2,
      y: (row + 0.5) * (clientHeight / 8) + (box.height - clientHeight) / 2,
    },
  });
}

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}x${viewport.height}`;

  it(`searches and filters the compendium, drags an SMG onto the rogue's sheet and fires a burst (${size})`, async () => {
    const { page } = pages;
    await open(page, viewport);
    await actAs(page, 'Other Player');
    await showCompendium(page);
    const search = browser(page).getByLabel('Search by name');
    await search.fill('submachine');
    await expect.poll(() => browser(page).locator('.pg-compendium-entry').count()).toBe(1);
    expect(await browser(page).locator('.pg-compendium-count').textContent()).toBe('1 found.');
    expect(await entry(page, SMG).locator('.pg-compendium-meta').textContent()).toBe('Weapon · GnG Weapons');
    // The filters: by pack (the bestiary holds creatures only) and by type (spells are not weapons).
    await search.fill('');
    await browser(page).getByLabel('Pack').selectOption({ label: 'GnG Bestiary (SRD 3.5 monsters)' });
    const metas = await browser(page).locator('.pg-compendium-meta').allTextContents();
    expect(metas.length).toBe(60);
    expect(new Set(metas)).toEqual(new Set(['Creature · GnG Bestiary (SRD 3.5 monsters)']));
    expect(await browser(page).locator('.pg-compendium-count').textContent()).toMatch(
      /^\d{3} found; the first 60 are listed\.$/,
    );
    await browser(page).getByLabel('Pack').selectOption({ label: 'All packs' });
    await browser(page).getByLabel('Pack').selectOption({ label: 'GnG Spells and Powers' });
    await search.fill('armor ignoring');
    const meta = () => browser(page).locator('.pg-compendium-meta').allTextContents();
    expect((await meta()).sort()).toEqual([
      'Power · GnG Spells and Powers',
      'Spell · GnG Spells and Powers',
      'Spell · GnG Spells and Powers',
    ]);
    await browser(page).getByLabel('Type').selectOption({ label: 'Power' });
    expect(await browser(page).locator('.pg-compendium-name').allTextContents()).toEqual([
      'Armor Ignoring Weapon',
    ]);
    await browser(page).getByLabel('Type').selectOption({ label: 'Weapon' });
    expect(await browser(page).locator('.pg-compendium-entry').count()).toBe(0);
    expect(await browser(page).locator('.pg-compendium-count').textContent()).toBe('0 found.');
    // Keyboard: Down from the search field into the list, and through it.
    await browser(page).getByLabel('Pack').selectOption({ label: 'All packs' });
    await browser(page).getByLabel('Type').selectOption({ label: 'All types' });
    await search.fill('sword');
    await search.press('ArrowDown');
    const focused = () =>
      page.evaluate(() => document.activeElement?.querySelector('.pg-compendium-name')?.textContent);
    const first = await focused();
    expect(first).toBeTruthy();
    await page.keyboard.press('ArrowDown');
    expect(await focused()).not.toBe(first);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('compendium-search');
    await expectNoSeriousViolations(page, ['#pg-compendium', '.pg-toolbar']);

    // Drag the SMG onto the rogue's sheet (Other Player owns the rogue).
    await search.fill('submachine');
    await page
      .locator('.pg-side[data-side="b"] .pg-combatant')
      .first()
      .getByRole('button', { name: 'Open sheet' })
      .click();
    const sheet = page.locator('.pg-window', { hasText: ROGUE }).first();
    await sheet.waitFor();
    await entry(page, SMG).dragTo(sheet.locator('.pg-window-body'));
    const guns = () =>
      page.evaluate(
        (n) =>
          game.actors
            .getName(n)
            ?.items.filter((i) => i.type === 'weapon')
            .map((i) => i.name),
        ROGUE,
      );
    await expect.poll(guns).toContain(SMG);
    await page.screenshot({ path: `/tmp/playground-compendium-drag-${size}.png` });
    // From the keyboard: an item's button gives it to the sheet in front.
    await browser(page).getByLabel('Search by name').fill('dagger');
    await browser(page).getByLabel('Type').selectOption({ label: 'Weapon' });
    await entry(page, 'Dagger').first().focus();
    await page.keyboard.press('Enter');
    await expect.poll(guns).toContain('Dagger');
    await expect
      .poll(() => page.locator('.pg-notice').last().textContent())
      .toBe(`Dagger given to ${ROGUE}.`);
    // Equip the SMG on the sheet, close the sheet, fire a strafing burst at the fighter.
    await sheet.getByRole('tab', { name: 'Inventory' }).click();
    await sheet.getByRole('button', { name: `Equip ${SMG}` }).click();
    await expect
      .poll(() => sheet.getByRole('button', { name: `Equip ${SMG}` }).getAttribute('aria-pressed'))
      .toBe('true');
    // The README's picture of the compendium: the SMG dragged onto the rogue's sheet, equipped.
    if (viewport.width === 1600) {
      const shot = join(ARTIFACTS_DIR, 'playground-compendium.png');
      // Written to test-results only: the README's copy (docs/images/playground-compendium.png) changes by hand.
      await page.screenshot({ path: shot });
    }
    await sheet.getByRole('button', { name: `Close ${ROGUE}` }).click();
    await page.getByRole('button', { name: 'Compendium' }).click();
    expect(await page.locator('.pg-chat').isVisible()).toBe(true);
    const control = map(page).getByRole('group', { name: 'Burst' });
    await expect.poll(() => control.getByLabel('Weapon').locator('option:checked').textContent()).toBe(SMG);
    await control.getByLabel('Kind of burst').selectOption({ label: 'Strafing burst' });
    await control.getByRole('button', { name: 'Aim by clicking the map' }).click();
    await token(page, FIGHTER).click();
    const before = await page.locator('#chat-log .burst-card').count();
    await page.evaluate(() => window.gngPlayground?.harness.dice.queue(5, 5));
    await control.getByRole('button', { name: 'Fire the burst' }).click();
    await expect.poll(() => page.locator('#chat-log .burst-card').count()).toBe(before + 1);
    const card = page.locator('#chat-log .burst-card').last();
    expect(await card.locator('h3').textContent()).toBe(`Strafing burst: ${SMG}`);
    expect(await card.locator('section.burst-target .target-name').allTextContents()).toEqual([FIGHTER]);
    await page.screenshot({ path: `/tmp/playground-compendium-burst-${size}.png` });
  });

  it(`drags a monster onto the map, and imports a stat block from the toolbar and places it (${size})`, async () => {
    const { page } = pages;
    await open(page, viewport);
    await showCompendium(page);
    await browser(page).getByLabel('Search by name').fill('allip');
    await dragToSquare(page, entry(page, 'Allip'), 9, 2);
    await expect.poll(() => token(page, 'Allip').count()).toBe(1);
    expect(await square(page, 'Allip')).toEqual({ column: 9, row: 2 });
    // The right half of the map is side B's.
    expect(await page.locator('.pg-side[data-side="b"] .pg-combatant h2').allTextContents()).toContain(
      'Allip',
    );
    await map(page).screenshot({ path: `/tmp/playground-compendium-map-${size}.png` });

    // The importer's button: a player gets the system's refusal; the GM gets the window.
    await page.getByRole('button', { name: 'Import stat block' }).click();
    await expect
      .poll(() => page.locator('.pg-notice').last().textContent())
      .toBe('Only a GM can import a stat block.');
    await actAs(page, 'Gamemaster (GM)');
    await page.getByRole('button', { name: 'Import stat block' }).click();
    const frame = page.locator('.pg-window', { has: page.locator('.gng-imp-body') });
    await frame.waitFor();
    await frame.getByRole('textbox', { name: 'Stat block' }).focus();
    await page.keyboard.insertText(BUGBEAR);
    await frame.getByRole('button', { name: 'Read the stat block' }).click();
    await frame.getByRole('button', { name: 'Create actor' }).click();
    await expect.poll(() => page.evaluate(() => game.actors.getName('Bugbear')?.name)).toBe('Bugbear');
    // Create opens the new actor's sheet, then closes the importer: the sheet is closed once it is
    // there (on a loaded machine it opens after the actor exists), so that nothing covers the map.
    await frame.waitFor({ state: 'detached' });
    const sheet = page.locator('.pg-window', {
      has: page.locator('.pg-window-header', { hasText: 'Bugbear' }),
    });
    await sheet.waitFor();
    await sheet.locator('.pg-window-close').click();
    await expect.poll(() => page.locator('.pg-window').count()).toBe(0);
    // The imported actor is listed under World actors; dragged onto the left half, it joins side A.
    await browser(page).getByLabel('Pack').selectOption({ label: 'World actors' });
    await browser(page).getByLabel('Search by name').fill('');
    expect(await browser(page).locator('.pg-compendium-name').allTextContents()).toEqual(['Bugbear']);
    await dragToSquare(page, entry(page, 'Bugbear'), 1, 6);
    await expect.poll(() => token(page, 'Bugbear').count()).toBe(1);
    expect(await square(page, 'Bugbear')).toEqual({ column: 1, row: 6 });
    expect(await page.locator('.pg-side[data-side="a"] .pg-combatant h2').allTextContents()).toContain(
      'Bugbear',
    );
    expect(
      await page.evaluate(
        () => (game.actors.getName('Bugbear')?.system as unknown as { hp: { max: number } }).hp.max,
      ),
    ).toBe(15);
    // The stat block's printed attack bonuses ("Morningstar +5 melee … or javelin +3 ranged", Weapon
    // Focus included) are the weapons' own, not the sheet's BAB + Str.
    expect(
      await page.evaluate(() =>
        (
          game.actors.getName('Bugbear')?.system as unknown as {
            derived: { attacks: { name: string; bonus: number }[] };
          }
        ).derived.attacks.map((a) => `${a.name.toLowerCase()} ${a.bonus}`),
      ),
    ).toEqual(expect.arrayContaining(['morningstar 5', 'javelin 3']));
    await page.screenshot({ path: `/tmp/playground-compendium-import-${size}.png` });
    await page.screenshot({ path: join(ARTIFACTS_DIR, `playground-compendium-import-${size}.png`) });
  });

  it(`"Add a combatant" searches the ~700 pack actors, from the keyboard (${size})`, async () => {
    const { page } = pages;
    await open(page, viewport);
    const side = page.locator('.pg-side[data-side="b"]');
    const field = side.getByLabel('Add a combatant');
    await field.fill('gob');
    const results = side.locator('.pg-add-result');
    await expect.poll(() => results.count()).toBeGreaterThan(0);
    const names = await side.locator('.pg-add-name').allTextContents();
    expect(names.length).toBeLessThanOrEqual(8);
    for (const name of names) expect(name.toLowerCase()).toContain('gob');
    expect(await side.locator('.pg-add-status').textContent()).toMatch(/^\d+ found/);
    // A name starting with what was typed comes first (the hobgoblin's group sorts no later).
    await field.fill('goblin, 1st');
    expect(await side.locator('.pg-add-name').first().textContent()).toBe(GOBLIN);
    await expectNoSeriousViolations(page, '.pg-side[data-side="b"]');
    await page.screenshot({ path: `/tmp/playground-compendium-picker-${size}.png` });
    // Down into the list, Enter adds the focused one.
    await field.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      `Add ${GOBLIN} to side B`,
    );
    await page.keyboard.press('Enter');
    await expect.poll(() => token(page, GOBLIN).count()).toBe(1);
    expect(await side.locator('.pg-combatant h2').allTextContents()).toEqual([ROGUE, GOBLIN]);
    // The search field is empty again after an add.
    expect(await side.getByLabel('Add a combatant').inputValue()).toBe('');
    expect(await page.evaluate(() => [...(window.gngPlayground?.harness.i18n.missing ?? [])])).toEqual([]);
  });

  it(`the samples: the gunner fires a burst as it comes, the wizard casts a spell that spends a slot (${size})`, async () => {
    const { page } = pages;
    await open(page, viewport);
    await actAs(page, 'Player');
    // Side A plays the gunner: the Burst control offers its equipped SMG, no field edited.
    // A picker holds every pack actor from its first focus (as a click or Tab gives it).
    await page.locator('select[name="actor-a-0"]').focus();
    await page.locator('select[name="actor-a-0"]').selectOption({ label: GUNNER });
    await expect.poll(() => token(page, GUNNER).count()).toBe(1);
    const control = map(page).getByRole('group', { name: 'Burst' });
    await expect.poll(() => control.getByLabel('Weapon').locator('option:checked').textContent()).toBe(SMG);
    // Side A adds the wizard; its sheet's Magic tab lists its spell with a Cast button.
    await page.locator('.pg-side[data-side="a"]').getByLabel('Add a combatant').fill(WIZARD);
    await page.getByRole('button', { name: `Add ${WIZARD} to side A`, exact: true }).click();
    await expect.poll(() => token(page, WIZARD).count()).toBe(1);
    await page
      .locator('.pg-combatant', { has: page.locator('h2', { hasText: WIZARD }) })
      .getByRole('button', { name: 'Open sheet' })
      .click();
    const sheet = page.locator('.pg-window', { hasText: WIZARD }).first();
    await sheet.getByRole('tab', { name: 'Magic' }).click();
    await expect
      .poll(() => sheet.getByRole('button', { name: 'Cast Armor Piercing Weapon' }).count())
      .toBe(1);
    // Its slots per day are the SRD wizard's at 5th level with Int 17 (4/3/2/1 + one bonus spell of
    // each level 1–3): the cast spends one of the two level 3 slots, on the GM's client.
    const left = sheet.getByLabel('Level 3 slots left', { exact: true });
    expect(await left.inputValue()).toBe('2');
    await sheet.getByRole('button', { name: 'Cast Armor Piercing Weapon' }).click();
    const dialog = page.locator('.pg-window', { has: page.locator('.cast-weapons') });
    await dialog.waitFor();
    await dialog.locator('input[name="weapon"]').first().check();
    await dialog.getByRole('button', { name: 'Cast', exact: true }).click();
    await expect.poll(() => left.inputValue()).toBe('1');
    await page.screenshot({ path: `/tmp/playground-compendium-samples-${size}.png` });
  });
}

it('serves packs.json as ASCII, its other characters as \\u escapes that parse back to them', async () => {
  // An ASCII text is decoded and parsed as one byte a character; one non-ASCII character made the
  // page decode and parse all 5.5 MB as two (docs/performance.md: about 0.2 s of CPU a load).
  const response = await fetch(new URL('packs.json', server.url()));
  expect(response.ok).toBe(true);
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(bytes.findIndex((byte) => byte > 0x7f)).toBe(-1);
  const texts = JSON.stringify(JSON.parse(new TextDecoder().decode(bytes)));
  // The packs' own characters: the bestiary's "×" (dimensions, multipliers) and typographic dashes.
  expect(texts).toContain('×');
  expect(texts).toContain('—');
});
