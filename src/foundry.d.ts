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
 */
import type { GnGApi } from './api.js';
import type { CreatureData } from './data/actor/creature-data.js';
import type { SystemClasses } from './system-classes.js';
import type { GnGConfig } from './config/gng-config.js';

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

  /* ------------------------------------------------------------------ */
  /*  Documents                                                          */
  /* ------------------------------------------------------------------ */

  interface DocumentModificationOptions {
    render?: boolean;
    [key: string]: unknown;
  }

  interface FoundryDocument {
    readonly id: string | null;
    readonly _id: string | null;
    readonly documentName: string;
    name: string;
    type: string;
    img: string | null;
    system: TypeDataModel;
    flags: Record<string, Record<string, unknown>>;
    readonly parent: FoundryDocument | null;
    readonly uuid: string;
    /** The compendium (`<package>.<pack>`) holding this document, or null for world documents. */
    readonly pack: string | null;
    readonly isOwner: boolean;
    /** The document's sheet (an instance of the sheet class configured for its type), or null. */
    readonly sheet: ApplicationV2 | null;
    testUserPermission(user: User, level: 'NONE' | 'LIMITED' | 'OBSERVER' | 'OWNER'): boolean;
    update(
      changes: Record<string, unknown>,
      options?: DocumentModificationOptions,
    ): Promise<this | undefined>;
    delete(options?: DocumentModificationOptions): Promise<this | undefined>;
    getFlag(scope: string, key: string): unknown;
    setFlag(scope: string, key: string, value: unknown): Promise<this | undefined>;
    toObject(): Record<string, unknown>;
    prepareData(): void;
    prepareBaseData(): void;
    prepareDerivedData(): void;
    /** Data for roll formulas, e.g. `@abilities.str.mod`. */
    getRollData(): Record<string, unknown>;
  }

  interface EmbeddedCollection<T> extends Iterable<T> {
    readonly size: number;
    get(id: string): T | undefined;
    filter(fn: (doc: T) => boolean): T[];
    map<R>(fn: (doc: T) => R): R[];
    find(fn: (doc: T) => boolean): T | undefined;
    has(id: string): boolean;
    contents: T[];
    /**
     * The ids of stored documents that failed validation when they were loaded (left out of the
     * collection). Optional here: our code also runs where a collection has none.
     */
    readonly invalidDocumentIds?: ReadonlySet<string>;
    /** The invalid document of that id (see `invalidDocumentIds`). */
    getInvalid?(id: string): T | undefined;
  }

  interface WorldCollection<T> extends EmbeddedCollection<T> {
    getName(name: string): T | undefined;
  }

  interface Actor extends FoundryDocument {
    /** Both actor types (character, npc) share the creature data model (src/data/actor/creature-data.ts). */
    system: CreatureData;
    readonly items: EmbeddedCollection<Item>;
    readonly effects: EmbeddedCollection<ActiveEffect>;
    /** Status ids of the active applicable effects; rebuilt by `applyActiveEffects()`. */
    readonly statuses: Set<string>;
    createEmbeddedDocuments(type: 'Item', data: Record<string, unknown>[]): Promise<Item[]>;
    createEmbeddedDocuments(type: 'ActiveEffect', data: Record<string, unknown>[]): Promise<ActiveEffect[]>;
    deleteEmbeddedDocuments(type: 'Item', ids: string[]): Promise<Item[]>;
    deleteEmbeddedDocuments(type: 'ActiveEffect', ids: string[]): Promise<ActiveEffect[]>;
    /** Active tokens of this actor on the current scene. */
    getActiveTokens(): Token[];
    /** Re-initializes the document from its source and prepares its data again (dnd5e calls `actor.reset()`). */
    reset(): void;
    /** A token document for this actor from its prototype token (not placed on any scene). */
    getTokenDocument(data?: Record<string, unknown>): Promise<TokenDocument>;
    /** Whether a non-GM user has the OWNER permission on this actor. */
    readonly hasPlayerOwner: boolean;
    /** Prepares items and effects, then applies the active effects (`applyActiveEffects`). */
    prepareEmbeddedDocuments(): void;
    /**
     * The effects that may change this actor: its own, then those of its items with `transfer`.
     * Disabled effects are yielded too; `applyActiveEffects` skips those that are not `active`.
     */
    allApplicableEffects(): Generator<ActiveEffect, void, undefined>;
    /** Applies the changes of every active applicable effect (by priority) and rebuilds `statuses`. */
    applyActiveEffects(): void;
    /**
     * Adds or removes the effect of a `CONFIG.statusEffects` entry. Resolves with the new effect, `true`
     * (already present and `active: true` asked), `false` (removed) or undefined (nothing to do).
     * Throws for an unknown status id.
     */
    toggleStatusEffect(
      statusId: string,
      options?: { active?: boolean; overlay?: boolean },
    ): Promise<ActiveEffect | boolean | undefined>;
  }
  interface ActorConstructor {
    new (data: Record<string, unknown>, options?: { parent?: FoundryDocument | null }): Actor;
    create(data: Record<string, unknown>, options?: DocumentModificationOptions): Promise<Actor | undefined>;
    readonly documentName: 'Actor';
  }
  var Actor: ActorConstructor;

  interface Item extends FoundryDocument {
    readonly actor: Actor | null;
    readonly effects: EmbeddedCollection<ActiveEffect>;
    createEmbeddedDocuments(type: 'ActiveEffect', data: Record<string, unknown>[]): Promise<ActiveEffect[]>;
    deleteEmbeddedDocuments(type: 'ActiveEffect', ids: string[]): Promise<ActiveEffect[]>;
    /**
     * Merges `changes` into the not yet created document's source (in `preCreateItem`, on the
     * creating client, before the data is sent): the created item carries them.
     */
    updateSource(changes: Record<string, unknown>): Record<string, unknown>;
  }
  interface ItemConstructor {
    new (data: Record<string, unknown>, options?: { parent?: FoundryDocument | null }): Item;
    create(
      data: Record<string, unknown>,
      options?: DocumentModificationOptions & { parent?: Actor },
    ): Promise<Item | undefined>;
    readonly documentName: 'Item';
  }
  var Item: ItemConstructor;

  /** One change of an Active Effect: `key` is a property path on the actor, e.g. `system.hp.temp`. */
  interface ActiveEffectChange {
    key: string;
    /** One of `CONST.ACTIVE_EFFECT_MODES`. */
    mode: number;
    /** Stored as a string; cast to the type of the target property when applied. */
    value: string;
    /** Lower applies first; defaults to `mode * 10`. */
    priority?: number | null;
  }
  interface ActiveEffectDuration {
    rounds?: number | null;
    turns?: number | null;
    seconds?: number | null;
    startRound?: number | null;
    startTurn?: number | null;
    /** The world time (seconds) at which the effect started, when core filled it. */
    startTime?: number | null;
  }
  interface ActiveEffect extends FoundryDocument {
    changes: ActiveEffectChange[];
    disabled: boolean;
    /** On an item: whether the effect applies to the item's owner. */
    transfer: boolean;
    statuses: Set<string>;
    /** UUID of the document that caused the effect. */
    origin: string | null;
    duration: ActiveEffectDuration;
    /** Not disabled (nor suppressed). */
    readonly active: boolean;
    /** The actor the effect applies to: its parent actor, or its item's owner when it transfers. */
    readonly target: Actor | null;
    /**
     * Applies one of the effect's changes to `actor` (Foundry's `Actor#applyActiveEffects` calls it
     * for each change, by priority); returns the changed values (nothing when the change was skipped).
     */
    apply(actor: Actor, change: ActiveEffectChange): unknown;
    /**
     * Merges `changes` into the not yet created document's source (in a `preCreate…` hook, on the
     * creating client, before the data is sent): the created document carries them.
     */
    updateSource(changes: Record<string, unknown>): Record<string, unknown>;
  }
  interface ActiveEffectConstructor {
    new (data: Record<string, unknown>, options?: { parent?: FoundryDocument | null }): ActiveEffect;
    /** Creates the effect embedded in `options.parent`. */
    create(
      data: Record<string, unknown>,
      options: DocumentModificationOptions & { parent: Actor | Item },
    ): Promise<ActiveEffect | undefined>;
    readonly documentName: 'ActiveEffect';
  }
  var ActiveEffect: ActiveEffectConstructor;

  interface ChatSpeaker {
    actor?: string | null;
    alias?: string;
    token?: string | null;
    scene?: string | null;
  }
  interface ChatMessageData {
    content?: string;
    speaker?: ChatSpeaker;
    flavor?: string;
    rolls?: Roll[];
    flags?: Record<string, Record<string, unknown>>;
    whisper?: string[];
    blind?: boolean;
    author?: string;
    [key: string]: unknown;
  }
  /**
   * A chat message. Its author (and a GM) may update it; other users may not. Rendering it for the
   * chat log fires `renderChatMessageHTML(message, html: HTMLElement, context)` on each client, and
   * an update re-renders it there (the hook fires again).
   */
  interface ChatMessage extends FoundryDocument {
    content: string;
    speaker: ChatSpeaker;
    rolls: Roll[];
    readonly author: User | null;
    /** The current user wrote this message. */
    readonly isAuthor: boolean;
    /** Whether this client's user sees the content (not whispered, or in its audience; v13 API docs). */
    readonly isContentVisible: boolean;
    /** Ids of the users it is whispered to (the roll mode's audience); empty: everyone sees it. */
    readonly whisper: string[];
    /** A blind roll: its content is for the GMs only. */
    readonly blind: boolean;
    /**
     * Creation and access information (v13 `DocumentStats`): `lastModifiedBy` is "the ID of the user
     * who last modified the Document"; v13 names no creator (docs/host.md).
     */
    readonly _stats?: { lastModifiedBy?: string | null; [key: string]: unknown };
    /**
     * The message rendered as the chat log shows it to this client (v13), after the
     * `renderChatMessageHTML` hook: a header with core's controls and `.message-content`.
     */
    renderHTML(): Promise<HTMLElement>;
  }
  interface ChatMessageConstructor {
    new (data: ChatMessageData): ChatMessage;
    create(data: ChatMessageData, options?: DocumentModificationOptions): Promise<ChatMessage | undefined>;
    getSpeaker(options?: { actor?: Actor | null; alias?: string }): ChatSpeaker;
    /**
     * Sets `data`'s `whisper` and `blind` for a roll mode of `CONST.DICE_ROLL_MODES` as the current
     * user rolls it (private and blind: the GMs; self: this user; public: nobody) and returns it.
     */
    applyRollMode(data: ChatMessageData, rollMode: string): ChatMessageData;
    readonly documentName: 'ChatMessage';
  }
  var ChatMessage: ChatMessageConstructor;

  interface DiceTermResult {
    result: number;
    active: boolean;
  }
  interface DiceTerm {
    readonly faces: number;
    readonly number: number;
    readonly results: DiceTermResult[];
  }
  interface Roll {
    readonly formula: string;
    readonly total: number | undefined;
    readonly dice: DiceTerm[];
    readonly _evaluated: boolean;
    evaluate(): Promise<this>;
    toJSON(): Record<string, unknown>;
  }
  interface RollConstructor {
    new (formula: string, data?: Record<string, unknown>): Roll;
    fromData(data: Record<string, unknown>): Roll;
  }
  var Roll: RollConstructor;

  interface Combatant {
    readonly id: string;
    readonly actor: Actor | null;
    /** The world actor's id (for an unlinked token, its base actor's). */
    readonly actorId: string | null;
    readonly initiative: number | null;
    /** v13: whether the combatant is marked defeated in the tracker (a source field). */
    readonly defeated?: boolean;
    /**
     * The unevaluated Roll `Combat#rollInitiative` evaluates for this combatant (v13 calls it; a
     * subclass, `CONFIG.Combatant.documentClass`, overrides it: evidence in docs/host.md).
     */
    getInitiativeRoll(formula?: string): Roll;
    /** The combat holding this combatant. */
    readonly parent: Combat | null;
    /**
     * The combatant's token and its scene (v13 Combatant `tokenId`, `sceneId`; `token` the
     * TokenDocument on that scene, whatever scene a client views), when it has one.
     */
    readonly tokenId?: string | null;
    readonly sceneId?: string | null;
    readonly token?: TokenDocument | null;
    flags: Record<string, Record<string, unknown>>;
    getFlag(scope: string, key: string): unknown;
    /** Writes `flags.<scope>.<key>` (an update: every client sees it; needs ownership, a GM has it). */
    setFlag(scope: string, key: string, value: unknown): Promise<this | undefined>;
    update(
      changes: Record<string, unknown>,
      options?: DocumentModificationOptions,
    ): Promise<this | undefined>;
  }
  /** What the turn events of a Combat receive (v13: `{ round, turn, skipped }`). */
  interface CombatTurnEventContext {
    round: number;
    turn: number | null;
    skipped: boolean;
  }
  interface Combat extends FoundryDocument {
    readonly round: number;
    readonly turn: number;
    readonly combatants: EmbeddedCollection<Combatant>;
    readonly combatant: Combatant | null;
    /** v13: the combatants in turn order (`combatant` is `turns[turn]`); absent in older fakes. */
    readonly turns?: Combatant[];
    /** Whether the combat has begun (round > 0). */
    readonly started: boolean;
    /** The scene the combat is linked to (null: unlinked, shown with any scene). */
    readonly scene?: Scene | null;
    /** Whether it is the active combat of its scene (a document field, the same on every client). */
    readonly active?: boolean;
    nextTurn(): Promise<this>;
    nextRound(): Promise<this>;
    /** Begins the combat: round 1, the first turn (its turn events run on the active GM). */
    startCombat(): Promise<this>;
    /** Makes this the active combat of the world (`game.combat`). */
    activate(): Promise<this>;
    /** Adds combatants (`{ actorId, tokenId?, initiative? }`), ordered by initiative, highest first. */
    createEmbeddedDocuments(type: 'Combatant', data: Record<string, unknown>[]): Promise<Combatant[]>;
    /** Updates combatants (`{ _id, initiative?, defeated? }`); the turn order follows initiative. */
    updateEmbeddedDocuments(
      type: 'Combatant',
      updates: Record<string, unknown>[],
      options?: DocumentModificationOptions,
    ): Promise<Combatant[]>;
    /**
     * Rolls initiative for the combatants `ids` (v13): each one's `getInitiativeRoll(formula)` is
     * evaluated and its total becomes the combatant's `initiative`; the tracker's buttons call it.
     */
    rollInitiative(
      ids: string | string[],
      options?: { formula?: string | null; updateTurn?: boolean; messageOptions?: Record<string, unknown> },
    ): Promise<this>;
    /**
     * Turn events (v13): called once, on the active GM's client only, after the round or turn
     * changed — a subclass (`CONFIG.Combat.documentClass`) overrides them; the base does nothing
     * the system relies on.
     */
    _onStartTurn(combatant: Combatant, context: CombatTurnEventContext): Promise<void>;
    _onStartRound(context: CombatTurnEventContext): Promise<void>;
    /** The order of two combatants in `turns` (v13, protected; a system overrides it). */
    _sortCombatants(a: Combatant, b: Combatant): number;
  }
  /**
   * The combat tracker sidebar (an ApplicationV2 in v13). On each render Foundry fires
   * `renderCombatTracker(app: CombatTrackerApp, html: HTMLElement, context, options)`; each
   * combatant's row in `html` is an `li.combatant[data-combatant-id]`.
   */
  interface CombatTrackerApp {
    /** The combat the tracker shows (may differ from `game.combat`), or null. */
    readonly viewed: Combat | null;
  }
  interface CombatantConstructor {
    new (data: Record<string, unknown>, options?: { parent?: FoundryDocument | null }): Combatant;
  }
  interface CombatConstructor {
    new (data: Record<string, unknown>, options?: { parent?: FoundryDocument | null }): Combat;
    create(data: Record<string, unknown>, options?: DocumentModificationOptions): Promise<Combat>;
  }

  /** A token bar's data: an object with `value` and `max` is a bar, a bare number a value. */
  type TokenBarAttribute =
    | { type: 'bar'; attribute: string; value: number; max: number }
    | { type: 'value'; attribute: string; value: number };
  interface TokenDocument {
    readonly id: string;
    readonly actor: Actor | null;
    name: string;
    /**
     * Reads the bar's attribute (the actor's prototype token's; by default `system.json`'s
     * `primaryTokenAttribute` for bar1) from `actor.system`, as a bar or a value as the actor type's
     * `CONFIG.Actor.trackableAttributes` (else its schema) says.
     */
    getBarAttribute(barName: 'bar1' | 'bar2'): TokenBarAttribute | null;
  }
  interface Token {
    readonly id: string;
    readonly actor: Actor | null;
    readonly document: TokenDocument;
  }
  /** A token's place on its scene: top-left corner in pixels, size in grid spaces (v13 TokenDocument). */
  interface TokenDocument {
    readonly x: number;
    readonly y: number;
    readonly width: number;
    readonly height: number;
    /** `CONST.TOKEN_DISPOSITIONS`: FRIENDLY 1, NEUTRAL 0, HOSTILE −1, SECRET −2. */
    readonly disposition?: number;
    /** Whether the token's actor is the world actor (linked) or a synthetic actor of its own. */
    readonly actorLink?: boolean;
    /** The scene holding the token (v13: the document's parent), whatever scene a client views. */
    readonly parent?: Scene | null;
    /** The token's centre in pixels (at `position`, a top-left corner, when given), its grid's way. */
    getCenterPoint?(position?: Partial<ScenePoint>): ScenePoint;
  }
  /**
   * A measured template on a scene (v13 MeasuredTemplateDocument): `t` its shape, `x`/`y` its origin
   * in pixels, `direction` in degrees (0 = east, clockwise on screen), `distance` its length in the
   * scene's units, `width` a ray's width (scene units), `angle` a cone's opening (degrees).
   */
  interface MeasuredTemplateDocument {
    readonly id: string;
    readonly t: 'circle' | 'cone' | 'rect' | 'ray';
    readonly x: number;
    readonly y: number;
    readonly direction: number;
    readonly distance: number;
    readonly width: number;
    readonly angle: number;
    readonly flags: Record<string, Record<string, unknown> | undefined>;
  }
  /**
   * A token's move (v13 `TokenMovementData`, the `movement` of the `moveToken(document, movement,
   * operation, userId)` hook): `origin` where it started and `passed.waypoints` the places it went
   * through, in order, the last its destination; each the token's top-left corner in pixels.
   */
  interface TokenMovement {
    readonly origin?: ScenePoint;
    readonly passed?: { readonly waypoints?: readonly ScenePoint[] };
    readonly destination?: ScenePoint;
  }
  /** A point on a scene, in pixels (a measurement's waypoint). */
  interface ScenePoint {
    x: number;
    y: number;
  }
  /**
   * A scene's grid (v13 `scene.grid`, a BaseGrid): `size` pixels and `distance` units per space,
   * `type` (`CONST.GRID_TYPES`: 0 gridless, 1 square, 2–5 hexagonal), `diagonals` (a square grid's
   * rule, `CONST.GRID_DIAGONALS`: 0 equidistant, 1 exact, 2 approximate, 3 rectilinear,
   * 4 alternating 1-2-1, 5 alternating 2-1-2, 6 illegal), and `measurePath(waypoints)`, whose
   * `distance` is the path's length in units by the grid's own rule.
   */
  interface SceneGrid {
    readonly size: number;
    readonly distance: number;
    readonly units?: string;
    readonly type?: number;
    readonly diagonals?: number;
    measurePath?(waypoints: ScenePoint[]): { distance: number };
    /** The centre of the grid space holding `point` (a gridless grid: the point itself). */
    getCenterPoint?(point: ScenePoint): ScenePoint;
  }
  /** A scene: its grid, its token documents and its templates (any scene, viewed or not). */
  interface Scene {
    readonly id: string;
    readonly name?: string;
    /** Whether it is the world's active scene (the one players are shown; a document field). */
    readonly active?: boolean;
    readonly grid: SceneGrid;
    readonly tokens: EmbeddedCollection<TokenDocument>;
    readonly templates: EmbeddedCollection<MeasuredTemplateDocument>;
    createEmbeddedDocuments(
      type: 'MeasuredTemplate',
      data: Record<string, unknown>[],
    ): Promise<MeasuredTemplateDocument[]>;
    deleteEmbeddedDocuments(type: 'MeasuredTemplate', ids: string[]): Promise<MeasuredTemplateDocument[]>;
  }
  /** What the system reads of `canvas` (read as `globalThis.canvas`: it is absent without a scene). */
  interface FoundryCanvas {
    readonly ready: boolean;
    readonly scene: Scene | null;
    readonly tokens: { readonly controlled: Token[]; readonly placeables: Token[] } | null;
  }
  /**
   * The token HUD (an ApplicationV2 in v13). On each render Foundry fires
   * `renderTokenHUD(hud, html: HTMLElement, context, options)`; `html` holds the HUD's columns
   * (`.col.left`, `.col.middle`, `.col.right`) of `button.control-icon`s.
   */
  interface TokenHUD {
    /**
     * The token (placeable) the HUD is shown for; its actor is `object.actor` (dnd5e
     * `module/documents/active-effect.mjs` `onTokenHUDRender`: `app.object.actor`; docs/host.md).
     */
    readonly object: Token | null;
  }

  interface User extends FoundryDocument {
    readonly isGM: boolean;
    readonly active: boolean;
    readonly targets: Set<Token>;
    /** The user's assigned character (User Configuration), if any. */
    readonly character?: Actor | null;
    /** Sends a registered query (`CONFIG.queries[name]`) to this user and resolves with its answer. */
    query(name: string, data: Record<string, unknown>, options?: { timeout?: number }): Promise<unknown>;
    /** Puts `macro` in hotbar slot `slot` (1–50) of this user; `null` empties the slot. */
    assignHotbarMacro(macro: Macro | null, slot: number | string): Promise<this>;
  }

  /** A Macro document: a `script` macro runs its `command` as JavaScript when executed. */
  interface Macro extends FoundryDocument {
    type: 'script' | 'chat';
    command: string;
  }
  interface MacroConstructor {
    create(data: Record<string, unknown>, options?: DocumentModificationOptions): Promise<Macro | undefined>;
    readonly documentName: 'Macro';
  }
  var Macro: MacroConstructor;

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

  /* ------------------------------------------------------------------ */
  /*  Settings and localization                                          */
  /* ------------------------------------------------------------------ */

  interface SettingConfig {
    name: string;
    hint?: string;
    scope: 'world' | 'client' | 'user';
    config: boolean;
    /** A DataModel: the stored value is its source; `get` hands back an instance (world-stores.ts). */
    type: typeof Boolean | typeof Number | typeof String | typeof Object | DataModelConstructor;
    default: unknown;
    choices?: Record<string, string>;
    requiresReload?: boolean;
    onChange?: (value: unknown) => void;
  }
  /** A settings menu: a button in the system's settings that opens `type` (GM only when `restricted`). */
  interface SettingMenuConfig {
    name: string;
    label: string;
    hint?: string;
    icon?: string;
    type: ApplicationV2Constructor;
    restricted: boolean;
  }
  interface ClientSettings {
    register(namespace: string, key: string, config: SettingConfig): void;
    registerMenu(namespace: string, key: string, config: SettingMenuConfig): void;
    get(namespace: string, key: string): unknown;
    set(namespace: string, key: string, value: unknown): Promise<unknown>;
  }
  interface Localization {
    lang: string;
    localize(key: string): string;
    format(key: string, data: Record<string, unknown>): string;
    has(key: string): boolean;
  }

  /* ------------------------------------------------------------------ */
  /*  Globals: game, CONFIG, foundry, ui                                 */
  /* ------------------------------------------------------------------ */

  interface DocumentConfig {
    documentClass: AnyConstructor;
    dataModels: Record<string, TypeDataModelConstructor>;
    typeLabels?: Record<string, string>;
    /** Fields a compendium's index holds besides name, image and type (core: `compendiumIndexFields`). */
    compendiumIndexFields?: string[];
  }

  /**
   * A handler for `User#query`: runs on the receiving client (usually the active GM). v13 passes the
   * query's data and an options object with only `timeout`: it does not say who sent the query
   * (foundryvtt/foundryvtt#13418), so nothing in `options` is relied on.
   */
  type QueryHandler = (data: Record<string, unknown>, options?: QueryOptions) => unknown;

  /** The second argument of a query handler (v13: `{ timeout }`; a later version may add the sender). */
  interface QueryOptions {
    timeout?: number;
    [key: string]: unknown;
  }

  interface StatusEffectConfig {
    id: string;
    /** A localization key (or plain text): the created effect's name. */
    name: string;
    img: string;
    /** Changes the status's effect applies. */
    changes?: ActiveEffectChange[];
    /** A fixed effect id: the status's effect is found by it instead of by its single status. */
    _id?: string;
    [key: string]: unknown;
  }

  /** Token bar attributes of an Actor type: paths in `actor.system` to `{ value, max }` (bar) or numbers. */
  interface TrackableAttributes {
    bar: string[];
    value: string[];
  }
  interface FoundryConfig {
    /** `trackableAttributes`: per Actor type, what a token may show as a bar or a value. */
    Actor: DocumentConfig & { trackableAttributes?: Record<string, TrackableAttributes> };
    Item: DocumentConfig;
    ChatMessage: DocumentConfig;
    /** `legacyTransferral: false`: an item's effects apply from the item, never copied onto its actor. */
    ActiveEffect: DocumentConfig & { legacyTransferral?: boolean };
    /** `documentClass` only (Combat has no system data models here). */
    Combat: { documentClass: AnyConstructor };
    /** `documentClass` only (the system's Combatant: its initiative roll). */
    Combatant: { documentClass: AnyConstructor };
    queries: Record<string, QueryHandler>;
    statusEffects: StatusEffectConfig[];
    /** Core behaviours tied to a status id, by key (`BLIND`: no vision, `DEFEATED`, `INVISIBLE`). */
    specialStatusEffects: Record<string, string>;
    /** The system's configuration (src/config/gng-config.ts; docs/api.md "Extending the system"). */
    GNG?: GnGConfig;
    [key: string]: unknown;
  }
  var CONFIG: FoundryConfig;

  interface FoundryConst {
    ACTIVE_EFFECT_MODES: {
      CUSTOM: 0;
      MULTIPLY: 1;
      ADD: 2;
      DOWNGRADE: 3;
      UPGRADE: 4;
      OVERRIDE: 5;
    };
    DOCUMENT_OWNERSHIP_LEVELS: { NONE: 0; LIMITED: 1; OBSERVER: 2; OWNER: 3 };
    /** Friend and foe on the scene (v13 `CONST.TOKEN_DISPOSITIONS`). */
    TOKEN_DISPOSITIONS?: { SECRET: -2; HOSTILE: -1; NEUTRAL: 0; FRIENDLY: 1 };
    /** The roll modes of the chat controls (`core.rollMode`). */
    DICE_ROLL_MODES?: { PUBLIC: 'publicroll'; PRIVATE: 'gmroll'; BLIND: 'blindroll'; SELF: 'selfroll' };
  }
  var CONST: FoundryConst;

  /**
   * The document with this UUID: world (`Actor.<id>`), embedded (`Actor.<id>.Item.<id>`,
   * `….ActiveEffect.<id>`) or in a compendium (`Compendium.<package>.<pack>.Item.<id>`); null if none.
   */
  function fromUuid(uuid: string): Promise<FoundryDocument | null>;
  /** `fromUuid` without waiting: null for what is not already in memory. */
  function fromUuidSync(uuid: string): FoundryDocument | null;

  interface GameSystem {
    id: string;
    version: string;
  }

  interface Game {
    system: GameSystem;
    settings: ClientSettings;
    i18n: Localization;
    user: User;
    users: WorldCollection<User> & { readonly activeGM: User | null };
    actors: WorldCollection<Actor>;
    items: WorldCollection<Item>;
    macros: WorldCollection<Macro>;
    messages: WorldCollection<ChatMessage>;
    /**
     * The world's stored sources as the server sent them on load, before any data model migrated
     * them (dnd5e's world migration reads an invalid actor's source from `game.data.actors`).
     */
    data?: { actors?: Record<string, unknown>[]; items?: Record<string, unknown>[] };
    /** The keyboard state: whether a modifier key is held now (`'Shift'`, `'Control'`, `'Alt'`). */
    keyboard: { isModifierActive(modifier: 'Shift' | 'Control' | 'Alt'): boolean };
    combat: Combat | null;
    ready: boolean;
    /** This system's public API; see `src/api.ts`. */
    gng: GnGApi & SystemClasses;
    /** The Foundry version (`"13.351"`) and its release generation (13). */
    version: string;
    release: { generation: number };
    /** Compendium packs by collection id (`gng.weapons`). */
    packs: WorldCollection<CompendiumCollection>;
    /** Installed modules by id (`active` when enabled in this world). */
    modules: Map<string, { id: string; active: boolean; version?: string }>;
    clipboard: { copyPlainText(text: string): Promise<void> };
    combats: WorldCollection<Combat>;
    folders: WorldCollection<Folder>;
    /**
     * The world clock in seconds. Only a GM advances it; every client then runs the
     * `updateWorldTime(worldTime, deltaTime, options, userId)` hook.
     */
    time: {
      readonly worldTime: number;
      advance(seconds: number, options?: Record<string, unknown>): Promise<number>;
    };
    /**
     * The world's scenes, each with its token documents (dnd5e's migration walks `game.scenes` and
     * `s.tokens`). Optional here: our code also runs where none are loaded (the test runtime).
     */
    scenes?: WorldCollection<Scene>;
    /** Dice So Nice's API, when that module is active (set on its `ready`); absent otherwise. */
    dice3d?: Dice3D;
  }
  var game: Game;

  /**
   * The slice of Dice So Nice's API we use (its `module/Dice3D.js`, wiki "API/Roll"): `showForRoll`
   * animates `roll` on this client unless `blind` ("blind for the current user"), and with
   * `synchronize` also on the other clients, only those in `whisper` (user ids; null: everyone).
   * It resolves when the animation has ended (false when nothing was shown).
   */
  interface Dice3D {
    showForRoll(
      roll: Roll,
      user?: User,
      synchronize?: boolean,
      whisper?: string[] | null,
      blind?: boolean,
      messageId?: string | null,
      speaker?: ChatSpeaker | null,
    ): Promise<boolean>;
  }

  /** A compendium pack: its index and its documents, loaded from the pack's database. */
  interface CompendiumCollection {
    readonly collection: string;
    readonly documentName: string;
    readonly metadata: { name: string; label: string; packageType: string; packageName: string };
    getIndex(): Promise<{ readonly size: number }>;
    getDocuments(): Promise<FoundryDocument[]>;
  }

  /** A folder of world documents (`type`: the documents it holds). */
  interface Folder extends FoundryDocument {
    readonly type: string;
  }
  var Folder: {
    create(data: Record<string, unknown>, options?: DocumentModificationOptions): Promise<Folder | undefined>;
  };

  interface Notifications {
    info(message: string): void;
    warn(message: string): void;
    error(message: string): void;
  }
  /** The combat tracker sidebar (`ui.combat`, an ApplicationV2 in v13); absent before the UI is up. */
  interface CombatSidebar {
    readonly rendered: boolean;
    render(options?: boolean | { force?: boolean }): unknown;
  }
  var ui: { notifications: Notifications; combat?: CombatSidebar };

  interface FoundryNamespace {
    abstract: { TypeDataModel: TypeDataModelConstructor; DataModel: DataModelConstructor };
    data: { fields: FoundryFields };
    applications: {
      /** Every rendered application by its id (`foundry.applications.instances`). */
      instances: Map<string, ApplicationV2>;
      api: {
        ApplicationV2: ApplicationV2Constructor;
        HandlebarsApplicationMixin: HandlebarsApplicationMixin;
        DocumentSheetV2: DocumentSheetV2Constructor;
      };
      sheets: {
        ActorSheetV2: ActorSheetV2Constructor;
        ItemSheetV2: ItemSheetV2Constructor;
      };
      handlebars: {
        renderTemplate(path: string, data: Record<string, unknown>): Promise<string>;
        loadTemplates(paths: string[] | Record<string, string>): Promise<unknown>;
      };
      ux: {
        FormDataExtended: FormDataExtendedConstructor;
        TextEditor: {
          implementation: {
            /** The JSON of a drag event's `text/plain` data; `{}` when there is none or it is not JSON. */
            getDragEventData(event: DragEvent): Record<string, unknown>;
            /**
             * Stored HTML made ready to show: `@UUID[uuid]{label}` becomes a content link
             * (`<a class="content-link" data-uuid>`), secret blocks (`<section class="secret">`) stay
             * only with `secrets`; other HTML is left as it is. Empty or missing content gives `''`.
             */
            enrichHTML(content: string | null | undefined, options?: EnrichmentOptions): Promise<string>;
          };
        };
      };
    };
    documents: {
      /** The client Combat document class, to extend (`CONFIG.Combat.documentClass`). */
      Combat: CombatConstructor;
      /** The client Combatant document class, to extend (`CONFIG.Combatant.documentClass`). */
      Combatant: CombatantConstructor;
      collections: {
        Actors: DocumentSheetCollection;
        Items: DocumentSheetCollection;
      };
    };
    utils: {
      mergeObject<T extends object>(original: T, other: object, options?: { inplace?: boolean }): T;
      deepClone<T>(value: T): T;
      getProperty(object: object, key: string): unknown;
      setProperty(object: object, key: string, value: unknown): boolean;
      fromUuid(uuid: string): Promise<FoundryDocument | null>;
      fromUuidSync(uuid: string): FoundryDocument | null;
      /** A random alphanumeric id (16 characters by default). */
      randomID(length?: number): string;
    };
  }
  var foundry: FoundryNamespace;
}
