/**
 * Keeps a number's breakdown (the tooltip of `templates/actor/partials/stat.hbs`, shown on hover and
 * keyboard focus by CSS) inside what clips it: the sheet's scrolling tab panel or the window. When it
 * is shown, it is measured; if it would cross the bottom it opens above the number (`opens-up`), if
 * it would cross the right edge it opens towards the left (`opens-left`).
 */

/**
 * The nearest ancestor that clips its content (overflow other than visible): the tab panel, the
 * window's content or the window itself; else the page.
 */
function clipOf(element: HTMLElement, root: HTMLElement): HTMLElement {
  const view = element.ownerDocument.defaultView;
  if (!view) return root;
  for (let node = element.parentElement; node; node = node.parentElement) {
    const style = view.getComputedStyle(node);
    if (style.overflowY !== 'visible' || style.overflowX !== 'visible') return node;
  }
  return element.ownerDocument.documentElement;
}

/** Places the breakdown of the number that `target` is in (called on mouseover and focusin). */
export function placeBreakdown(target: EventTarget | null, root: HTMLElement): void {
  const stat = (target as HTMLElement | null)?.closest?.<HTMLElement>('.stat');
  const tip = stat?.querySelector<HTMLElement>('.breakdown');
  if (!stat || !tip) return;
  stat.classList.remove('opens-up', 'opens-left');
  const shown = tip.getBoundingClientRect();
  if (!shown.height) return; // not shown (yet): nothing to place
  const bounds = clipOf(stat, root).getBoundingClientRect();
  const number = stat.getBoundingClientRect();
  if (shown.bottom > bounds.bottom && number.top - shown.height - 4 >= bounds.top)
    stat.classList.add('opens-up');
  if (shown.right > bounds.right) stat.classList.add('opens-left');
}

/** Listens on the sheet's element (once: the element lasts across renders). */
export function keepBreakdownsInside(element: HTMLElement): void {
  const place = (event: Event) => placeBreakdown(event.target, element);
  element.addEventListener('mouseover', place);
  element.addEventListener('focusin', place);
}
