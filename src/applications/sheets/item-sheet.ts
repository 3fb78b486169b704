/**
 * The sheet of every Item type (ItemSheetV2 + Handlebars): a header, then tabs (item-sheet-tabs.ts):
 * the description (shown enriched, edited in Foundry's rich text editor: rich-text.ts), the details
 * whose fields follow the item type's data model, and the item's Active Effects. Edits save on change.
 */
import { systemPath } from '../../config/document-types.js';
import { defaultItemImage } from '../../config/item-images.js';
import { onDemand } from '../../on-demand.js';
import { RichTextEditing, richTextContext } from './rich-text.js';
import {
  BAB_PROGRESSIONS,
  FORTIFICATIONS,
  PROGRESSIONS,
  SAVES,
  SAVE_PROGRESSIONS,
  SHIELD_SIZES,
  SIZES,
} from '../../rules/index.js';
import {
  ARMOR_TYPES,
  CLASS_KINDS,
  DAMAGE_TYPES,
  FIRE_MODES,
  RELOAD_ACTIONS,
  PROTECTION_BYPASS_CHOICES,
  WEAPON_CATEGORIES,
  WEAPON_PROPERTIES,
  WEAPON_STRENGTH,
  WEAPON_USES,
} from '../../data/item/item-data.js';

const { ItemSheetV2 } = foundry.applications.sheets;
const { HandlebarsApplicationMixin } = foundry.applications.api;

type FieldKind = 'number' | 'text' | 'select' | 'checkbox' | 'checkboxes';

/** A field of the details part: `path` under `system`, how it is edited, and its label. */
interface FieldSpec {
  path: string;
  kind: FieldKind;
  /** Choices of a select or of a checkbox list, localized as `<choicePrefix>.<choice>`. */
  choices?: readonly string[];
  choicePrefix?: string;
  /** A label key other than `GNG.Item.FIELDS.<path>.label`. */
  label?: string;
  step?: number;
  min?: number;
  max?: number;
}
interface FieldsetSpec {
  legend: string;
  fields: FieldSpec[];
}

