/**
 * Shared base of the character and creature sheets (ApplicationV2 + Handlebars, one template part
 * per section). The sheet shows what the data model derived (see actor-context.ts); edits save on
 * change (named form fields → `actor.update`); buttons are `data-action`s of the static `actions`;
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
import { showTab, tabForKey } from './tab-strip.js';
import { systemPath } from '../../config/document-types.js';
import type { GnGActor } from '../../documents/actor.js';
import type { Ability, Maneuver, RestKind, Save, SkillId } from '../../rules/index.js';
import type { AnatomyFlag, NpcData } from '../../data/actor/creature-data.js';
import type { ClassData } from '../../data/item/item-data.js';
import { changedParts } from './render-scope.js';
import { featActionInputs } from './feat-actions-context.js';
import { bluntEndSource } from '../../data/actor/feat-weapons.js';
import { disabledPartsOf } from '../../cards/shared/rest-read.js';
import { keepBreakdownsInside } from './breakdown-placement.js';
import { RICH_TEXT_PARTIAL, RichTextEditing } from './rich-text.js';
import { onDemand } from '../../on-demand.js';
import { bindWounds } from '../../cards/bleeding/bleeding-state.js';
import { requestSheetGrappleMove } from '../../cards/grapple/grapple-register.js';
import { reloadAndTell } from '../../combat/ammunition.js';
import { castFromSheet } from '../cast-from-sheet.js';
import { takeTotalDefense } from '../../cards/attack/combat-options-card.js';
import { moveConditionTrack } from '../../cards/saga-track/track-state.js';
import { askGM } from '../../cards/kernel/gm-query.js';

const { ActorSheetV2 } = foundry.applications.sheets;

/** The parts' view models (actor-parts.ts), loaded by the first sheet rendered (issue #29). */
const actorParts = onDemand(() => import('./actor-parts.js'));
const { HandlebarsApplicationMixin } = foundry.applications.api;

/** The item (on this actor) of the row a clicked element is in: `data-item-id` on it or an ancestor. */
function itemOf(sheet: GnGActorSheet, target: HTMLElement): Item | undefined {
  const id = target.closest<HTMLElement>('[data-item-id]')?.dataset.itemId;
  return id ? sheet.actor.items.get(id) : undefined;
}

function effectOf(sheet: GnGActorSheet, target: HTMLElement): ActiveEffect | undefined {
  const id = target.closest<HTMLElement>('[data-effect-id]')?.dataset.effectId;
  return id ? sheet.actor.effects.get(id) : undefined;
}

/** A tab of the actor sheets: its id (label `GNG.Sheet.Tabs.<id>`, part `tab-<id>`) and its icon. */
export interface SheetTab {
  id: string;
  /** Font Awesome classes (Foundry provides the font); decorative, the label says what the tab is. */
  icon: string;
}

