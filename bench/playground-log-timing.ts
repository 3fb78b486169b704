/**
 * How long a new card takes to appear in the playground's chat log (issue #29), shared by
 * bench/playground-log.ts and test/browser/playground-log.test.ts.
 *
 * Each log is its own page (own browser context) of one Chromium: the log is filled with clones of
 * a real attack card (posted by the system, then cloned by the GM through `ChatMessage.create`, so
 * every hook and the system's own card render run), scrolled to its bottom as in play. The table's
 * redraw after each message is switched off on these pages (see `openLogOf`): only the log is timed. A sample
 * posts one more clone and deletes it again once it has appeared (so the log keeps its size);
 * the samples alternate between the logs (small, large, large, small …) so that the machine's load
 * falls on both alike.
 *
 * "Appeared" is the end of the main thread's Paint of the first frame after the card entered the
 * DOM, read from a Chromium trace (devtools.timeline): from the page's `performance.mark` just before
 * `ChatMessage.create` to that Paint's end (the page alone cannot tell when a frame has been painted).
 */
import type { Browser, CDPSession, Page } from 'playwright-core';

/**
 * One sample, in milliseconds from `ChatMessage.create`: to the card's element in the log, to its
 * painted frame, and the main thread's busy time until then (without the wait for the frame).
 */
export interface CardSample {
  inserted: number;
  appeared: number;
  busy: number;
}

/** Opens the playground in a page of its own with `size` cards in its chat log (`game.messages`), scrolled to the bottom. */
export async function openLogOf(browser: Browser, url: string, size: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  const page = await context.newPage();
  // tsx (the bench) compiles with esbuild's keepNames: functions sent to the page call its `__name`.
  await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  await page.goto(`${url}?seed=7`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.evaluate(async (size) => {
    const playground = window.gngPlayground;
    if (!playground) throw new Error('No playground');
    const { harness, table } = playground;
    const fighter = game.actors.getName('Fighter, 5th level') as Actor;
    const sword = fighter.items.find((item) => /bastard sword/i.test(item.name)) as Item;
    harness.dice.queue(10);
    const card = await game.gng.attack(fighter, sword);
    if (!card) throw new Error('The fighter could not attack');
    const settle = () => new Promise((resolve) => setTimeout(resolve, 200));
    await settle();
    const posted = game.messages.get(card.id as string) as ChatMessage;
    const template = {
      content: posted.content,
      speaker: posted.speaker,
      flags: structuredClone(posted.flags),
      rolls: posted.rolls,
    };
    (window as unknown as { gngLogTemplate: ChatMessageData }).gngLogTemplate = template;
    harness.as(harness.users.gm);
    for (let i = 1; i < size; i++) await ChatMessage.create(template);
    harness.as(table.user);
    await settle();
    const log = document.getElementById('chat-log') as HTMLElement;
    log.scrollTop = log.scrollHeight;
    await settle();
    // The table redraws its combatants, map and turn order after every world change, chat messages
    // included (table.ts): a cost of its own that does not grow with the log (100–600 ms on the
    // loaded 2-core machine, most of it rebuilding the actor pickers) and that would both hide the
    // log's cost and, run before the frame, decide when the card is painted. It is left out here.
    table.scheduleDraw = () => undefined;
  }, size);
  const messages = await page.evaluate(() => game.messages.size);
  if (messages !== size) throw new Error(`The log holds ${messages} cards, not ${size}`);
  return page;
}

/**
 * Posts one card (as the GM, as cards are posted) and waits until its element is in the log and a
 * frame was drawn; then deletes it the same way. Marks `gng-log-<n>-start` and `gng-log-<n>-in`.
 */
function postAndDelete(page: Page, n: number): Promise<void> {
  return page.evaluate(async (n) => {
    const { harness, table } = window.gngPlayground as NonNullable<Window['gngPlayground']>;
    const template = (window as unknown as { gngLogTemplate: ChatMessageData }).gngLogTemplate;
    const log = document.getElementById('chat-log') as HTMLElement;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const change = (mark?: string) =>
      new Promise<void>((resolve) => {
        const observer = new MutationObserver(() => {
          if (mark) performance.mark(mark);
          observer.disconnect();
          resolve();
        });
        observer.observe(log, { childList: true });
      });
    await frame();
    const inserted = change(`gng-log-${n}-in`);
    performance.mark(`gng-log-${n}-start`);
    harness.as(harness.users.gm);
    const message = await ChatMessage.create(template);
    harness.as(table.user);
    await inserted;
    await frame();
    // Let the table's redraw after the hook pass before the next sample.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const deleted = change();
    harness.as(harness.users.gm);
    await message?.delete();
    harness.as(table.user);
    await deleted;
    await frame();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }, n);
}

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
}

