/**
 * Foundry v13 declarations: applications and sheets (ApplicationV2).
 * The rules for all of them are in `src/foundry.d.ts`'s header.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- callbacks and mixins take any arguments, as Foundry's do */

declare global {
  /* ------------------------------------------------------------------ */
  /*  Applications                                                       */
  /* ------------------------------------------------------------------ */

  // `this` is the application instance the action runs on.
  type ApplicationAction = (this: any, event: PointerEvent, target: HTMLElement) => unknown;

  interface ApplicationV2Options {
    id?: string;
    classes?: string[];
    tag?: string;
    window?: { title?: string; icon?: string; resizable?: boolean };
    position?: { width?: number | 'auto'; height?: number | 'auto' };
    actions?: Record<string, ApplicationAction>;
    form?: {
      submitOnChange?: boolean;
      closeOnSubmit?: boolean;
      /**
       * Called with the form's data when it is submitted (`this` is the application); with
       * `closeOnSubmit` the application closes after it. Document sheets update their document instead.
       */
      handler?: (
        this: any,
        event: Event | null,
        form: HTMLFormElement,
        formData: FormDataExtended,
      ) => unknown;
    };
    [key: string]: unknown;
  }
  interface HandlebarsTemplatePart {
    template: string;
    scrollable?: string[];
  }
  interface ApplicationRenderOptions {
    force?: boolean;
    /** The parts to render; after `_configureRenderOptions` the parts this render renders. */
    parts?: string[];
    /** Set by Foundry: whether this render creates the application's element. */
    isFirstRender?: boolean;
    /**
     * Set by Foundry when a document change re-renders its sheets: what happened, e.g. `updateActor`
     * (dnd5e reads it). How an embedded document's change is named is not assumed (see
     * test/harness/README.md).
     */
    renderContext?: string;
    /** The change that caused the render (an update's changed data). */
    renderData?: unknown;
  }

  /**
   * The named fields of a form (`foundry.applications.ux.FormDataExtended`): `object` maps each field
   * name (flat, e.g. `system.abilities.str.value`) to its value — numbers for `type="number"` or
   * `data-dtype="Number"` (null when empty), booleans for checkboxes, strings otherwise.
   */
  interface FormDataExtended {
    readonly object: Record<string, unknown>;
  }
  /** Options of `TextEditor.implementation.enrichHTML`. */
  interface EnrichmentOptions {
    /** Keep secret blocks (give it the viewer's ownership of the document). */
    secrets?: boolean;
    /** The document relative uuids and roll data refer to. */
    relativeTo?: FoundryDocument;
    /** Data for inline rolls (`[[/r 1d20 + @str]]`). */
    rollData?: Record<string, unknown>;
  }
  /**
   * A `<prose-mirror name value>` element (`foundry.applications.elements.HTMLProseMirrorElement`):
   * a form field holding raw HTML (`value`), submitted under `name`. Saving the editor dispatches a
   * bubbling `change` (so `submitOnChange` saves the document), then `save`.
   */
  interface HTMLProseMirrorElement extends HTMLElement {
    name: string;
    value: string;
    readonly open: boolean;
  }
  interface HTMLElementTagNameMap {
    'prose-mirror': HTMLProseMirrorElement;
  }
  interface FormDataExtendedConstructor {
    new (form: HTMLFormElement): FormDataExtended;
  }

  interface ApplicationV2 {
    readonly options: ApplicationV2Options;
    /** The application's element: a `<form>` when `options.tag` is `form` (document sheets). */
    readonly element: HTMLElement;
    readonly rendered: boolean;
    render(options?: boolean | ApplicationRenderOptions): Promise<this>;
    close(): Promise<this>;
    /** Submits the application's form (its `form` handler; a document sheet updates its document). */
    submit(): Promise<this>;
    /**
     * Adjusts a render's options before its context is prepared (synchronous): after `super`,
     * `options.parts` lists the parts to render, and a subclass may remove some of them.
     */
    _configureRenderOptions(options: ApplicationRenderOptions): void;
    _prepareContext(options: ApplicationRenderOptions): Promise<Record<string, unknown>>;
    /** Runs after each render, once the parts are in `element` (add listeners, move focus here). */
    _onRender(context: Record<string, unknown>, options: ApplicationRenderOptions): Promise<void>;
    /** Runs when the application closes, after its element is removed. */
    _onClose(options: Record<string, unknown>): void;
  }
  interface ApplicationV2Constructor {
    new (options?: ApplicationV2Options): ApplicationV2;
    DEFAULT_OPTIONS: ApplicationV2Options;
  }
  interface HandlebarsApplicationConstructor extends ApplicationV2Constructor {
    PARTS: Record<string, HandlebarsTemplatePart>;
  }

  /**
   * A document's sheet. Its element is a `<form>`; with `form.submitOnChange`, a `change` of a named
   * field submits the whole form: `_processFormData` turns the fields into the (expanded) changes and
   * the document is updated with them; a failed update (validation) is shown as an error notification.
   */
  interface DocumentSheetV2 extends ApplicationV2 {
    readonly document: FoundryDocument;
    readonly isEditable: boolean;
    /** The changes a submission sends to `document.update`: by default the expanded `formData.object`. */
    _processFormData(
      event: Event | null,
      form: HTMLFormElement,
      formData: FormDataExtended,
    ): Record<string, unknown>;
    /** Handles something dropped on the sheet; sheets override it (read it with `getDragEventData`). */
    _onDrop(event: DragEvent): Promise<unknown>;
  }
  interface DocumentSheetV2Constructor {
    new (options: ApplicationV2Options & { document: FoundryDocument }): DocumentSheetV2;
    DEFAULT_OPTIONS: ApplicationV2Options;
  }
  interface ActorSheetV2 extends DocumentSheetV2 {
    readonly actor: Actor;
    _onDrop(event: DragEvent): Promise<unknown>;
  }
  interface ActorSheetV2Constructor {
    new (options: ApplicationV2Options & { document: Actor }): ActorSheetV2;
    DEFAULT_OPTIONS: ApplicationV2Options;
  }
  interface ItemSheetV2 extends DocumentSheetV2 {
    readonly item: Item;
  }
  interface ItemSheetV2Constructor {
    new (options: ApplicationV2Options & { document: Item }): ItemSheetV2;
    DEFAULT_OPTIONS: ApplicationV2Options;
  }

  type AnyConstructor = abstract new (...args: any[]) => object;
  /** What `HandlebarsApplicationMixin` adds to an application: rendering by parts. */
  interface HandlebarsApplication {
    /** The parts an application has for this render (a copy of `PARTS` to trim or extend). */
    _configureRenderParts(options: ApplicationRenderOptions): Record<string, HandlebarsTemplatePart>;
    /**
     * The context of one part, from the application's (`_prepareContext`): add the part's own data
     * to `context` and return it. Only the parts being rendered are prepared.
     */
    _preparePartContext(
      partId: string,
      context: Record<string, unknown>,
      options: ApplicationRenderOptions,
    ): Promise<Record<string, unknown>>;
  }
  /** `HandlebarsApplicationMixin(Base)`: renders `static PARTS` with Handlebars. */
  type HandlebarsApplicationMixin = <T extends AnyConstructor>(
    base: T,
  ) => T & { PARTS: Record<string, HandlebarsTemplatePart> } & (abstract new (
      ...args: any[]
    ) => HandlebarsApplication);

  interface SheetRegistrationOptions {
    types?: string[];
    makeDefault?: boolean;
    label?: string;
  }
  interface DocumentSheetCollection {
    registerSheet(scope: string, sheetClass: AnyConstructor, options?: SheetRegistrationOptions): void;
    unregisterSheet(scope: string, sheetClass: AnyConstructor, options?: { types?: string[] }): void;
  }
}

export {};
