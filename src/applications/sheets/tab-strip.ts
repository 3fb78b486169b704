/**
 * A sheet's tab strip in the rendered page, shared by the actor and item sheets: which tab shows
 * (its button marked, its panel alone visible) and where an arrow key, Home or End on a tab moves.
 * The markup is `templates/actor/parts/tabs.hbs` and `templates/actor/partials/tab-panel.hbs`.
 */

const TAB_KEYS = ['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp', 'Home', 'End'];

/** Marks `id` as the chosen tab and shows its panel only; `focus` moves the focus to its button. */
export function showTab(root: HTMLElement | null, id: string, focus = false): void {
  if (!root) return;
  for (const button of root.querySelectorAll<HTMLElement>('.sheet-tabs [role="tab"][data-tab]')) {
    const active = button.dataset.tab === id;
    button.classList.toggle('active', active);
    button.setAttribute('aria-selected', String(active));
    button.setAttribute('tabindex', active ? '0' : '-1');
    if (active && focus) button.focus();
  }
  for (const panel of root.querySelectorAll<HTMLElement>('.sheet-tab-panel[data-tab]')) {
    panel.hidden = panel.dataset.tab !== id;
  }
}

/**
 * The tab of `ids` that a key on a tab moves to: the arrows to the next or previous one, wrapping
 * round; Home and End to the ends. Null for another key or a key outside the tab strip.
 */
export function tabForKey(event: KeyboardEvent, ids: readonly string[]): string | null {
  const tab = (event.target as HTMLElement | null)?.closest<HTMLElement>('.sheet-tabs [role="tab"]');
  if (!tab || !TAB_KEYS.includes(event.key)) return null;
  const index = ids.indexOf(tab.dataset.tab ?? '');
  if (index < 0) return null;
  const n = ids.length;
  const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : -1;
  const next = event.key === 'Home' ? 0 : event.key === 'End' ? n - 1 : (index + step + n) % n;
  return ids[next] ?? null;
}
