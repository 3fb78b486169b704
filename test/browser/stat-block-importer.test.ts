/**
 * The stat-block importer (issue #19) in the playground, in Chromium: the GM opens the window
 * (`game.gng.openImporter()`, as the actor directory's button does), pastes a bugbear block copied
 * with junk lines around it, reads it, and sees the parsed fields and the GnG creature side by side
 * with the junk lines listed; corrects Constitution from the keyboard (the result follows, focus
 * stays in the form), creates the actor, and its sheet opens. axe and the text contrast check on the
 * window. The window's code (with the parser and the conversion) is a chunk loaded on first use
 * (issue #29): not for the refused player, then once for the GM, however often the window opens.
 * Needs `dist/`. Screenshots: test-results/browser/stat-block-importer-*.png.
 *
 * Bugbear (SRD: Medium humanoid, 3 HD, Con 13, Dex 12, +3 natural, leather armor, light wooden
 * shield), by GnG v4.0's tables: HP = (13 + 2 (Humanoid Average, 3 HD)) × 1 (Medium) = 15;
 * Protection = 2 (leather) + 3 (natural) = 5; Defense = Dex +1 + class +2 + size 0 + shield +1 = +4.
 * Constitution corrected to 19: HP = (19 + 2) × 1 = 21.
 */
import { expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS_DIR, ROOT, useChromiumPages } from './chromium.js';
import { usePlaygroundServer } from './playground-server.js';
import { expectNoSeriousViolations } from './axe.js';
import { checkTextContrast } from './contrast.js';

const pages = useChromiumPages({ viewport: { width: 1600, height: 1100 } });
const server = usePlaygroundServer('stat-block-importer');
const BUGBEAR = readFileSync(join(ROOT, 'test/fixtures/stat-blocks/junk-bugbear.txt'), 'utf8');

it('the GM pastes a stat block, sees the parse beside the GnG result, corrects a field and creates the actor', async () => {
  const { page } = pages;
  const chunkRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/importer-app-[^/]*\.js$/.test(new URL(request.url()).pathname)) chunkRequests.push(request.url());
  });
  await page.goto(`${server.url()}?seed=5`);
  await page.waitForSelector('body[data-ready="true"]');

  // The playground starts as a player, who is refused (before anything is loaded).
  expect(await page.evaluate(() => game.user.isGM)).toBe(false);
  expect(await page.evaluate(async () => (await game.gng.openImporter()) === null)).toBe(true);
  expect(await page.locator('.gng-imp-body').count()).toBe(0);
  expect(chunkRequests).toEqual([]);
  await page.selectOption('#pg-user', { label: 'Gamemaster (GM)' });
  await expect.poll(() => page.evaluate(() => game.user.isGM)).toBe(true);

  await page.evaluate(async () => {
    await game.gng.openImporter();
  });
  const frame = page.locator('.pg-window', { has: page.locator('.gng-imp-body') });
  await frame.waitFor();
  expect(chunkRequests).toHaveLength(1);
  const id = await frame.getAttribute('id');

  // Paste (the clipboard's text goes in as typed text) and read.
  const area = frame.getByRole('textbox', { name: 'Stat block' });
  await area.focus();
  await page.keyboard.insertText(BUGBEAR);
  await frame.getByRole('button', { name: 'Read the stat block' }).click();

  const fields = frame.locator('.gng-imp-fields');
  const result = frame.locator('.gng-imp-result');
  await result.waitFor();
  // Side by side: the result column starts right of the fields column, at the same height.
  const [left, right] = [await fields.boundingBox(), await result.boundingBox()];
  expect(left && right && right.x >= left.x + left.width - 1).toBe(true);
  expect(left && right && Math.abs(right.y - left.y) < 5).toBe(true);
  const number = (key: string) => result.locator(`[data-result="${key}"]`).textContent();
  expect([await number('hp'), await number('protection'), await number('defense')]).toEqual([
    '15',
    '5',
    '+4',
  ]);
  // Each parsed field with the line it came from; the junk lines listed as not read.
  const con = frame.getByRole('textbox', { name: 'Constitution' });
  expect(await con.inputValue()).toBe('13');
  const conRow = frame.locator('tr[data-key="abilities.con"] .gng-imp-line');
  expect(await conRow.textContent()).toBe('Abilities: Str 15, Dex 12, Con 13, Int 10, Wis 10, Cha 9');
  const unparsed = frame.locator('.gng-imp-unparsed li');
  expect(await unparsed.count()).toBe(5);
  expect(await unparsed.first().textContent()).toBe('Line 2: click to see monster');
  expect(await unparsed.first().isVisible()).toBe(true);
  // The steps, in words.
  expect(await result.locator('.gng-imp-steps li').count()).toBeGreaterThan(5);
  expect(await result.locator('.gng-imp-steps').textContent()).toContain(
    'HP = base 15 × size multiplier 1 (medium) = 15, rounded down: 15.',
  );
  await expectNoSeriousViolations(page, `#${id}`);
  const contrast = await checkTextContrast(page, `#${id}`);
  expect(contrast.map((f) => `"${f.text}" ${f.ratio.toFixed(2)}:1 on ${f.background}`)).toEqual([]);
  await page.screenshot({ path: join(ARTIFACTS_DIR, 'stat-block-importer-read.png') });

  // Keyboard: correct Constitution, Tab on; the result follows and focus moves on in the form.
  await con.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('19');
  await page.keyboard.press('Tab');
  await expect.poll(() => number('hp')).toBe('21');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-edit'))).toBe('abilities.int');
  expect(await frame.locator('.gng-imp-status').textContent()).toBe(
    'Converted again: 21 HP, Protection 5, Defense +4.',
  );
  await frame.screenshot({ path: join(ARTIFACTS_DIR, 'stat-block-importer-corrected.png') });
  await expectNoSeriousViolations(page, `#${id}`);

  // Create: the actor exists with the corrected numbers and its sheet opens.
  await frame.getByRole('button', { name: 'Create actor' }).click();
  const sheet = page
    .locator('.pg-window', { has: page.locator('.sheet, form') })
    .filter({ hasText: 'Bugbear' });
  await sheet.first().waitFor();
  const created = await page.evaluate(() => {
    const actor = game.actors.contents.find((a) => a.name === 'Bugbear');
    const s = actor?.system as unknown as {
      hp: { max: number };
      protection: { total: number };
      defense: { total: number };
    };
    return actor ? { hp: s.hp.max, protection: s.protection.total, defense: s.defense.total } : null;
  });
  expect(created).toEqual({ hp: 21, protection: 5, defense: 4 });
  expect(await frame.count()).toBe(0);
  await page.screenshot({ path: join(ARTIFACTS_DIR, 'stat-block-importer-created.png') });

  // Opened again (and the API used): the chunk is not fetched again.
  await page.evaluate(async () => {
    await game.gng.openImporter();
    await game.gng.importStatBlock('Goblin', { create: false });
  });
  await frame.waitFor();
  expect(chunkRequests).toHaveLength(1);
});
