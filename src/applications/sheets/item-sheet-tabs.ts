/**
 * The item sheet's tabs (issue #33) — Description, Details, Effects — in the actor sheets' pattern
 * (actor-sheet.ts): real buttons in a tablist (`templates/actor/parts/tabs.hbs`), one panel per tab
 * (`templates/actor/partials/tab-panel.hbs`), arrow keys, Home and End between them; the chosen tab
 * is the sheet's own state, in the context, so every render keeps it. An item's panels are small, so
 * all three are rendered and only the chosen one shows. Loaded when an item sheet first renders
 * (item-sheet.ts; docs/performance.md "Code loaded at start").
 */
import type { SheetTab } from './actor-sheet.js';
import { defaultItemImage } from '../../config/item-images.js';
import { showTab, tabForKey as tabForKeyOf } from './tab-strip.js';
import { f } from '../../format.js';

export { ITEM_FIELDSETS, itemFieldsets } from './item-fieldsets.js';

export const ITEM_TABS: readonly SheetTab[] = [
  { id: 'description', icon: 'fa-solid fa-book-open' },
  { id: 'details', icon: 'fa-solid fa-list' },
  { id: 'effects', icon: 'fa-solid fa-bolt' },
];

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
  showTab(root, id, focus);
}

/** The tab an arrow key (or Home / End) on a tab moves to, or null for another key. */
export function tabForKey(event: KeyboardEvent): string | null {
  return tabForKeyOf(
    event,
    ITEM_TABS.map((t) => t.id),
  );
}

/** The Effects tab: the item's own Active Effects, with what each button does, labelled. */
export function itemEffectsContext(item: Item) {
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

function effectOf(item: Item, target: HTMLElement): ActiveEffect | undefined {
  const id = target.closest<HTMLElement>('[data-effect-id]')?.dataset.effectId;
  return id ? item.effects.get(id) : undefined;
}

/** The Effects tab's buttons: `action` on `item` (those that change it only when `editable`). */
export async function itemEffectAction(
  item: Item,
  action: string,
  target: HTMLElement,
  editable: boolean,
): Promise<void> {
  if (action === 'create') {
    // A new effect on the item, applied to its owner (transfer), named after the item.
    if (!editable) return;
    const name = game.i18n.format('GNG.Sheet.ItemEffects.NewName', { name: item.name });
    const img = item.img || defaultItemImage(item.type);
    await item.createEmbeddedDocuments('ActiveEffect', [{ name, img, transfer: true, changes: [] }]);
    return;
  }
  const effect = effectOf(item, target);
  if (!effect) return;
  // Foundry's effect sheet (its changes, duration …).
  if (action === 'edit') await effect.sheet?.render({ force: true });
  else if (action === 'toggle' && editable) await effect.update({ disabled: !effect.disabled });
  else if (action === 'delete' && editable) await effect.delete();
}
