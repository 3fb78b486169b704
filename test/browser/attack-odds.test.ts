/**
 * The odds at the table (issue #20) in Chromium, on the playground (the system's real code in the
 * page): the attack dialog against ten targets shows each one's odds and redraws them as an option
 * changes — the time from the change to the updated table is measured in the page and reported (the
 * issue: ten targets within one 60 fps frame, 16.7 ms) — and the card shows the odds before Defense to
 * the attacker's player only. axe-core on both. Screenshots: test-results/browser/attack-odds-*.png.
 */
import { expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { usePlaygroundServer } from './playground-server.js';
import { usePlaygroundPage } from './playground-page.js';
import { expectNoSeriousViolations } from './axe.js';

const pages = useChromiumPages({ viewport: { width: 1600, height: 1000 } });
const server = usePlaygroundServer('attack-odds');
const playground = usePlaygroundPage(pages, server);

const TARGETS = 10;

async function actAs(page: Page, name: string): Promise<void> {
  await page.selectOption('#pg-user', { label: name });
  await expect.poll(() => page.evaluate(() => game.user.name)).toBe(name.replace(/ \(GM\)$/, ''));
}

const windowOf = (page: Page, text: string) =>
  page.locator('.pg-window', { has: page.locator('.pg-window-header', { hasText: text }) });
const card = (page: Page) => page.locator('#chat-log .attack-card').last();

/** Ten goblins (different Dex and HP, so different odds) on the map, all targeted by Player. */
async function tenTargets(page: Page): Promise<void> {
  await page.evaluate(async (count) => {
    const playground = window.gngPlayground;
    if (!playground) throw new Error('no playground');
    const { harness, table } = playground;
    harness.as(harness.users.gm);
    const tokens = [];
    for (let i = 0; i < count; i++) {
      const actor = await harness.createActor({
        name: `Goblin ${i + 1}`,
        type: 'npc',
        system: { hp: { value: 3 + i }, abilities: { dex: { value: 8 + i } } },
      });
      tokens.push(harness.placeToken(actor));
    }
    harness.target(harness.users.player, ...tokens);
    harness.as(table.user);
    table.draw();
  }, TARGETS);
}

/** The median of `values`. */
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

it('the dialog shows ten targets’ odds, redraws them once per change, and the card shows them to the attacker only', async () => {
  const { page } = pages;
  await playground.load(page, { seed: 3 });
  await actAs(page, 'Player');
  await tenTargets(page);

  await page.locator('.pg-combatant[data-side="a"]').getByRole('button', { name: 'Open sheet' }).click();
  const sheet = windowOf(page, 'Fighter, 5th level');
  const row = sheet
    .locator('tr, li', { hasText: 'Bastard sword' })
    .filter({ has: page.locator('[data-action="rollAttack"]') });
  await row.locator('[data-action="rollAttack"]').first().click();
  const dialog = page.locator('.pg-window', { has: page.locator('.attack-submit') });
  await dialog.waitFor();

  const odds = dialog.locator('.attack-odds');
  const exclusive = odds.locator('.odds-exclusive');
  await expect.poll(() => exclusive.locator('tbody tr').count()).toBe(TARGETS);

  // At 1600 × 1000, without scrolling anything, the odds and the Attack button are in the viewport
  // and not hidden by the dialog's own scrolling (the options scroll; a newcomer's report).
  const visible = await page.evaluate(() => {
    const inView = (selector: string) => {
      const el = document.querySelector<HTMLElement>(`form.attack-dialog ${selector}`);
      if (!el) return `no ${selector}`;
      const r = el.getBoundingClientRect();
      if (r.top < 0 || r.bottom > window.innerHeight || r.left < 0 || r.right > window.innerWidth)
        return `${selector} outside the viewport: ${JSON.stringify(r)}`;
      // The topmost element at its top-left and bottom-right corners is the element itself (or in it).
      for (const [x, y] of [
        [r.left + 4, r.top + 4],
        [r.right - 4, r.bottom - 4],
      ] as const) {
        const hit = document.elementFromPoint(x, y);
        if (!hit || !el.contains(hit)) return `${selector} hidden at ${x},${y} by ${hit?.className}`;
      }
      return 'ok';
    };
    const scrolled = [...document.querySelectorAll<HTMLElement>('.pg-window-body')].some(
      (b) => b.scrollTop > 0,
    );
    // The sheet's header (its title) stays visible: the dialog does not open on top of it.
    const sheetTitle = [...document.querySelectorAll<HTMLElement>('.pg-window-header h2')].find((h) =>
      h.textContent?.startsWith('Fighter, 5th level'),
    );
    const titleBox = sheetTitle?.getBoundingClientRect();
    const onTitle = titleBox
      ? document.elementFromPoint(titleBox.left + 4, titleBox.top + titleBox.height / 2)
      : null;
    return {
      sheetHeader: Boolean(onTitle && sheetTitle?.contains(onTitle)),
      button: inView('.attack-submit'),
      odds: inView('.attack-odds .odds-heading'),
      table: inView('.attack-odds .odds-exclusive thead'),
      scrolled: scrolled || window.scrollY > 0,
      dialogHeight: document.querySelector('form.attack-dialog')?.getBoundingClientRect().height ?? 0,
    };
  });
  await page.screenshot({ path: join(ARTIFACTS_DIR, 'attack-odds-dialog-fits.png') });
  expect(visible).toMatchObject({
    button: 'ok',
    odds: 'ok',
    table: 'ok',
    scrolled: false,
    sheetHeader: true,
  });
  expect(visible.dialogHeight).toBeLessThanOrEqual(1000);

  expect(await odds.getByRole('heading', { name: 'Odds' }).count()).toBe(1);
  // Disjoint outcomes (they add up to 100 %), then the overlapping chances of any hit, a legend.
  expect(await exclusive.locator('thead th').allTextContents()).toEqual([
    'Target',
    'Miss',
    'Hit, no harm',
    'Hurt, still up',
    'Disabled',
    'Dying',
    'Dead',
  ]);
  const anyHit = odds.locator('.odds-any-hit');
  expect(await anyHit.locator('caption').textContent()).toBe('Chance of each (any hit)');
  expect(await anyHit.locator('thead th').allTextContents()).toEqual([
    'Target',
    'Trauma',
    'Light injury',
    'Moderate injury',
    'Severe injury',
  ]);
  expect(await odds.locator('.odds-legend').count()).toBe(1);
  // Each row is a target, its name a row header; every cell a percentage.
  const names = await exclusive.locator('tbody th[scope="row"]').allTextContents();
  expect(names).toEqual(Array.from({ length: TARGETS }, (_, i) => `Goblin ${i + 1}`));
  for (const text of await odds.locator('tbody td').allTextContents()) expect(text).toMatch(/%$/);
  // No column overlaps the next: each header cell ends before the next one starts.
  const overlaps = await exclusive
    .locator('thead th')
    .evaluateAll(
      (cells) =>
        cells
          .slice(1)
          .filter((c, i) => c.getBoundingClientRect().left < cells[i]!.getBoundingClientRect().right - 0.5)
          .length,
    );
  expect(overlaps).toBe(0);
  const before = await exclusive.locator('tbody tr').first().locator('td[data-outcome="miss"]').textContent();

  // An option change (Flanking, clicked: its input and change events) redraws the table at once,
  // in the same task, and exactly once: one new table per click, so the odds are computed once per
  // change, never per event or per cell. Measured 30 times in the page; the wall times are logged for
  // the record, not asserted (they belong to `npm run bench -- odds`, which holds ten targets to a
  // 60 fps frame: a loaded machine must not fail the suite).
  const timing = await page.evaluate(async (runs) => {
    const form = document.querySelector<HTMLFormElement>('form.attack-dialog');
    const box = form?.querySelector<HTMLInputElement>('input[name="situational.flanking"]');
    const section = form?.querySelector<HTMLElement>('.attack-odds');
    if (!form || !box || !section) throw new Error('no dialog');
    let tables = 0;
    const observer = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLElement)
            tables += (node.matches('.odds-body') ? 1 : 0) + node.querySelectorAll('.odds-body').length;
    });
    observer.observe(section, { childList: true, subtree: true });
    const update: number[] = [];
    const compute: number[] = [];
    const redrawn: number[] = [];
    for (let i = 0; i < runs; i++) {
      const table = section.querySelector('.odds-body');
      const start = performance.now();
      box.click();
      const changed = section.querySelector('.odds-body') !== table;
      update.push(performance.now() - start);
      compute.push(Number(section.dataset.oddsMs));
      await new Promise((resolve) => requestAnimationFrame(resolve));
      redrawn.push(tables);
      tables = 0;
      if (!changed) throw new Error('the odds were not redrawn in the same task');
    }
    observer.disconnect();
    return { update, compute, redrawn };
  }, 30);
  console.log(
    `attack-odds timing, ${TARGETS} targets: ${JSON.stringify({
      updateMedianMs: median(timing.update),
      oddsOnlyMedianMs: median(timing.compute),
    })}`,
  );
  expect(timing.redrawn).toEqual(Array.from({ length: 30 }, () => 1));
  expect(timing.compute.every((ms) => Number.isFinite(ms) && ms >= 0)).toBe(true);

  // 30 clicks: Flanking is off again. Tick it once: the first goblin's miss chance goes down.
  await dialog.getByLabel('Flanking', { exact: true }).check();
  const firstMiss = () =>
    odds.locator('.odds-exclusive tbody tr').first().locator('td[data-outcome="miss"]').textContent();
  await expect.poll(firstMiss).not.toBe(before);
  await dialog.getByLabel('Flanking', { exact: true }).uncheck();
  await expect.poll(firstMiss).toBe(before);
  await expectNoSeriousViolations(page, '.attack-dialog');
  // A called shot adds the column of its effect.
  await dialog.getByLabel('Stun (-4)', { exact: true }).check();
  await expect.poll(() => odds.locator('thead th').last().textContent()).toBe('Called shot takes effect');
  await odds.scrollIntoViewIfNeeded();
  await odds.screenshot({ path: join(ARTIFACTS_DIR, 'attack-odds-dialog.png') });
  await dialog.getByLabel('Stun (-4)', { exact: true }).uncheck();
  await expect.poll(() => odds.locator('thead th').last().textContent()).toBe('Severe injury');

  // The card: the attacker's player sees each target's odds before Defense; the others' do not.
  const messages = await page.locator('#chat-log > li').count();
  await dialog.getByRole('button', { name: 'Attack', exact: true }).click();
  await expect.poll(() => page.locator('#chat-log > li').count()).toBe(messages + 1);
  await expect.poll(() => card(page).locator('.attack-odds').count()).toBe(TARGETS);
  const first = card(page).locator('.attack-odds').first();
  expect(await first.locator('.odds-heading').textContent()).toBe('Odds before Defense');
  expect(await first.locator('.odds-list dt').allTextContents()).toEqual([
    'Miss',
    'Hit, no harm',
    'Hurt, still up',
    'Disabled',
    'Dying',
    'Dead',
  ]);
  expect(await first.locator('.odds-any-hit dt').allTextContents()).toEqual([
    'Trauma',
    'Light injury',
    'Moderate injury',
    'Severe injury',
  ]);
  await expectNoSeriousViolations(page, '#chat-log');
  await card(page).screenshot({ path: join(ARTIFACTS_DIR, 'attack-odds-card.png') });
  await actAs(page, 'Other Player');
  await expect.poll(() => card(page).locator('.attack-odds').count()).toBe(0);
  await actAs(page, 'Player');
  await expect.poll(() => card(page).locator('.attack-odds').count()).toBe(TARGETS);
});

