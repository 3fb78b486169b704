/**
 * Foundry v13 declarations: settings, localization and the globals (game, CONFIG, foundry, ui).
 * The rules for all of them are in `src/foundry.d.ts`'s header.
 */
import type { GnGApi } from './api.js';
import type { SystemClasses } from './system-classes.js';
import type { GnGConfig } from './config/gng-config.js';

declare global {
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
