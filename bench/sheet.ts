/**
 * `npm run bench` (second part): how fast the character sheet renders with 100 items, against the
 * sheet issue's goal of 50 ms from data to laid-out page.
 *
 * 1. In Node, on the test harness: the actor's data preparation (`reset()`: data models, items,
 *    effects, and the engine's derivation), the sheet's `_prepareContext`, and the Handlebars render
 *    of every part — what Foundry does before it touches the DOM.
 * 2. In Debian's Chromium with the built CSS (dist/gng.css — run `npm run build` first): inserting
 *    that HTML into the page and forcing layout (performance.now in the page).
 *
 * Medians of repeated runs after a warm-up. Nothing gates CI: machines differ; ratios are what we compare.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getHarness } from '../test/harness/index.js';
import { appendix3Fighter } from '../test/fixtures/appendix3.js';
import { launchChromium } from '../test/browser/chromium.js';
import type { HarnessApplicationV2 } from '../test/harness/applications.js';
import { figure } from './figures.js';

const GOAL_MS = 50;
const ITEMS = 100;
const RUNS = 40;
const WARMUP = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** 100 items: the fighter's 4, then weapons, armor, shields, gear, feats, spells and powers. */
function extraItems(count: number): Record<string, unknown>[] {
  const kinds = [
    (i: number) => ({
      name: `Weapon ${i}`,
      type: 'weapon',
      system: {
        category: 'martial',
        damage: { medium: '1d8' },
        damageTypes: ['slashing'],
        weight: 4,
        equipped: i % 4 === 0,
      },
    }),
    (i: number) => ({ name: `Gear ${i}`, type: 'equipment', system: { weight: 1, quantity: 1 + (i % 5) } }),
    (i: number) => ({
      name: `Armor ${i}`,
      type: 'armor',
      system: { armorBonus: 3, armorCheckPenalty: -2, type: 'medium', weight: 25, carried: false },
    }),
    (i: number) => ({
      name: `Shield ${i}`,
      type: 'shield',
      system: { shieldBonus: 1, weight: 5, carried: false },
    }),
    (i: number) => ({ name: `Feat ${i}`, type: 'feat', system: { identifier: `feat-${i}` } }),
    (i: number) => ({ name: `Spell ${i}`, type: 'spell', system: { level: i % 10, school: 'Evocation' } }),
    (i: number) => ({
      name: `Power ${i}`,
      type: 'power',
      system: { level: 1 + (i % 9), discipline: 'Psychokinesis' },
    }),
  ];
  return Array.from({ length: count }, (_, i) =>
    (kinds[i % kinds.length] as (i: number) => Record<string, unknown>)(i),
  );
}

async function main(): Promise<void> {
  const h = await getHarness();
  h.reset(1);
  const actor = await appendix3Fighter(h);
  await actor.createEmbeddedDocuments('Item', extraItems(ITEMS - actor.items.size));
  await actor.createEmbeddedDocuments('ActiveEffect', [
    { name: 'Blessing', changes: [{ key: 'system.defense.bonuses.luck', mode: 2, value: '1' }] },
  ]);
  await actor.toggleStatusEffect('shaken');
  const sheet = (await h.openSheet(actor)) as HarnessApplicationV2 & ActorSheetV2;
  const render = sheet as unknown as {
    _renderHTML(
      context: Record<string, unknown>,
      options: ApplicationRenderOptions,
    ): Promise<Record<string, string>>;
  };

  const partCount = Object.keys((sheet.constructor as unknown as { PARTS: object }).PARTS).length;
  // 1. Node: data preparation + context + Handlebars.
  const prep: number[] = [];
  const context: number[] = [];
  const templates: number[] = [];
  const nodeTotal: number[] = [];
  for (let run = 0; run < WARMUP + RUNS; run++) {
    const t0 = performance.now();
    (actor as unknown as { reset(): void }).reset();
    const t1 = performance.now();
    const ctx = await sheet._prepareContext({});
    const t2 = performance.now();
    await render._renderHTML(ctx, {});
    const t3 = performance.now();
    if (run < WARMUP) continue;
    prep.push(t1 - t0);
    context.push(t2 - t1);
    templates.push(t3 - t2);
    nodeTotal.push(t3 - t0);
  }
  await sheet.render(true);
  const html = sheet.element.outerHTML;

  // 2. Chromium: DOM insertion + forced layout with the built CSS.
  const css = readFileSync(join(h.root, 'dist/gng.css'), 'utf8');
  const browser = await launchChromium();
  let dom: number[];
  try {
    const page = await browser.newPage({ viewport: { width: 760, height: 1000 } });
    await page.setContent(
      '<!doctype html><html><head><meta charset="utf-8"></head><body><main id="app"></main></body></html>',
    );
    await page.addStyleTag({ content: css });
    dom = await page.evaluate(
      ({ markup, runs, warmup }) => {
        const app = document.getElementById('app') as HTMLElement;
        const times: number[] = [];
        for (let run = 0; run < warmup + runs; run++) {
          app.replaceChildren();
          void app.offsetHeight;
          const t0 = performance.now();
          app.innerHTML = markup;
          void app.offsetHeight; // forces style and layout
          app.getBoundingClientRect();
          const t1 = performance.now();
          if (run >= warmup) times.push(t1 - t0);
        }
        return times;
      },
      { markup: html, runs: RUNS, warmup: WARMUP },
    );
  } finally {
    await browser.close();
  }

  const rows = [
    ['data preparation (actor.reset)', median(prep)],
    ['_prepareContext', median(context)],
    [`Handlebars render (${partCount} parts)`, median(templates)],
    ['Node total (median of runs)', median(nodeTotal)],
    ['Chromium: insert HTML + layout', median(dom)],
  ] as const;
  const total = median(nodeTotal) + median(dom);
  console.log(
    `Character sheet with ${actor.items.size} items, ${html.length.toLocaleString('en')} characters of HTML; medians of ${RUNS} runs`,
  );
  for (const [label, ms] of rows) console.log(`  ${label.padEnd(34)} ${ms.toFixed(2).padStart(7)} ms`);
  console.log(
    `  ${'total'.padEnd(34)} ${total.toFixed(2).padStart(7)} ms  = ${(total / GOAL_MS).toFixed(2)} × the ${GOAL_MS} ms goal`,
  );
  figure({
    bench: 'sheet',
    name: `character sheet, ${actor.items.size} items: data to laid-out page`,
    value: total,
    unit: 'ms',
    goal: GOAL_MS,
  });
}

await main();
