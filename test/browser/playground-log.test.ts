/**
 * The playground's chat log in a long session (issue #29): it shows the newest 100 messages as
 * Foundry's does (older ones a batch at a time, from its button or by scrolling to its top), keeps
 * order, updates in place, deletes and follows the newest; a new card touches one element, reads
 * no geometry and scans no list. How fast a card appears with 1,000 cards in the log against 10 is a
 * benchmark (`npm run bench -- playground-log`), not a test: wall times never gate the suite.
 * Needs `dist/` (`npm run build`).
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useChromiumPages } from './chromium.js';
import { usePlaygroundServer } from './playground-server.js';
import { usePlaygroundPage } from './playground-page.js';
import { expectNoSeriousViolations } from './axe.js';

const pages = useChromiumPages({ viewport: { width: 1600, height: 1000 } });
const server = usePlaygroundServer('playground-log');
const playground = usePlaygroundPage(pages, server);

async function open(page: Page): Promise<void> {
  await playground.load(page, { seed: 7 });
}

/** Posts `count` messages ("Message 0" …) as the page's user; resolves once the log caught up. */
const post = (page: Page, count: number, from = 0) =>
  page.evaluate(
    async ({ count, from }) => {
      for (let i = from; i < from + count; i++)
        await ChatMessage.create({ content: `<p>Message ${i}</p>`, author: game.user.id as string });
      await new Promise((resolve) => setTimeout(resolve, 100));
    },
    { count, from },
  );

/** The ids shown in the log, in its order, and whether they are the world's newest in the world's order. */
const shown = (page: Page) =>
  page.evaluate(() => {
    const ids = [...document.querySelectorAll<HTMLElement>('#chat-log > li')].map(
      (li) => li.dataset.messageId,
    );
    const world = game.messages.contents.map((message) => message.id);
    return { count: ids.length, newest: ids.join() === world.slice(world.length - ids.length).join() };
  });

const log = (page: Page) => page.locator('#chat-log');
const older = (page: Page) => page.getByRole('button', { name: 'Show older messages' });
/** Scrolls the log (`top`: a number, or 'bottom', or 'middle') and waits until the page has drawn it. */
const scrollLog = (page: Page, top: number | 'bottom' | 'middle') =>
  log(page).evaluate(async (el, top) => {
    el.scrollTop = top === 'bottom' ? el.scrollHeight : top === 'middle' ? el.scrollHeight / 2 : top;
    for (let i = 0; i < 3; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }, top);

/** The first message at the top of the log's view, and how far below the log's top edge it starts. */
const inView = (page: Page) =>
  log(page).evaluate((el) => {
    const top = el.getBoundingClientRect().top;
    const first = [...el.children].find((li) => li.getBoundingClientRect().bottom > top) as HTMLElement;
    return { id: first.dataset.messageId, offset: Math.round(first.getBoundingClientRect().top - top) };
  });

/** {@link inView} once the log has stopped moving (two reads 100 ms apart agree): a resize the log
 * reacts to may still adjust its scroll after a scroll the test made, on a loaded machine. */
async function settledInView(page: Page): Promise<Awaited<ReturnType<typeof inView>>> {
  let last = await inView(page);
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(100);
    const now = await inView(page);
    if (now.id === last.id && now.offset === last.offset) return now;
    last = now;
  }
  return last;
}

const atBottom = (page: Page) =>
  log(page).evaluate((el) => el.scrollTop + el.clientHeight >= el.scrollHeight - 8);

