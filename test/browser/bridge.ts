/**
 * Shows an application rendered by the harness in a Chromium page styled with the built CSS, and
 * bridges clicks back: a click on a `[data-action]` element in the page clicks the same element of
 * the harness application (with the same Shift key), so the real action handler runs; then the page
 * is refreshed with the application's new HTML and the chat log.
 */
import type { Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Harness } from '../harness/index.js';
import type { HarnessApplicationV2 } from '../harness/applications.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';

/** dist/gng.css of each built system root, read once a test file (each file has its own module graph). */
const builtCss = new Map<string, string>();

/**
 * A page's whole document: `body` under a head that holds the built CSS (dist/gng.css) and then
 * `extraCss` (the test's framing) in <style> elements. Sent with the content in one `setContent`,
 * the stylesheet is parsed before the page's first layout: added after it (`addStyleTag`), it cost
 * a round trip to the page and a second style and layout of the whole document, about 0.1 s of CPU a
 * page (docs/performance.md).
 */
export function styledDocument(h: Harness, title: string, body: string, extraCss = ''): string {
  let css = builtCss.get(h.root);
  if (css === undefined) {
    css = readFileSync(join(h.root, 'dist/gng.css'), 'utf8');
    builtCss.set(h.root, css);
  }
  // A `</style` inside the CSS would end the element early: there is none in ours, the check keeps it so.
  if (/<\/style/i.test(css + extraCss)) throw new Error('A stylesheet holds "</style"');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
    <style>${css}</style>${extraCss ? `<style>${extraCss}</style>` : ''}</head><body>${body}</body></html>`;
}

function chatLogHtml(): string {
  return game.messages.contents
    .map((m) => `<li class="chat-message" data-message-id="${m.id}">${m.content}</li>`)
    .join('');
}

/** `extraCss`: the test's own framing, after the built CSS (styledDocument). */
export async function showApplication(
  page: Page,
  h: Harness,
  app: HarnessApplicationV2,
  extraCss = '',
): Promise<void> {
  await page.exposeFunction('gngDispatch', async (index: number, shiftKey = false) => {
    const targets = app.element.querySelectorAll<HTMLElement>('[data-action]');
    const target = targets[index];
    if (!target) throw new Error(`No [data-action] element at index ${index}`);
    target.dispatchEvent(
      new h.window.MouseEvent('click', { bubbles: true, cancelable: true, shiftKey }) as unknown as Event,
    );
    await app.settle();
    return { app: app.element.outerHTML, chat: chatLogHtml() };
  });
  await page.setContent(
    styledDocument(
      h,
      'GnG',
      `<main id="app">${app.element.outerHTML}</main><ol id="chat-log" aria-live="polite">${chatLogHtml()}</ol>`,
      extraCss,
    ),
  );
  await page.evaluate(() => {
    const w = window as unknown as {
      gngDispatch(index: number, shiftKey: boolean): Promise<{ app: string; chat: string }>;
    };
    document.addEventListener('click', async (event) => {
      const target = (event.target as HTMLElement).closest('[data-action]');
      if (!target) return;
      event.preventDefault();
      const index = [...document.querySelectorAll('#app [data-action]')].indexOf(target);
      const result = await w.gngDispatch(index, (event as MouseEvent).shiftKey);
      (document.getElementById('app') as HTMLElement).innerHTML = result.app;
      (document.getElementById('chat-log') as HTMLElement).innerHTML = result.chat;
      document.body.dataset.settled = String(Number(document.body.dataset.settled ?? 0) + 1);
    });
  });
}

/**
 * Shows one chat message as the current user's chat log would (rendered by the harness, so the
 * `renderChatMessageHTML` hook removes what the user may not use and wires the buttons), styled with
 * the built CSS. A click on a `[data-action]` button in the page clicks the same button of the
 * harness-rendered card (with the page's input values), so the card's real ACTIONS run (through the
 * GM's query); when they have settled the message is rendered again, as Foundry does after an update.
 */
export async function showChatMessage(
  page: Page,
  h: Harness,
  message: ChatMessage,
  extraCss = '',
): Promise<void> {
  let rendered = h.renderMessage(message);
  await page.exposeFunction('gngChatDispatch', async (index: number, inputs: Record<string, string>) => {
    const targets = rendered.querySelectorAll<HTMLElement>('[data-action]');
    const target = targets[index];
    if (!target) throw new Error(`No [data-action] element at index ${index}`);
    for (const [selector, value] of Object.entries(inputs)) {
      const input = rendered.querySelector<HTMLInputElement>(selector);
      if (input) input.value = value;
    }
    target.dispatchEvent(
      new h.window.MouseEvent('click', { bubbles: true, cancelable: true }) as unknown as Event,
    );
    await attackActionsSettled();
    rendered = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
    return rendered.outerHTML;
  });
  await page.setContent(
    styledDocument(
      h,
      'GnG chat',
      `<ol id="chat-log" aria-live="polite">${rendered.outerHTML}</ol>`,
      extraCss,
    ),
  );
  await page.evaluate(() => {
    const w = window as unknown as {
      gngChatDispatch(index: number, inputs: Record<string, string>): Promise<string>;
    };
    document.addEventListener('click', async (event) => {
      const target = (event.target as HTMLElement).closest('[data-action]');
      if (!target) return;
      event.preventDefault();
      (target as HTMLButtonElement).disabled = true;
      const index = [...document.querySelectorAll('#chat-log [data-action]')].indexOf(target);
      const inputs: Record<string, string> = {};
      for (const input of document.querySelectorAll<HTMLInputElement>('#chat-log input[data-target-id]')) {
        inputs[`input[data-target-id="${input.dataset.targetId}"]`] = input.value;
      }
      const html = await w.gngChatDispatch(index, inputs);
      (document.getElementById('chat-log') as HTMLElement).innerHTML = html;
      document.body.dataset.settled = String(Number(document.body.dataset.settled ?? 0) + 1);
    });
  });
}

/**
 * Runs `act` (a click or key press in the page that reaches a bridged `[data-action]` element of
 * showApplication's or showChatMessage's page) and waits until the bridge has run the harness's
 * action and refreshed the page (`body[data-settled]` counted one up).
 */
export async function bridged(page: Page, act: () => Promise<void>): Promise<void> {
  const before = await page.evaluate(() => Number(document.body.dataset.settled ?? 0));
  await act();
  await page.waitForSelector(`body[data-settled="${before + 1}"]`);
}

/** Clicks the page's button named `name` (`exact` as Playwright's `getByRole`) and waits for the bridge. */
export function clickBridged(page: Page, name: string, { exact = false } = {}): Promise<void> {
  return bridged(page, () => page.getByRole('button', { name, exact }).click());
}
