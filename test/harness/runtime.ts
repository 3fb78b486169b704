/**
 * The fake Foundry runtime: installs the globals our declarations describe (`Hooks`, `CONFIG`,
 * `CONST`, `game`, `foundry`, `Actor`, `Item`, `ActiveEffect`, `ChatMessage`, `Roll`, `ui`,
 * `fromUuid`, `fromUuidSync`), loads the real `src/gng.ts`
 * and runs its `init`/`setup`/`ready` hooks. `reset()` gives an empty world with the same configuration.
 *
 * It runs on a host: in Node (tests, `index.ts`) a happy-dom window and the repository's files; in a
 * browser (the playground, `playground/main.ts`) the page's own window and files bundled with it.
 * Nothing here touches Node or the file system.
 */
import type { Window } from 'happy-dom';
import type { ReadText } from './templates.js';
import { HarnessHooks } from './hooks.js';
import { fields } from './fields.js';
import { DataModelImpl, TypeDataModelImpl } from './data-model.js';
import {
  ActiveEffectImpl,
  ActorImpl,
  ChatMessageImpl,
  HarnessActiveEffect,
  HarnessActor,
  HarnessChatMessage,
  CombatImpl,
  CombatantImpl,
  HarnessCombat,
  HarnessCombatant,
  HarnessItem,
  HarnessUser,
  HarnessWorldCollection,
  loadingWorld,
  ItemImpl,
  MacroImpl,
} from './documents.js';
import { RollImpl, rollDice } from './roll.js';
import { HarnessLocalization } from './i18n.js';
import { HarnessSettings } from './settings.js';
import { HarnessTime } from './time.js';
import { HarnessTemplates } from './templates.js';
import {
  applicationsApi,
  runtime,
  SheetRegistry,
  sheetRegistries,
  sheetsApi,
  uxApi,
  applicationInstances,
  type HarnessApplicationV2,
} from './applications.js';
import { utils } from './utils.js';
import { removeDice3d } from './dice3d.js';
import { defineProseMirror } from './rich-text.js';
import { clients, swappingClients, type ClientContext } from './clients.js';
import { viewedScene, world } from './world.js';
import {
  clearPacks,
  fromUuid,
  fromUuidSync,
  registerCompendiumDocument,
  registerCompendiumSource,
} from './uuid.js';
import {
  HarnessToken,
  HarnessTokenDocument,
  HarnessTokenHUD,
  TOKEN_DISPOSITIONS,
  type TokenBars,
} from './tokens.js';
import { renderMessageHTML } from './chat-html.js';
import { HarnessFolder } from './folders.js';
import { HarnessScene } from './templates-documents.js';
import type { HarnessGridOptions } from './grid.js';
import { compendiumCollections } from './compendium.js';

/** Where the runtime runs: its window (happy-dom in Node, the page's in a browser) and the repository's files. */
export interface HarnessHost {
  /** The repository root (a directory in Node; the page's base URL in a browser). */
  readonly root: string;
  readonly window: Window;
  /** A repository file's text (path relative to the root), or undefined. */
  readonly readText: ReadText;
  /**
   * Where a rendered application's element goes (default: appended to `document.body`), e.g. a
   * window frame of the playground.
   */
  readonly mount?: (app: HarnessApplicationV2) => void;
  /** Called after a closed application's element left the page (e.g. to remove its window frame). */
  readonly unmount?: (app: HarnessApplicationV2) => void;
  /** Called with each notification as it is shown (they are also kept in `notices`). */
  readonly onNotice?: (notice: Notice) => void;
  /**
   * How code runs as one user's client (Node: AsyncLocalStorage, so a client follows its code across
   * awaits); default: swapped while the call runs (clients.ts).
   */
  readonly clients?: ClientContext;
}

function requireText(host: HarnessHost, path: string): string {
  const text = host.readText(path);
  if (text === undefined) throw new Error(`The harness needs ${path}`);
  return text;
}

/** Notifications shown to the user, newest last. */
export interface Notice {
  level: 'info' | 'warn' | 'error';
  message: string;
}

