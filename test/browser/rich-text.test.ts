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
import { usePlaygroundPage } from './playground-page.js';

const pages = useChromiumPages({ viewport: { width: 1600, height: 1100 } });

const server = usePlaygroundServer('rich-text');
const playground = usePlaygroundPage(pages, server);

it('a sample biography reads as text; its owner edits it in the editor and reads the result', async () => {
  const { page } = pages;
  await playground.load(page, { seed: 3 });
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

// Issue #27 5c: in a real browser (Chromium's own DOM and parser), a biography a player wrote with
// hostile HTML shows its text and nothing that acts: no script runs, no handler, no CSS, no form.
it("a player's hostile biography shows as text on the sheet, and nothing in it runs", async () => {
  const { page } = pages;
  await playground.load(page, { seed: 3 });
  await page.evaluate(async () => {
    const actor = game.actors.getName('Fighter, 5th level');
    await actor?.update({
      'system.biography':
        // A broken image (its data does not decode, so onerror would fire; nothing is fetched).
        '<p>Plain words.</p><img src="data:image/png;base64,AAAA" onerror="window.__gngPwned = 1">' +
        '<svg><script>window.__gngPwned = 2</script></svg><p>After the svg.</p>' +
        '<style>body { display: none }</style><a href="javascript:window.__gngPwned = 3">link</a>' +
        '<form><input name="name" value="Pwned"><button data-action="editRichText">Go</button></form>' +
        '<p style="position: fixed; inset: 0">covered</p>',
    });
  });
  await page.locator('.pg-combatant[data-side="a"]').getByRole('button', { name: 'Open sheet' }).click();
  const sheet = page.locator('.pg-window', { hasText: 'Fighter, 5th level' });
  await sheet.getByRole('tab', { name: 'Biography' }).click();
  const content = sheet.locator('.biography .editor-content');
  await expect.poll(() => content.innerText()).toContain('Plain words.');
  expect(await content.innerText()).toContain('After the svg.');
  const html = await content.innerHTML();
  expect(html).not.toMatch(
    /onerror|<script|<svg|<style|javascript:|<form|<input|<button|style=|data-action/i,
  );
  expect(await page.evaluate(() => (window as { __gngPwned?: number }).__gngPwned)).toBeUndefined();
});
