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
 * The page gets the minified build of the same copy (AXE_SOURCE).
 * A page with frames still goes through AxeBuilder, which checks inside each frame.
 *
 * Only the rules that can report a serious or critical violation run (SERIOUS_RULES, derived from
 * axe-core's own metadata), and passed rules keep one node each (`resultTypes`), so axe does not
 * build a selector for every element that passed: axe.test.ts shows both find the same serious and
 * critical violations as the full run.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { asciiOnly } from '../../scripts/ascii.js';

/** The tags of the rules issue 15 asks for. */
export const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** What axe-core (in Node, loaded as a module) exposes of its rules and checks. */
interface AxeCheckRef {
  id: string;
}
interface AxeRule {
  id: string;
  impact?: string;
  any: (string | AxeCheckRef)[];
  all: (string | AxeCheckRef)[];
  none: (string | AxeCheckRef)[];
}
interface AxeCore {
  version: string;
  _audit: { rules: AxeRule[]; data: { checks: Record<string, { impact?: string } | undefined> } };
  utils: { ruleShouldRun(rule: AxeRule, context: { page: boolean }, options: object): boolean };
}

/** axe-core, resolved from @axe-core/playwright (the very copy its AxeBuilder injects). */
const requireAxe = createRequire(import.meta.resolve('@axe-core/playwright'));
const axeCore = requireAxe('axe-core') as AxeCore;

/**
 * What a page evaluates: that copy's own minified build (axe.min.js beside its axe.js, whose text
 * is `source`), 580 KB against 1.3 MB. A page evaluated it in about 0.5 s of CPU against 0.7 s.
 * Its few non-ASCII characters (©, –, …, ® and U+FFFD, all inside string literals) are written as
 * \u escapes (`asciiOnly`), the same strings: a text with one of them goes to the renderer as two
 * bytes a character (1.16 MB) and V8 scans it as such; the ASCII text cost about 0.08 s less a page.
 */
const AXE_SOURCE = asciiOnly(readFileSync(requireAxe.resolve('axe-core/axe.min.js'), 'utf8'));

/** The version of that copy (axe.test.ts checks the page's minified build is the same). */
export const AXE_VERSION = axeCore.version;

/** axe-core's impacts, lowest first. */
const IMPACTS = ['minor', 'moderate', 'serious', 'critical'];

/**
 * The highest impact a violation of `rule` can have, as axe computes a result's impact: a rule with
 * an impact of its own gives it to all its checks (axe's finalizeRuleResult), otherwise the highest
 * impact of its failed checks counts.
 */
function highestImpact(rule: AxeRule): string | undefined {
  if (rule.impact) return rule.impact;
  const impacts = [...rule.any, ...rule.all, ...rule.none]
    .map((check) => axeCore._audit.data.checks[typeof check === 'string' ? check : check.id]?.impact)
    .map((impact) => IMPACTS.indexOf(impact ?? ''));
  return IMPACTS[Math.max(-1, ...impacts)];
}

/** The full run's options: every rule of the tags (what SERIOUS_RULES is derived from). */
export const ALL_RULES = { type: 'tag', values: TAGS };

/**
 * The rules the tags select (axe's own ruleShouldRun, page-level rules included) that can report a
 * serious or critical violation: a run of only these finds the same serious and critical
 * violations, with about a third fewer rules to run.
 */
export const SERIOUS_RULES = {
  type: 'rule',
  values: axeCore._audit.rules
    .filter((rule) => axeCore.utils.ruleShouldRun(rule, { page: true }, { runOnly: ALL_RULES }))
    .filter((rule) => ['serious', 'critical'].includes(highestImpact(rule) ?? ''))
    .map((rule) => rule.id),
};

export interface Checked {
  /** How many rules passed or failed: 0 means nothing was checked. */
  checked: number;
  violations: { id: string; impact?: string | null; targets: string[] }[];
}

/** `axe.run` in the page, axe injected first when the page does not have it yet. */
async function runInPage(page: Page, include: string[], runOnly: object): Promise<Checked> {
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
    async ({ include, runOnly }) => {
      type Node = { target: unknown[] };
      type Rule = { id: string; impact?: string | null; nodes: Node[] };
      const axe = (
        window as unknown as { axe: { run(c: object, o: object): Promise<Record<string, Rule[]>> } }
      ).axe;
      const results = await axe.run({ include, exclude: [] }, { runOnly, resultTypes: ['violations'] });
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
    { include, runOnly },
  );
}

/** Through @axe-core/playwright, for a page with frames. */
async function runWithBuilder(page: Page, include: string[], runOnly: typeof ALL_RULES): Promise<Checked> {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (runOnly.type === 'tag') builder.withTags(runOnly.values);
  else builder.withRules(runOnly.values);
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

/** axe-core on `include` with `runOnly` (SERIOUS_RULES or ALL_RULES), in the page or through AxeBuilder. */
export function runAxe(page: Page, include: string[], runOnly = SERIOUS_RULES): Promise<Checked> {
  return page.frames().length > 1
    ? runWithBuilder(page, include, runOnly)
    : runInPage(page, include, runOnly);
}

/** The serious and critical ones of `results`, as "rule: element, element". */
export function seriousOf(results: Checked): string[] {
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.targets.join(', ')}`);
}

/** The serious and critical violations under `selector` (or each of several), as "rule: element, element". */
export async function seriousViolations(page: Page, selector: string | string[]): Promise<string[]> {
  const results = await runAxe(page, [selector].flat());
  // Something was checked (a selector that matches nothing would pass silently).
  expect(results.checked).toBeGreaterThan(0);
  return seriousOf(results);
}

/** Fails the test with the list when axe finds a serious or critical violation under `selector`. */
export async function expectNoSeriousViolations(page: Page, selector: string | string[]): Promise<void> {
  expect(await seriousViolations(page, selector)).toEqual([]);
}
