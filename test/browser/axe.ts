/**
 * axe-core (`@axe-core/playwright`) on a part of a page: the WCAG 2.x A and AA rules (colour contrast
 * included), and only violations of serious or critical impact count, as issue 15 asks. Text over
 * gradients, which axe leaves "needs review", is checked by contrast.ts.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** The serious and critical violations under `selector` (or each of several), as "rule: element, element". */
export async function seriousViolations(page: Page, selector: string | string[]): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(TAGS);
  for (const one of [selector].flat()) builder.include(one);
  const results = await builder.analyze();
  // Something was checked (a selector that matches nothing would pass silently).
  expect(results.passes.length + results.violations.length).toBeGreaterThan(0);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Fails the test with the list when axe finds a serious or critical violation under `selector`. */
export async function expectNoSeriousViolations(page: Page, selector: string | string[]): Promise<void> {
  expect(await seriousViolations(page, selector)).toEqual([]);
}
