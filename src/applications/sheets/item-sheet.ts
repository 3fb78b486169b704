/**
 * The sheet of every Item type (ItemSheetV2 + Handlebars): a header, then tabs (item-sheet-tabs.ts):
 * the description (shown enriched, edited in Foundry's rich text editor: rich-text.ts), the details
 * whose fields follow the item type's data model, and the item's Active Effects. Edits save on change.
 */
import { systemPath } from '../../config/document-types.js';
import { defaultItemImage } from '../../config/item-images.js';
import { onDemand } from '../../on-demand.js';
import { RichTextEditing, richTextContext } from './rich-text.js';
const { ItemSheetV2 } = foundry.applications.sheets;
const { HandlebarsApplicationMixin } = foundry.applications.api;

/** The checkbox lists of the details tab (item-fieldsets.ts), stored as arrays (`_processFormData`). */
const CHECKBOX_ARRAYS = ['damageTypes', 'properties', 'firearm.fireModes'];

function get(object: unknown, path: string): unknown {
  return foundry.utils.getProperty(object as object, path);
}

/** The tabs, the details' fields and the Effects tab, loaded when an item sheet first renders (item-sheet-tabs.ts). */
const itemTabs = onDemand(() => import('./item-sheet-tabs.js'));

export class ItemSheet extends HandlebarsApplicationMixin(ItemSheetV2) {
  static override DEFAULT_OPTIONS: ApplicationV2Options = {
    classes: ['gng', 'sheet', 'item'],
    tag: 'form',
    position: { width: 520, height: 'auto' },
    window: { resizable: true },
    form: { submitOnChange: true, closeOnSubmit: false },
    actions: {
      editRichText: ItemSheet.onEditRichText,
      sheetTab: ItemSheet.onSheetTab,
      itemEffect: ItemSheet.onItemEffect,
    },
  };

  /** The rich text field (the description) whose editor is open. */
  readonly #richText = new RichTextEditing();
  /** The chosen tab (one of item-sheet-tabs.ts `ITEM_TABS`); Description shows when the sheet opens. */
  #tab = 'description';
  #keysListening = false;

  static override PARTS: Record<string, HandlebarsTemplatePart> = {
    header: { template: systemPath('templates/item/header.hbs') },
    tabs: { template: systemPath('templates/actor/parts/tabs.hbs') },
    description: { template: systemPath('templates/item/description.hbs') },
    details: { template: systemPath('templates/item/details.hbs') },
    effects: { template: systemPath('templates/item/effects.hbs') },
  };

  /** The chosen tab's id. */
  get activeTab(): string {
    return this.#tab;
  }

  /** Shows tab `id` (no render: the panels are all on the page); `focus` moves the focus to it. */
  changeSheetTab(id: string, { focus = false }: { focus?: boolean } = {}): void {
    const tabs = itemTabs.loaded;
    if (!tabs?.ITEM_TABS.some((tab) => tab.id === id)) return;
    this.#tab = id;
    tabs.showItemTab(this.element, id, focus);
  }

  override async _prepareContext(options: ApplicationRenderOptions): Promise<Record<string, unknown>> {
    const context = await super._prepareContext(options);
    const tabs = await itemTabs();
    const item = this.item;
    const system = item.system;
    const editable = this.isEditable;
    const prefix = `gng-${item.id}`;
    const fieldsets = tabs.itemFieldsets(item, prefix);
    const description = await richTextContext(
      item,
      'system.description',
      game.i18n.localize('GNG.Item.FIELDS.description.label'),
      { editable, editing: this.#richText.field },
    );
    return {
      ...context,
      ...tabs.itemTabsContext(item, this.#tab),
      item,
      img: item.img || defaultItemImage(item.type),
      system,
      editable,
      description,
      effects: tabs.itemEffectsContext(item),
      typeLabel: game.i18n.localize(`TYPES.Item.${item.type}`),
      ownerName: item.actor?.name ?? '',
      fieldsets,
    };
  }

  override async _onRender(context: Record<string, unknown>, options: ApplicationRenderOptions) {
    await super._onRender(context, options);
    this.#richText.listen(this.element, () => this.render());
    const tabs = await itemTabs();
    tabs.showItemTab(this.element, this.#tab);
    if (this.#keysListening) return;
    // One listener on the sheet's element, which lasts across renders.
    this.#keysListening = true;
    this.element.addEventListener('keydown', (event) => {
      const next = tabs.tabForKey(event);
      if (!next) return;
      event.preventDefault();
      this.changeSheetTab(next, { focus: true });
    });
  }

  static onSheetTab(this: ItemSheet, _event: PointerEvent, target: HTMLElement): void {
    if (target.dataset.tab) this.changeSheetTab(target.dataset.tab);
  }

  /** The Effects tab's buttons (`data-effect-action`: create, toggle, edit, delete). */
  static async onItemEffect(this: ItemSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const action = target.dataset.effectAction ?? '';
    await (await itemTabs()).itemEffectAction(this.item, action, target, this.isEditable);
  }

  /** The description's edit button: opens its editor (owners only). */
  static async onEditRichText(this: ItemSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    if (this.#richText.open(target.dataset.field, this.isEditable)) await this.render();
  }

  /** Checkbox lists (one checkbox per choice) are stored as arrays of the checked choices. */
  override _processFormData(
    event: Event | null,
    form: HTMLFormElement,
    formData: FormDataExtended,
  ): Record<string, unknown> {
    const data = super._processFormData(event, form, formData);
    const system = data.system as Record<string, unknown> | undefined;
    if (!system) return data;
    for (const path of CHECKBOX_ARRAYS) {
      const value = get(system, path);
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        const chosen = Object.entries(value as Record<string, boolean>)
          .filter(([, checked]) => checked)
          .map(([choice]) => choice);
        foundry.utils.setProperty(system, path, chosen);
      }
    }
    return data;
  }
}
