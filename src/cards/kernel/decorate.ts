/** The per-user decoration of a rendered card: buttons the user may not use are removed. */
import type { CardActionResult } from './result.js';
import { track } from './in-flight.js';
import { describeDisabled } from './waiting.js';

/** Buttons already wired (a typed card's element is decorated again after its redraw, typed-card.ts). */
const wired = new WeakSet<HTMLElement>();

/**
 * On a rendered card: removes every `[data-action]` / `[data-for-action]` element of the card's own
 * content (`.message-content`; core's message controls are left alone) that `keep` refuses (given
 * the element too, for its other data) and wires the remaining buttons to `onClick` (disabled while
 * the action runs; enabled again on refusal). Then every group of buttons (`.gng-card-group`, with
 * its heading) left with none goes too, inner groups first, so no heading stands alone. A button
 * left disabled says why (its `data-reason`, waiting.ts).
 */
export function decorateButtons(
  html: HTMLElement,
  keep: (action: string, targetId: string, el: HTMLElement) => boolean,
  onClick: (action: string, targetId: string, button: HTMLButtonElement) => Promise<CardActionResult>,
): void {
  const root = html.querySelector<HTMLElement>('.message-content') ?? html;
  for (const el of root.querySelectorAll<HTMLElement>('[data-action], [data-for-action]')) {
    const action = el.dataset.action ?? el.dataset.forAction ?? '';
    const targetId = el.dataset.targetId ?? '';
    if (!keep(action, targetId, el)) {
      el.remove();
      continue;
    }
    if (el.tagName !== 'BUTTON' || wired.has(el)) continue;
    wired.add(el);
    const button = el as HTMLButtonElement;
    button.addEventListener('click', (event) => {
      event.preventDefault();
      button.disabled = true;
      void track(
        onClick(action, targetId, button).then(
          (result) => {
            if (!result.ok) button.disabled = false;
            return result;
          },
          (error: unknown) => {
            button.disabled = false;
            throw error;
          },
        ),
      );
    });
  }
  for (const group of [...root.querySelectorAll<HTMLElement>('.gng-card-group')].reverse())
    if (!group.querySelector('button')) group.remove();
  describeDisabled(root);
}
