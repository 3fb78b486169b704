/**
 * ApplicationV2, HandlebarsApplicationMixin and the document sheets of the fake runtime.
 * Rendering runs `_configureRenderOptions` (which sets `options.parts` and `options.isFirstRender`),
 * `_prepareContext`, then for each part `_preparePartContext` and its real Handlebars template into a
 * happy-dom element (each part must render one root element, which gets `data-application-part`, as
 * in Foundry). The first render fills the element; a later one replaces only the parts it rendered,
 * so `render({ parts: ['…'] })` re-renders just those (README: evidence). Clicks on
 * `[data-action]` elements dispatch to the merged `DEFAULT_OPTIONS.actions`, as in Foundry; a
 * `drop` event on a document sheet's element reaches its `_onDrop`.
 *
 * Forms, as Foundry's DocumentSheetV2 handles them: a sheet's element is a `<form>` (`tag: 'form'`);
 * a `change` event on a named input/select/textarea/prose-mirror submits the form when `form.submitOnChange` is
 * set. Submitting gathers every named, enabled field (`FormDataExtended`: numbers for
 * `type="number"` / `data-dtype="Number"`, booleans for checkboxes), runs `_processFormData` (the
 * expanded object) and calls `document.update(changes)`; an error (a validation failure) is shown with
 * `ui.notifications.error(message)` and the document keeps its data.
 *
 * Other applications (dialogs): submitting their form calls `options.form.handler` with the form's
 * data, then closes the application when `form.closeOnSubmit` is set. A rendered application's
 * element is in the page (`document.body`) until it closes. Every render ends with
 * `_onRender`; `close()` runs `_onClose`. `settle()` awaits the action handlers started by clicks and
 * the renders started since (a keyboard handler's render, say). Rendered applications are listed by id in
 * `foundry.applications.instances` (`applicationInstances` here) until they close.
 */
import type { Window as HappyWindow } from 'happy-dom';
import type { HarnessTemplates } from './templates.js';
import type { HarnessDocument } from './documents.js';
import { expandObject, isPlainObject } from './utils.js';
import { enrichHTML } from './rich-text.js';

export interface ApplicationRuntime {
  window: HappyWindow;
  templates: HarnessTemplates;
  /** Puts a rendered application's element in the page; default: appended to `document.body`. */
  mount?: (app: HarnessApplicationV2) => void;
  /** Runs after a closed application's element left the page. */
  unmount?: (app: HarnessApplicationV2) => void;
}

/** Set by installFoundry(). */
export const runtime = {} as ApplicationRuntime;

/** `FormDataExtended`: the named fields of a form, by name (flat keys), typed as Foundry types them. */
export class HarnessFormDataExtended implements FormDataExtended {
  readonly object: Record<string, unknown> = {};

  constructor(form: HTMLFormElement) {
    // `<prose-mirror>` (rich-text.ts) is a form field too: its `value` is the raw HTML.
    const fields = form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
      'input[name], select[name], textarea[name], prose-mirror[name]',
    );
    for (const field of fields) {
      if (field.disabled) continue;
      const name = field.name;
      if (field instanceof runtime.window.HTMLInputElement) {
        const input = field as unknown as HTMLInputElement;
        if (input.type === 'checkbox') {
          this.object[name] = input.checked;
          continue;
        }
        if (input.type === 'radio') {
          if (input.checked) this.object[name] = castValue(input, input.value);
          continue;
        }
      }
      if (field instanceof runtime.window.HTMLSelectElement && (field as HTMLSelectElement).multiple) {
        this.object[name] = [...(field as HTMLSelectElement).selectedOptions].map((o) => o.value);
        continue;
      }
      this.object[name] = castValue(field, field.value);
    }
  }
}

function castValue(field: HTMLElement, value: string): unknown {
  const numeric = (field as HTMLInputElement).type === 'number' || field.dataset.dtype === 'Number';
  if (numeric) return value.trim() === '' ? null : Number(value);
  if (field.dataset.dtype === 'Boolean') return value === 'true';
  return value;
}

/** `foundry.applications.instances`: every rendered application, by id. */
export const applicationInstances = new Map<string, ApplicationV2>();
let nextAppId = 1;

type AppClass = { DEFAULT_OPTIONS?: ApplicationV2Options; PARTS?: Record<string, HandlebarsTemplatePart> };

/** Merges DEFAULT_OPTIONS from the base class down to `cls` (actions merged, classes united). */
function mergedDefaults(cls: AppClass): ApplicationV2Options {
  const chain: AppClass[] = [];
  for (let c: unknown = cls; c && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
    if (Object.prototype.hasOwnProperty.call(c, 'DEFAULT_OPTIONS')) chain.unshift(c as AppClass);
  }
  const merged: ApplicationV2Options = { classes: [], actions: {} };
  for (const c of chain) mergeOptions(merged, c.DEFAULT_OPTIONS ?? {});
  return merged;
}

