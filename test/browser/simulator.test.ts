/**
 * The fight simulator window (issue #20) in the playground, in Chromium: it opens with the current
 * combat's sides (the fighter, a friendly token, on side A; the rogue, a hostile one, on side B), a
 * combatant is removed and added with buttons (no modifier keys: issue #33), a run cancelled with the Cancel button, then 10,000 fights in the Web Worker with a
 * progress bar; the four plots appear, PNG and CSV downloads hold data, and the page keeps painting
 * during the run (no main-thread task takes 200 ms of CPU; requestAnimationFrame gaps printed). axe
 * on the window. The window's code is a chunk loaded on first use (issue #29): fetched when it first
 * opens, once. The plots' text is at least 12 px on screen at 1280×720 and 1600×1000. Needs `dist/`.
 * Screenshots: test-results/browser/simulator-*.png (simulator-compare.png is the README's plot,
 * docs/images/simulator.png, when copied there by hand).
 */
import { expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { usePlaygroundServer } from './playground-server.js';
import { expectNoSeriousViolations } from './axe.js';
import { mainThreadTasks } from './main-thread.js';

const pages = useChromiumPages({ viewport: { width: 1280, height: 720 } });
const server = usePlaygroundServer('simulator');

it('runs 10,000 fights in a worker with a progress bar and Cancel, plots them, exports PNG and CSV; the page keeps painting', async () => {
  const { page } = pages;
  const chunkRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/simulator-app-[^/]*\.js$/.test(new URL(request.url()).pathname)) chunkRequests.push(request.url());
  });
  await page.goto(`${server.url()}?seed=5`);
  await page.waitForSelector('body[data-ready="true"]');
  expect(chunkRequests).toEqual([]);
  // Opened from the playground's turn order (the combat tracker's "Fight simulator" button).
  await page.locator('button.gng-open-simulator').click();
  const frame = page.locator('.pg-window', { has: page.locator('.gng-sim-body') });
  await frame.waitFor();
  expect(chunkRequests).toHaveLength(1);
  // Its class keeps its name in the built page (the harness names render hooks after it).
  expect(
    await page.evaluate(() => foundry.applications.instances.get('gng-simulator')?.constructor.name),
  ).toBe('SimulatorApp');
  const id = await frame.getAttribute('id');

  // The sides of the playground's combat: the fighter (friendly token) and the rogue (hostile).
  const world = await page.evaluate(() => game.actors.contents.slice(0, 2).map((a) => a.uuid));
  expect(world).toHaveLength(2);
  const names = (side: 'a' | 'b') => frame.locator(`.gng-sim-side[data-side="${side}"] .gng-sim-name`);
  expect(await names('a').allTextContents()).toEqual(['Fighter, 5th level']);
  expect(await names('b').allTextContents()).toEqual(['Rogue, 1st level']);
  // Remove and Add are buttons: the rogue out of side B and back in, with clicks alone.
  await frame.getByRole('button', { name: 'Remove Rogue, 1st level from Side B' }).click();
  await expect.poll(() => names('b').count()).toBe(0);
  // The window is drawn again: the focus goes on to the side's picker (its last Remove is gone).
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('name'));
  await expect.poll(focused).toBe('b.pick');
  const pickB = frame.getByRole('combobox', { name: 'Combatant to add' }).last();
  await pickB.selectOption({ label: 'Rogue, 1st level' });
  await frame.getByRole('button', { name: 'Add the picked combatant to Side B' }).click();
  await expect.poll(() => names('b').allTextContents()).toEqual(['Rogue, 1st level']);
  expect(
    await page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
    'the focus stays on Add',
  ).toBe('Add the picked combatant to Side B');
  await page.screenshot({ path: join(ARTIFACTS_DIR, 'simulator-sides.png') });
  await expectNoSeriousViolations(page, `#${id}`);

  // A first run of a million fights (long enough to catch), cancelled: the progress bar with its
  // label, then Cancel ends it (the worker is terminated).
  const fights = frame.getByRole('spinbutton', { name: 'Number of fights' });
  expect(await fights.inputValue()).toBe('10000');
  await fights.fill('1000000');
  await frame.getByRole('button', { name: 'Run' }).click();
  const progress = frame.locator('progress.gng-sim-progress');
  await progress.waitFor();
  await expect
    .poll(() => frame.locator('.gng-sim-progress-label').textContent())
    .toMatch(/of 1,000,000 fights/);
  await page.screenshot({ path: join(ARTIFACTS_DIR, 'simulator-progress.png') });
  await frame.getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => frame.locator('.gng-sim-error').textContent()).toContain('cancelled');
  expect(await frame.locator('figure.gng-sim-plot').count()).toBe(0);
  await fights.fill('10000');

  // Frame gaps during the real run: every requestAnimationFrame's time since the last one.
  await page.evaluate(() => {
    const w = window as unknown as { gaps: number[]; measuring: boolean };
    w.gaps = [];
    w.measuring = true;
    let last = performance.now();
    const tick = (now: number) => {
      w.gaps.push(now - last);
      last = now;
      if (w.measuring) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const started = Date.now();
  const main = await mainThreadTasks(page, async () => {
    await frame.getByRole('button', { name: 'Run' }).click();
    await frame.locator('figure.gng-sim-plot').first().waitFor({ timeout: 120_000 });
  });
  const runMs = Date.now() - started;
  const gaps = await page.evaluate(() => {
    const w = window as unknown as { gaps: number[]; measuring: boolean };
    w.measuring = false;
    return w.gaps;
  });
  const sorted = [...gaps].sort((a, b) => a - b);
  const max = sorted.at(-1) ?? 0;
  const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
  const report =
    `simulator run of 10,000 fights: ${runMs} ms from click to plots; ${gaps.length} frames, max gap ` +
    `${max.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms; longest main-thread task ${main.longestCpuMs.toFixed(1)} ms ` +
    `CPU (${main.longestWallMs.toFixed(1)} ms wall) of ${main.tasks}`;
  console.log(report);
  writeFileSync(join(ARTIFACTS_DIR, 'simulator-frames.txt'), `${report}\n`);
  // The fights ran in a Web Worker (its script was loaded), and the page kept painting meanwhile:
  // frames kept coming, and no task of the main thread held it for 200 ms (a frame gap of 200 ms)
  // of its own work. Its CPU time, not the gap's wall time, which on a loaded machine grows with
  // the wait for a core (main-thread.ts).
  const workerLoaded = await page.evaluate(() =>
    performance.getEntriesByType('resource').some((e) => e.name.includes('simulate-worker')),
  );
  expect(workerLoaded).toBe(true);
  expect(gaps.length).toBeGreaterThan(5);
  expect(main.tasks).toBeGreaterThan(5);
  expect(main.longestCpuMs).toBeLessThan(200);

  // The four plots, each an SVG image with a title and printed values.
  const plots = frame.locator('figure.gng-sim-plot');
  expect(await plots.evaluateAll((fs) => fs.map((f) => f.getAttribute('data-plot')))).toEqual([
    'wins',
    'rounds',
    'hp',
    'death',
  ]);
  const wins = await frame.locator('figure[data-plot="wins"] svg').textContent();
  expect(wins).toMatch(/Side A.*\d+\.\d%/s);
  await expectNoSeriousViolations(page, `#${id}`);
  await frame.screenshot({ path: join(ARTIFACTS_DIR, 'simulator-plots.png') });

  // PNG of a plot: a real PNG file.
  const [png] = await Promise.all([
    page.waitForEvent('download'),
    frame.getByRole('button', { name: /Download PNG: Who wins/ }).click(),
  ]);
  expect(png.suggestedFilename()).toBe('gng-simulation-1-wins.png');
  const pngBytes = readFileSync((await png.path()) as string);
  expect([...pngBytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(pngBytes.length).toBeGreaterThan(2000);

  // CSV of the results: the header and the 10,000 fights.
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    frame.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const text = readFileSync((await csv.path()) as string, 'utf8');
  expect(text.split('\n')[0]).toBe('run,metric,combatant,key,value');
  expect(text).toContain("World's rules,fights,,,10000");

  // The API alone (snapshots, the worker's start, 10,000 one-on-one fights, the aggregate back), timed
  // three times: the issue's goal is under 1 s in the worker; on the shared 2-core machine the test
  // only bounds it at 3 s and prints the figures.
  const apiMs = await page.evaluate(async (uuids) => {
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const r = await game.gng.simulate({
        sideA: [uuids[0] as string],
        sideB: [uuids[1] as string],
        n: 10_000,
        seed: i,
      });
      if (r.fights !== 10_000) throw new Error('fights missing');
      times.push(performance.now() - t0);
    }
    return times;
  }, world);
  const apiReport = `game.gng.simulate, 10,000 fights in the worker: ${apiMs.map((t) => `${t.toFixed(0)} ms`).join(', ')}`;
  console.log(apiReport);
  writeFileSync(join(ARTIFACTS_DIR, 'simulator-frames.txt'), `${report}\n${apiReport}\n`);
  expect(Math.min(...apiMs)).toBeLessThan(3000);
  // The window opened again and the API ran three times: its chunk was still fetched only once.
  await page.locator('button.gng-open-simulator').click();
  await frame.waitFor();
  expect(chunkRequests).toHaveLength(1);

  // Variants side by side, for the README: the fighter against the rogue and Brakka, the world's
  // rules and the chosen variants (Advanced Wound Trauma, Strength Bonus Limitation).
  const brakka = await frame
    .locator('select[name="b.pick"] option', { hasText: 'Brakka' })
    .first()
    .getAttribute('value');
  await pickB.selectOption(brakka as string);
  await frame.getByRole('button', { name: 'Add the picked combatant to Side B' }).click();
  await expect.poll(() => names('b').count()).toBe(2);
  await frame.getByRole('checkbox', { name: /Also run with these variants/ }).check();
  await frame.getByRole('checkbox', { name: 'Advanced Wound Trauma' }).check();
  await frame.getByRole('checkbox', { name: 'Strength Bonus Limitation' }).check();
  await frame.getByRole('button', { name: 'Run' }).click();
  await expect.poll(() => frame.locator('.gng-sim-run').count(), { timeout: 120_000 }).toBe(2);
  expect(await frame.locator('.gng-sim-run h3').allTextContents()).toEqual([
    "World's rules",
    'With the chosen variants',
  ]);
  await expectNoSeriousViolations(page, `#${id}`);
  // Every text of the plots is at least 12 px on screen (its font size times the SVG's scale), at
  // 1280×720 and 1600×1000; the window stays inside the viewport.
  const smallestText = () =>
    frame
      .locator('figure.gng-sim-plot svg text')
      .evaluateAll((texts) =>
        texts.map(
          (text) =>
            parseFloat(getComputedStyle(text).fontSize) *
            ((text as SVGGraphicsElement).getScreenCTM()?.a ?? 0),
        ),
      );
  for (const view of [
    { width: 1280, height: 720 },
    { width: 1600, height: 1000 },
  ]) {
    await page.setViewportSize(view);
    const sizes = await smallestText();
    expect(sizes.length).toBeGreaterThan(40);
    expect(Math.min(...sizes), `smallest plot text at ${view.width}×${view.height}`).toBeGreaterThanOrEqual(
      12,
    );
    const box = await frame.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= view.height && box.x + box.width <= view.width).toBe(
      true,
    );
    await page.screenshot({ path: join(ARTIFACTS_DIR, `simulator-${view.width}x${view.height}.png`) });
  }
  // The two columns of plots in full (the window scrolls them): a copy laid out on the page.
  await page.evaluate(() => {
    const results = document.querySelector('.gng-sim-results');
    const copy = document.createElement('div');
    copy.id = 'readme-plots';
    copy.className = 'gng simulator';
    copy.style.cssText =
      'position:absolute;left:0;top:0;width:1100px;padding:12px;z-index:10000;background:#f3ede1';
    copy.append(results?.cloneNode(true) ?? '');
    for (const button of copy.querySelectorAll('button')) button.remove();
    document.body.append(copy);
  });
  // Written to test-results only: the README's copy (docs/images/simulator.png) changes by hand.
  await page.locator('#readme-plots').screenshot({ path: join(ARTIFACTS_DIR, 'simulator-compare.png') });
}, 300_000);
