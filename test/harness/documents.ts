/**
 * Documents of the fake runtime: Actor (with embedded Items and ActiveEffects), Item (with embedded
 * ActiveEffects), ActiveEffect, ChatMessage, User, Combat.
 * Data lives in `_source`; `system` is rebuilt through the registered `TypeDataModel` and
 * `prepareData()` runs on every change, as in Foundry. Updates check ownership, fire the
 * cancellable `preUpdate<Doc>` hook and the `update<Doc>` hook, and re-render open sheets.
 */
import { cloneData, expandObject, getProperty, mergeInto, randomId, setProperty } from './utils.js';
import { viewedScene, world } from './world.js';
import { sheetRegistries } from './applications.js';
import { asClient } from './clients.js';
import type { HarnessHooks } from './hooks.js';
import { HarnessTokenDocument } from './tokens.js';
import { renderMessageHTML } from './chat-html.js';

/**
 * A document's post-change hook (`create…`, `update…`, `delete…`): every connected client runs it,
 * with the id of the user who made the change (pre-hooks run only on the changing client).
 */
export function broadcast(hook: string, ...args: unknown[]): void {
  const connected = world.users.filter((user) => user.active);
  (Hooks as unknown as HarnessHooks).callAllOnClients(hook, connected, ...args);
}

/**
 * In the browser, the other clients' hook work a change started (`hooks.ts` `pending`), which the
 * change waits for: one tab plays every client, so none may run while another's work is under way.
 * Null in Node (each client keeps its own async context there, as real clients do).
 */
export function hookWork(): Promise<void> | null {
  return (Hooks as unknown as HarnessHooks).pending();
}

export const OWNERSHIP = { NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 } as const;
type OwnershipLevel = keyof typeof OWNERSHIP;

/** A Map-backed collection with the array helpers the declarations name. */
export class HarnessCollection<T extends { id: string | null }> implements EmbeddedCollection<T> {
  readonly #docs = new Map<string, T>();
  readonly #invalid = new Map<string, T>();
  /** The ids of the stored documents the data models refused when they were loaded (`loadingWorld`). */
  readonly invalidDocumentIds = new Set<string>();

  get size(): number {
    return this.#docs.size;
  }

