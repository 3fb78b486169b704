/**
 * `game.packs`: the in-memory packs of uuid.ts as compendium collections (`metadata`, `getIndex()`,
 * `getDocuments()`), as the self-test reads them. `loadSystemPacks` fills them with every document
 * of packs/_source, created through the data models as Foundry loads a pack.
 */
import { packDocumentNames, packs, resolvePack } from './uuid.js';

export class HarnessCompendium implements CompendiumCollection {
  readonly metadata: CompendiumCollection['metadata'];

  constructor(
    readonly collection: string,
    readonly documentName: string,
  ) {
    const [packageName = '', name = ''] = collection.split('.');
    this.metadata = { name, label: name, packageType: 'system', packageName };
  }

  async getIndex(): Promise<{ readonly size: number }> {
    return { size: resolvePack(this.collection)?.size ?? 0 };
  }

  async getDocuments(): Promise<FoundryDocument[]> {
    return [...(resolvePack(this.collection) ?? [])];
  }
}

/** `game.packs`, over whatever packs hold now. */
export function compendiumCollections(): Game['packs'] {
  const all = () => [...packs.keys()].map((id) => new HarnessCompendium(id, packDocumentNames.get(id) ?? ''));
  return {
    get size() {
      return packs.size;
    },
    get contents() {
      return all();
    },
    [Symbol.iterator]: () => all()[Symbol.iterator](),
    get: (id: string) =>
      packs.has(id) ? new HarnessCompendium(id, packDocumentNames.get(id) ?? '') : undefined,
    has: (id: string) => packs.has(id),
    filter: (fn) => all().filter(fn),
    map: (fn) => all().map(fn),
    find: (fn) => all().find(fn),
    getName: (name: string) => all().find((pack) => pack.metadata.name === name),
  };
}