class HarnessGame implements Game {
  system: GameSystem;
  settings: HarnessSettings;
  /** The world's language (English, lang/en.json): every client's unless a test gave it another. */
  readonly #i18n: HarnessLocalization;
  /** A client's own language (`harness.setLanguage`), by user. */
  readonly languages = new Map<User, HarnessLocalization>();
  /** The localization of the client running this code (`game.user`'s). */
  get i18n(): HarnessLocalization {
    return this.languages.get(this.user) ?? this.#i18n;
  }
  #foreground!: User;
  /** The user of the client running this code (a query's receiver, a hook's client), else the foreground user. */
  get user(): User {
    return clients.context.current() ?? this.#foreground;
  }
  set user(user: User) {
    this.#foreground = user;
  }
  users: Game['users'];
  actors = world.actors;
  items = world.items;
  messages = world.messages;
  macros = world.macros;
  combats = world.combats;
  folders = world.folders;
  scenes = world.scenes;
  packs = compendiumCollections();
  /** A v13 build (system.json's `compatibility.verified`). */
  version = '13.351';
  release = { generation: 13 };
  /** Installed modules; tests add one (e.g. Dice So Nice) when they need it. */
  modules = new Map<string, { id: string; active: boolean; version?: string }>();
  /** What the self-test copied last (the harness has no system clipboard). */
  copied = '';
  clipboard = {
    copyPlainText: async (text: string) => {
      this.copied = text;
    },
  };
  /** Modifier keys held now (set by tests through `harness.hold`). */
  /** The world clock (`time.ts`). */
  readonly time = new HarnessTime();
  readonly heldModifiers = new Set<string>();
  keyboard = {
    isModifierActive: (modifier: 'Shift' | 'Control' | 'Alt') => this.heldModifiers.has(modifier),
  };
  combat: Combat | null = null;
  ready = false;
  gng!: Game['gng'];
  /**
   * The world's stored sources as the server sent them when the world loaded (before the data models
   * migrated them): dnd5e `module/migration.mjs` reads an invalid actor's source from
   * `game.data.actors`. Filled by `harness.loadWorld`.
   */
  data: { actors: Record<string, unknown>[]; items: Record<string, unknown>[] } = { actors: [], items: [] };

  constructor(version: string, settings: HarnessSettings, i18n: HarnessLocalization) {
    this.system = { id: 'gng', version };
    this.settings = settings;
    this.#i18n = i18n;
    const users = world.users as HarnessWorldCollection<User> & { activeGM: User | null };
    Object.defineProperty(users, 'activeGM', {
      get: () => users.find((u) => u.isGM && u.active) ?? null,
    });
    this.users = users;
  }
}