function mergeOptions(target: ApplicationV2Options, source: ApplicationV2Options): void {
  for (const [key, value] of Object.entries(source)) {
    if (key === 'classes')
      target.classes = [...new Set([...(target.classes ?? []), ...((value as string[]) ?? [])])];
    else if (isPlainObject(value) && isPlainObject(target[key]))
      target[key] = { ...(target[key] as object), ...value };
    else target[key] = value;
  }
}

export class HarnessApplicationV2 implements ApplicationV2 {
  static DEFAULT_OPTIONS: ApplicationV2Options = { classes: [], tag: 'div', actions: {} };
  readonly options: ApplicationV2Options;
  element!: HTMLElement;
  rendered = false;
  /** Promises of action handlers started by clicks; `settle()` awaits them. */
  readonly pending: Promise<unknown>[] = [];

  constructor(options: ApplicationV2Options = {}) {
    this.options = mergedDefaults(this.constructor as AppClass);
    mergeOptions(this.options, options);
    // Foundry gives an application without an id a generated one.
    this.options.id ??= `app-${nextAppId++}`;
  }

  /** The application's id (`options.id`). */
  get id(): string {
    return this.options.id as string;
  }

  async _prepareContext(_options: ApplicationRenderOptions): Promise<Record<string, unknown>> {
    return {};
  }

  /** Renders the HTML of each part (the Handlebars mixin supplies it). */
  async _renderHTML(
    _context: Record<string, unknown>,
    _options: ApplicationRenderOptions,
  ): Promise<Record<string, string>> {
    return {};
  }

  /**
   * Adjusts the options of a render before anything is prepared (synchronous, as in v13: subclasses
   * call `super` and then read or change `options.parts`).
   */
  _configureRenderOptions(_options: ApplicationRenderOptions): void {}

  render(options: boolean | ApplicationRenderOptions = {}): Promise<this> {
    // Each application gets its own copy of the options (foundryvtt/foundryvtt#10897).
    const renderOptions: ApplicationRenderOptions =
      typeof options === 'boolean' ? { force: options } : { ...options };
    // A closed application renders only when forced (`render(true)`), as in Foundry.
    if (!this.rendered && !renderOptions.force) return Promise.resolve(this);
    // The caller and `settle()` await the same promise: the caller's code after its render runs
    // before `settle()` returns.
    const done = this.#render(renderOptions);
    this.pending.push(done);
    return done;
  }

