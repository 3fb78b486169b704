/**
 * Shared base of the character and creature sheets (ApplicationV2 + Handlebars, one template part
 * per section). The sheet shows what the data model derived (see actor-context.ts); edits save on
 * change (named form fields → `actor.update`); buttons are `data-action`s of the static `actions`,
 * whose handlers (actor-sheet-actions.ts) load with the first sheet rendered, as the view models do;
 * Items dropped on the sheet are created on the actor (a class it already has gains levels instead).
 * Attack rows and inventory rows are draggable (`draggable="true"`): dragging one carries
 * `{ type: 'Item', uuid }` as `text/plain` JSON, which the hotbar turns into an attack macro.
 * The Attack button opens the attack dialog; Shift-click attacks at once with the defaults.
 * The biography is shown enriched and edited in Foundry's rich text editor (rich-text.ts).
 *
 * Layout: the header and the combat panel stay in view; the other sections are in tabs
 * (`SHEET_TABS`), of which only the active one shows and scrolls. The tab state is the sheet's own
 * (a private field, our `sheetTab` action, arrow keys), not core's TABS machinery: the context says
 * which tab is active, so every render (whole or by parts) keeps it.
 *
 * Rendering (issue #29): the sheet renders what is seen. Each part's context is built only when the
 * part renders (`_preparePartContext`, as Draw Steel's sheets do). A tab's panel holds its sections
 * only while it is the active tab or still current since it was; otherwise it is an empty panel
 * (hidden), and opening it renders just that part (`render({ parts })`). A document change renders
 * only the parts it can alter (render-scope.ts): those in view at once, hidden panels it touches
 * become empty again.
 */
import { systemPath } from '../../config/document-types.js';
import { RICH_TEXT_PARTIAL, RichTextEditing } from './rich-text.js';
import { onDemand } from '../../on-demand.js';
import type { SheetAction } from './actor-sheet-actions.js';

const { ActorSheetV2 } = foundry.applications.sheets;

/**
 * The parts' view models (actor-parts.ts), loaded by the first sheet rendered (issue #29), with what a
 * rendered sheet does on the page (which parts a change re-renders, the tab strip, the breakdowns):
 * every render after the first, and every listener of the rendered sheet, find it loaded.
 */
const actorParts = onDemand(() => import('./actor-parts.js'));
/** The buttons' handlers and the drop (actor-sheet-actions.ts), loaded by the first sheet rendered too. */
const sheetActions = onDemand(() => import('./actor-sheet-actions.js'));
const { HandlebarsApplicationMixin } = foundry.applications.api;

/** The `data-action`s whose handlers are in actor-sheet-actions.ts (`ACTOR_SHEET_ACTIONS`). */
const LOADED_ACTIONS = [
  'rollAbility',
  'rollSave',
  'rollSkill',
  'rollAttack',
  'reloadWeapon',
  'castSpell',
  'startManeuver',
  'startGrapple',
  'grappleMove',
  'quickStand',
  'suddenAction',
  'tacticalAid',
  'addBluntEnd',
  'totalDefense',
  'bindWounds',
  'conditionTrack',
  'egAction',
  'rest',
  'healTarget',
  'toggleEquipped',
  'toggleCarried',
  'openItem',
  'deleteItem',
  'createItem',
  'toggleStatus',
  'toggleEffect',
  'deleteEffect',
  'toggleAnatomy',
];

/**
 * The handler of action `name`: at once when the module is loaded (the sheet's first render loads
 * it), else once it is (a click before that waits for it).
 */
function loadedAction(name: string) {
  return function (this: GnGActorSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    const run = ({ ACTOR_SHEET_ACTIONS }: { ACTOR_SHEET_ACTIONS: Record<string, SheetAction> }) => {
      const action = ACTOR_SHEET_ACTIONS[name];
      if (!action) throw new Error(`GnG | no actor sheet action ${name}`);
      return action.call(this, event, target);
    };
    const module = sheetActions.loaded;
    return module ? run(module) : sheetActions().then(run);
  };
}

/** A tab of the actor sheets: its id (label `GNG.Sheet.Tabs.<id>`, part `tab-<id>`) and its icon. */
export interface SheetTab {
  id: string;
  /** Font Awesome classes (Foundry provides the font); decorative, the label says what the tab is. */
  icon: string;
}

