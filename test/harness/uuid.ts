/**
 * `fromUuid` / `fromUuidSync` of the fake runtime, and a small in-memory "compendium": documents
 * registered by pack (`registerCompendiumDocument`) resolve by `Compendium.<package>.<pack>.<Type>.<id>`
 * without being in the world. Compendium documents are read-only for players and locked for everyone.
 */
import { HarnessActor, HarnessCollection, HarnessDocument, HarnessItem } from './documents.js';
import { world } from './world.js';

/** Compendium packs by collection id (`gng.items`), each a collection of its documents. */
export const packs = new Map<string, HarnessCollection<HarnessDocument>>();

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
  const packId = pack.includes('.') ? pack : `${game.system.id}.${pack}`;
  const config = documentName === 'JournalEntry' ? undefined : CONFIG[documentName].documentClass;
  const fallback =
    documentName === 'Actor' ? HarnessActor : documentName === 'Item' ? HarnessItem : journalEntryClass();
  const Cls = (config ?? fallback) as unknown as new (
    data: Record<string, unknown>,
    options: { pack: string },
  ) => HarnessDocument;
  const doc = new Cls(data, { pack: packId });
  let collection = packs.get(packId);
  if (!collection) {
    collection = new HarnessCollection<HarnessDocument>();
    packs.set(packId, collection);
  }
  collection.set(doc);
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
    const candidate = packs.get(`${packageName}.${packName}`)?.get(id ?? '');
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