  async #render(renderOptions: ApplicationRenderOptions): Promise<this> {
    renderOptions.isFirstRender = !this.rendered;
    this._configureRenderOptions(renderOptions);
    const context = await this._prepareContext(renderOptions);
    const parts = await this._renderHTML(context, renderOptions);
    if (!this.element) this.element = this.#createElement();
    const document = runtime.window.document;
    const elements = Object.entries(parts).map(([id, html]) => {
      // A <div>, not a <template>: happy-dom loses <select> choices parsed in template content.
      const holder = document.createElement('div') as unknown as HTMLElement;
      holder.innerHTML = html.trim();
      const roots = [...holder.children];
      if (roots.length !== 1)
        throw new Error(`Template part "${id}" must render a single HTML element (got ${roots.length})`);
      const root = roots[0] as HTMLElement;
      root.dataset.applicationPart = id;
      // happy-dom can select the wrong option while parsing; select what the markup selects, as browsers do.
      for (const option of root.querySelectorAll<HTMLOptionElement>('option[selected]'))
        option.selected = true;
      return root;
    });
    // The first render fills a new element; later renders replace only the parts they rendered
    // (the others stay as they are). A part not yet on the page goes at the end.
    if (renderOptions.isFirstRender) this.element.replaceChildren(...elements);
    else
      for (const root of elements) {
        const id = root.dataset.applicationPart as string;
        const prior = [...this.element.children].find(
          (child) => (child as HTMLElement).dataset.applicationPart === id,
        );
        if (prior) prior.replaceWith(root);
        else this.element.append(root);
      }
    // Foundry puts a rendered application in the page (focus and form submission need it there).
    if (!this.element.isConnected) {
      if (runtime.mount) runtime.mount(this);
      else (document.body as unknown as HTMLElement).append(this.element);
    }
    this.rendered = true;
    applicationInstances.set(this.id, this);
    await this._onRender(context, renderOptions);
    Hooks.callAll(`render${this.constructor.name}`, this, this.element, context, renderOptions);
    return this;
  }

  /** Runs after each render (subclasses add listeners, move focus). */
  async _onRender(_context: Record<string, unknown>, _options: ApplicationRenderOptions): Promise<void> {}

  /** Runs when the application closes. */
  _onClose(_options: Record<string, unknown>): void {}

  async close(): Promise<this> {
    const wasRendered = this.rendered;
    this.rendered = false;
    this.element?.remove();
    if (wasRendered) runtime.unmount?.(this);
    if (applicationInstances.get(this.id) === this) applicationInstances.delete(this.id);
    if (wasRendered) this._onClose({});
    return this;
  }

  /** Awaits every action handler started by a click so far. */
  async settle(): Promise<void> {
    while (this.pending.length) await this.pending.shift();
  }

  /** Adds the element's event listeners (once, when the element is created). */
  protected _attachListeners(_element: HTMLElement): void {}

  #createElement(): HTMLElement {
    const document = runtime.window.document;
    const element = document.createElement(this.options.tag ?? 'div') as unknown as HTMLElement;
    element.classList.add('application', ...(this.options.classes ?? []));
    if (this.options.id) element.id = this.options.id;
    this._attachListeners(element);
    element.addEventListener('click', (event) => {
      const target = (event.target as HTMLElement | null)?.closest<HTMLElement>('[data-action]');
      if (!target) return;
      const handler = this.options.actions?.[target.dataset.action ?? ''];
      if (!handler) return;
      event.preventDefault();
      this.pending.push(Promise.resolve(handler.call(this, event as PointerEvent, target)));
    });
    element.addEventListener('change', (event) => {
      const target = event.target as HTMLInputElement | null;
      if (!target?.name || !this.options.form?.submitOnChange) return;
      this.pending.push(this.#submitForm(event));
    });
    element.addEventListener('submit', (event) => {
      event.preventDefault();
      this.pending.push(this.#submitForm(event));
    });
    return element;
  }

  /** Submits the form (Foundry's `ApplicationV2#submit`); errors become error notifications. */
  async submit(): Promise<this> {
    await this.#submitForm(null);
    return this;
  }

  async #submitForm(event: Event | null): Promise<void> {
    if (!this.element || this.element.tagName !== 'FORM') return;
    const form = this.element as HTMLFormElement;
    try {
      await this._onSubmitForm(event, form, new HarnessFormDataExtended(form));
    } catch (error) {
      ui.notifications.error(error instanceof Error ? error.message : String(error));
    }
  }

  /** The form's handler: `options.form.handler`, then close with `closeOnSubmit` (a document sheet updates its document). */
  protected async _onSubmitForm(
    event: Event | null,
    form: HTMLFormElement,
    formData: FormDataExtended,
  ): Promise<void> {
    const config = this.options.form;
    if (!config?.handler) return;
    await config.handler.call(this, event, form, formData);
    if (config.closeOnSubmit) await this.close();
  }
}

