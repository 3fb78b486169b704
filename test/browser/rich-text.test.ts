/**
 * Rich text in the playground (issue 14), in Chromium: a sample character's biography reads as
 * formatted text, never as raw `<p>` tags; its owner opens the editor, types, saves, and reads the
 * new text, stored as HTML. Runs `npm start --no-build` into a folder of its own (needs `dist/`:
 * `npm run build`). Screenshots: test-results/browser/rich-text-*.png.
 */
import { expect, it } from 'vitest';
import { join } from 'node:path';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { usePlaygroundServer } from './playground-server.js';

const pages = useChromiumPages({ viewport: { width: 1600, height: 1100 } });

const server = usePlaygroundServer('rich-text');

it('a sample biography reads as text; its owner edits it in the editor and reads the result', async () => {
  const { page } = pages;
  await page.goto(`${server.url()}?seed=3`);
  await page.waitForSelector('body[data-ready="true"]');
  // Player owns the fighter (the playground starts as Player).
  await page.locator('.pg-combatant[data-side="a"]').getByRole('button', { name: 'Open sheet' }).click();
  const sheet = page.locator('.pg-window', { hasText: 'Fighter, 5th level' });
  // The biography has a tab of its own.
  await sheet.getByRole('tab', { name: 'Biography' }).click();
  const biography = sheet.locator('.biography');
  await biography.scrollIntoViewIfNeeded();

  // What the reader sees: paragraphs, no tag as text.
  expect(await biography.locator('.editor-content p').count()).toBeGreaterThanOrEqual(2);
  const shown = await biography.innerText();
  expect(shown).toContain('The fifth-level fighter of GnG Appendix 3');
  expect(shown).not.toMatch(/<\/?p>|&lt;/);
  await page.screenshot({ path: join(ARTIFACTS_DIR, 'rich-text-biography.png') });

  // The owner edits: the edit button opens the editor on the text, typing adds to it, Save stores it.
  await biography.getByRole('button', { name: 'Edit Biography' }).click();
  const editor = biography.getByRole('textbox', { name: 'Biography' });
  await editor.waitFor();
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Sworn to the Iron Company.');
  await page.screenshot({ path: join(ARTIFACTS_DIR, 'rich-text-editing.png') });
  await biography.getByRole('button', { name: 'Save' }).click();

  await expect.poll(() => biography.locator('prose-mirror').count()).toBe(0);
  const after = await biography.innerText();
  expect(after).toContain('Sworn to the Iron Company.');
  expect(after).toContain('The fifth-level fighter of GnG Appendix 3');
  expect(after).not.toMatch(/<\/?p>|&lt;/);
  const stored = await page.evaluate(
    () =>
      (game.actors.getName('Fighter, 5th level')?.system as unknown as { biography: string } | undefined)
        ?.biography,
  );
  expect(stored).toMatch(/^<p>The fifth-level fighter/);
  expect(stored).toContain('Sworn to the Iron Company.');
  await page.screenshot({ path: join(ARTIFACTS_DIR, 'rich-text-saved.png') });
});