/**
 * Sample `n` from its marks: until the card entered the DOM; until the end of the first Paint after
 * that; and the main thread's busy time meanwhile (its tasks, clipped to that span): the work, not
 * the wait for the next frame.
 */
function sampleOf(events: TraceEvent[], n: number): CardSample {
  const mark = (name: string) => events.find((event) => event.name === name);
  const start = mark(`gng-log-${n}-start`);
  const inserted = mark(`gng-log-${n}-in`);
  if (!start || !inserted) throw new Error(`The trace lacks the marks of sample ${n}`);
  const main = events.filter((event) => event.pid === inserted.pid && event.tid === inserted.tid);
  let paint: TraceEvent | undefined;
  for (const event of main)
    if (event.name === 'Paint' && event.ts >= inserted.ts && (!paint || event.ts < paint.ts)) paint = event;
  if (!paint) throw new Error(`No frame was painted after sample ${n}`);
  const end = paint.ts + (paint.dur ?? 0);
  // The main thread's tasks (a nested one counted once), clipped to the span.
  let busy = 0;
  let covered = start.ts;
  const tasks = main.filter((event) => event.name === 'ThreadControllerImpl::RunTask' && event.ph === 'X');
  for (const task of tasks.sort((a, b) => a.ts - b.ts)) {
    const from = Math.max(covered, task.ts);
    const to = Math.min(end, task.ts + (task.dur ?? 0));
    if (to > from) busy += to - from;
    covered = Math.max(covered, to);
  }
  return {
    inserted: (inserted.ts - start.ts) / 1000,
    appeared: (end - start.ts) / 1000,
    busy: busy / 1000,
  };
}

async function traced(session: CDPSession, run: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const collect = (data: { value: object[] }) => events.push(...(data.value as TraceEvent[]));
  session.on('Tracing.dataCollected', collect);
  const complete = new Promise((resolve) => session.once('Tracing.tracingComplete', resolve));
  await session.send('Tracing.start', {
    categories: 'devtools.timeline,blink.user_timing,toplevel',
    transferMode: 'ReportEvents',
  });
  try {
    await run();
  } finally {
    await session.send('Tracing.end');
    await complete;
    session.off('Tracing.dataCollected', collect);
  }
  return events;
}

/**
 * `runs` samples of each log after `warmup` unrecorded ones, alternating between them in pairs.
 * Returns the samples of each log, in the order of `pages`.
 */
export async function timeNewCards(
  browser: Browser,
  pages: Page[],
  runs: number,
  warmup = 3,
): Promise<CardSample[][]> {
  const session = await browser.newBrowserCDPSession();
  const samples: CardSample[][] = pages.map(() => []);
  let n = 0;
  for (let run = 0; run < warmup + runs; run++) {
    const order = pages.map((_, i) => (run % 2 ? pages.length - 1 - i : i));
    for (const i of order) {
      const id = n++;
      const events = await traced(session, () => postAndDelete(pages[i] as Page, id));
      if (run >= warmup) samples[i]?.push(sampleOf(events, id));
    }
  }
  await session.detach();
  return samples;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
