/**
 * Shows a form application rendered by the harness (a dialog) in a Chromium page styled with the
 * built CSS, and bridges what the keyboard and mouse do there back to the harness application, so its
 * real listeners and handlers run: a `change` of a control sets the same control of the harness form
 * and dispatches `change` there; Enter and Escape are dispatched as `keydown` on the same control;
 * a click on a button clicks the same button. Then the page's live region (`liveSelector`) is
 * refreshed from the application, leaving focus where it is, and `body[data-settled]` counts up;
 * `body[data-closed]` is set once the application has closed.
 */
import type { Page } from 'playwright-core';
import type { Harness } from '../harness/index.js';
import type { HarnessApplicationV2 } from '../harness/applications.js';
import { styledDocument } from './bridge.js';

const CONTROLS = 'input, select, button';

type BridgeEvent =
  | { kind: 'change'; index: number; checked: boolean; value: string }
  | { kind: 'keydown'; index: number; key: string }
  | { kind: 'click'; index: number };

export async function showForm(
  page: Page,
  h: Harness,
  app: HarnessApplicationV2,
  liveSelector: string,
): Promise<void> {
  await page.exposeFunction('gngFormEvent', async (event: BridgeEvent) => {
    const control = app.element.querySelectorAll<HTMLInputElement>(CONTROLS)[event.index];
    if (!control) throw new Error(`No control at index ${event.index}`);
    if (event.kind === 'change') {
      if (control.type === 'checkbox') control.checked = event.checked;
      else control.value = event.value;
      control.dispatchEvent(new h.window.Event('change', { bubbles: true }) as unknown as Event);
    } else if (event.kind === 'keydown') {
      const init = { key: event.key, bubbles: true, cancelable: true };
      control.dispatchEvent(new h.window.KeyboardEvent('keydown', init) as unknown as Event);
    } else {
      control.dispatchEvent(
        new h.window.MouseEvent('click', { bubbles: true, cancelable: true }) as unknown as Event,
      );
    }
    await app.settle();
    // A submission started by a key runs on promises: let them finish.
    await new Promise((resolve) => setTimeout(resolve, 10));
    return {
      closed: !app.rendered,
      live: app.element.querySelector(liveSelector)?.innerHTML ?? null,
    };
  });
  const focused = [...app.element.querySelectorAll(CONTROLS)].indexOf(
    h.window.document.activeElement as unknown as Element,
  );
  await page.setContent(styledDocument(h, 'GnG', `<main id="app">${app.element.outerHTML}</main>`));
  await page.evaluate(
    ({ controls, live, focused }) => {
      const w = window as unknown as {
        gngFormEvent(event: unknown): Promise<{ closed: boolean; live: string | null }>;
      };
      const all = () => [...document.querySelectorAll<HTMLElement>(`#app ${controls}`)];
      const apply = (result: { closed: boolean; live: string | null }) => {
        const region = document.querySelector(`#app ${live}`);
        if (region && result.live !== null) region.innerHTML = result.live;
        if (result.closed) document.body.dataset.closed = 'true';
        document.body.dataset.settled = String(Number(document.body.dataset.settled ?? 0) + 1);
      };
      document.addEventListener('change', async (event) => {
        const target = event.target as HTMLInputElement;
        const index = all().indexOf(target);
        apply(await w.gngFormEvent({ kind: 'change', index, checked: target.checked, value: target.value }));
      });
      document.addEventListener('keydown', async (event) => {
        if (event.key !== 'Enter' && event.key !== 'Escape') return;
        const target = event.target as HTMLElement;
        const index = all().indexOf(target);
        if (index < 0 || target.tagName === 'BUTTON') return;
        event.preventDefault();
        apply(await w.gngFormEvent({ kind: 'keydown', index, key: event.key }));
      });
      document.addEventListener('click', async (event) => {
        const target = (event.target as HTMLElement).closest('button');
        if (!target) return;
        event.preventDefault();
        apply(await w.gngFormEvent({ kind: 'click', index: all().indexOf(target) }));
      });
      document.addEventListener('submit', (event) => event.preventDefault());
      if (focused >= 0) all()[focused]?.focus();
    },
    { controls: CONTROLS, live: liveSelector, focused },
  );
}
