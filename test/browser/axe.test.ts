/**
 * axe.ts runs only the rules that can report a serious or critical violation (SERIOUS_RULES, from
 * axe-core's own metadata) and keeps one node of each passed rule: on a page with known violations
 * of every impact (some of them on rules whose checks say more than the rule's own impact), that
 * finds the same serious and critical violations as the full run of the tags does. The page runs
 * the minified build of the same axe-core (its version checked).
 */
import { expect, it } from 'vitest';
import { useChromiumPages } from './chromium.js';
import { ALL_RULES, AXE_VERSION, runAxe, SERIOUS_RULES, seriousOf, seriousViolations } from './axe.js';

const pages = useChromiumPages({ viewport: { width: 800, height: 600 } });

const GIF = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** One violation of each rule named beside it (its impact as axe-core 4.13 reports it). */
const KNOWN = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>axe</title></head><body>
<main id="known">
  <h1>Known violations</h1>
  <img src="${GIF}"> <!-- image-alt: critical -->
  <button></button> <!-- button-name: critical -->
  <div role="checkbox">Checked?</div> <!-- aria-required-attr: critical -->
  <p style="color: #bbb; background: #fff">Pale text</p> <!-- color-contrast: serious -->
  <p><a href="#known"></a></p> <!-- link-name: serious -->
  <ul><div>Not an item</div></ul> <!-- list: serious -->
  <h4>Two levels down</h4> <!-- heading-order: moderate -->
  <table><tr><th scope="sideways">Head</th></tr><tr><td>1</td></tr></table> <!-- scope-attr-valid: moderate, its check critical -->
  <h2></h2> <!-- empty-heading: minor, its checks serious -->
</main>
</body></html>`;

it('the serious rules find the serious and critical violations the full run finds, and only those', async () => {
  const page = pages.page;
  await page.setContent(KNOWN);
  const full = await runAxe(page, ['#known'], ALL_RULES);
  const reduced = await runAxe(page, ['#known'], SERIOUS_RULES);

  expect(full.violations.map((v) => `${v.id}: ${v.impact}`).sort()).toEqual(
    expect.arrayContaining([
      'aria-required-attr: critical',
      'button-name: critical',
      'color-contrast: serious',
      'empty-heading: minor',
      'heading-order: moderate',
      'image-alt: critical',
      'link-name: serious',
      'list: serious',
      'scope-attr-valid: moderate',
    ]),
  );
  expect(seriousOf(reduced)).toEqual(seriousOf(full));
  expect(seriousOf(full)).toHaveLength(6);
  // The reduced run leaves out the minor and moderate rules, and it still checked something.
  expect(reduced.violations.map((v) => v.impact).every((i) => i === 'serious' || i === 'critical')).toBe(
    true,
  );
  expect(SERIOUS_RULES.values).not.toContain('heading-order');
  expect(SERIOUS_RULES.values).toContain('color-contrast');
  expect(reduced.checked).toBeGreaterThan(0);
  expect(reduced.checked).toBeLessThan(full.checked);
  expect(await seriousViolations(page, '#known')).toEqual(seriousOf(full));
  // The page ran the minified build of the very axe-core whose metadata gave SERIOUS_RULES.
  expect(await page.evaluate(() => (window as unknown as { axe: { version: string } }).axe.version)).toBe(
    AXE_VERSION,
  );
});