  get contents(): T[] {
    return [...this.#docs.values()];
  }

  /**
   * Iterates over the documents as they are when the loop starts: re-preparing a parent rebuilds
   * this collection (clear, then set again), which a live Map iterator would visit without end,
   * whereas Foundry updates embedded documents in place (`for (const item of actor.items) await
   * item.update(…)` is a common pattern and ends).
   */
  [Symbol.iterator](): Iterator<T> {
    return this.contents[Symbol.iterator]();
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  get(id: string): T | undefined {
    return this.#docs.get(id);
  }

  set(doc: T): void {
    this.#invalid.delete(doc.id as string);
    this.invalidDocumentIds.delete(doc.id as string);
    this.#docs.set(doc.id as string, doc);
  }

  /** An invalid document (its `_source` as stored), by id; undefined when none has that id. */
  getInvalid(id: string): T | undefined {
    return this.#invalid.get(id);
  }

  /** Keeps a stored document the data models refused apart from the valid ones. */
  setInvalid(doc: T): void {
    this.#docs.delete(doc.id as string);
    this.#invalid.set(doc.id as string, doc);
    this.invalidDocumentIds.add(doc.id as string);
  }

  delete(id: string): boolean {
    this.#invalid.delete(id);
    this.invalidDocumentIds.delete(id);
    return this.#docs.delete(id);
  }

  clear(): void {
    this.#docs.clear();
    this.#invalid.clear();
    this.invalidDocumentIds.clear();
  }

  filter(fn: (doc: T) => boolean): T[] {
    return this.contents.filter(fn);
  }

  map<R>(fn: (doc: T) => R): R[] {
    return this.contents.map(fn);
  }

  find(fn: (doc: T) => boolean): T | undefined {
    return this.contents.find(fn);
  }
}

export class HarnessWorldCollection<T extends { id: string | null; name: string }>
  extends HarnessCollection<T>
  implements WorldCollection<T>
{
  getName(name: string): T | undefined {
    return this.find((doc) => doc.name === name);
  }
}

/** Something that re-renders when its document changes (an open sheet). */
export interface DocumentApp {
  render(options?: boolean | ApplicationRenderOptions): Promise<unknown>;
}

/**
 * What a document change tells the applications it re-renders (`renderContext`, `renderData`): the
 * action and the changed document's name (`updateActor`, `createItem`, `deleteActiveEffect`), and
 * the change itself — the update's diff, the created sources, the deleted ids.
 */
export interface RenderCause {
  renderContext: string;
  renderData: unknown;
}

function configFor(documentName: string): DocumentConfig | undefined {
  return (CONFIG as unknown as Record<string, DocumentConfig | undefined>)[documentName];
}

export interface HarnessDocumentOptions {
  parent?: FoundryDocument | null;
  /** The compendium (`<package>.<pack>`) holding the document. */
  pack?: string | null;
  /**
   * False: a source the data models refuse still makes a document, marked `invalid` (not prepared,
   * its embedded documents not built), as Foundry keeps a stored document that fails validation
   * (`invalidDocumentIds`, `getInvalid`). True (the default): the refusal is thrown.
   */
  strict?: boolean;
}

/** True while `loadingWorld` builds stored documents: an embedded document that fails is set apart. */
let loading = false;

/** Runs `fn` as a world load: embedded documents the data models refuse are kept as invalid ones. */
export function loadingWorld<T>(fn: () => T): T {
  loading = true;
  try {
    return fn();
  } finally {
    loading = false;
  }
}
type HarnessDocumentClass = new (
  data: Record<string, unknown>,
  options?: HarnessDocumentOptions,
) => HarnessDocument;

/** Harness classes of embedded document types, used when CONFIG names no document class. */
const defaultClasses: Record<string, HarnessDocumentClass> = {};

function documentClassFor(documentName: string): HarnessDocumentClass {
  const cls = configFor(documentName)?.documentClass ?? defaultClasses[documentName];
  if (!cls) throw new Error(`No document class for ${documentName}`);
  return cls as unknown as HarnessDocumentClass;
}

export abstract class HarnessDocument implements FoundryDocument {
  static documentName = 'Document';
  /** Embedded document types: document name → source field and collection (e.g. `Item` → `items`). */
  static embedded: Readonly<Record<string, string>> = {};
  _id: string | null;
  name: string;
  type: string;
  img: string | null;
  flags: Record<string, Record<string, unknown>>;
  ownership: Record<string, number>;
  system!: TypeDataModel;
  readonly parent: FoundryDocument | null;
  readonly pack: string | null;
  protected _source: Record<string, unknown>;
  /** Applications showing this document; re-rendered after each update. */
  readonly apps = new Set<DocumentApp>();
  readonly #collections = new Map<string, HarnessCollection<HarnessDocument>>();
  #sheet: ApplicationV2 | null = null;
  readonly #strict: boolean;
  #invalid = false;

  constructor(data: Record<string, unknown>, options: HarnessDocumentOptions = {}) {
    this.#strict = options.strict ?? true;
    this._source = cloneData({ _id: randomId(), flags: {}, ownership: { default: 0 }, ...data });
    this.parent = options.parent ?? null;
    this.pack = options.pack ?? this.parent?.pack ?? null;
    this._id = this._source._id as string;
    this.name = '';
    this.type = '';
    this.img = null;
    this.flags = {};
    this.ownership = {};
    this._initialize();
  }

  get id(): string | null {
    return this._id;
  }

  /** True for a stored document the data models refuse (built with `strict: false`). */
  get invalid(): boolean {
    return this.#invalid;
  }

  /** The document's sheet: one instance of the default sheet registered for its type (null if none). */
  get sheet(): ApplicationV2 | null {
    if (this.#sheet) return this.#sheet;
    const SheetClass = sheetRegistries.get(this.documentName)?.defaultFor(this.type) as
      (new (options: { document: FoundryDocument }) => ApplicationV2) | undefined;
    this.#sheet = SheetClass ? new SheetClass({ document: this }) : null;
    return this.#sheet;
  }

  get documentName(): string {
    return (this.constructor as typeof HarnessDocument).documentName;
  }

  get uuid(): string {
    const own = `${this.documentName}.${this._id}`;
    if (this.parent) return `${this.parent.uuid}.${own}`;
    return this.pack ? `Compendium.${this.pack}.${own}` : own;
  }

  get isOwner(): boolean {
    return this.testUserPermission(game.user, 'OWNER');
  }

  testUserPermission(user: User, level: OwnershipLevel): boolean {
    if (user.isGM) return true;
    if (this.parent) return this.parent.testUserPermission(user, level);
    // Compendium content is readable by players and changed only by the GM.
    if (this.pack) return OWNERSHIP[level] <= OWNERSHIP.OBSERVER;
    const granted = this.ownership[user.id as string] ?? this.ownership.default ?? 0;
    return granted >= OWNERSHIP[level];
  }

  /** The embedded collection of this document type, if this document has one. */
  getEmbeddedCollection(documentName: string): HarnessCollection<HarnessDocument> | undefined {
    return this.#collections.get(documentName);
  }

  /** Rebuilds fields and `system` from `_source`, then prepares derived data. */
  protected _initialize(): void {
    const source = this._source;
    this.name = String(source.name ?? '');
    this.type = String(source.type ?? 'base');
    this.img = (source.img as string | undefined) ?? null;
    this.flags = cloneData((source.flags as Record<string, Record<string, unknown>>) ?? {});
    this.ownership = cloneData((source.ownership as Record<string, number>) ?? { default: 0 });
    this.#invalid = false;
    try {
      this._initializeSystem();
    } catch (error) {
      if (this.#strict) throw error;
      this.#invalid = true;
      return;
    }
    this._initializeEmbedded();
    this.prepareData();
  }

  /** Re-initializes from the stored source and prepares again (Foundry's `reset()`). */
  reset(): void {
    this._initialize();
  }

  protected _initializeSystem(): void {
    const models = configFor(this.documentName)?.dataModels ?? {};
    const Model = models[this.type];
    if (!Model) {
      // Core's `base` type has no data model: its `system` is a plain object (ChatMessage: our
      // messages from before issue #34, other modules' and core's own).
      if (this.type === 'base' && this.documentName === 'ChatMessage')
        this.system = cloneData(this._source.system ?? {}) as TypeDataModel;
      else if (Object.keys(models).length)
        throw new Error(`${this.documentName} type "${this.type}" is not registered`);
      return;
    }
    this.system = new Model((this._source.system as Record<string, unknown>) ?? {}, { parent: this });
    this._source.system = this.system.toObject();
  }

  /**
   * Builds the embedded collections from the source. Documents already embedded keep their identity
   * (they are re-initialized from their new source), as Foundry's embedded collections do.
   */
  protected _initializeEmbedded(): void {
    const embedded = (this.constructor as typeof HarnessDocument).embedded;
    for (const [documentName, field] of Object.entries(embedded)) {
      let collection = this.#collections.get(documentName);
      if (!collection) {
        collection = new HarnessCollection<HarnessDocument>();
        this.#collections.set(documentName, collection);
      }
      const previous = new Map(collection.contents.map((doc) => [doc.id, doc]));
      const wasInvalid = new Set(collection.invalidDocumentIds);
      collection.clear();
      const sources = ((this._source[field] as Record<string, unknown>[] | undefined) ?? []).map((data) => ({
        ...data,
        _id: data._id ?? randomId(),
      }));
      const Cls = documentClassFor(documentName);
      this._source[field] = sources.map((data) => {
        const existing = previous.get(data._id as string);
        let doc: HarnessDocument;
        if (existing) {
          existing._source = cloneData(data);
          existing._initialize();
          doc = existing;
        } else {
          // Stored documents refused on load stay apart (Foundry's `invalidDocumentIds`).
          const strict = !loading && !wasInvalid.has(data._id as string);
          doc = new Cls(data, { parent: this, strict });
        }
        if (doc.invalid) collection.setInvalid(doc);
        else collection.set(doc);
        return doc.toObject();
      });
    }
  }

  /** Foundry's order: system base, document base, embedded documents, system derived, document derived. */
  prepareData(): void {
    this.system?.prepareBaseData?.();
    this.prepareBaseData();
    this.prepareEmbeddedDocuments();
    this.system?.prepareDerivedData?.();
    this.prepareDerivedData();
  }

  prepareBaseData(): void {}

  /** Prepares every embedded document (again: their preparation must be idempotent, as in Foundry). */
  prepareEmbeddedDocuments(): void {
    for (const collection of this.#collections.values()) {
      for (const doc of collection) doc.prepareData();
    }
  }

  prepareDerivedData(): void {}

  getRollData(): Record<string, unknown> {
    return { ...(this.system as unknown as Record<string, unknown>) };
  }

  getFlag(scope: string, key: string): unknown {
    return this.flags[scope]?.[key];
  }

  async setFlag(scope: string, key: string, value: unknown): Promise<this | undefined> {
    return this.update({ [`flags.${scope}.${key}`]: value });
  }

  toObject(): Record<string, unknown> {
    return cloneData(this._source);
  }

  /**
   * Merges `changes` into the source and prepares again, with no hooks and no write (Foundry's
   * `updateSource`: in a `preCreate…` hook the created document carries the changes).
   */
  updateSource(changes: Record<string, unknown>): Record<string, unknown> {
    const diff = expandObject(changes);
    this._source = mergeInto(cloneData(this._source), diff);
    this._initialize();
    return diff;
  }

  /** Throws unless the current user may change this document (and its compendium is not locked). */
  protected _assertCanModify(action: string): void {
    const user = game.user;
    if (!this.testUserPermission(user, 'OWNER')) {
      throw new Error(`User ${user.name} lacks permission to ${action} ${this.documentName} ${this.name}`);
    }
    if (this.pack) throw new Error(`Cannot ${action} ${this.uuid}: the compendium ${this.pack} is locked`);
  }

  /**
   * Re-renders the applications of this document and of its ancestors, each with its own copy of
   * what changed (README: `renderContext` / `renderData`).
   */
  async _renderApps(cause?: RenderCause): Promise<void> {
    for (const app of this.apps) await app.render(cause ? { ...cause } : false);
    if (this.parent instanceof HarnessDocument) await this.parent._renderApps(cause);
  }

  async update(
    changes: Record<string, unknown>,
    options: DocumentModificationOptions = {},
  ): Promise<this | undefined> {
    const user = game.user;
    this._assertCanModify('update');
    const diff = expandObject(changes);
    if (Hooks.call(`preUpdate${this.documentName}`, this, diff, options, user.id) === false) return undefined;
    const previous = this._source;
    const wasInvalid = this.#invalid;
    // `recursive: false` replaces each top-level key it names (dnd5e module/migration.mjs).
    const next =
      options.recursive === false
        ? { ...cloneData(previous), ...cloneData(diff) }
        : mergeInto(cloneData(previous), diff);
    this._source = next;
    try {
      this._initialize();
      if (this.#invalid) throw new Error(`${this.documentName} ${this.name} failed validation`);
    } catch (error) {
      // Invalid data changes nothing, as Foundry's validation does.
      this._source = previous;
      this._initialize();
      throw error;
    }
    if (wasInvalid) this._onRevalidated();
    await this._onUpdate(diff);
    broadcast(`update${this.documentName}`, this, diff, options, user.id);
    if (options.render !== false)
      await this._renderApps({
        renderContext: `update${this.documentName}`,
        renderData: { ...cloneData(diff), _id: this.id },
      });
    return this;
  }

  /** An invalid document updated into valid data joins its world collection (embedded: the parent rebuilds it). */
  protected _onRevalidated(): void {}

  protected async _onUpdate(_diff: Record<string, unknown>): Promise<void> {
    if (this.parent instanceof HarnessDocument) this.parent.refreshEmbedded(this);
  }

  /** Called by an embedded document after it changed: store its source and re-prepare. */
  refreshEmbedded(child: HarnessDocument): void {
    const field = this.#fieldOf(child.documentName);
    const sources = (this._source[field] as Record<string, unknown>[] | undefined) ?? [];
    this._source[field] = sources.map((data) => (data._id === child.id ? child.toObject() : data));
    this.#afterEmbeddedChange();
  }

  /** Called by an embedded document being deleted: drop it from the source and collection. */
  removeEmbedded(child: HarnessDocument): void {
    const field = this.#fieldOf(child.documentName);
    const sources = (this._source[field] as Record<string, unknown>[] | undefined) ?? [];
    this._source[field] = sources.filter((data) => data._id !== child.id);
    this.#collections.get(child.documentName)?.delete(child.id as string);
    this.#afterEmbeddedChange();
  }

  /** Re-prepares from source (so effects apply once) and tells the parent, which stores our source. */
  #afterEmbeddedChange(): void {
    this.reset();
    if (this.parent instanceof HarnessDocument) this.parent.refreshEmbedded(this);
  }

  #fieldOf(documentName: string): string {
    const field = (this.constructor as typeof HarnessDocument).embedded[documentName];
    if (!field) throw new Error(`${this.documentName} has no embedded ${documentName} collection`);
    return field;
  }

  /** Creates embedded documents (`createEmbeddedDocuments` of the types that have them). */
  protected async _createEmbedded(
    documentName: string,
    data: Record<string, unknown>[],
  ): Promise<HarnessDocument[]> {
    const field = this.#fieldOf(documentName);
    this._assertCanModify('update');
    const Cls = documentClassFor(documentName);
    const collection = this.#collections.get(documentName) as HarnessCollection<HarnessDocument>;
    const created: HarnessDocument[] = [];
    for (const entry of data) {
      const doc = new Cls({ _id: randomId(), ...entry }, { parent: this });
      if (Hooks.call(`preCreate${documentName}`, doc, entry, {}, game.user.id) === false) continue;
      this._source[field] = [...((this._source[field] as Record<string, unknown>[]) ?? []), doc.toObject()];
      collection.set(doc);
      created.push(doc);
    }
    if (created.length) this.#afterEmbeddedChange();
    for (const doc of created) broadcast(`create${documentName}`, doc, {}, game.user.id);
    await this._renderApps({
      renderContext: `create${documentName}`,
      renderData: created.map((doc) => doc.toObject()),
    });
    return created;
  }

  /** Deletes embedded documents by id; unknown ids are skipped. */
  protected async _deleteEmbedded(documentName: string, ids: string[]): Promise<HarnessDocument[]> {
    this.#fieldOf(documentName);
    const deleted: HarnessDocument[] = [];
    for (const id of ids) {
      const doc = this.#collections.get(documentName)?.get(id);
      if (doc && (await doc.delete({ render: false }))) deleted.push(doc);
    }
    await this._renderApps({
      renderContext: `delete${documentName}`,
      renderData: deleted.map((doc) => doc.id),
    });
    return deleted;
  }

  async delete(options: DocumentModificationOptions = {}): Promise<this | undefined> {
    this._assertCanModify('delete');
    if (Hooks.call(`preDelete${this.documentName}`, this, options, game.user.id) === false) return undefined;
    this._onDelete();
    broadcast(`delete${this.documentName}`, this, options, game.user.id);
    if (options.render !== false && this.parent instanceof HarnessDocument)
      await this.parent._renderApps({ renderContext: `delete${this.documentName}`, renderData: [this.id] });
    return this;
  }

  /** Removes the document from its parent (embedded) or from its world collection (subclasses). */
  protected _onDelete(): void {
    if (this.parent instanceof HarnessDocument) this.parent.removeEmbedded(this);
  }
}

type ChangeValueType = 'null' | 'number' | 'string' | 'boolean' | 'array' | 'object';

function valueType(value: unknown): ChangeValueType {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  return type === 'number' || type === 'string' || type === 'boolean' ? type : 'object';
}

/** JSON if the text is JSON, otherwise the text itself. */
function parseOrString(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** Casts a change's string value to the type of the property it changes (NaN numbers become 0). */
function castChangeValue(raw: string, type: ChangeValueType): unknown {
  switch (type) {
    case 'number': {
      const number = Number(raw.trim() === '' ? NaN : raw);
      return Number.isNaN(number) ? 0 : number;
    }
    case 'string':
      return raw;
    case 'boolean':
      return Boolean(parseOrString(raw));
    case 'array': {
      const parsed = parseOrString(raw);
      return Array.isArray(parsed) ? parsed : [parsed];
    }
    default:
      return parseOrString(raw);
  }
}

export class HarnessActiveEffect extends HarnessDocument implements ActiveEffect {
  static override documentName = 'ActiveEffect' as const;
  // Assigned in _initialize (which the base constructor runs), so declared, not initialized here.
  declare changes: ActiveEffectChange[];
  declare disabled: boolean;
  declare transfer: boolean;
  declare statuses: Set<string>;
  declare origin: string | null;
  declare duration: ActiveEffectDuration;

  static async create(
    data: Record<string, unknown>,
    options: DocumentModificationOptions & { parent: Actor | Item },
  ): Promise<ActiveEffect | undefined> {
    return (await options.parent.createEmbeddedDocuments('ActiveEffect', [data]))[0];
  }

  protected override _initialize(): void {
    const source = this._source;
    const changes = (source.changes as Partial<ActiveEffectChange>[] | undefined) ?? [];
    source.changes = changes.map((change) => ({
      key: String(change.key ?? ''),
      mode: Number(change.mode ?? CONST.ACTIVE_EFFECT_MODES.ADD),
      value: String(change.value ?? ''),
      priority: change.priority ?? null,
    }));
    source.disabled = Boolean(source.disabled ?? false);
    // Foundry's default: an effect on an item transfers to the item's owner.
    source.transfer = Boolean(source.transfer ?? true);
    source.statuses = [...new Set((source.statuses as string[] | undefined) ?? [])];
    source.origin = (source.origin as string | null | undefined) ?? null;
    source.duration = {
      rounds: null,
      turns: null,
      seconds: null,
      startRound: null,
      startTurn: null,
      ...(source.duration as ActiveEffectDuration | undefined),
    };
    this.changes = cloneData(source.changes as ActiveEffectChange[]);
    this.disabled = source.disabled as boolean;
    this.transfer = source.transfer as boolean;
    this.statuses = new Set(source.statuses as string[]);
    this.origin = source.origin as string | null;
    this.duration = cloneData(source.duration as ActiveEffectDuration);
    super._initialize();
  }

  /** Not disabled. (Foundry also suppresses effects, e.g. of unequipped items; the harness never does.) */
  get active(): boolean {
    return !this.disabled;
  }

  get target(): Actor | null {
    if (this.parent instanceof HarnessActor) return this.parent;
    if (this.parent instanceof HarnessItem) return this.transfer ? this.parent.actor : null;
    return null;
  }

  /** Applies one change to `actor` (the target property cast from the change's string value). */
  apply(actor: Actor, change: ActiveEffectChange): void {
    const modes = CONST.ACTIVE_EFFECT_MODES;
    const current = getProperty(actor, change.key);
    const type = valueType(current);
    const delta = castChangeValue(change.value, type);
    let next: unknown = undefined;
    switch (change.mode) {
      case modes.ADD:
        if (type === 'null') next = delta;
        else if (type === 'number') next = (current as number) + (delta as number);
        else if (type === 'string') next = (current as string) + (delta as string);
        else if (type === 'boolean') next = (current as boolean) || (delta as boolean);
        else if (type === 'array') next = (current as unknown[]).concat(delta);
        break;
      case modes.MULTIPLY:
        if (type === 'number') next = (current as number) * (delta as number);
        else if (type === 'boolean') next = (current as boolean) && (delta as boolean);
        break;
      case modes.OVERRIDE:
        next = delta;
        break;
      case modes.UPGRADE:
      case modes.DOWNGRADE: {
        const upgrade = change.mode === modes.UPGRADE;
        if (type === 'null') next = delta;
        else if (type === 'boolean')
          next = upgrade
            ? (current as boolean) || (delta as boolean)
            : (current as boolean) && (delta as boolean);
        else if (type === 'number' || type === 'string') {
          const a = current as number | string;
          const b = delta as number | string;
          next = (upgrade ? b > a : b < a) ? b : a;
        }
        break;
      }
      default: {
        // CUSTOM (and unknown modes): a handler may change the actor itself or fill `changes`.
        const changes: Record<string, unknown> = {};
        Hooks.call('applyActiveEffect', actor, change, current, delta, changes);
        for (const [key, value] of Object.entries(changes)) setProperty(actor, key, value);
        return;
      }
    }
    if (next !== undefined) setProperty(actor, change.key, next);
  }
}

export class HarnessItem extends HarnessDocument implements Item {
  static override documentName = 'Item' as const;
  static override embedded = { ActiveEffect: 'effects' };

  get actor(): Actor | null {
    return (this.parent as Actor | null) ?? null;
  }

  get effects(): HarnessCollection<ActiveEffect> {
    return this.getEmbeddedCollection('ActiveEffect') as unknown as HarnessCollection<ActiveEffect>;
  }

  static async create(
    data: Record<string, unknown>,
    options: DocumentModificationOptions & { parent?: Actor } = {},
  ): Promise<Item | undefined> {
    if (options.parent) return (await options.parent.createEmbeddedDocuments('Item', [data]))[0];
    const Cls = (CONFIG.Item.documentClass ?? HarnessItem) as unknown as ItemConstructor;
    const item = new Cls(data);
    if (Hooks.call('preCreateItem', item, data, options, game.user.id) === false) return undefined;
    world.items.set(item);
    broadcast('createItem', item, options, game.user.id);
    return item;
  }

  async createEmbeddedDocuments(
    _type: 'ActiveEffect',
    data: Record<string, unknown>[],
  ): Promise<ActiveEffect[]> {
    return (await this._createEmbedded('ActiveEffect', data)) as unknown as ActiveEffect[];
  }

  async deleteEmbeddedDocuments(_type: 'ActiveEffect', ids: string[]): Promise<ActiveEffect[]> {
    return (await this._deleteEmbedded('ActiveEffect', ids)) as unknown as ActiveEffect[];
  }

  protected override _onDelete(): void {
    if (this.parent) super._onDelete();
    else world.items.delete(this._id as string);
  }

  protected override _onRevalidated(): void {
    if (!this.parent && world.items.getInvalid(this._id as string) === this) world.items.set(this);
  }
}

/** The effect data of a `CONFIG.statusEffects` entry (Foundry's `ActiveEffect.fromStatusEffect`). */
function statusEffectData(status: StatusEffectConfig, overlay: boolean): Record<string, unknown> {
  const extra = status.statuses;
  const data: Record<string, unknown> = {
    name: game.i18n.localize(status.name),
    img: status.img,
    statuses: [...new Set([status.id, ...(Array.isArray(extra) ? (extra as string[]) : [])])],
    changes: cloneData(status.changes ?? []),
  };
  if (status._id) data._id = status._id;
  if (status.duration) data.duration = cloneData(status.duration);
  if (overlay) data.flags = { core: { overlay: true } };
  return data;
}

export class HarnessActor extends HarnessDocument implements Actor {
  static override documentName = 'Actor' as const;
  static override embedded = { Item: 'items', ActiveEffect: 'effects' };
  // Filled by applyActiveEffects during the base constructor's preparation: declared, not initialized.
  declare statuses: Set<string>;
  // The system's own data model (src/foundry-documents.d.ts: both actor types share CreatureData).
  declare system: Actor['system'];

  get items(): HarnessCollection<Item> {
    return this.getEmbeddedCollection('Item') as unknown as HarnessCollection<Item>;
  }

  get effects(): HarnessCollection<ActiveEffect> {
    return this.getEmbeddedCollection('ActiveEffect') as unknown as HarnessCollection<ActiveEffect>;
  }

  static async create(
    data: Record<string, unknown>,
    options: DocumentModificationOptions = {},
  ): Promise<Actor | undefined> {
    const Cls = (CONFIG.Actor.documentClass ?? HarnessActor) as unknown as ActorConstructor;
    const actor = new Cls(data);
    if (Hooks.call('preCreateActor', actor, data, options, game.user.id) === false) return undefined;
    world.actors.set(actor);
    broadcast('createActor', actor, options, game.user.id);
    return actor;
  }

  async createEmbeddedDocuments(type: 'Item', data: Record<string, unknown>[]): Promise<Item[]>;
  async createEmbeddedDocuments(
    type: 'ActiveEffect',
    data: Record<string, unknown>[],
  ): Promise<ActiveEffect[]>;
  async createEmbeddedDocuments(
    type: 'Item' | 'ActiveEffect',
    data: Record<string, unknown>[],
  ): Promise<Item[] | ActiveEffect[]> {
    return (await this._createEmbedded(type, data)) as unknown as Item[] | ActiveEffect[];
  }

  async deleteEmbeddedDocuments(type: 'Item', ids: string[]): Promise<Item[]>;
  async deleteEmbeddedDocuments(type: 'ActiveEffect', ids: string[]): Promise<ActiveEffect[]>;
  async deleteEmbeddedDocuments(
    type: 'Item' | 'ActiveEffect',
    ids: string[],
  ): Promise<Item[] | ActiveEffect[]> {
    return (await this._deleteEmbedded(type, ids)) as unknown as Item[] | ActiveEffect[];
  }

  /** Items and effects are prepared, then the active effects change this actor (Foundry's order). */
  override prepareEmbeddedDocuments(): void {
    super.prepareEmbeddedDocuments();
    this.applyActiveEffects();
  }

  *allApplicableEffects(): Generator<ActiveEffect, void, undefined> {
    yield* this.effects;
    for (const item of this.items) {
      for (const effect of item.effects) if (effect.transfer) yield effect;
    }
  }

  applyActiveEffects(): void {
    if (this.statuses) this.statuses.clear();
    else this.statuses = new Set();
    const changes: { change: ActiveEffectChange; effect: ActiveEffect; priority: number }[] = [];
    for (const effect of this.allApplicableEffects()) {
      if (!effect.active) continue;
      for (const change of effect.changes) {
        changes.push({ change, effect, priority: change.priority ?? change.mode * 10 });
      }
      for (const status of effect.statuses) this.statuses.add(status);
    }
    // A stable sort: equal priorities apply in effect order.
    changes.sort((a, b) => a.priority - b.priority);
    for (const { change, effect } of changes) {
      if (change.key) (effect as unknown as HarnessActiveEffect).apply(this, change);
    }
  }

  async toggleStatusEffect(
    statusId: string,
    options: { active?: boolean; overlay?: boolean } = {},
  ): Promise<ActiveEffect | boolean | undefined> {
    const status = CONFIG.statusEffects.find((entry) => entry.id === statusId);
    if (!status) throw new Error(`Invalid status ID "${statusId}" provided to Actor#toggleStatusEffect`);
    const existing = status._id
      ? this.effects.filter((effect) => effect.id === status._id)
      : this.effects.filter((effect) => effect.statuses.size === 1 && effect.statuses.has(statusId));
    if (existing.length) {
      if (options.active) return true;
      await this.deleteEmbeddedDocuments(
        'ActiveEffect',
        existing.map((effect) => effect.id as string),
      );
      return false;
    }
    if (options.active === false) return undefined;
    const [effect] = await this.createEmbeddedDocuments('ActiveEffect', [
      statusEffectData(status, options.overlay ?? false),
    ]);
    return effect;
  }

  /**
   * The actor's tokens on the scene this client's canvas shows (v13 `getActiveTokens`: placeables
   * exist only for the viewed scene; README.md). Tokens on other scenes are `scene.tokens` documents.
   */
  getActiveTokens(): Token[] {
    const scene = viewedScene();
    return world.tokens.filter(
      (token) => token.actor === (this as Actor) && scene !== null && token.document.parent === scene,
    );
  }

  /** A token document from the prototype token, placed nowhere (as the self-test reads a bar). */
  async getTokenDocument(): Promise<TokenDocument> {
    return new HarnessTokenDocument(this as unknown as Actor, world.tokenBars);
  }

  get hasPlayerOwner(): boolean {
    return world.users.contents.some((user) => !user.isGM && this.testUserPermission(user, 'OWNER'));
  }

  protected override _onDelete(): void {
    world.actors.delete(this._id as string);
  }

  protected override _onRevalidated(): void {
    if (world.actors.getInvalid(this._id as string) === this) world.actors.set(this);
  }
}

defaultClasses.Item = HarnessItem;
defaultClasses.ActiveEffect = HarnessActiveEffect;

export class HarnessChatMessage extends HarnessDocument implements ChatMessage {
  static override documentName = 'ChatMessage' as const;
  // Assigned in _initialize (which the base constructor runs), so declared, not initialized here.
  declare content: string;
  declare speaker: ChatSpeaker;
  declare rolls: Roll[];
  declare authorId: string | null;

  get author(): User | null {
    return this.authorId ? (game.users.get(this.authorId) ?? null) : null;
  }

  get isAuthor(): boolean {
    return this.authorId !== null && this.authorId === game.user.id;
  }

  /** The users it is whispered to, by id (empty: everyone), as the message's data holds them. */
  get whisper(): string[] {
    return [...((this._source.whisper as string[] | undefined) ?? [])];
  }

  /** A blind roll (content for the GMs only). */
  get blind(): boolean {
    return this._source.blind === true;
  }

  /**
   * Whether this client's user sees the content (README.md "Roll modes"): everyone when it is not
   * whispered; else its whisper's users, and its author unless it is blind.
   */
  get isContentVisible(): boolean {
    const whisper = this.whisper;
    if (!whisper.length) return true;
    return whisper.includes(game.user.id as string) || (this.isAuthor && !this.blind);
  }

  /**
   * v13 `ChatMessage.applyRollMode(data, mode)` for the current user's own roll: private and blind
   * whisper to the GMs (blind also sets `blind`), self to this user, public to nobody; returns `data`.
   */
  static applyRollMode(data: ChatMessageData, rollMode: string): ChatMessageData {
    const gms = game.users.filter((user) => user.isGM).map((user) => user.id as string);
    if (rollMode === 'gmroll' || rollMode === 'blindroll') data.whisper = gms;
    else if (rollMode === 'selfroll') data.whisper = [game.user.id as string];
    else if (rollMode === 'publicroll') data.whisper = [];
    data.blind = rollMode === 'blindroll';
    return data;
  }

  /**
   * `_stats`: `lastModifiedBy` is the user who created or last updated the message, stamped by the
   * server whatever the client sent (Foundry's API documentation, `DocumentStats`: "The ID of the user
   * who last modified the Document"; v13 names no creator). README.md.
   */
  get _stats(): { lastModifiedBy: string | null } {
    return cloneData(this._source._stats as { lastModifiedBy: string | null });
  }

  protected override _initialize(): void {
    super._initialize();
    this.content = String(this._source.content ?? '');
    this.speaker = (this._source.speaker as ChatSpeaker) ?? {};
    this.authorId = (this._source.author as string | undefined) ?? null;
    const rolls = (this._source.rolls as Record<string, unknown>[] | undefined) ?? [];
    this.rolls = rolls.map((data) => Roll.fromData(data));
  }

  override testUserPermission(user: User, level: OwnershipLevel): boolean {
    if (user.isGM || user.id === this.authorId) return true;
    return OWNERSHIP[level] <= OWNERSHIP.OBSERVER;
  }

  /** Only a GM changes a message's author (its author may change the rest). */
  override async update(
    changes: Record<string, unknown>,
    options: DocumentModificationOptions = {},
  ): Promise<this | undefined> {
    const diff = expandObject(changes);
    if (!game.user.isGM && ('author' in diff || 'user' in diff))
      throw new Error(
        `User ${game.user.name} lacks permission to change the author of ChatMessage ${this.id}`,
      );
    const writer = game.user.id;
    const updated = await super.update(changes, options);
    if (updated) this._source._stats = { ...(this._source._stats as object), lastModifiedBy: writer };
    return updated;
  }

  static async create(
    data: ChatMessageData,
    options: DocumentModificationOptions = {},
  ): Promise<ChatMessage | undefined> {
    const source: Record<string, unknown> = {
      ...data,
      // A subtype of system.json (`CONFIG.ChatMessage.dataModels`; its `system` cleaned by the model), else core's `base`.
      type: data.type ?? 'base',
      author: game.user.id,
      rolls: (data.rolls ?? []).map((roll) => roll.toJSON()),
      _stats: { lastModifiedBy: game.user.id },
    };
    const message = new HarnessChatMessage(source);
    if (Hooks.call('preCreateChatMessage', message, source, options, game.user.id) === false)
      return undefined;
    world.messages.set(message);
    broadcast('createChatMessage', message, options, game.user.id);
    return message;
  }

  /** The message as this client's chat log shows it (chat-html.ts). */
  async renderHTML(): Promise<HTMLElement> {
    return renderMessageHTML(this);
  }

  static getSpeaker(options: { actor?: Actor | null; alias?: string } = {}): ChatSpeaker {
    const actor = options.actor ?? null;
    return {
      actor: actor?.id ?? null,
      alias: options.alias ?? actor?.name ?? game.user.name,
      token: null,
      scene: null,
    };
  }

  protected override _onDelete(): void {
    world.messages.delete(this._id as string);
  }
}

export class HarnessUser extends HarnessDocument implements User {
  static override documentName = 'User';
  readonly targets = new Set<Token>();
  active = true;
  /** The user's hotbar: macro id by slot (1–50). */
  readonly hotbar = new Map<number, string>();

  async assignHotbarMacro(macro: Macro | null, slot: number | string): Promise<this> {
    const n = Number(slot);
    if (!Number.isInteger(n) || n < 1 || n > 50) throw new Error(`Invalid hotbar slot ${String(slot)}`);
    if (macro) {
      // A macro sits in one slot of a user's hotbar: assigning it elsewhere moves it.
      for (const [other, id] of this.hotbar) if (id === macro.id) this.hotbar.delete(other);
      this.hotbar.set(n, macro.id as string);
    } else this.hotbar.delete(n);
    return this;
  }

  get isGM(): boolean {
    return this._source.role === 'gm';
  }

  /**
   * Sends a query as v13 does: the server delivers it to this user's client only, whose
   * `CONFIG.queries[name]` handler runs as this user with the data and `{ timeout }` — nothing says
   * who sent it (foundryvtt/foundryvtt#13418). Data and answer cross the wire as copies.
   */
  async query(
    name: string,
    data: Record<string, unknown>,
    options: { timeout?: number } = {},
  ): Promise<unknown> {
    if (!this.active) throw new Error(`User ${this.name} is not connected`);
    const sent = cloneData(data);
    const answer = await asClient(this, async () => {
      // The receiving client's own handler (registered on every client alike).
      const handler = CONFIG.queries[name];
      if (!handler) throw new Error(`No query handler is registered for "${name}"`);
      return handler(sent, { timeout: options.timeout ?? 30_000 });
    });
    return answer === undefined ? undefined : cloneData(answer);
  }
}

/**
 * A Macro: created by (and owned by) the current user, in `game.macros`. `execute()` runs a script
 * macro's command as an async function body, as Foundry does (the harness does not check the
 * "use script macros" permission).
 */
export class HarnessMacro extends HarnessDocument implements Macro {
  static override documentName = 'Macro' as const;
  declare type: 'script' | 'chat';
  declare command: string;

  protected override _initialize(): void {
    super._initialize();
    this.type = this._source.type === 'chat' ? 'chat' : 'script';
    this.command = String(this._source.command ?? '');
  }

  static async create(
    data: Record<string, unknown>,
    options: DocumentModificationOptions = {},
  ): Promise<Macro | undefined> {
    const source = { ownership: { default: 0, [game.user.id as string]: OWNERSHIP.OWNER }, ...data };
    const macro = new HarnessMacro(source);
    if (Hooks.call('preCreateMacro', macro, source, options, game.user.id) === false) return undefined;
    world.macros.set(macro);
    broadcast('createMacro', macro, options, game.user.id);
    return macro;
  }

  /** Runs the script (`this` unbound, Foundry's globals in scope); resolves with what it returns. */
  async execute(): Promise<unknown> {
    if (this.type !== 'script') throw new Error('Only script macros run in the harness');
    const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (
      ...args: string[]
    ) => () => Promise<unknown>;
    return new AsyncFunction(this.command)();
  }

  protected override _onDelete(): void {
    world.macros.delete(this._id as string);
  }
}

/**
 * A combatant: a document embedded in its combat (flags, `update`, `setFlag`; fires
 * `updateCombatant`). Its permission is its actor's (the actor's owners own the combatant).
 */
export class HarnessCombatant extends HarnessDocument implements Combatant {
  static override documentName = 'Combatant';
  initiative: number | null = null;
  defeated = false;
  readonly actor: Actor | null;
  readonly actorId: string | null;

  /** The combatant's token on the combat's scene (`tokenId`, `sceneId`, `token`), when it has one. */
  readonly tokenId: string | null;
  readonly sceneId: string | null;
  readonly token: TokenDocument | null;

  constructor(actor: Actor | null, combat: Combat, token: TokenDocument | null = null) {
    super({ name: actor?.name ?? '', type: 'base' }, { parent: combat });
    this.actor = actor;
    this.token = token;
    this.tokenId = token?.id ?? null;
    this.sceneId = token?.parent?.id ?? null;
    this.actorId = actor?.id ?? null;
  }

  /**
   * Core's default: the formula given, else `1d20` (the system's Combatant overrides it, as dnd5e's
   * `Combatant5e#getInitiativeRoll(formula)` does; evidence in README.md).
   */
  getInitiativeRoll(formula?: string): Roll {
    return new Roll(formula ?? '1d20');
  }

  override get id(): string {
    return this._id as string;
  }

  declare readonly parent: Combat | null;

  override testUserPermission(user: User, level: OwnershipLevel): boolean {
    if (user.isGM) return true;
    return this.actor ? this.actor.testUserPermission(user, level) : false;
  }

  /** `update({ initiative })` changes the count (a source field of the combatant; evidence in README.md). */
  protected override _initialize(): void {
    super._initialize();
    const value = this._source.initiative;
    if (typeof value === 'number' || value === null) this.initiative = value;
    if (typeof this._source.defeated === 'boolean') this.defeated = this._source.defeated;
  }

  protected override async _onUpdate(_diff: Record<string, unknown>): Promise<void> {}
}

/**
 * A combat. Changing turn or round fires `updateCombat`, then — as Foundry v13 does on the active
 * GM's client only — the turn events `_onStartRound(context)` (new round) and
 * `_onStartTurn(combatant, context)`, run here once, as the active GM, and awaited.
 */
export class HarnessCombat extends HarnessDocument implements Combat {
  static override documentName = 'Combat';
  round = 1;
  turn = 0;
  readonly combatants = new HarnessCollection<Combatant>();
  /** The scene the combat is linked to (null: unlinked, shown with any scene). */
  scene: Scene | null = null;
  /** Whether it is its scene's active combat (a document field; `activate()`). */
  active = false;

  get combatant(): Combatant | null {
    return this.combatants.contents[this.turn] ?? null;
  }

  /** The combatants in turn order (v13 `Combat#turns`; `combatant` is `turns[turn]`). */
  get turns(): Combatant[] {
    return this.combatants.contents;
  }

  /**
   * `round` and `turn` are source fields: `update({ round, turn })` sets them (and runs the turn
   * events, below), as cosmere-rpg's `CosmereCombat#nextTurn` / `setCurrentTurnFromCombatant` rely
   * on (evidence in README.md).
   */
  protected override _initialize(): void {
    super._initialize();
    if (typeof this._source.round === 'number') this.round = this._source.round;
    if (typeof this._source.turn === 'number') this.turn = this._source.turn;
  }

  /** Sets round and turn, in the source too (the harness's own turn methods). */
  #place(round: number, turn: number): void {
    this.round = round;
    this.turn = turn;
    this._source.round = round;
    this._source.turn = turn;
  }

  /**
   * An update that changes the round or the turn runs the turn events after `updateCombat` (on the
   * active GM, as `nextTurn` does): a new round's `_onStartRound`, then the turn's `_onStartTurn`.
   */
  override async update(
    changes: Record<string, unknown>,
    options: DocumentModificationOptions = {},
  ): Promise<this | undefined> {
    const before = { round: this.round, turn: this.turn };
    const updated = await super.update(changes, options);
    if (!updated || (before.round === this.round && before.turn === this.turn)) return updated;
    await this.#turnEvents(this.round !== before.round);
    return updated;
  }

  /**
   * The order of two combatants in the turn order (core's default: the higher initiative first; a
   * system's Combat overrides it, as dnd5e's `Combat5e#_sortCombatants(a, b)` and cosmere-rpg's
   * `setupTurns` sorting with `this._sortCombatants` show: evidence in README.md).
   */
  _sortCombatants(a: Combatant, b: Combatant): number {
    return (b.initiative ?? -Infinity) - (a.initiative ?? -Infinity);
  }

  get started(): boolean {
    return this.round > 0;
  }

  /**
   * A world combat (used by the self-test): not begun (round 0) until `startCombat`; the world's
   * active combat (`game.combat`) once `activate()`d.
   */
  static async create(data: Record<string, unknown>): Promise<Combat> {
    const Cls = CONFIG.Combat.documentClass as unknown as typeof HarnessCombat;
    const combat = new Cls({ name: 'Combat', type: 'base', ...data });
    combat.round = 0;
    world.combats.set(combat as unknown as Combat);
    broadcast('createCombat', combat, {}, game.user.id);
    return combat as unknown as Combat;
  }

  /**
   * Makes this the active combat of its scene (`active`; the other combats of that scene are no
   * longer active) and the one the tracker shows (`game.combat`).
   */
  async activate(): Promise<this> {
    for (const other of world.combats)
      if (other !== (this as unknown as Combat) && other.scene === this.scene)
        (other as unknown as HarnessCombat).active = false;
    this.active = true;
    game.combat = this as unknown as Combat;
    return this;
  }

  /** Combatants of world actors (`{ actorId, initiative }`), kept in initiative order, highest first. */
  async createEmbeddedDocuments(_type: 'Combatant', data: Record<string, unknown>[]): Promise<Combatant[]> {
    const created = data.map((entry) => {
      const actor = world.actors.get(String(entry.actorId)) ?? null;
      if (!actor) throw new Error(`No actor ${String(entry.actorId)} for a combatant`);
      return this.addCombatant(actor, typeof entry.initiative === 'number' ? entry.initiative : null);
    });
    const ordered = [...this.combatants].sort((a, b) => this._sortCombatants(a, b));
    this.combatants.clear();
    for (const combatant of ordered) this.combatants.set(combatant);
    return created;
  }

  /** Round 1, the first turn, and its turn events (Foundry's `startCombat`). */
  async startCombat(): Promise<this> {
    this.#place(1, 0);
    broadcast('updateCombat', this, { round: 1, turn: 0 }, {}, game.user.id);
    await this.#turnEvents(true);
    return this;
  }

  protected override _onDelete(): void {
    world.combats.delete(this._id as string);
    if (game.combat === (this as unknown as Combat)) game.combat = null;
  }

  /**
   * Updates combatants (`{ _id, initiative?, defeated? }`), then puts the turn order back in
   * initiative order, highest first, the current combatant keeping its turn (Foundry's turn order
   * follows initiative: dnd5e `Combat5e#_sortCombatants` defers to core's for unequal initiatives).
   */
  async updateEmbeddedDocuments(
    _type: 'Combatant',
    updates: Record<string, unknown>[],
    options: DocumentModificationOptions = {},
  ): Promise<Combatant[]> {
    const done: Combatant[] = [];
    for (const { _id, ...changes } of updates) {
      const combatant = this.combatants.get(String(_id));
      if (!combatant) continue;
      await combatant.update(changes, options);
      done.push(combatant);
    }
    if (done.length) this.#sortTurns();
    return done;
  }

  /**
   * Core's `rollInitiative(ids, { formula })`: each owned combatant's `getInitiativeRoll(formula)`
   * evaluated, its total stored as `initiative` (dnd5e `Combat5e#rollInitiative` reads
   * `this.combatants.get(id).initiative` after `super.rollInitiative(ids, options)`; evidence in
   * README.md). The chat message core posts with the roll is not modelled.
   */
  async rollInitiative(ids: string | string[], options: { formula?: string | null } = {}): Promise<this> {
    const updates: Record<string, unknown>[] = [];
    for (const id of typeof ids === 'string' ? [ids] : ids) {
      const combatant = this.combatants.get(id) as HarnessCombatant | undefined;
      if (!combatant || !combatant.testUserPermission(game.user, 'OWNER')) continue;
      const roll = await combatant.getInitiativeRoll(options.formula ?? undefined).evaluate();
      updates.push({ _id: id, initiative: roll.total });
    }
    await this.updateEmbeddedDocuments('Combatant', updates);
    return this;
  }

  #sortTurns(): void {
    const current = this.started ? this.combatant : null;
    const ordered = [...this.combatants].sort((a, b) => this._sortCombatants(a, b));
    this.combatants.clear();
    for (const combatant of ordered) this.combatants.set(combatant);
    if (current) this.#place(this.round, Math.max(0, ordered.indexOf(current)));
  }

  /** Adds a combatant of `actor`, standing for its token on the combat's scene when it has one there. */
  addCombatant(actor: Actor, initiative: number | null = null): Combatant {
    const token = this.scene ? (this.scene.tokens.find((doc) => doc.actor === actor) ?? null) : null;
    const CombatantClass = (CONFIG.Combatant?.documentClass ??
      HarnessCombatant) as unknown as typeof HarnessCombatant;
    const combatant = new CombatantClass(actor, this, token);
    combatant.initiative = initiative;
    this.combatants.set(combatant);
    return combatant;
  }

  async nextTurn(): Promise<this> {
    const count = this.combatants.size;
    if (this.turn + 1 >= count) return this.nextRound();
    this.#place(this.round, this.turn + 1);
    broadcast('updateCombat', this, { turn: this.turn }, {}, game.user.id);
    await this.#turnEvents(false);
    return this;
  }

  async nextRound(): Promise<this> {
    this.#place(this.round + 1, 0);
    broadcast('updateCombat', this, { round: this.round, turn: 0 }, {}, game.user.id);
    await this.#turnEvents(true);
    return this;
  }

  /** Starts the combat's first turn (round 1, turn 0): the turn events, as Foundry's `startCombat`. */
  async begin(): Promise<this> {
    await this.#turnEvents(true);
    return this;
  }

  async #turnEvents(newRound: boolean): Promise<void> {
    const gm = game.users.activeGM;
    if (!gm) return;
    await asClient(gm, async () => {
      const context: CombatTurnEventContext = { round: this.round, turn: this.turn, skipped: false };
      if (newRound) await this._onStartRound(context);
      const combatant = this.combatant;
      if (combatant) await this._onStartTurn(combatant, context);
    });
  }

  async _onStartTurn(_combatant: Combatant, _context: CombatTurnEventContext): Promise<void> {}

  async _onStartRound(_context: CombatTurnEventContext): Promise<void> {}
}

// The harness classes must satisfy the constructors the declarations describe.
export const ActorImpl: ActorConstructor = HarnessActor;
export const ItemImpl: ItemConstructor = HarnessItem;
export const ChatMessageImpl: ChatMessageConstructor = HarnessChatMessage;
export const ActiveEffectImpl: ActiveEffectConstructor = HarnessActiveEffect;
export const MacroImpl: MacroConstructor = HarnessMacro;
export const CombatImpl: CombatConstructor = HarnessCombat;
export const CombatantImpl: CombatantConstructor = HarnessCombatant as unknown as CombatantConstructor;
