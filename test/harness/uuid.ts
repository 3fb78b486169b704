/**
 * `fromUuid` / `fromUuidSync` of the fake runtime, and a small in-memory "compendium": documents
 * registered by pack (`registerCompendiumDocument`) resolve by `Compendium.<package>.<pack>.<Type>.<id>`
 * without being in the world. Compendium documents are read-only for players and locked for everyone.
 */
import { HarnessActor, HarnessCollection, HarnessDocument, HarnessItem } from './documents.js';
import { world } from './world.js';

/** Compendium packs by collection id (`gng.items`), each a collection of its documents. */
export const packs = new Map<string, HarnessCollection<HarnessDocument>>();

/**
 * Pack entries registered by source (`registerCompendiumSource`) and not made yet, by pack id, then
 * document id: each is made on first access, as Foundry reads a compendium document from its pack
 * when it is asked for. `resolvePack` makes them.
 */
const waiting = new Map<string, Map<string, () => HarnessDocument>>();
/** Each pack's document ids in the order they were first registered (made or waiting). */
const registered = new Map<string, Set<string>>();
/** Each pack's document name (`Item`, `Actor`, `JournalEntry`), as registered. */
export const packDocumentNames = new Map<string, string>();

/** Empties every pack, made or waiting (the harness's reset). */
export function clearPacks(): void {
  packs.clear();
  waiting.clear();
  registered.clear();
  packDocumentNames.clear();
}

/**
 * A pack with its waiting entries made: the one with `id` (a lookup by id), or all of them, in the
 * order they were registered (a listing).
 */
export function resolvePack(packId: string, id?: string): HarnessCollection<HarnessDocument> | undefined {
  const entries = waiting.get(packId);
  const collection = packs.get(packId);
  if (!entries || !collection) return collection;
  if (id !== undefined) {
    const make = entries.get(id);
    if (make) {
      entries.delete(id);
      make();
    }
    return collection;
  }
  waiting.delete(packId);
  for (const make of entries.values()) make();
  // Registration order, whichever entries a lookup made first.
  const docs = [...(registered.get(packId) ?? [])].map((key) => collection.get(key));
  for (const doc of docs) if (doc) collection.delete(doc.id as string);
  for (const doc of docs) if (doc) collection.set(doc);
  return collection;
}

function packIdOf(pack: string): string {
  return pack.includes('.') ? pack : `${game.system.id}.${pack}`;
}

/**
 * Adds a document to a pack by its source (with an `_id`), made on first access: `fromUuid` of its
 * uuid, or a listing of its pack. Many entries cost nothing until one is used (the playground
 * registers every pack again at each reset). An entry with no `_id` is made at once.
 */
export function registerCompendiumSource(
  pack: string,
  data: Record<string, unknown>,
  documentName: 'Actor' | 'Item' | 'JournalEntry' = 'Item',
): void {
  const id = data._id;
  if (typeof id !== 'string' || !id) {
    registerCompendiumDocument(pack, data, documentName);
    return;
  }
  const packId = packIdOf(pack);
  collectionOf(packId, documentName, id);
  let entries = waiting.get(packId);
  if (!entries) waiting.set(packId, (entries = new Map()));
  entries.set(id, () => registerCompendiumDocument(pack, data, documentName) as HarnessDocument);
}

function collectionOf(packId: string, documentName: string, id: string): HarnessCollection<HarnessDocument> {
  let ids = registered.get(packId);
  if (!ids) registered.set(packId, (ids = new Set()));
  ids.add(id);
  let collection = packs.get(packId);
  if (!collection) {
    collection = new HarnessCollection<HarnessDocument>();
    packs.set(packId, collection);
  }
  if (!packDocumentNames.has(packId)) packDocumentNames.set(packId, documentName);
  return collection;
}

let JournalEntryClass: (new (data: Record<string, unknown>) => HarnessDocument) | undefined;
/** A journal entry of a pack (rules, conditions): its pages stay in its source. Made on first use (import order). */
function journalEntryClass() {
  JournalEntryClass ??= class HarnessJournalEntry extends HarnessDocument {
    static override documentName = 'JournalEntry';
  };
  return JournalEntryClass;
}

/**
 * Adds a document to a pack: `pack` is the pack name (`items`, read as `gng.items`) or a full
 * `<package>.<pack>` id. Returns the document, whose uuid is `Compendium.gng.items.Item.<id>`.
 */
export function registerCompendiumDocument(
  pack: string,
  data: Record<string, unknown>,
  documentName: 'Actor' | 'Item' | 'JournalEntry' = 'Item',
): FoundryDocument {
  const packId = packIdOf(pack);
  const config = documentName === 'JournalEntry' ? undefined : CONFIG[documentName].documentClass;
  const fallback =
    documentName === 'Actor' ? HarnessActor : documentName === 'Item' ? HarnessItem : journalEntryClass();
  const Cls = (config ?? fallback) as unknown as new (
    data: Record<string, unknown>,
    options: { pack: string },
  ) => HarnessDocument;
  const doc = new Cls(data, { pack: packId });
  // A document registered again by id replaces one still waiting.
  waiting.get(packId)?.delete(doc.id as string);
  collectionOf(packId, documentName, doc.id as string).set(doc);
  return doc;
}

function worldCollection(documentName: string | undefined): HarnessCollection<FoundryDocument> | undefined {
  switch (documentName) {
    case 'Actor':
      return world.actors as unknown as HarnessCollection<FoundryDocument>;
    case 'Item':
      return world.items as unknown as HarnessCollection<FoundryDocument>;
    case 'ChatMessage':
      return world.messages as unknown as HarnessCollection<FoundryDocument>;
    case 'Macro':
      return world.macros as unknown as HarnessCollection<FoundryDocument>;
    case 'User':
      return world.users as unknown as HarnessCollection<FoundryDocument>;
    default:
      return undefined;
  }
}

/** The document of a world, embedded or compendium uuid, or null. Never throws. */
export function fromUuidSync(uuid: string): FoundryDocument | null {
  const parts = uuid.split('.');
  let doc: FoundryDocument | undefined;
  let rest: string[];
  if (parts[0] === 'Compendium') {
    const [, packageName, packName, documentName, id, ...tail] = parts;
    const candidate = resolvePack(`${packageName}.${packName}`, id ?? '')?.get(id ?? '');
    doc = candidate?.documentName === documentName ? candidate : undefined;
    rest = tail;
  } else {
    const [documentName, id, ...tail] = parts;
    doc = worldCollection(documentName)?.get(id ?? '');
    rest = tail;
  }
  while (doc && rest.length) {
    const [documentName, id, ...tail] = rest;
    const collection = (doc as HarnessDocument).getEmbeddedCollection(documentName ?? '');
    doc = collection?.get(id ?? '');
    rest = tail;
  }
  return doc ?? null;
}

export async function fromUuid(uuid: string): Promise<FoundryDocument | null> {
  return fromUuidSync(uuid);
}