it('shows the newest 100 messages in order, older ones a batch at a time; updates in place, deletes, follows the newest', async () => {
  const { page } = pages;
  await open(page);
  expect(await older(page).isVisible()).toBe(false);
  await post(page, 250);
  expect(await shown(page)).toEqual({ count: 100, newest: true });
  expect(await log(page).locator('li').last().textContent()).toContain('Message 249');
  await expect.poll(() => atBottom(page)).toBe(true);
  await expectNoSeriousViolations(page, '.pg-chat');

  // An update replaces its message's element where it stands; one of a message not shown renders nothing.
  const renders = await page.evaluate(async () => {
    const { harness } = window.gngPlayground as NonNullable<Window['gngPlayground']>;
    const original = harness.renderMessage.bind(harness);
    let count = 0;
    harness.renderMessage = (message: ChatMessage) => {
      count++;
      return original(message);
    };
    const all = game.messages.contents;
    await all[200]?.update({ content: '<p>Message 200, edited</p>' });
    await all[10]?.update({ content: '<p>Message 10, edited</p>' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    harness.renderMessage = original;
    return count;
  });
  expect(renders).toBe(1);
  expect(await log(page).locator('li').nth(50).textContent()).toContain('Message 200, edited');
  expect(await shown(page)).toEqual({ count: 100, newest: true });

  // "Show older messages" adds the previous 100 above, and the log keeps its place.
  await scrollLog(page, 'middle');
  const before = await settledInView(page);
  await older(page).click();
  await expect.poll(() => shown(page)).toEqual({ count: 200, newest: true });
  await expect.poll(() => inView(page)).toEqual(before);
  // Scrolling to the top adds the rest; the updated old message shows its new content.
  await scrollLog(page, 0);
  await expect.poll(() => shown(page)).toEqual({ count: 250, newest: true });
  expect(await log(page).locator('li').nth(10).textContent()).toContain('Message 10, edited');
  expect(await older(page).isVisible()).toBe(false);

  // Scrolled up, the log stays where it is as a message comes, and keeps what it shows.
  await scrollLog(page, 2000);
  const reading = await settledInView(page);
  await post(page, 1, 250);
  expect(await inView(page)).toEqual(reading);
  expect(await atBottom(page)).toBe(false);
  expect(await shown(page)).toEqual({ count: 251, newest: true });
  // Back at the bottom, it follows again: the next message shows at the bottom, the oldest leave.
  await scrollLog(page, 'bottom');
  await post(page, 1, 251);
  expect(await shown(page)).toEqual({ count: 100, newest: true });
  expect(await log(page).locator('li').last().textContent()).toContain('Message 251');
  await expect.poll(() => atBottom(page)).toBe(true);
  expect(await older(page).isVisible()).toBe(true);

  // Deletes: a message shown leaves the log, one not shown changes nothing shown.
  await page.evaluate(async () => {
    const all = game.messages.contents;
    await all[all.length - 1]?.delete();
    await all[0]?.delete();
    await new Promise((resolve) => setTimeout(resolve, 100));
  });
  expect(await shown(page)).toEqual({ count: 99, newest: true });
  expect(await log(page).locator('li').last().textContent()).toContain('Message 250');
});

it('a new card adds one element, reads no geometry and scans no message list, with 300 in the log', async () => {
  const { page } = pages;
  await open(page);
  await post(page, 300);
  const counts = await page.evaluate(async () => {
    // Every read (or write) that makes the browser lay the page out, and every read of the whole
    // message list, while the card is posted and until the log has inserted it.
    // The log reads its geometry on its own scroll events (the frame's scroll steps, before the
    // layout the frame does anyway) and in its ResizeObserver callback (after it): a scroll event of
    // an earlier change may fall in the window and is not counted; the earlier cards' callbacks are
    // waited out before the window opens.
    const reads: string[] = [];
    let on = false;
    /** Reads before the window opens (the earlier cards' ResizeObserver callbacks). */
    let before = 0;
    const count = (name: string) => {
      if (!on) before += 1;
      else if (window.event?.type !== 'scroll') reads.push(name);
    };
    const wrap = (proto: object, name: string) => {
      const own = Object.getOwnPropertyDescriptor(proto, name) as PropertyDescriptor;
      if (own.value) {
        const method = own.value as (...args: unknown[]) => unknown;
        Object.defineProperty(proto, name, {
          ...own,
          value(this: unknown, ...args: unknown[]) {
            count(name);
            return method.apply(this, args);
          },
        });
      } else
        Object.defineProperty(proto, name, {
          ...own,
          get(this: unknown) {
            count(name);
            return own.get?.call(this);
          },
          set: own.set
            ? function (this: unknown, value: unknown) {
                count(`${name}=`);
                own.set?.call(this, value);
              }
            : undefined,
        });
    };
    for (const name of ['scrollTop', 'scrollHeight', 'clientHeight', 'clientWidth', 'scrollWidth'])
      wrap(Element.prototype, name);
    for (const name of ['getBoundingClientRect', 'getClientRects', 'scrollIntoView', 'scrollTo', 'scrollBy'])
      wrap(Element.prototype, name);
    for (const name of [
      'offsetHeight',
      'offsetWidth',
      'offsetTop',
      'offsetLeft',
      'offsetParent',
      'innerText',
    ])
      wrap(HTMLElement.prototype, name);
    const computed = window.getComputedStyle;
    window.getComputedStyle = (...args) => (count('getComputedStyle'), computed(...args));
    const messages = game.messages as unknown as object;
    const proto = Object.getPrototypeOf(messages) as object;
    const contents = (Object.getOwnPropertyDescriptor(proto, 'contents') ??
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(proto), 'contents')) as PropertyDescriptor;
    Object.defineProperty(messages, 'contents', {
      configurable: true,
      get: () => (count('game.messages.contents'), contents.get?.call(messages)),
    });
    const iterate = (messages as Iterable<unknown>)[Symbol.iterator];
    Object.defineProperty(messages, Symbol.iterator, {
      configurable: true,
      value: () => (count('game.messages iteration'), iterate.call(messages)),
    });

    const log = document.getElementById('chat-log') as HTMLElement;
    const changes = { added: 0, removed: 0 };
    const inserted = new Promise<void>((resolve) =>
      new MutationObserver((records, observer) => {
        on = false;
        for (const record of records) {
          changes.added += record.addedNodes.length;
          changes.removed += record.removedNodes.length;
        }
        observer.disconnect();
        resolve();
      }).observe(log, { childList: true }),
    );
    // The earlier cards' own layout and ResizeObserver callbacks done first: frames until one reads
    // nothing. Bringing the log to its bottom lays out cards that come into view
    // (`content-visibility: auto`), whose new size is observed a frame later; on a loaded machine
    // such a callback could otherwise fall in the window.
    for (let frame = 0; frame < 60; frame += 1) {
      before = 0;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      if (before === 0) break;
    }
    on = true;
    await ChatMessage.create({ content: '<p>One more</p>', author: game.user.id as string });
    await inserted;
    return { reads, ...changes, last: log.lastElementChild?.textContent ?? '' };
  });
  expect(counts.reads).toEqual([]);
  // The new card in, the oldest of the 100 shown out (the log follows the newest).
  expect(counts).toMatchObject({ added: 1, removed: 1 });
  expect(counts.last).toContain('One more');
  await expect.poll(() => atBottom(page)).toBe(true);
});