it('at 1280×720, three targets with long names: every column of the odds fits the dialog (names wrap)', async () => {
  const { page } = pages;
  await page.setViewportSize({ width: 1280, height: 720 });
  await playground.load(page, { seed: 3 });
  await actAs(page, 'Player');
  await page.evaluate(async () => {
    const playground = window.gngPlayground;
    if (!playground) throw new Error('no playground');
    const { harness, table } = playground;
    harness.as(harness.users.gm);
    const tokens = [];
    for (const name of ['Orc Raider of the Broken Tusk', 'Rogue, 1st level', 'Goblin skirmisher']) {
      const actor = await harness.createActor({ name, type: 'npc', system: { hp: { value: 9 } } });
      tokens.push(harness.placeToken(actor));
    }
    harness.target(harness.users.player, ...tokens);
    harness.as(table.user);
    table.draw();
  });
  await page.locator('.pg-combatant[data-side="a"]').getByRole('button', { name: 'Open sheet' }).click();
  const row = windowOf(page, 'Fighter, 5th level')
    .locator('tr, li', { hasText: 'Bastard sword' })
    .filter({ has: page.locator('[data-action="rollAttack"]') });
  await row.locator('[data-action="rollAttack"]').first().click();
  const dialog = page.locator('.pg-window', { has: page.locator('.attack-submit') });
  await dialog.waitFor();
  const exclusive = dialog.locator('.attack-odds .odds-exclusive');
  await expect.poll(() => exclusive.locator('tbody tr').count()).toBe(3);
  const fit = await dialog.locator('.attack-odds .odds-body').evaluate((body) => {
    const dead = body.querySelector('.odds-exclusive thead th:last-child') as HTMLElement;
    return {
      overflow: body.scrollWidth - body.clientWidth,
      deadInside: dead.getBoundingClientRect().right <= body.getBoundingClientRect().right + 0.5,
      dead: dead.textContent,
    };
  });
  await page.screenshot({ path: join(ARTIFACTS_DIR, 'attack-odds-long-names-1280.png') });
  expect(fit).toEqual({ overflow: 0, deadInside: true, dead: 'Dead' });
});