/** The tabs of both actor sheets, in order; the first is shown when a sheet opens. */
export const SHEET_TABS: readonly SheetTab[] = [
  { id: 'combat', icon: 'fa-solid fa-khanda' },
  { id: 'skills', icon: 'fa-solid fa-list-check' },
  { id: 'inventory', icon: 'fa-solid fa-suitcase' },
  { id: 'feats', icon: 'fa-solid fa-star' },
  { id: 'magic', icon: 'fa-solid fa-wand-sparkles' },
  { id: 'effects', icon: 'fa-solid fa-bolt' },
  { id: 'biography', icon: 'fa-solid fa-feather' },
];

/** The tab a part shows (`tab-<id>`), or null for the header, the combat panel and the tab bar. */
function tabOfPart(partId: string): string | null {
  return partId.startsWith('tab-') ? partId.slice('tab-'.length) : null;
}

/** Every item type a tab may create, with its "New …" label (for the tabs' create buttons). */
const CREATABLE = ['weapon', 'armor', 'shield', 'equipment', 'feat', 'class', 'spell', 'power'];

export class GnGActorSheet extends HandlebarsApplicationMixin(ActorSheetV2) {
  static override DEFAULT_OPTIONS: ApplicationV2Options = {
    classes: ['gng', 'sheet', 'actor'],
    tag: 'form',
    position: { width: 720, height: 800 },
    window: { resizable: true },
    form: { submitOnChange: true, closeOnSubmit: false },
    actions: {
      ...Object.fromEntries(LOADED_ACTIONS.map((name) => [name, loadedAction(name)])),
      editRichText: GnGActorSheet.onEditRichText,
      sheetTab: GnGActorSheet.onSheetTab,
    },
  };

  #dragListening = false;
  /** The id of the active tab (one of SHEET_TABS). */
  #tab: string = SHEET_TABS[0]?.id ?? 'combat';
  /** The rich text field (the biography) whose editor is open. */
  readonly #richText = new RichTextEditing();
  /** The `targetToken` hook that re-renders the "Heal the target" group while the sheet is open. */
  #targetHook: number | null = null;
  #targetRender = false;

  /** What every part uses: the actor, who may edit and roll, the tabs. The parts add their own. */
  override async _prepareContext(options: ApplicationRenderOptions): Promise<Record<string, unknown>> {
    const context = await super._prepareContext(options);
    const editable = this.isEditable;
    const system = this.actor.system;
    return {
      ...context,
      actor: this.actor,
      system,
      derived: system.derived,
      editable,
      disabled: !editable,
      // Rolls and attacks are the owners' (and the GM's): other users see the numbers, not the buttons.
      owner: this.actor.isOwner,
      isGM: game.user.isGM,
      createLabels: Object.fromEntries(
        CREATABLE.map((type) => [
          type,
          game.i18n.format('GNG.Sheet.Item.Create', { type: game.i18n.localize(`TYPES.Item.${type}`) }),
        ]),
      ),
      ...this.#tabsContext(),
    };
  }

  /**
   * After Foundry listed the parts to render: on the first render every part (the hidden tabs as
   * empty panels); later, the parts the change can alter (render-scope.ts) or those asked for, but
   * never a hidden panel that is already empty.
   */
  override _configureRenderOptions(options: ApplicationRenderOptions): void {
    const asked = options.parts;
    super._configureRenderOptions(options);
    if (options.isFirstRender) return;
    // Loaded by the first render; were it not, every part renders.
    const changed = asked
      ? null
      : (actorParts.loaded?.changedParts(this.actor, options.renderContext, options.renderData) ?? null);
    const all = options.parts ?? Object.keys((this.constructor as HandlebarsApplicationConstructor).PARTS);
    options.parts = all.filter((partId) => {
      if (changed && !changed.has(partId)) return false;
      const tab = tabOfPart(partId);
      return !tab || tab === this.#tab || this.#filled(tab);
    });
  }

