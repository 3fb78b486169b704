/**
 * What the card layout tests share: a chat message shown in a chat log of a given width (Foundry's
 * chat sidebar is about 300 px wide), the checks that every button of a card holds its label on one
 * line with no two buttons overlapping, the keyboard path to a folded <details>, and axe-core.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { Harness } from '../harness/index.js';
import { showChatMessage } from './bridge.js';
export { expectNoSeriousViolations } from './axe.js';

/** Shows `message` as `user` sees it, in a chat log `width` px wide on the playground's background. */
export async function showInChatLog(
  page: Page,
  h: Harness,
  message: ChatMessage,
  user: User,
  width: number,
): Promise<void> {
  h.as(user);
  await showChatMessage(
    page,
    h,
    game.messages.get(message.id as string) as ChatMessage,
    `body { margin: 0; background: #d9d3c4; }
      #chat-log { box-sizing: border-box; width: ${width}px; margin: 0; padding: 4px 6px; list-style: none; }
      #chat-log > .chat-message { padding: 6px; }`,
  );
}

export interface ButtonBox {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The height of one line of the button's text with its padding and border. */
  oneLine: number;
  /** Its text is wider than the button. */
  overflows: boolean;
}

/** Each visible button inside `selector`. */
export function buttonBoxes(page: Page, selector: string): Promise<ButtonBox[]> {
  return page.locator(`${selector} button`).evaluateAll((buttons) =>
    buttons
      .filter((b) => b.getClientRects().length > 0)
      .map((b) => {
        const box = b.getBoundingClientRect();
        const style = getComputedStyle(b);
        const px = (v: string) => parseFloat(v) || 0;
        const lineHeight = style.lineHeight === 'normal' ? px(style.fontSize) * 1.2 : px(style.lineHeight);
        return {
          name: b.textContent?.trim() ?? '',
          x: box.x,
          y: box.y,
          width: box.width,
          height: box.height,
          oneLine:
            lineHeight +
            px(style.paddingTop) +
            px(style.paddingBottom) +
            px(style.borderTopWidth) +
            px(style.borderBottomWidth),
          overflows: b.scrollWidth > b.clientWidth + 1,
        };
      }),
  );
}

const overlap = (a: ButtonBox, b: ButtonBox) =>
  a.x < b.x + b.width - 0.5 &&
  b.x < a.x + a.width - 0.5 &&
  a.y < b.y + b.height - 0.5 &&
  b.y < a.y + a.height - 0.5;

/** Every button of the card `selector`: one line high, its text inside it, inside the card, overlapping none. */
export async function expectTidyButtons(page: Page, selector: string): Promise<ButtonBox[]> {
  const card = await page.locator(selector).boundingBox();
  if (!card) throw new Error(`${selector} is not shown`);
  const boxes = await buttonBoxes(page, selector);
  expect(boxes.length).toBeGreaterThan(0);
  for (const box of boxes) {
    expect(box.height, `${box.name} fits on one line`).toBeLessThanOrEqual(box.oneLine + 1);
    expect(box.overflows, `${box.name}: its text fits in it`).toBe(false);
    expect(box.x, `${box.name} inside the card`).toBeGreaterThanOrEqual(card.x - 0.5);
    expect(box.x + box.width, `${box.name} inside the card`).toBeLessThanOrEqual(card.x + card.width + 0.5);
  }
  for (const [i, a] of boxes.entries())
    for (const b of boxes.slice(i + 1)) expect(overlap(a, b), `${a.name} overlaps ${b.name}`).toBe(false);
  return boxes;
}

/**
 * Presses Tab (from where the focus is) until the summary `summary` has the focus; false when 40
 * presses never reach it.
 */
export async function tabTo(page: Page, summary: string): Promise<boolean> {
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, summary)) return true;
  }
  return false;
}

/** The computed font size (px) of the first element matching `selector` inside `root`. */
export function fontSize(page: Page, root: string, selector: string): Promise<number> {
  return page
    .locator(root)
    .first()
    .evaluate((el, s) => parseFloat(getComputedStyle(el.querySelector(s) as Element).fontSize), selector);
}

/** The window sizes the newcomer used (issue #33): a laptop and a desktop. */
export const WINDOW_SIZES = [
  { width: 1280, height: 720 },
  { width: 1600, height: 1000 },
] as const;

/**
 * Issue #33 on a card shown in the page: its "Waiting for …" lines are `lines`, each visible inside
 * the window and at least 12 px; no button of the card is greyed (a closed step has none) unless it
 * says why, in visible text that is its accessible description.
 */
export async function expectWaitingLines(page: Page, card: string, lines: string[]): Promise<void> {
  const seen = await page.locator(`${card} .gng-card-waiting`).evaluateAll((els) =>
    els.map((el) => {
      const box = el.getBoundingClientRect();
      return {
        text: el.textContent?.trim() ?? '',
        shown: el.checkVisibility() && box.bottom <= innerHeight && box.right <= innerWidth,
        size: parseFloat(getComputedStyle(el).fontSize),
      };
    }),
  );
  expect(seen.map((l) => l.text)).toEqual(lines);
  for (const line of seen) {
    expect(line.shown, line.text).toBe(true);
    expect(line.size, line.text).toBeGreaterThanOrEqual(12);
  }
  const unexplained = await page.locator(`${card} button:disabled`).evaluateAll(
    (buttons) =>
      buttons.filter((b) => {
        const reason = document.getElementById(b.getAttribute('aria-describedby') ?? '');
        return !reason?.textContent?.trim() || !reason.checkVisibility();
      }).length,
  );
  expect(unexplained).toBe(0);
}
