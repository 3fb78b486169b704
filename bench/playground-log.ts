/**
 * `npm run bench` (last part): the playground's chat log (issue #29). A new card must appear as fast
 * with 1,000 cards in the log as with 10: goal, the ratio of the medians ≤ 1.5.
 *
 * The playground as `npm start --no-build` serves it (run `npm run build` first), in Debian's
 * Chromium: one page with 10 attack cards in its log, one with 1,000, both scrolled to the bottom as
 * in play. Each sample posts one more card as the GM and deletes it again once it has appeared; the
 * samples alternate between the two pages in pairs, so the machine's load falls on both alike.
 * "Appeared" is the end of the Paint of the first frame after the card entered the DOM, from a
 * Chromium trace (test/browser/playground-log-timing.ts); "busy" is the main thread's work in that
 * time (its tasks: script, style, layout, paint), without the wait for the next frame, which rounds
 * the first figure to the display's frames; "in the DOM" is the time until the log inserted its
 * element (the hooks, the system's card render and the log's own work).
 *
 * Medians after a warm-up. Nothing gates CI: the script exits 0 whatever the numbers and prints OK
 * or OVER against the goal.
 */
import { figure } from './figures.js';
import { launchChromium } from '../test/browser/chromium.js';
import { startPlaygroundServer } from '../test/browser/playground-server.js';
import { median, openLogOf, timeNewCards, type CardSample } from './playground-log-timing.js';

const GOAL = 1.5;
const SMALL = 10;
/** Cards in the large log (`BENCH_LOG=5000 npx tsx bench/playground-log.ts` magnifies what grows with it). */
const LARGE = Number(process.env.BENCH_LOG) || 1000;
const RUNS = 30;

const server = await startPlaygroundServer('bench-log');
const browser = await launchChromium();
try {
  const pages = [await openLogOf(browser, server.url, SMALL), await openLogOf(browser, server.url, LARGE)];
  const [small, large] = (await timeNewCards(browser, pages, RUNS)) as [CardSample[], CardSample[]];
  const row = (label: string, key: keyof CardSample) => {
    const a = median(small.map((s) => s[key]));
    const b = median(large.map((s) => s[key]));
    const paired = median(small.map((s, i) => (large[i]?.[key] ?? NaN) / s[key]));
    return { label, a, b, ratio: b / a, paired };
  };
  const rows = [
    row('new card appears (painted)', 'appeared'),
    row('main thread busy until then', 'busy'),
    row('new card in the DOM', 'inserted'),
  ];
  console.log(
    `\nPlayground chat log: a new card with ${LARGE} cards in the log vs ${SMALL} (${RUNS} pairs, medians)\n`,
  );
  console.log(
    `${'operation'.padEnd(28)} ${`${SMALL} cards`.padStart(10)} ${`${LARGE} cards`.padStart(12)} ${'ratio'.padStart(6)} ${'paired'.padStart(7)}`,
  );
  for (const { label, a, b, ratio, paired } of rows)
    console.log(
      `${label.padEnd(28)} ${`${a.toFixed(1)} ms`.padStart(10)} ${`${b.toFixed(1)} ms`.padStart(12)} ${ratio.toFixed(2).padStart(6)} ${paired.toFixed(2).padStart(7)}`,
    );
  const goal = rows[0]?.ratio ?? Infinity;
  figure({
    bench: 'playground-log',
    name: 'new card, 1,000 vs 10 in the log',
    value: goal,
    unit: '×',
    goal: GOAL,
  });
  console.log(
    `\nNew-card ratio ${goal.toFixed(2)} (goal ≤ ${GOAL}): ${goal <= GOAL ? 'OK' : 'OVER'}` +
      ` — "paired" is the median of each back-to-back pair's own ratio.`,
  );
} finally {
  await browser.close();
  await server.stop();
}
