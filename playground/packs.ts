/**
 * The content of our built compendium packs, as `npm start` extracted it from `dist/packs` (LevelDB)
 * into `packs.json`: registered in the harness's compendium so that uuids resolve as in Foundry.
 */
import type { Harness } from '../test/harness/runtime.js';

export interface PlaygroundPack {
  name: string;
  type: 'Actor' | 'Item';
  label: string;
  documents: Record<string, unknown>[];
}

export async function fetchPacks(): Promise<PlaygroundPack[]> {
  const response = await fetch('packs.json');
  if (!response.ok) throw new Error(`packs.json: ${response.status} ${response.statusText}`);
  return (await response.json()) as PlaygroundPack[];
}

/**
 * Packs whose documents are not registered in the compendium: the bestiary's 696 actors would be
 * prepared again at every reset, and nothing links to them; the table makes a world actor from a
 * picked monster's source, as from any pack actor.
 */
const UNREGISTERED_PACKS: ReadonlySet<string> = new Set(['bestiary']);

/** Registers every document of `packs` (again after each `harness.reset()`, which empties them). */
export function registerPacks(harness: Harness, packs: PlaygroundPack[]): void {
  for (const pack of packs) {
    if (UNREGISTERED_PACKS.has(pack.name)) continue;
    for (const document of pack.documents) harness.registerCompendiumDocument(pack.name, document, pack.type);
  }
}

/** The actors of the packs, for the combatant pickers: `[pack name, document]`. */
export function packActors(packs: PlaygroundPack[]): { pack: string; id: string; name: string }[] {
  return packs
    .filter((pack) => pack.type === 'Actor')
    .flatMap((pack) =>
      pack.documents.map((doc) => ({ pack: pack.name, id: String(doc._id), name: String(doc.name) })),
    );
}