export interface Harness {
  readonly root: string;
  readonly hooks: HarnessHooks;
  readonly i18n: HarnessLocalization;
  readonly settings: HarnessSettings;
  readonly templates: HarnessTemplates;
  readonly window: Window;
  readonly dice: typeof rollDice;
  readonly notices: Notice[];
  readonly actorSheets: SheetRegistry;
  readonly itemSheets: SheetRegistry;
  readonly users: { gm: User; player: User; otherPlayer: User };
  /** Acts as this user from now on (`game.user`). */
  as(user: User): void;
  /**
   * Gives `user`'s client another language: `game.i18n` (and the templates' `localize`) is these
   * translations while that client runs (null: English again). `reset()` gives every client English.
   */
  setLanguage(user: User, translations: Record<string, unknown> | null, lang?: string): void;
  /** Empties the world (actors, items, messages, combat, targets), resets settings, dice, notices and missing i18n keys. */
  reset(seed?: number): void;
  /** Creates an actor, owned by `owner` (a user) when given. */
  createActor(data: Record<string, unknown>, owner?: User): Promise<Actor>;
  /**
   * Loads a world from stored sources, as Foundry does when a world starts (no creation hooks):
   * the world's actors and items are replaced by these, their raw sources become `game.data.actors`
   * / `game.data.items`, and a source the data models refuse is kept as an invalid document
   * (`invalidDocumentIds`, `getInvalid(id)`; an actor's refused item in `actor.items`). Settings are
   * kept (they are stored in the world too).
   */
  loadWorld(sources: { actors?: Record<string, unknown>[]; items?: Record<string, unknown>[] }): void;
  /**
   * Starts a combat with these actors, in this order: a begun, active combat of `options.scene`
   * (default: the default scene) in `game.combats`, each combatant standing for its actor's token on
   * that scene; the GM's tracker shows it (`game.combat`) until `viewCombat` says otherwise.
   */
  startCombat(actors: Actor[], options?: { scene?: HarnessScene | null }): Combat;
  /** The combat the GM's tracker shows (`game.combat`): any combat, or none. */
  viewCombat(combat: Combat | null): void;
  /** The default scene (the world's first and active scene; every client views it unless told otherwise). */
  readonly scene: HarnessScene;
  /** Adds a scene to the world (`game.scenes`), by default like the default one (square, 100 px, 5 ft, 1-2-1). */
  createScene(options?: { name?: string; grid?: HarnessGridOptions }): HarnessScene;
  /** Makes `user`'s client (default: the GM's) view `scene` (`canvas.scene`, its token layer); null: none. */
  view(scene: HarnessScene | null, user?: User): void;
  /** Opens (renders) the default sheet registered for the actor's type. */
  openSheet(actor: Actor): Promise<HarnessApplicationV2 & ActorSheetV2>;
  /** Opens (renders) the item's sheet (`item.sheet`: the default sheet registered for its type). */
  openItemSheet(item: Item): Promise<HarnessApplicationV2 & ItemSheetV2>;
  /**
   * Clicks the element matching `selector` in `app` (a real DOM click event, with the modifier keys
   * of `init`, e.g. `{ shiftKey: true }`) and awaits its action.
   */
  click(
    app: HarnessApplicationV2,
    selector: string,
    init?: { shiftKey?: boolean; ctrlKey?: boolean; altKey?: boolean },
  ): Promise<void>;
  /** Holds these modifier keys (`game.keyboard.isModifierActive`) until the next call or `reset()`. */
  hold(...modifiers: ('Shift' | 'Control' | 'Alt')[]): void;
  /**
   * Drops `data` on hotbar slot `slot` as Foundry's hotbar does: the cancellable `hotbarDrop` hook
   * (`Hooks.call('hotbarDrop', hotbar, data, slot)`); true when a handler took it (returned false).
   */
  dropOnHotbar(data: Record<string, unknown>, slot: number): boolean;
  /** The applications rendered now (`foundry.applications.instances`). */
  openApplications(): ApplicationV2[];
  /**
   * Sets the value of the form field matching `selector` in `app` (`checked` for a checkbox), then
   * dispatches a real bubbling `change` event and awaits what it started (the form's submission).
   */
  change(app: HarnessApplicationV2, selector: string, value: string | number | boolean): Promise<void>;
  /**
   * Places a token of `actor` on the scene (`actor.getActiveTokens()` finds it). Its bars are the
   * actor's prototype token bars, by default `system.json`'s `primaryTokenAttribute` (bar1) and
   * `secondaryTokenAttribute` (bar2); `token.document.getBarAttribute('bar1')` reads a bar's value
   * and max as v13 does (tokens.ts).
   */
  placeToken(actor: Actor, options?: { scene?: HarnessScene; x?: number; y?: number }): Token;
  /**
   * Renders `message` for the chat log as the current user's client does: an `<li class="chat-message">`
   * with the content in `.message-content`, then the `renderChatMessageHTML` hook (message, html, context).
   */
  renderMessage(message: ChatMessage): HTMLElement;
  /**
   * Renders a minimal token HUD for `token` as the current user's client does: a `<div id="token-hud">`
   * with the columns `.col.left`, `.col.middle`, `.col.right`, then the `renderTokenHUD` hook
   * (hud, html, context, options).
   */
  renderTokenHUD(token: Token): HTMLElement;
  /**
   * Renders a minimal combat tracker for `combat` (default `game.combat`) as the current user's
   * client does: a `<section class="combat-tracker">` with one `li.combatant[data-combatant-id]` per
   * combatant (its name in `.token-name`), then the `renderCombatTracker` hook (app, html, context, options).
   */
  renderCombatTracker(combat?: Combat | null): HTMLElement;
  /**
   * Renders a minimal actor directory as the current user's client does: a `<section>` with a
   * `header.directory-header` holding `.header-actions`, and one `li.directory-item[data-entry-id]`
   * per world actor, then the `renderActorDirectory` hook (app, html, context, options).
   */
  renderActorDirectory(): HTMLElement;
  /** Makes these tokens the user's targets (`user.targets`), releasing earlier ones. */
  target(user: User, ...tokens: Token[]): void;
  /**
   * Makes these tokens the ones `user` has selected (controls) on the canvas, releasing earlier ones:
   * `canvas.tokens.controlled` on that user's client.
   */
  control(user: User, ...tokens: Token[]): void;
  /**
   * Adds a document to a compendium pack (`items` → `gng.items`) outside the world; `fromUuid`
   * resolves its `Compendium.gng.items.Item.<id>` uuid. Emptied by `reset()`.
   */
  registerCompendiumDocument(
    pack: string,
    data: Record<string, unknown>,
    documentName?: 'Actor' | 'Item',
  ): FoundryDocument;
  /**
   * The same by source (with an `_id`): the document is made on first access (its uuid, or a listing
   * of its pack), as Foundry reads a compendium document when asked for it. Emptied by `reset()`.
   */
  registerCompendiumSource(
    pack: string,
    data: Record<string, unknown>,
    documentName?: 'Actor' | 'Item',
  ): void;
  /**
   * Drops `data` on `app`: a DragEvent whose `dataTransfer.getData('text/plain')` is its JSON. A
   * rendered app gets it as a DOM `drop` event on its element (or on the element matching `selector`);
   * otherwise `_onDrop` is called directly. Resolves with what `_onDrop` resolved with.
   */
  drop(
    app: HarnessApplicationV2 & DocumentSheetV2,
    data: Record<string, unknown>,
    selector?: string,
  ): Promise<unknown>;
}

