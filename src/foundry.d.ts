/**
 * Hand-written declarations of the slice of the Foundry VTT v13 client API that this system calls.
 *
 * We do not use Foundry's own type packages (they carry Foundry's source, which its licence keeps
 * out of reach). Everything here is described from public documentation of behaviour and from the
 * MIT-licensed systems we learn from. The fake runtime in `test/harness/` implements exactly these
 * declarations and is type-checked against them, so a call the glue makes that is not declared here
 * fails `tsc`, and a declaration the harness does not honour fails the harness build.
 *
 * Keep it small: add a member only when the glue calls it.
 *
 * Split by area (each file under 500 lines): this file (hooks, data models and fields),
 * `foundry-documents.d.ts`, `foundry-scene.d.ts`, `foundry-applications.d.ts`, `foundry-globals.d.ts`.
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- callbacks and mixins take any arguments, as Foundry's do */

declare global {
  /* ------------------------------------------------------------------ */
  /*  Hooks                                                             */
  /* ------------------------------------------------------------------ */

  type HookCallback = (...args: any[]) => unknown;

  interface HooksApi {
    on(hook: string, fn: HookCallback): number;
    once(hook: string, fn: HookCallback): number;
    off(hook: string, fnOrId: HookCallback | number): void;
    /** Calls every handler; returns false if one returned `false` (the hook was cancelled). */
    call(hook: string, ...args: unknown[]): boolean;
    /** Calls every handler; never cancelled. */
    callAll(hook: string, ...args: unknown[]): true;
  }
  var Hooks: HooksApi;

  /* ------------------------------------------------------------------ */
  /*  Data models and fields                                            */
  /* ------------------------------------------------------------------ */

  interface DataFieldOptions {
    required?: boolean;
    nullable?: boolean;
    initial?: unknown;
    label?: string;
    hint?: string;
    blank?: boolean;
    trim?: boolean;
    integer?: boolean;
    min?: number;
    max?: number;
    positive?: boolean;
    choices?: readonly string[] | Record<string, string>;
  }

  interface DataField {
    readonly options: DataFieldOptions;
    /** Turns raw source into a valid value (or the field's initial value). */
    clean(value: unknown): unknown;
    /** Returns a localizable error message, or undefined when the value is valid. */
    validate(value: unknown): string | undefined;
    getInitialValue(): unknown;
  }
  interface DataFieldConstructor<O = DataFieldOptions> {
    new (options?: O): DataField;
  }
  interface SchemaFieldConstructor {
    new (fields: DataSchema, options?: DataFieldOptions): DataField & { readonly fields: DataSchema };
  }
  interface ArrayFieldConstructor {
    new (element: DataField, options?: DataFieldOptions): DataField & { readonly element: DataField };
  }
  type DataSchema = Record<string, DataField>;
  /** A record of any keys whose values are one field (`TypedObjectField`, v12+). */
  interface TypedObjectFieldConstructor {
    new (element: DataField, options?: DataFieldOptions): DataField & { readonly element: DataField };
  }

  interface FoundryFields {
    SchemaField: SchemaFieldConstructor;
    NumberField: DataFieldConstructor;
    StringField: DataFieldConstructor;
    BooleanField: DataFieldConstructor;
    HTMLField: DataFieldConstructor;
    ObjectField: DataFieldConstructor;
    ArrayField: ArrayFieldConstructor;
    TypedObjectField: TypedObjectFieldConstructor;
  }

  /**
   * `foundry.abstract.DataModel`: data cleaned and validated by a schema, not a document's `system`
   * (a world setting's type: `game.settings.get` hands back an instance; test/harness/README.md).
   */
  interface DataModel {
    toObject(): Record<string, unknown>;
  }
  interface DataModelConstructor {
    new (source?: Record<string, unknown>, options?: Record<string, unknown>): DataModel;
    defineSchema(): DataSchema;
    /** Migrate raw source data before it is cleaned (runs on construction). */
    migrateData(source: Record<string, unknown>): Record<string, unknown>;
  }

  /** Base class of a document's `system` data (`foundry.abstract.TypeDataModel`). */
  interface TypeDataModel {
    /** The document owning this data. */
    readonly parent: FoundryDocument;
    prepareBaseData(): void;
    prepareDerivedData(): void;
    toObject(): Record<string, unknown>;
  }
  interface TypeDataModelConstructor {
    new (source: Record<string, unknown>, options: { parent: FoundryDocument }): TypeDataModel;
    defineSchema(): DataSchema;
    /** Migrate raw source data before it is cleaned (runs on load). */
    migrateData(source: Record<string, unknown>): Record<string, unknown>;
    /** Cross-field validation after the fields validate; throws to reject the data. */
    validateJoint(data: Record<string, unknown>): void;
    /** Localization prefixes for field labels and hints. */
    LOCALIZATION_PREFIXES: string[];
  }
}

export {};
