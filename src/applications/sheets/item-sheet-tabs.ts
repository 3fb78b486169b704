/**
 * The item sheet's tabs (issue #33) — Description, Details, Effects — in the actor sheets' pattern
 * (actor-sheet.ts): real buttons in a tablist (`templates/actor/parts/tabs.hbs`), one panel per tab
 * (`templates/actor/partials/tab-panel.hbs`), arrow keys, Home and End between them; the chosen tab
 * is the sheet's own state, in the context, so every render keeps it. An item's panels are small, so
 * all three are rendered and only the chosen one shows.
 */
import type { SheetTab } from './actor-sheet.js';

export const ITEM_TABS: readonly SheetTab[] = [
  { id: 'description', icon: 'fa-solid fa-book-open' },
  { id: 'details', icon: 'fa-solid fa-list' },
  { id: 'effects', icon: 'fa-solid fa-bolt' },
];

const TAB_KEYS = ['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp', 'Home', 'End'];

/** `tabList` for the tab bar and `tabs.<id>` for each panel, `active` the chosen tab. */
export function itemTabsContext(item: Item, active: string) {
  const prefix = `gng-${item.uuid.replace(/[^\w-]/g, '-')}`;
  const tabList = ITEM_TABS.map((tab) => ({
    ...tab,
    label: game.i18n.localize(`GNG.Sheet.ItemTabs.${tab.id}`),
    active: tab.id === active,
    tabId: `${prefix}-tab-${tab.id}`,
    panelId: `${prefix}-panel-${tab.id}`,
  }));
  return { tabList, tabs: Object.fromEntries(tabList.map((tab) => [tab.id, tab])) };
}

/** Marks `id` as the chosen tab and shows its panel only, in the rendered sheet. */
export function showItemTab(root: HTMLElement | null, id: string, focus = false): void {
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

/** The tab an arrow key (or Home / End) on a tab moves to, or null for another key. */
export function tabForKey(event: KeyboardEvent): string | null {
  const tab = (event.target as HTMLElement | null)?.closest<HTMLElement>('.sheet-tabs [role="tab"]');
  if (!tab || !TAB_KEYS.includes(event.key)) return null;
  const ids = ITEM_TABS.map((t) => t.id);
  const index = ids.indexOf(tab.dataset.tab ?? '');
  if (index < 0) return null;
  const n = ids.length;
  const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : -1;
  const next = event.key === 'Home' ? 0 : event.key === 'End' ? n - 1 : (index + step + n) % n;
  return ids[next] ?? null;
}

/** The Effects tab: the item's own Active Effects, with what each button does, labelled. */
export function itemEffectsContext(item: Item) {
  const f = (key: string, data: Record<string, unknown>) => game.i18n.format(key, data);
  return [...item.effects].map((effect) => ({
    id: effect.id,
    name: effect.name,
    img: effect.img || 'icons/svg/aura.svg',
    disabled: effect.disabled,
    transfer: effect.transfer,
    scope: game.i18n.localize(
      effect.transfer ? 'GNG.Sheet.ItemEffects.OnActor' : 'GNG.Sheet.ItemEffects.OnItem',
    ),
    changes: effect.changes.length,
    toggleLabel: f(effect.disabled ? 'GNG.Sheet.ItemEffects.Enable' : 'GNG.Sheet.ItemEffects.Disable', {
      name: effect.name,
    }),
    editLabel: f('GNG.Sheet.ItemEffects.Edit', { name: effect.name }),
    deleteLabel: f('GNG.Sheet.ItemEffects.Delete', { name: effect.name }),
  }));
}