/** v13's roll modes (`CONST.DICE_ROLL_MODES`, README.md "Roll modes"). */
const DICE_ROLL_MODES = {
  PUBLIC: 'publicroll',
  PRIVATE: 'gmroll',
  BLIND: 'blindroll',
  SELF: 'selfroll',
} as const;

/** Installs the runtime on `host` (once per page or test file) and loads the system. */
export async function createHarness(host: HarnessHost): Promise<Harness> {
  const pkg = JSON.parse(requireText(host, 'package.json')) as { version: string };
  const hooks = new HarnessHooks();
  const i18n = new HarnessLocalization(requireText(host, 'lang/en.json'));
  const settings = new HarnessSettings();
  // Core's roll mode of the chat controls, a client setting (README.md "Roll modes").
  settings.register('core', 'rollMode', {
    name: 'Roll mode',
    scope: 'client',
    config: false,
    type: String,
    default: DICE_ROLL_MODES.PUBLIC,
    choices: Object.fromEntries(Object.values(DICE_ROLL_MODES).map((mode) => [mode, mode])),
  });
  const templates = new HarnessTemplates(host.readText, () => game.i18n);
  const window = host.window;
  const notices: Notice[] = [];
  const actorSheets = new SheetRegistry();
  const itemSheets = new SheetRegistry();
  clients.context = host.clients ?? swappingClients();
  runtime.window = window;
  runtime.templates = templates;
  defineProseMirror(window);
  runtime.mount = host.mount;
  runtime.unmount = host.unmount;
  const notify = (level: Notice['level'], message: string) => {
    const notice = { level, message };
    notices.push(notice);
    host.onNotice?.(notice);
  };
  sheetRegistries.set('Actor', actorSheets);
  sheetRegistries.set('Item', itemSheets);

  world.actors = new HarnessWorldCollection<Actor>();
  world.items = new HarnessWorldCollection<Item>();
  world.messages = new HarnessWorldCollection<ChatMessage>();
  world.macros = new HarnessWorldCollection<Macro>();
  world.users = new HarnessWorldCollection<User>();
  world.tokens = [];
  world.combats = new HarnessWorldCollection<Combat>();
  world.folders = new HarnessWorldCollection<Folder>();
  world.scenes = new HarnessWorldCollection<HarnessScene>();
  world.viewing = new Map();

  const systemJson = JSON.parse(requireText(host, 'system.json')) as Record<string, unknown>;
  const tokenBars: TokenBars = {
    bar1: { attribute: (systemJson.primaryTokenAttribute as string | undefined) ?? null },
    bar2: { attribute: (systemJson.secondaryTokenAttribute as string | undefined) ?? null },
  };
  world.tokenBars = tokenBars;

  const g = globalThis as typeof globalThis & Record<string, unknown>;
  // The page's window, as a browser has it (Node has none): the HTML sanitizer parses in it.
  g.window ??= window as unknown as typeof globalThis.window;
  g.Hooks = hooks;
  g.CONST = {
    ACTIVE_EFFECT_MODES: { CUSTOM: 0, MULTIPLY: 1, ADD: 2, DOWNGRADE: 3, UPGRADE: 4, OVERRIDE: 5 },
    DOCUMENT_OWNERSHIP_LEVELS: { NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 },
    TOKEN_DISPOSITIONS,
    DICE_ROLL_MODES,
  } satisfies FoundryConst;
  g.fromUuid = fromUuid;
  g.fromUuidSync = fromUuidSync;
  g.CONFIG = {
    Actor: { documentClass: HarnessActor, dataModels: {}, typeLabels: {} },
    Item: { documentClass: HarnessItem, dataModels: {}, typeLabels: {} },
    ChatMessage: { documentClass: HarnessChatMessage, dataModels: {} },
    ActiveEffect: { documentClass: HarnessActiveEffect, dataModels: {} },
    Combat: { documentClass: HarnessCombat },
    Combatant: { documentClass: HarnessCombatant },
    queries: {},
    statusEffects: [],
    // Core fills in its own special statuses; the glue sets every key it relies on (README.md).
    specialStatusEffects: {},
  } satisfies FoundryConfig;
  g.foundry = {
    abstract: { TypeDataModel: TypeDataModelImpl, DataModel: DataModelImpl },
    data: { fields },
    applications: {
      instances: applicationInstances,
      api: applicationsApi,
      sheets: sheetsApi,
      handlebars: {
        renderTemplate: (path, data) => templates.renderTemplate(path, data),
        loadTemplates: (paths) => templates.loadTemplates(paths),
      },
      ux: uxApi,
    },
    documents: {
      Combat: CombatImpl,
      Combatant: CombatantImpl,
      collections: { Actors: actorSheets, Items: itemSheets },
    },
    utils: { ...utils, fromUuid, fromUuidSync },
  } satisfies FoundryNamespace;
  g.Actor = ActorImpl;
  g.Item = ItemImpl;
  g.ActiveEffect = ActiveEffectImpl;
  g.ChatMessage = ChatMessageImpl;
  g.Macro = MacroImpl;
  g.Folder = HarnessFolder;
  g.Roll = RollImpl;
  // Foundry's global Handlebars, where a system registers its helpers (dnd5e module/utils.mjs).
  g.Handlebars = templates.handlebars;
  g.ui = {
    notifications: {
      info: (message: string) => notify('info', message),
      warn: (message: string) => notify('warn', message),
      error: (message: string) => notify('error', message),
    },
  };
  const game = new HarnessGame(pkg.version, settings, i18n);
  g.game = game;
  // The canvas of each client: a scene is shown and its token layer lists what that client's user
  // has selected (`canvas.tokens.controlled`; dnd5e module/documents/chat-message.mjs applies damage
  // to `canvas.tokens.controlled`). Nothing else of the canvas is modelled.
  const controlledBy = new Map<User, Token[]>();
  // The scene each client views (world.ts `viewedScene`; the default scene unless `view` says
  // otherwise): its grid and measured templates (templates-documents.ts); `placeables` are the tokens
  // on it — tokens on other scenes have no placeable on this client (README.md).
  const scene = new HarnessScene({ name: 'Scene' });
  const addDefaultScene = () => {
    scene.active = true;
    world.scenes.set(scene);
  };
  addDefaultScene();
  g.canvas = {
    ready: true,
    get scene(): Scene | null {
      return viewedScene();
    },
    tokens: {
      get controlled(): Token[] {
        return [...(controlledBy.get(game.user) ?? [])];
      },
      get placeables(): Token[] {
        const viewed = viewedScene();
        return world.tokens.filter((token) => viewed !== null && token.document.parent === viewed);
      },
    },
  } satisfies FoundryCanvas;

  const gm = new HarnessUser({ name: 'Gamemaster', role: 'gm' });
  const player = new HarnessUser({ name: 'Player', role: 'player' });
  const otherPlayer = new HarnessUser({ name: 'Other Player', role: 'player' });
  for (const user of [gm, player, otherPlayer]) world.users.set(user);
  game.user = gm;

  await import('../../src/gng.js');
  hooks.callAll('init');
  hooks.callAll('i18nInit');
  hooks.callAll('setup');
  game.ready = true;
  hooks.callAll('ready');

  const harness: Harness = {
    root: host.root,
    hooks,
    i18n,
    settings,
    templates,
    window,
    dice: rollDice,
    notices,
    actorSheets,
    itemSheets,
    users: { gm, player, otherPlayer },
    scene,
    createScene(options = {}) {
      const created = new HarnessScene(options);
      world.scenes.set(created);
      return created;
    },
    view(shown, user = gm) {
      world.viewing.set(user, shown);
    },
    viewCombat(combat) {
      game.combat = combat;
    },
    as(user) {
      game.user = user;
    },
    setLanguage(user, translations, lang = 'xx') {
      if (translations) game.languages.set(user, new HarnessLocalization(translations, lang));
      else game.languages.delete(user);
    },
    reset(seed = 1) {
      world.actors.clear();
      world.items.clear();
      game.data = { actors: [], items: [] };
      world.messages.clear();
      world.macros.clear();
      world.combats.clear();
      world.folders.clear();
      for (const app of applicationInstances.values()) void app.close();
      applicationInstances.clear();
      game.heldModifiers.clear();
      game.time.reset();
      world.tokens.length = 0;
      for (const other of world.scenes) other.reset();
      world.scenes.clear();
      addDefaultScene();
      world.viewing.clear();
      clearPacks();
      for (const user of world.users) {
        user.targets.clear();
        (user as HarnessUser).hotbar.clear();
      }
      game.combat = null;
      game.user = gm;
      controlledBy.clear();
      settings.reset();
      notices.length = 0;
      i18n.missing.clear();
      game.languages.clear();
      rollDice.setSeed(seed);
      removeDice3d();
    },
    loadWorld({ actors = [], items = [] }) {
      world.actors.clear();
      world.items.clear();
      game.data = { actors: structuredClone(actors), items: structuredClone(items) };
      const ActorClass = CONFIG.Actor.documentClass as unknown as typeof HarnessActor;
      const ItemClass = CONFIG.Item.documentClass as unknown as typeof HarnessItem;
      loadingWorld(() => {
        for (const source of actors) {
          const actor = new ActorClass(structuredClone(source), { strict: false });
          if (actor.invalid) world.actors.setInvalid(actor as unknown as Actor);
          else world.actors.set(actor as unknown as Actor);
        }
        for (const source of items) {
          const item = new ItemClass(structuredClone(source), { strict: false });
          if (item.invalid) world.items.setInvalid(item as unknown as Item);
          else world.items.set(item as unknown as Item);
        }
      });
    },
    async createActor(data, owner) {
      const ownership = owner ? { default: 0, [owner.id as string]: 3 } : { default: 0 };
      const actor = await Actor.create({ ownership, ...data });
      if (!actor) throw new Error('Actor creation was cancelled');
      return actor;
    },
    startCombat(actors, options = {}) {
      const CombatClass = CONFIG.Combat.documentClass as unknown as typeof HarnessCombat;
      const combat = new CombatClass({ name: 'Combat', type: 'base' });
      combat.scene = options.scene === undefined ? scene : options.scene;
      combat.active = true;
      for (const actor of actors) combat.addCombatant(actor);
      world.combats.set(combat as unknown as Combat);
      game.combat = combat;
      return combat;
    },
    async openSheet(actor) {
      // Foundry keeps one sheet per document (`actor.sheet`): opening it again brings it back.
      const sheet = actor.sheet as (HarnessApplicationV2 & ActorSheetV2) | null;
      if (!sheet) throw new Error(`No sheet registered for Actor type "${actor.type}"`);
      await sheet.render(true);
      return sheet;
    },
    async openItemSheet(item) {
      const sheet = item.sheet as (HarnessApplicationV2 & ItemSheetV2) | null;
      if (!sheet) throw new Error(`No sheet registered for Item type "${item.type}"`);
      await sheet.render(true);
      return sheet;
    },
    async change(app, selector, value) {
      const field = app.element.querySelector<HTMLInputElement>(selector);
      if (!field) throw new Error(`Nothing matches "${selector}" in ${app.constructor.name}`);
      if (field.type === 'checkbox') field.checked = Boolean(value);
      else field.value = String(value);
      field.dispatchEvent(new window.Event('change', { bubbles: true }) as unknown as Event);
      await app.settle();
    },
    async click(app, selector, init = {}) {
      const target = app.element.querySelector<HTMLElement>(selector);
      if (!target) throw new Error(`Nothing matches "${selector}" in ${app.constructor.name}`);
      target.dispatchEvent(
        new window.MouseEvent('click', { bubbles: true, cancelable: true, ...init }) as unknown as Event,
      );
      await app.settle();
    },
    hold(...modifiers) {
      game.heldModifiers.clear();
      for (const modifier of modifiers) game.heldModifiers.add(modifier);
    },
    dropOnHotbar(data, slot) {
      return hooks.call('hotbarDrop', {}, structuredClone(data), slot) === false;
    },
    openApplications() {
      return [...applicationInstances.values()];
    },
    placeToken(actor, options = {}) {
      const doc = new HarnessTokenDocument(actor, tokenBars);
      const on = options.scene ?? scene;
      doc.parent = on;
      doc.x = options.x ?? 0;
      doc.y = options.y ?? 0;
      on.tokens.set(doc);
      const token = new HarnessToken(doc);
      world.tokens.push(token);
      return token;
    },
    renderTokenHUD(token) {
      const document = window.document;
      const hud = document.createElement('div');
      hud.id = 'token-hud';
      for (const side of ['left', 'middle', 'right']) {
        const column = document.createElement('div');
        column.className = `col ${side}`;
        hud.append(column);
      }
      const html = hud as unknown as HTMLElement;
      Hooks.callAll('renderTokenHUD', new HarnessTokenHUD(token), html, {}, {});
      return html;
    },
    renderMessage(message) {
      return renderMessageHTML(message);
    },
    renderCombatTracker(combat = game.combat) {
      const document = window.document;
      const section = document.createElement('section');
      section.className = 'combat-tracker';
      const list = document.createElement('ol');
      list.className = 'combat-tracker plain';
      for (const combatant of combat?.combatants ?? []) {
        const li = document.createElement('li');
        li.className = `combatant${combat?.combatant?.id === combatant.id ? ' active' : ''}`;
        li.dataset.combatantId = combatant.id;
        const name = document.createElement('span');
        name.className = 'token-name';
        name.textContent = combatant.actor?.name ?? '';
        li.append(name);
        list.append(li);
      }
      section.append(list);
      const html = section as unknown as HTMLElement;
      const app: CombatTrackerApp = { viewed: combat ?? null };
      Hooks.callAll('renderCombatTracker', app, html, {}, {});
      return html;
    },
    renderActorDirectory() {
      const document = window.document;
      const section = document.createElement('section');
      section.className = 'directory actors-sidebar';
      const header = document.createElement('header');
      header.className = 'directory-header';
      const actions = document.createElement('div');
      actions.className = 'header-actions action-buttons';
      header.append(actions);
      const list = document.createElement('ol');
      list.className = 'directory-list';
      for (const actor of game.actors.contents) {
        const li = document.createElement('li');
        li.className = 'directory-item entry actor';
        li.dataset.entryId = actor.id ?? '';
        li.textContent = actor.name;
        list.append(li);
      }
      section.append(header, list);
      const html = section as unknown as HTMLElement;
      Hooks.callAll('renderActorDirectory', {}, html, {}, {});
      return html;
    },
    target(user, ...tokens) {
      user.targets.clear();
      for (const token of tokens) user.targets.add(token);
    },
    control(user, ...tokens) {
      controlledBy.set(user, [...tokens]);
    },
    registerCompendiumDocument(pack, data, documentName = 'Item') {
      return registerCompendiumDocument(pack, data, documentName);
    },
    registerCompendiumSource(pack, data, documentName = 'Item') {
      registerCompendiumSource(pack, data, documentName);
    },
    async drop(app, data, selector) {
      const dataTransfer = new window.DataTransfer();
      dataTransfer.setData('text/plain', JSON.stringify(data));
      const event = new window.DragEvent('drop', { bubbles: true, cancelable: true });
      // happy-dom's DragEvent takes no dataTransfer in its init, so it is set on the event itself.
      Object.defineProperty(event, 'dataTransfer', { value: dataTransfer });
      if (!app.rendered) return app._onDrop(event as unknown as DragEvent);
      const target = selector ? app.element.querySelector<HTMLElement>(selector) : app.element;
      if (!target) throw new Error(`Nothing matches "${selector}" in ${app.constructor.name}`);
      const before = app.pending.length;
      target.dispatchEvent(event as unknown as Event);
      const started = app.pending.slice(before);
      await app.settle();
      return started.length ? await started[0] : undefined;
    },
  };
  return harness;
}

export { HarnessChatMessage, HarnessCombat, HarnessUser };