  /** One part's own context, built only when the part renders; a hidden tab renders empty. */
  override async _preparePartContext(
    partId: string,
    context: Record<string, unknown>,
    options: ApplicationRenderOptions,
  ): Promise<Record<string, unknown>> {
    context = await super._preparePartContext(partId, context, options);
    const tab = tabOfPart(partId);
    if (tab && tab !== this.#tab) return context;
    // Added to the context it was given and returned (as Draw Steel's sheets do); each part's keys
    // are its own or hold the same values, so parts prepared one after another do not disturb each other.
    // The buttons' handlers load beside the view models: by the time a button shows, they are in.
    const [{ partContext }] = await Promise.all([actorParts(), sheetActions()]);
    Object.assign(context, await partContext(this.actor, partId, this.isEditable, this.#richText.field));
    return context;
  }

  /** The active tab's id. */
  get activeTab(): string {
    return this.#tab;
  }

  /** `tabList` for the tab bar, `tabs.<id>` for each panel: ids, labels and which one is active. */
  #tabsContext() {
    // Unique per document (a token's synthetic actor shares its id with the world actor).
    const prefix = `gng-${this.actor.uuid.replace(/[^\w-]/g, '-')}`;
    const tabList = SHEET_TABS.map((tab) => ({
      ...tab,
      label: game.i18n.localize(`GNG.Sheet.Tabs.${tab.id}`),
      active: tab.id === this.#tab,
      tabId: `${prefix}-tab-${tab.id}`,
      panelId: `${prefix}-panel-${tab.id}`,
    }));
    return { tabList, tabs: Object.fromEntries(tabList.map((tab) => [tab.id, tab])) };
  }

  /**
   * Shows a tab: remembered for later renders, and applied to the rendered sheet. A tab whose panel
   * is empty (never opened, or emptied by a change while hidden) renders first — only its part —
   * and shows when its sections are in; a current one shows at once (no render, so focus and the
   * other panels' scroll positions stay). `focus` moves the keyboard focus to the tab (arrow keys).
   */
  async changeSheetTab(id: string, { focus = false }: { focus?: boolean } = {}): Promise<void> {
    if (!SHEET_TABS.some((tab) => tab.id === id)) return;
    this.#tab = id;
    if (!this.rendered) return;
    if (!this.#filled(id)) await this.render({ parts: [`tab-${id}`] });
    if (this.#tab === id) this.#showTab(focus);
  }

  /**
   * Whether a tab's panel on the page holds its sections (then they are current: a change that
   * alters a hidden panel empties it). The page, not a record of renders, says so: renders may overlap.
   */
  #filled(tab: string): boolean {
    const panel = this.element?.querySelector(`.sheet-tab-panel[data-tab="${tab}"]`);
    return (panel?.childElementCount ?? 0) > 0;
  }

  /** Marks the active tab and shows its panel (and only it) in the rendered sheet. */
  #showTab(focus: boolean): void {
    actorParts.loaded?.showTab(this.element, this.#tab, focus);
  }

  /** Arrow keys (and Home / End) on a tab move to the next (previous, first, last) tab and show it. */
  #onTabKey(event: KeyboardEvent): void {
    const next = actorParts.loaded?.tabForKey(
      event,
      SHEET_TABS.map((t) => t.id),
    );
    if (!next) return;
    event.preventDefault();
    void this.changeSheetTab(next, { focus: true });
  }

  override async _onRender(context: Record<string, unknown>, options: ApplicationRenderOptions) {
    await super._onRender(context, options);
    // A part rendered while another tab was chosen (a quick second click): show the chosen one.
    this.#showTab(false);
    if (options.parts?.includes('tab-biography'))
      this.#richText.listen(this.element, () => this.render({ parts: ['tab-biography'] }));
    this.#targetHook ??= Hooks.on('targetToken', (user: User) => this.#onTarget(user));
    if (this.#dragListening) return;
    // One listener on the sheet's element, which lasts across renders.
    this.#dragListening = true;
    this.element.addEventListener('dragstart', (event) => this.#onDragStart(event));
    this.element.addEventListener('keydown', (event) => this.#onTabKey(event));
    actorParts.loaded?.keepBreakdownsInside(this.element);
  }

  override _onClose(options: Record<string, unknown>): void {
    super._onClose(options);
    if (this.#targetHook !== null) Hooks.off('targetToken', this.#targetHook);
    this.#targetHook = null;
  }

  /**
   * The user's targets changed: the owner's "Heal the target" group (Effects tab) shows the new
   * patient (once per batch; nothing to do while that panel is empty).
   */
  #onTarget(user: User): void {
    if (user !== game.user || !this.rendered || !this.actor.isOwner || this.#targetRender) return;
    if (!this.#filled('effects')) return;
    this.#targetRender = true;
    void Promise.resolve().then(() => {
      this.#targetRender = false;
      return this.rendered ? this.render({ parts: ['tab-effects'] }) : undefined;
    });
  }

  /** Dragging an item row carries the item's drag data (`{ type: 'Item', uuid }`). */
  #onDragStart(event: DragEvent): void {
    const row = (event.target as HTMLElement | null)?.closest<HTMLElement>(
      '[draggable="true"][data-item-id]',
    );
    const item = row?.dataset.itemId ? this.actor.items.get(row.dataset.itemId) : undefined;
    if (!item || !event.dataTransfer) return;
    event.dataTransfer.setData('text/plain', JSON.stringify({ type: 'Item', uuid: item.uuid }));
    event.dataTransfer.effectAllowed = 'copyMove';
  }

  /** Subtypes are typed as a comma-separated list; the data model stores an array. */
  override _processFormData(
    event: Event | null,
    form: HTMLFormElement,
    formData: FormDataExtended,
  ): Record<string, unknown> {
    const data = super._processFormData(event, form, formData);
    const system = data.system as Record<string, unknown> | undefined;
    if (system && typeof system.subtypes === 'string') {
      system.subtypes = system.subtypes
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    }
    return data;
  }

  /**
   * An Item dropped on the sheet is created on this actor, or adds levels to its class
   * (actor-sheet-actions.ts `dropItem`). The drag data is read while the drop event lasts.
   */
  override async _onDrop(event: DragEvent): Promise<Item | null> {
    const data = foundry.applications.ux.TextEditor.implementation.getDragEventData(event);
    return (await sheetActions()).dropItem(this, data);
  }

  /** A rich text field's edit button: opens its editor (owners only). */
  static async onEditRichText(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    if (this.#richText.open(target.dataset.field, this.isEditable))
      await this.render({ parts: ['tab-biography'] });
  }

  /** A tab of the tab bar: shows its panel. */
  static async onSheetTab(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    if (target.dataset.tab) await this.changeSheetTab(target.dataset.tab);
  }
}

/** A part of the actor sheets: `templates/actor/parts/<name>.hbs`. */
export function actorPart(name: string): HandlebarsTemplatePart {
  return { template: systemPath(`templates/actor/parts/${name}.hbs`) };
}

/** A tab panel of the actor sheets, `templates/actor/tabs/<name>.hbs`: the part that scrolls. */
export function tabPart(name: string): HandlebarsTemplatePart {
  return { template: systemPath(`templates/actor/tabs/${name}.hbs`), scrollable: [''] };
}

/**
 * An actor sheet's parts, in order: the header, the combat panel, the tab bar, then one panel per tab
 * (the Combat tab's template given, the others shared by every actor sheet).
 */
export function actorSheetParts(header: string, combatTab: string): Record<string, HandlebarsTemplatePart> {
  const shared = ['skills', 'inventory', 'feats', 'magic', 'effects', 'biography'];
  return {
    header: actorPart(header),
    combat: actorPart('combat'),
    tabs: actorPart('tabs'),
    'tab-combat': tabPart(combatTab),
    ...Object.fromEntries(shared.map((name) => [`tab-${name}`, tabPart(name)])),
  };
}

/** The sections the tab panels include (`templates/actor/parts/`). */
const SECTIONS = [
  'attacks',
  'abilities',
  'saves',
  'resistances',
  'npc-statblock',
  'skills',
  'inventory',
  'feats',
  'classes',
  'magic',
  'effects',
  'biography',
];

/** Templates used as partials by the actor sheets (registered by `loadTemplates`). */
export const ACTOR_PARTIALS = [
  systemPath('templates/actor/partials/stat.hbs'),
  systemPath('templates/actor/partials/item-controls.hbs'),
  systemPath('templates/actor/partials/item-img.hbs'),
  systemPath('templates/actor/partials/tab-panel.hbs'),
  RICH_TEXT_PARTIAL,
  ...SECTIONS.map((name) => systemPath(`templates/actor/parts/${name}.hbs`)),
];
