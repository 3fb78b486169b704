/**
 * axe-core on a part of a page: the WCAG 2.x A and AA rules (colour contrast included), and only
 * violations of serious or critical impact count, as issue 15 asks. Text over gradients, which axe
 * leaves "needs review", is checked by contrast.ts.
 *
 * The same axe-core that `@axe-core/playwright` bundles, run the way its legacy mode runs it
 * (`axe.run` in the page, same-origin frames only), but injected once per page instead of on every
 * check: its AxeBuilder evaluates the 550 KB script on each `analyze()` and, in its default mode,
 * opens a second page, injects it again there and moves the results over to finish the run. That
 * cost about 2 s a check against 0.3 s for the run itself (docs/performance.md, the test suite).
 * A page with frames still goes through AxeBuilder, which checks inside each frame.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { createRequire } from 'node:module';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** axe-core's source, resolved from @axe-core/playwright (the very copy its AxeBuilder injects). */
const AXE_SOURCE = (
  createRequire(import.meta.resolve('@axe-core/playwright'))('axe-core') as { source: string }
).source;

interface Checked {
  /** How many rules passed or failed: 0 means nothing was checked. */
  checked: number;
  violations: { id: string; impact?: string | null; targets: string[] }[];
}

/** `axe.run` in the page, axe injected first when the page does not have it yet. */
async function runInPage(page: Page, include: string[]): Promise<Checked> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!loaded) {
    await page.evaluate(AXE_SOURCE);
    // As @axe-core/playwright configures it for axe.run.
    await page.evaluate(() =>
      (window as unknown as { axe: { configure(spec: object): void } }).axe.configure({
        allowedOrigins: ['<same_origin>'],
        branding: { application: 'playwright' },
      }),
    );
  }
  return page.evaluate(
    async ({ include, tags }) => {
      type Node = { target: unknown[] };
      type Rule = { id: string; impact?: string | null; nodes: Node[] };
      const axe = (
        window as unknown as { axe: { run(c: object, o: object): Promise<Record<string, Rule[]>> } }
      ).axe;
      const results = await axe.run({ include, exclude: [] }, { runOnly: { type: 'tag', values: tags } });
      const violations = results.violations ?? [];
      return {
        checked: (results.passes ?? []).length + violations.length,
        violations: violations.map((v) => ({
          id: v.id,
          impact: v.impact,
          targets: v.nodes.map((n) => n.target.join(' ')),
        })),
      };
    },
    { include, tags: TAGS },
  );
}

/** Through @axe-core/playwright, for a page with frames. */
async function runWithBuilder(page: Page, include: string[]): Promise<Checked> {
  const builder = new AxeBuilder({ page }).withTags(TAGS);
  for (const one of include) builder.include(one);
  const results = await builder.analyze();
  return {
    checked: results.passes.length + results.violations.length,
    violations: results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(' ')),
    })),
  };
}

/** The serious and critical violations under `selector` (or each of several), as "rule: element, element". */
export async function seriousViolations(page: Page, selector: string | string[]): Promise<string[]> {
  const include = [selector].flat();
  const results =
    page.frames().length > 1 ? await runWithBuilder(page, include) : await runInPage(page, include);
  // Something was checked (a selector that matches nothing would pass silently).
  expect(results.checked).toBeGreaterThan(0);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.targets.join(', ')}`);
}

/** Fails the test with the list when axe finds a serious or critical violation under `selector`. */
export async function expectNoSeriousViolations(page: Page, selector: string | string[]): Promise<void> {
  expect(await seriousViolations(page, selector)).toEqual([]);
}
