/**
 * `game.packs`: the in-memory packs of uuid.ts as compendium collections (`metadata`, `getIndex()`,
 * `getDocuments()`), as the self-test reads them. `loadSystemPacks` fills them with every document
 * of packs/_source, created through the data models as Foundry loads a pack.
 */
import { packs } from './uuid.js';

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
    return { size: packs.get(this.collection)?.size ?? 0 };
  }

  async getDocuments(): Promise<FoundryDocument[]> {
    return [...(packs.get(this.collection) ?? [])];
  }
}

/** `game.packs`, over whatever packs hold now. */
export function compendiumCollections(): Game['packs'] {
  const all = () =>
    [...packs.entries()].map(([id, docs]) => new HarnessCompendium(id, docs.contents[0]?.documentName ?? ''));
  return {
    get size() {
      return packs.size;
    },
    get contents() {
      return all();
    },
    [Symbol.iterator]: () => all()[Symbol.iterator](),
    get: (id: string) =>
      packs.has(id) ? new HarnessCompendium(id, packs.get(id)?.contents[0]?.documentName ?? '') : undefined,
    has: (id: string) => packs.has(id),
    filter: (fn) => all().filter(fn),
    map: (fn) => all().map(fn),
    find: (fn) => all().find(fn),
    getName: (name: string) => all().find((pack) => pack.metadata.name === name),
  };
}
