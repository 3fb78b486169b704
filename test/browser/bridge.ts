/**
 * Shows an application rendered by the harness in a Chromium page styled with the built CSS, and
 * bridges clicks back: a click on a `[data-action]` element in the page clicks the same element of
 * the harness application, so the real action handler runs; then the page is refreshed with the
 * application's new HTML and the chat log.
 */
import type { Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Harness } from '../harness/index.js';
import type { HarnessApplicationV2 } from '../harness/applications.js';

function chatLogHtml(): string {
  return game.messages.contents
    .map((m) => `<li class="chat-message" data-message-id="${m.id}">${m.content}</li>`)
    .join('');
}

export async function showApplication(page: Page, h: Harness, app: HarnessApplicationV2): Promise<void> {
  const css = readFileSync(join(h.root, 'dist/gng.css'), 'utf8');
  await page.exposeFunction('gngDispatch', async (index: number) => {
    const targets = app.element.querySelectorAll<HTMLElement>('[data-action]');
    const target = targets[index];
    if (!target) throw new Error(`No [data-action] element at index ${index}`);
    target.dispatchEvent(
      new h.window.MouseEvent('click', { bubbles: true, cancelable: true }) as unknown as Event,
    );
    await app.settle();
    return { app: app.element.outerHTML, chat: chatLogHtml() };
  });
  await page.setContent(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>GnG</title></head>
     <body><main id="app">${app.element.outerHTML}</main><ol id="chat-log" aria-live="polite">${chatLogHtml()}</ol></body></html>`,
  );
  await page.addStyleTag({ content: css });
  await page.evaluate(() => {
    const w = window as unknown as { gngDispatch(index: number): Promise<{ app: string; chat: string }> };
    document.addEventListener('click', async (event) => {
      const target = (event.target as HTMLElement).closest('[data-action]');
      if (!target) return;
      event.preventDefault();
      const index = [...document.querySelectorAll('#app [data-action]')].indexOf(target);
      const result = await w.gngDispatch(index);
      (document.getElementById('app') as HTMLElement).innerHTML = result.app;
      (document.getElementById('chat-log') as HTMLElement).innerHTML = result.chat;
      document.body.dataset.settled = String(Number(document.body.dataset.settled ?? 0) + 1);
    });
  });
}
