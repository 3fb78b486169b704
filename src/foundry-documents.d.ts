/**
 * Foundry v13 declarations: documents (actors, items, effects, chat messages, rolls).
 * The rules for all of them are in `src/foundry.d.ts`'s header.
 */
import type { CreatureData } from './data/actor/creature-data.js';

declare global {
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
}
