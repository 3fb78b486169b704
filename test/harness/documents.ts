/**
 * Documents of the fake runtime: Actor (with embedded Items), Item, ChatMessage, User, Combat.
 * Data lives in `_source`; `system` is rebuilt through the registered `TypeDataModel` and
 * `prepareData()` runs on every change, as in Foundry. Updates check ownership, fire the
 * cancellable `preUpdate<Doc>` hook and the `update<Doc>` hook, and re-render open sheets.
 */
import { expandObject, mergeInto, randomId } from './utils.js';
import { world } from './world.js';

export const OWNERSHIP = { NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 } as const;
type OwnershipLevel = keyof typeof OWNERSHIP;

/** A Map-backed collection with the array helpers the declarations name. */
export class HarnessCollection<T extends { id: string | null }> implements EmbeddedCollection<T> {
  readonly #docs = new Map<string, T>();

  get size(): number {
    return this.#docs.size;
  }

  get contents(): T[] {
    return [...this.#docs.values()];
  }

  [Symbol.iterator](): Iterator<T> {
    return this.#docs.values();
  }

  get(id: string): T | undefined {
    return this.#docs.get(id);
  }

  set(doc: T): void {
    this.#docs.set(doc.id as string, doc);
  }

  delete(id: string): boolean {
    return this.#docs.delete(id);
  }

  clear(): void {
    this.#docs.clear();
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

function configFor(documentName: string): DocumentConfig | undefined {
  return (CONFIG as unknown as Record<string, DocumentConfig | undefined>)[documentName];
}

export abstract class HarnessDocument implements FoundryDocument {
  static documentName = 'Document';
  _id: string | null;
  name: string;
  type: string;
  img: string | null;
  flags: Record<string, Record<string, unknown>>;
  ownership: Record<string, number>;
  system!: TypeDataModel;
  readonly parent: FoundryDocument | null;
  protected _source: Record<string, unknown>;
  /** Applications showing this document; re-rendered after each update. */
  readonly apps = new Set<DocumentApp>();

  constructor(data: Record<string, unknown>, options: { parent?: FoundryDocument | null } = {}) {
    this._source = structuredClone({ _id: randomId(), flags: {}, ownership: { default: 0 }, ...data });
    this.parent = options.parent ?? null;
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

  get documentName(): string {
    return (this.constructor as typeof HarnessDocument).documentName;
  }

  get uuid(): string {
    const own = `${this.documentName}.${this._id}`;
    return this.parent ? `${this.parent.uuid}.${own}` : own;
  }

  get isOwner(): boolean {
    return this.testUserPermission(game.user, 'OWNER');
  }

  testUserPermission(user: User, level: OwnershipLevel): boolean {
    if (user.isGM) return true;
    if (this.parent) return this.parent.testUserPermission(user, level);
    const granted = this.ownership[user.id as string] ?? this.ownership.default ?? 0;
    return granted >= OWNERSHIP[level];
  }

  /** Rebuilds fields and `system` from `_source`, then prepares derived data. */
  protected _initialize(): void {
    const source = this._source;
    this.name = String(source.name ?? '');
    this.type = String(source.type ?? 'base');
    this.img = (source.img as string | undefined) ?? null;
    this.flags = structuredClone((source.flags as Record<string, Record<string, unknown>>) ?? {});
    this.ownership = structuredClone((source.ownership as Record<string, number>) ?? { default: 0 });
    this._initializeSystem();
    this._initializeEmbedded();
    this.prepareData();
  }

  protected _initializeSystem(): void {
    const models = configFor(this.documentName)?.dataModels ?? {};
    const Model = models[this.type];
    if (!Model) {
      if (Object.keys(models).length)
        throw new Error(`${this.documentName} type "${this.type}" is not registered`);
      return;
    }
    this.system = new Model((this._source.system as Record<string, unknown>) ?? {}, { parent: this });
    this._source.system = this.system.toObject();
  }

  protected _initializeEmbedded(): void {}

  prepareData(): void {
    this.prepareBaseData();
    this.system?.prepareBaseData();
    this.prepareEmbeddedDocuments();
    this.prepareDerivedData();
    this.system?.prepareDerivedData();
  }

  prepareBaseData(): void {}

  prepareEmbeddedDocuments(): void {}

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
    return structuredClone(this._source);
  }

  async update(
    changes: Record<string, unknown>,
    options: DocumentModificationOptions = {},
  ): Promise<this | undefined> {
    const user = game.user;
    if (!this.testUserPermission(user, 'OWNER')) {
      throw new Error(`User ${user.name} lacks permission to update ${this.documentName} ${this.name}`);
    }
    const diff = expandObject(changes);
    if (Hooks.call(`preUpdate${this.documentName}`, this, diff, options, user.id) === false) return undefined;
    const previous = this._source;
    const next = mergeInto(structuredClone(previous), diff);
    this._source = next;
    try {
      this._initialize();
    } catch (error) {
      // Invalid data changes nothing, as Foundry's validation does.
      this._source = previous;
      this._initialize();
      throw error;
    }
    await this._onUpdate(diff);
    Hooks.callAll(`update${this.documentName}`, this, diff, options, user.id);
    if (options.render !== false) for (const app of this.apps) await app.render(false);
    return this;
  }

  protected async _onUpdate(_diff: Record<string, unknown>): Promise<void> {
    if (this.parent instanceof HarnessDocument) {
      this.parent.refreshEmbedded(this);
    }
  }

  /** Called by an embedded document after it changed: store its source and re-prepare. */
  refreshEmbedded(_child: HarnessDocument): void {}

  async delete(options: DocumentModificationOptions = {}): Promise<this | undefined> {
    if (!this.testUserPermission(game.user, 'OWNER')) {
      throw new Error(`User ${game.user.name} lacks permission to delete ${this.documentName} ${this.name}`);
    }
    if (Hooks.call(`preDelete${this.documentName}`, this, options, game.user.id) === false) return undefined;
    this._onDelete();
    Hooks.callAll(`delete${this.documentName}`, this, options, game.user.id);
    return this;
  }

  protected _onDelete(): void {}
}

export class HarnessItem extends HarnessDocument implements Item {
  static override documentName = 'Item' as const;

  get actor(): Actor | null {
    return (this.parent as Actor | null) ?? null;
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
    Hooks.callAll('createItem', item, options, game.user.id);
    return item;
  }

  protected override _onDelete(): void {
    if (this.parent instanceof HarnessActor) this.parent.removeItem(this._id as string);
    else world.items.delete(this._id as string);
  }
}

export class HarnessActor extends HarnessDocument implements Actor {
  static override documentName = 'Actor' as const;
  declare items: HarnessCollection<Item>;

  static async create(
    data: Record<string, unknown>,
    options: DocumentModificationOptions = {},
  ): Promise<Actor | undefined> {
    const Cls = (CONFIG.Actor.documentClass ?? HarnessActor) as unknown as ActorConstructor;
    const actor = new Cls(data);
    if (Hooks.call('preCreateActor', actor, data, options, game.user.id) === false) return undefined;
    world.actors.set(actor);
    Hooks.callAll('createActor', actor, options, game.user.id);
    return actor;
  }

  protected override _initializeEmbedded(): void {
    const ItemCls = (CONFIG.Item.documentClass ?? HarnessItem) as unknown as ItemConstructor;
    this.items = new HarnessCollection<Item>();
    for (const data of (this._source.items as Record<string, unknown>[] | undefined) ?? []) {
      this.items.set(new ItemCls(data, { parent: this }));
    }
  }

  override refreshEmbedded(child: HarnessDocument): void {
    const items = (this._source.items as Record<string, unknown>[] | undefined) ?? [];
    this._source.items = items.map((data) => (data._id === child.id ? child.toObject() : data));
    this.prepareData();
  }

  removeItem(id: string): void {
    const items = (this._source.items as Record<string, unknown>[] | undefined) ?? [];
    this._source.items = items.filter((data) => data._id !== id);
    this.items.delete(id);
    this.prepareData();
  }

  async createEmbeddedDocuments(_type: 'Item', data: Record<string, unknown>[]): Promise<Item[]> {
    if (!this.isOwner)
      throw new Error(`User ${game.user.name} lacks permission to update Actor ${this.name}`);
    const ItemCls = (CONFIG.Item.documentClass ?? HarnessItem) as unknown as ItemConstructor;
    const created: Item[] = [];
    for (const entry of data) {
      const item = new ItemCls({ _id: randomId(), ...entry }, { parent: this });
      if (Hooks.call('preCreateItem', item, entry, {}, game.user.id) === false) continue;
      this._source.items = [...((this._source.items as Record<string, unknown>[]) ?? []), item.toObject()];
      this.items.set(item);
      created.push(item);
    }
    this.prepareData();
    for (const item of created) Hooks.callAll('createItem', item, {}, game.user.id);
    for (const app of this.apps) await app.render(false);
    return created;
  }

  async deleteEmbeddedDocuments(_type: 'Item', ids: string[]): Promise<Item[]> {
    const deleted: Item[] = [];
    for (const id of ids) {
      const item = this.items.get(id);
      if (item && (await item.delete())) deleted.push(item);
    }
    for (const app of this.apps) await app.render(false);
    return deleted;
  }

  getActiveTokens(): Token[] {
    return world.tokens.filter((token) => token.actor === (this as Actor));
  }

  protected override _onDelete(): void {
    world.actors.delete(this._id as string);
  }
}

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

  static async create(
    data: ChatMessageData,
    options: DocumentModificationOptions = {},
  ): Promise<ChatMessage | undefined> {
    const source: Record<string, unknown> = {
      ...data,
      type: 'base',
      author: game.user.id,
      rolls: (data.rolls ?? []).map((roll) => roll.toJSON()),
    };
    const message = new HarnessChatMessage(source);
    if (Hooks.call('preCreateChatMessage', message, source, options, game.user.id) === false)
      return undefined;
    world.messages.set(message);
    Hooks.callAll('createChatMessage', message, options, game.user.id);
    return message;
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

  get isGM(): boolean {
    return this._source.role === 'gm';
  }

  /**
   * Runs `CONFIG.queries[name]` as the receiving user (this one) would: `game.user` is this user
   * while the handler runs, and the handler's context names the sender.
   */
  async query(
    name: string,
    data: Record<string, unknown>,
    _options: { timeout?: number } = {},
  ): Promise<unknown> {
    const handler = CONFIG.queries[name];
    if (!handler) throw new Error(`No query handler is registered for "${name}"`);
    if (!this.active) throw new Error(`User ${this.name} is not connected`);
    const sender = game.user;
    const harnessGame = game as unknown as { user: User };
    harnessGame.user = this;
    try {
      return await handler(structuredClone(data), { user: sender });
    } finally {
      harnessGame.user = sender;
    }
  }
}

export class HarnessCombatant implements Combatant {
  readonly id: string = randomId();
  initiative: number | null = null;
  flags: Record<string, Record<string, unknown>> = {};
  constructor(readonly actor: Actor | null) {}
}

export class HarnessCombat extends HarnessDocument implements Combat {
  static override documentName = 'Combat';
  round = 1;
  turn = 0;
  readonly combatants = new HarnessCollection<Combatant>();

  get combatant(): Combatant | null {
    return this.combatants.contents[this.turn] ?? null;
  }

  addCombatant(actor: Actor, initiative: number | null = null): Combatant {
    const combatant = new HarnessCombatant(actor);
    combatant.initiative = initiative;
    this.combatants.set(combatant);
    return combatant;
  }

  async nextTurn(): Promise<this> {
    const count = this.combatants.size;
    if (this.turn + 1 >= count) return this.nextRound();
    this.turn += 1;
    Hooks.callAll('updateCombat', this, { turn: this.turn }, {}, game.user.id);
    return this;
  }

  async nextRound(): Promise<this> {
    this.round += 1;
    this.turn = 0;
    Hooks.callAll('updateCombat', this, { round: this.round, turn: 0 }, {}, game.user.id);
    return this;
  }
}

// The harness classes must satisfy the constructors the declarations describe.
export const ActorImpl: ActorConstructor = HarnessActor;
export const ItemImpl: ItemConstructor = HarnessItem;
export const ChatMessageImpl: ChatMessageConstructor = HarnessChatMessage;