const num = (path: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({ path, kind: 'number', ...extra });
const text = (path: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({ path, kind: 'text', ...extra });
const check = (path: string): FieldSpec => ({ path, kind: 'checkbox' });
const select = (
  path: string,
  choices: readonly string[],
  choicePrefix: string,
  extra: Partial<FieldSpec> = {},
): FieldSpec => ({
  path,
  kind: 'select',
  choices,
  choicePrefix,
  ...extra,
});
const checks = (path: string, choices: readonly string[], choicePrefix: string): FieldSpec => ({
  path,
  kind: 'checkboxes',
  choices,
  choicePrefix,
});

/** Array fields edited as one checkbox per choice (`system.<path>.<choice>`). */
const CHECKBOX_ARRAYS = ['damageTypes', 'properties', 'firearm.fireModes'];

const GEAR: FieldsetSpec = {
  legend: 'GNG.Sheet.ItemSheet.Gear',
  fields: [
    num('weight', { step: 0.1, min: 0 }),
    num('quantity', { min: 0 }),
    num('price', { step: 0.01, min: 0 }),
    num('hardness', { min: 0 }),
    num('hp.value', { min: 0 }),
    num('hp.max', { min: 0 }),
    check('carried'),
    check('equipped'),
  ],
};

/** The fieldsets of each Item type, matching its data model (src/data/item/item-data.ts). */
export const ITEM_FIELDSETS: Record<string, FieldsetSpec[]> = {
  weapon: [
    {
      legend: 'GNG.Sheet.ItemSheet.Weapon',
      fields: [
        select('category', WEAPON_CATEGORIES, 'GNG.WeaponCategory'),
        select('use', WEAPON_USES, 'GNG.WeaponUse'),
        select('size', SIZES, 'GNG.Size'),
        num('enhancement', { min: 0 }),
        select('strength', WEAPON_STRENGTH, 'GNG.WeaponStrength'),
        num('rangeIncrement', { min: 0, step: 5 }),
        select('bypass', PROTECTION_BYPASS_CHOICES, 'GNG.Bypass'),
        check('touch'),
        check('energy'),
        check('improvised'),
        checks('properties', WEAPON_PROPERTIES, 'GNG.WeaponProperty'),
      ],
    },
    {
      legend: 'GNG.Item.FIELDS.damage.label',
      fields: [
        ...SIZES.map((size) => text(`damage.${size}`, { label: `GNG.Size.${size}` })),
        checks('damageTypes', DAMAGE_TYPES, 'GNG.DamageType'),
      ],
    },
    {
      legend: 'GNG.Sheet.ItemSheet.Firearm',
      fields: [
        checks('firearm.fireModes', FIRE_MODES, 'GNG.FireMode'),
        num('firearm.capacity', { min: 0 }),
        num('firearm.ammunition', { min: 0 }),
        num('firearm.barrels', { min: 1 }),
        text('firearm.ammoType'),
        select('firearm.reload', RELOAD_ACTIONS, 'GNG.ReloadAction'),
        check('firearm.longarm'),
      ],
    },
    GEAR,
  ],
  armor: [
    {
      legend: 'GNG.Sheet.ItemSheet.Armor',
      fields: [
        select('type', ARMOR_TYPES, 'GNG.ArmorType'),
        num('armorBonus', { min: 0 }),
        num('armorCheckPenalty', { max: 0 }),
        num('enhancement', { min: 0 }),
        select('fortification', FORTIFICATIONS, 'GNG.Fortification'),
      ],
    },
    GEAR,
  ],
  shield: [
    {
      legend: 'GNG.Sheet.ItemSheet.Shield',
      fields: [
        select('shieldSize', SHIELD_SIZES, 'GNG.ShieldSize'),
        num('shieldBonus', { min: 0 }),
        num('enhancement', { min: 0 }),
        num('armorCheckPenalty', { max: 0 }),
      ],
    },
    GEAR,
  ],
  equipment: [GEAR],
  class: [
    {
      legend: 'GNG.Sheet.ItemSheet.Class',
      fields: [
        text('identifier'),
        select('kind', CLASS_KINDS, 'GNG.ClassKind'),
        num('levels', { min: 0 }),
        select('babProgression', BAB_PROGRESSIONS, 'GNG.Progression'),
        select('defenseProgression', PROGRESSIONS, 'GNG.Progression'),
        select('hpProgression', PROGRESSIONS, 'GNG.Progression'),
        ...SAVES.map((save) =>
          select(`saves.${save}`, SAVE_PROGRESSIONS, 'GNG.Progression', { label: `GNG.Save.${save}` }),
        ),
      ],
    },
  ],
  feat: [
    {
      legend: 'GNG.Sheet.ItemSheet.Feat',
      fields: [text('identifier'), select('category', ['gng', 'core'], 'GNG.FeatCategory')],
    },
  ],
  spell: [{ legend: 'GNG.Sheet.ItemSheet.Spell', fields: [num('level', { min: 0 }), text('school')] }],
  power: [
    {
      legend: 'GNG.Sheet.ItemSheet.Power',
      fields: [num('level', { min: 0 }), text('discipline'), num('powerPoints', { min: 0 })],
    },
  ],
};

/** The tabs and the Effects tab, loaded when an item sheet first renders (item-sheet-tabs.ts). */
const itemTabs = onDemand(() => import('./item-sheet-tabs.js'));

function get(object: unknown, path: string): unknown {
  return foundry.utils.getProperty(object as object, path);
}

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
    const fieldsets = (ITEM_FIELDSETS[item.type] ?? []).map((set) => ({
      legend: game.i18n.localize(set.legend),
      fields: set.fields.map((spec) => {
        const value = get(system, spec.path);
        const label = game.i18n.localize(spec.label ?? `GNG.Item.FIELDS.${spec.path}.label`);
        const base = {
          id: `${prefix}-${spec.path.replace(/\./g, '-')}`,
          name: `system.${spec.path}`,
          label,
          value,
          // As strings, so that a limit of 0 still renders.
          step: spec.step?.toString(),
          min: spec.min?.toString(),
          max: spec.max?.toString(),
          [spec.kind]: true,
        };
        if (spec.kind === 'select') {
          return {
            ...base,
            options: (spec.choices ?? []).map((choice) => ({
              value: choice,
              label: game.i18n.localize(`${spec.choicePrefix}.${choice}`),
              selected: choice === value,
            })),
          };
        }
        if (spec.kind === 'checkboxes') {
          const chosen = (value as string[] | undefined) ?? [];
          return {
            ...base,
            checks: (spec.choices ?? []).map((choice) => ({
              id: `${base.id}-${choice}`,
              name: `system.${spec.path}.${choice}`,
              label: game.i18n.localize(`${spec.choicePrefix}.${choice}`),
              checked: chosen.includes(choice),
            })),
          };
        }
        return base;
      }),
    }));
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