export function HandlebarsApplicationMixinImpl<T extends AnyConstructor>(Base: T) {
  abstract class HandlebarsApplication extends (Base as unknown as typeof HarnessApplicationV2) {
    static PARTS: Record<string, HandlebarsTemplatePart> = {};
    /** The parts of the current render (`_configureRenderParts`). */
    #parts: Record<string, HandlebarsTemplatePart> = {};

    /**
     * `options.parts` becomes the parts to render: every configured part on the first render or when
     * none were asked for, else the asked-for ones that are configured. Subclasses may then remove
     * parts (not rendered this time: they stay on the page as they are).
     */
    override _configureRenderOptions(options: ApplicationRenderOptions): void {
      super._configureRenderOptions(options);
      this.#parts = this._configureRenderParts(options);
      const all = Object.keys(this.#parts);
      options.parts =
        options.isFirstRender || !options.parts ? all : options.parts.filter((id) => id in this.#parts);
    }

    /** A copy of `PARTS`, which subclasses may trim or extend. */
    _configureRenderParts(_options: ApplicationRenderOptions): Record<string, HandlebarsTemplatePart> {
      const parts = (this.constructor as unknown as AppClass).PARTS ?? {};
      return Object.fromEntries(Object.entries(parts).map(([id, part]) => [id, { ...part }]));
    }

    /** The context of one part: by default the application's context itself. */
    async _preparePartContext(
      _partId: string,
      context: Record<string, unknown>,
      _options: ApplicationRenderOptions,
    ): Promise<Record<string, unknown>> {
      return context;
    }

    override async _renderHTML(context: Record<string, unknown>, options: ApplicationRenderOptions) {
      const html: Record<string, string> = {};
      for (const id of options.parts ?? []) {
        const part = this.#parts[id];
        if (!part) throw new Error(`Unknown application part "${id}"`);
        const partContext = await this._preparePartContext(id, context, options);
        html[id] = await runtime.templates.renderTemplate(part.template, partContext);
      }
      return html;
    }
  }
  return HandlebarsApplication as unknown as ReturnType<HandlebarsApplicationMixin> & T;
}

export class HarnessDocumentSheetV2 extends HarnessApplicationV2 implements DocumentSheetV2 {
  static override DEFAULT_OPTIONS: ApplicationV2Options = {
    tag: 'form',
    form: { submitOnChange: false, closeOnSubmit: false },
  };
  readonly document: FoundryDocument;

  constructor(options: ApplicationV2Options & { document: FoundryDocument }) {
    super(options);
    this.document = options.document;
  }

  get isEditable(): boolean {
    return this.document.isOwner;
  }

  /** The expanded object of the form's fields (what `document.update` receives). */
  _processFormData(
    _event: Event | null,
    _form: HTMLFormElement,
    formData: FormDataExtended,
  ): Record<string, unknown> {
    return expandObject(formData.object);
  }

  protected override async _onSubmitForm(
    event: Event | null,
    form: HTMLFormElement,
    formData: FormDataExtended,
  ): Promise<void> {
    if (!this.isEditable) return;
    await this.document.update(this._processFormData(event, form, formData));
  }

  /** Does nothing: our sheets override it. */
  async _onDrop(_event: DragEvent): Promise<unknown> {
    return undefined;
  }

  protected override _attachListeners(element: HTMLElement): void {
    super._attachListeners(element);
    element.addEventListener('dragover', (event) => event.preventDefault());
    element.addEventListener('drop', (event) => {
      event.preventDefault();
      this.pending.push(this._onDrop(event as DragEvent));
    });
  }

  override render(options: boolean | ApplicationRenderOptions = {}): Promise<this> {
    (this.document as unknown as HarnessDocument).apps.add(this);
    return super.render(options);
  }

  override async close(): Promise<this> {
    (this.document as unknown as HarnessDocument).apps.delete(this);
    return super.close();
  }

  override async _prepareContext(options: ApplicationRenderOptions): Promise<Record<string, unknown>> {
    return {
      ...(await super._prepareContext(options)),
      document: this.document,
      editable: this.isEditable,
      owner: this.document.isOwner,
    };
  }
}

export class HarnessActorSheetV2 extends HarnessDocumentSheetV2 implements ActorSheetV2 {
  get actor(): Actor {
    return this.document as Actor;
  }
}

export class HarnessItemSheetV2 extends HarnessDocumentSheetV2 implements ItemSheetV2 {
  get item(): Item {
    return this.document as Item;
  }
}

/** The sheet registries by document name (`Actor`, `Item`), for `document.sheet`; set by installFoundry(). */
export const sheetRegistries = new Map<string, SheetRegistry>();

/** Sheet classes registered through `foundry.documents.collections.Actors/Items`. */
export class SheetRegistry implements DocumentSheetCollection {
  readonly sheets: { scope: string; sheetClass: AnyConstructor; options: SheetRegistrationOptions }[] = [];

  registerSheet(scope: string, sheetClass: AnyConstructor, options: SheetRegistrationOptions = {}): void {
    this.sheets.push({ scope, sheetClass, options });
  }

  unregisterSheet(scope: string, sheetClass: AnyConstructor): void {
    const index = this.sheets.findIndex((s) => s.scope === scope && s.sheetClass === sheetClass);
    if (index >= 0) this.sheets.splice(index, 1);
  }

  /** The default sheet class for a document type (the last one registered with makeDefault). */
  defaultFor(type: string): AnyConstructor | undefined {
    const candidates = this.sheets.filter((s) => !s.options.types || s.options.types.includes(type));
    return (candidates.filter((s) => s.options.makeDefault).at(-1) ?? candidates.at(-1))?.sheetClass;
  }
}

export const applicationsApi = {
  ApplicationV2: HarnessApplicationV2,
  HandlebarsApplicationMixin: HandlebarsApplicationMixinImpl,
  DocumentSheetV2: HarnessDocumentSheetV2,
} satisfies FoundryNamespace['applications']['api'];

/** `foundry.applications.ux.TextEditor.implementation`: drag data and `enrichHTML` (rich-text.ts). */
export const TextEditorImpl = {
  enrichHTML,
  getDragEventData(event: DragEvent): Record<string, unknown> {
    if (!('dataTransfer' in event) || !event.dataTransfer) return {};
    try {
      const data: unknown = JSON.parse(event.dataTransfer.getData('text/plain'));
      return isPlainObject(data) ? data : {};
    } catch {
      return {};
    }
  },
};

export const uxApi = {
  FormDataExtended: HarnessFormDataExtended,
  TextEditor: { implementation: TextEditorImpl },
} satisfies FoundryNamespace['applications']['ux'];

export const sheetsApi = {
  ActorSheetV2: HarnessActorSheetV2,
  ItemSheetV2: HarnessItemSheetV2,
} satisfies FoundryNamespace['applications']['sheets'];