/** Actors whose rest a sheet has asked for and the GM has not answered yet. */
const resting = new WeakSet<Actor>();
/** Healers whose heal from a sheet the GM has not answered yet. */
const healing = new WeakSet<Actor>();

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
      rollAbility: GnGActorSheet.onRollAbility,
      rollSave: GnGActorSheet.onRollSave,
      rollSkill: GnGActorSheet.onRollSkill,
      rollAttack: GnGActorSheet.onRollAttack,
      reloadWeapon: GnGActorSheet.onReloadWeapon,
      castSpell: GnGActorSheet.onCastSpell,
      startManeuver: GnGActorSheet.onStartManeuver,
      startGrapple: GnGActorSheet.onStartGrapple,
      grappleMove: GnGActorSheet.onGrappleMove,
      quickStand: GnGActorSheet.onQuickStand,
      suddenAction: GnGActorSheet.onSuddenAction,
      tacticalAid: GnGActorSheet.onTacticalAid,
      addBluntEnd: GnGActorSheet.onAddBluntEnd,
      totalDefense: GnGActorSheet.onTotalDefense,
      bindWounds: GnGActorSheet.onBindWounds,
      conditionTrack: GnGActorSheet.onConditionTrack,
      egAction: GnGActorSheet.onEgAction,
      rest: GnGActorSheet.onRest,
      healTarget: GnGActorSheet.onHealTarget,
      toggleEquipped: GnGActorSheet.onToggleEquipped,
      toggleCarried: GnGActorSheet.onToggleCarried,
      openItem: GnGActorSheet.onOpenItem,
      deleteItem: GnGActorSheet.onDeleteItem,
      createItem: GnGActorSheet.onCreateItem,
      toggleStatus: GnGActorSheet.onToggleStatus,
      toggleEffect: GnGActorSheet.onToggleEffect,
      deleteEffect: GnGActorSheet.onDeleteEffect,
      toggleAnatomy: GnGActorSheet.onToggleAnatomy,
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
    const changed = asked ? null : changedParts(this.actor, options.renderContext, options.renderData);
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
    const { partContext } = await actorParts();
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
    showTab(this.element, this.#tab, focus);
  }

  /** Arrow keys (and Home / End) on a tab move to the next (previous, first, last) tab and show it. */
  #onTabKey(event: KeyboardEvent): void {
    const next = tabForKey(
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
    keepBreakdownsInside(this.element);
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
   * An Item dropped on the sheet (from a compendium, the world or another actor) is created on this
   * actor; a class the actor already has (same identifier, or same name without one) gains the
   * dropped levels instead. Only owners may drop. Resolves with the created or updated item, or null.
   */
  override async _onDrop(event: DragEvent): Promise<Item | null> {
    const data = foundry.applications.ux.TextEditor.implementation.getDragEventData(event);
    if (data.type !== 'Item' || typeof data.uuid !== 'string') return null;
    if (!this.isEditable) {
      ui.notifications.warn(game.i18n.format('GNG.Error.NotOwner', { name: this.actor.name }));
      return null;
    }
    const dropped = await fromUuid(data.uuid);
    if (!dropped || dropped.documentName !== 'Item') return null;
    const item = dropped as Item;
    // Dropped on its own actor: nothing to create (sorting is not supported yet).
    if (item.parent === (this.actor as FoundryDocument)) return null;
    if (item.type === 'class') {
      const existing = this.#sameClass(item);
      if (existing) {
        const levels = (existing.system as ClassData).levels + (item.system as ClassData).levels;
        await existing.update({ 'system.levels': levels });
        return existing;
      }
    }
    const source = item.toObject();
    for (const key of ['_id', 'folder', 'sort', 'ownership']) delete source[key];
    const [created] = await this.actor.createEmbeddedDocuments('Item', [source]);
    return created ?? null;
  }

  /** The actor's class item that a dropped class adds levels to. */
  #sameClass(dropped: Item): Item | undefined {
    const identifier = (dropped.system as ClassData).identifier;
    return this.actor.items.find((i) => {
      if (i.type !== 'class') return false;
      const own = (i.system as ClassData).identifier;
      if (identifier && own) return own === identifier;
      return i.name.trim().toLowerCase() === dropped.name.trim().toLowerCase();
    });
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

  static async onRollAbility(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await (this.actor as GnGActor).rollAbilityCheck(target.dataset.ability as Ability);
  }

  static async onRollSave(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await (this.actor as GnGActor).rollSave(target.dataset.save as Save);
  }

  static async onRollSkill(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await (this.actor as GnGActor).rollSkill(target.dataset.skill as SkillId);
  }

  /** The Attack button: the attack dialog, or (Shift-click) the attack with the default options. */
  static async onRollAttack(this: GnGActorSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = itemOf(this, target);
    if (item) await (this.actor as GnGActor).rollAttack(item, { skipDialog: event.shiftKey });
  }

  /** Weapons being reloaded from this sheet (a second press while one runs does nothing). */
  readonly #reloading = new Set<string>();

  /** A firearm's Reload button on its attack row: fills the magazine (`reloadWeapon`), once per press. */
  static async onReloadWeapon(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = itemOf(this, target);
    if (!item || this.#reloading.has(item.id as string)) return;
    this.#reloading.add(item.id as string);
    if (target.tagName === 'BUTTON') (target as HTMLButtonElement).disabled = true;
    try {
      await reloadAndTell(item);
    } finally {
      this.#reloading.delete(item.id as string);
    }
  }

  /** A Maneuvers button: Bull Rush, Trip or Throw against the user's targets (`game.gng.maneuver`). */
  static async onStartManeuver(
    this: GnGActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const kind = target.dataset.maneuver as Maneuver | undefined;
    if (kind) await game.gng.maneuver(this.actor, kind);
  }

  /** A spell's or power's Cast button (Magic tab): the cast dialog, then the cast (src/magic/). */
  static async onCastSpell(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const spell = this.actor.items.get(target.dataset.itemId ?? '');
    if (spell) await castFromSheet(this.actor, spell);
  }

  /** Grapple the user's single targeted token: `game.gng.grapple`. */
  static async onStartGrapple(this: GnGActorSheet): Promise<void> {
    await game.gng.grapple(this.actor);
  }

  /** A move of an ongoing grapple (the sheet's Grapple group): the same request as the card's button. */
  static async onGrappleMove(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const { messageId, move, side } = target.dataset;
    if (messageId && move) await requestSheetGrappleMove(messageId, move, side, this.actor.uuid);
  }

  /** Quick Stand (shown when prone): `game.gng.quickStand`. */
  static async onQuickStand(this: GnGActorSheet): Promise<void> {
    await game.gng.quickStand(this.actor);
  }

  /** The Feats tab's Sudden Action (feat-actions-context.ts): the steps in its number box. */
  static async onSuddenAction(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await game.gng.suddenAction(this.actor, featActionInputs(target, this.element).steps);
  }

  /** The Feats tab's Tactical Aid: the bonus chosen beside it. */
  static async onTacticalAid(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const { bonusTo } = featActionInputs(target, this.element);
    await game.gng.tacticalAid(this.actor, { bonusTo: bonusTo as 'attack' | 'defense' });
  }

  /** The Feats tab's Dynamic Grip: the chosen weapon's blunt end as a weapon item of its own (feat-weapons.ts). */
  static async onAddBluntEnd(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const weapon = this.actor.items.get(featActionInputs(target, this.element).weaponId);
    if (!weapon || weapon.type !== 'weapon') return;
    const name = game.i18n.format('GNG.FeatAction.BluntEndName', { weapon: weapon.name });
    await this.actor.createEmbeddedDocuments('Item', [bluntEndSource(weapon, name)]);
  }

  /** Total defense (core rules): the status until the actor's next turn (combat-options-card.ts). */
  static async onTotalDefense(this: GnGActorSheet): Promise<void> {
    await takeTotalDefense(this.actor);
  }

  /** Heal action "Bind wounds" (shown while the actor bleeds): ends Severe Bleeding (bleeding-card.ts). */
  static async onBindWounds(this: GnGActorSheet): Promise<void> {
    await bindWounds(this.actor);
  }

  /** The condition track's buttons (Saga-style model): a GM moves it, a player asks the GM. */
  static async onConditionTrack(
    this: GnGActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    await moveConditionTrack(this.actor, target.dataset.move === 'up' ? 'up' : 'down');
  }

  /**
   * The Enlightened Grognard block's buttons (eg-sheet.ts): an action or a gift of tokens, with the
   * block's choices; a request the active GM's client checks and plays (src/cards/eg-action/).
   */
  static async onEgAction(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const box = target.closest('.eg-block') ?? this.element;
    const value = (cls: string) => box.querySelector<HTMLInputElement>(`.${cls}`)?.value ?? '';
    const action = target.dataset.egAction ?? '';
    // "Give to…": the token lane's gift request (src/cards/eg-tokens/token-actions.ts `handleGift`).
    if (action === 'give')
      await askGM('gng.egGift', {
        actorUuid: this.actor.uuid,
        recipientUuid: value('eg-give-to'),
        type: value('eg-give-type'),
        amount: Number(value('eg-give-count')),
      });
    else
      await askGM('gng.egAction', {
        actorUuid: this.actor.uuid,
        action,
        first: value('eg-aid-first'),
        second: value('eg-aid-second'),
        aidTo: value('eg-aid-to'),
      });
  }

  /** The Effects tab's Rest control: `game.gng.rest` with the chosen rest and circumstances. */
  static async onRest(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const box = target.closest('.gng-rest') ?? this.element;
    const checked = (cls: string) => Boolean(box.querySelector<HTMLInputElement>(`.${cls}`)?.checked);
    const kind = (box.querySelector<HTMLSelectElement>('.rest-kind')?.value ?? 'night') as RestKind;
    // One rest per press: a second click while the GM answers the first does nothing.
    if (resting.has(this.actor)) return;
    resting.add(this.actor);
    const button = target.tagName === 'BUTTON' ? (target as HTMLButtonElement) : null;
    if (button) button.disabled = true;
    try {
      await game.gng.rest(this.actor, {
        kind,
        interrupted: checked('rest-interrupted'),
        dayWithLoss: checked('rest-loss'),
        healer: checked('rest-healer'),
      });
    } finally {
      resting.delete(this.actor);
      if (button) button.disabled = false;
    }
  }

  /**
   * The Effects tab's "Heal the target" group: this actor tends the injuries of (`data-kind="tend"`),
   * or operates on the chosen part of (`surgery`), the user's one targeted token: `game.gng.heal`.
   */
  static async onHealTarget(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const kind = target.dataset.kind === 'surgery' ? 'surgery' : 'tend';
    const { patient, problem } = (await actorParts()).healPatientOf(game.user);
    if (!patient) {
      ui.notifications.warn(problem ?? game.i18n.localize('GNG.Heal.Sheet.NoTarget'));
      return;
    }
    let part: string | undefined;
    if (kind === 'surgery') {
      const select = (target.closest('.gng-heal-target') ?? this.element).querySelector<HTMLSelectElement>(
        '.heal-part',
      );
      const parts = disabledPartsOf(patient);
      if (!parts.length) {
        ui.notifications.warn(game.i18n.format('GNG.Heal.Sheet.NoParts', { patient: patient.name }));
        return;
      }
      // The choice was listed for another target (or the parts changed): list them again.
      const chosen = select?.dataset.patient === patient.uuid ? select.value : '';
      if (!parts.some((p) => p.effectId === chosen)) {
        ui.notifications.warn(game.i18n.localize('GNG.Heal.Sheet.Changed'));
        await this.render({ parts: ['tab-effects'] });
        return;
      }
      part = chosen;
    }
    // One heal per press: a second click while the GM answers the first does nothing.
    if (healing.has(this.actor)) return;
    healing.add(this.actor);
    const button = target.tagName === 'BUTTON' ? (target as HTMLButtonElement) : null;
    if (button) button.disabled = true;
    try {
      await game.gng.heal(patient, { kind, healer: this.actor, ...(part ? { part } : {}) });
    } finally {
      healing.delete(this.actor);
      if (button) button.disabled = false;
    }
    // The patient's parts may have changed (surgery): list them again.
    if (kind === 'surgery' && this.rendered) await this.render({ parts: ['tab-effects'] });
  }

  static async onToggleEquipped(
    this: GnGActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const item = itemOf(this, target);
    if (!item || !this.isEditable) return;
    const equipped = (item.system as unknown as { equipped: boolean }).equipped;
    // Equipping means carrying it too.
    await item.update(
      equipped ? { 'system.equipped': false } : { 'system.equipped': true, 'system.carried': true },
    );
  }

  static async onToggleCarried(
    this: GnGActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const item = itemOf(this, target);
    if (!item || !this.isEditable) return;
    const carried = (item.system as unknown as { carried: boolean }).carried;
    // Putting an item down unequips it.
    await item.update(
      carried ? { 'system.carried': false, 'system.equipped': false } : { 'system.carried': true },
    );
  }

  static async onOpenItem(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await itemOf(this, target)?.sheet?.render(true);
  }

  static async onDeleteItem(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = itemOf(this, target);
    if (item && this.isEditable) await item.delete();
  }

  static async onCreateItem(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const type = target.dataset.type;
    if (!type || !this.isEditable) return;
    const name = game.i18n.format('GNG.Sheet.Item.NewName', {
      type: game.i18n.localize(`TYPES.Item.${type}`),
    });
    await this.actor.createEmbeddedDocuments('Item', [{ name, type }]);
  }

  static async onToggleStatus(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const status = target.dataset.status;
    if (status && this.isEditable) await this.actor.toggleStatusEffect(status);
  }

  static async onToggleEffect(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const effect = effectOf(this, target);
    if (effect && this.isEditable) await effect.update({ disabled: !effect.disabled });
  }

  static async onDeleteEffect(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const effect = effectOf(this, target);
    if (effect && this.isEditable) await effect.delete();
  }

  static async onToggleAnatomy(
    this: GnGActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const flag = target.dataset.flag as AnatomyFlag | undefined;
    if (!flag || this.actor.type !== 'npc' || !this.isEditable) return;
    const anatomy = (this.actor.system as NpcData).anatomy;
    const next = anatomy.includes(flag) ? anatomy.filter((a) => a !== flag) : [...anatomy, flag];
    await this.actor.update({ 'system.anatomy': next });
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
