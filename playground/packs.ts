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
  /** The pack's folders (the bestiary's creature types), by id. */
  folders?: { _id: string; name: string }[];
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

/**
 * Registers every document of `packs` (again after each `harness.reset()`, which empties them), each
 * made on first use (a uuid, a listing of its pack): some 370 documents were made and prepared at
 * every reset and change of sides, and a game uses a few.
 */
export function registerPacks(harness: Harness, packs: PlaygroundPack[]): void {
  for (const pack of packs) {
    if (UNREGISTERED_PACKS.has(pack.name)) continue;
    for (const document of pack.documents) harness.registerCompendiumSource(pack.name, document, pack.type);
  }
}

/** One pack actor a picker offers: its pack, id, name, and the group it is listed under. */
export interface PackActor {
  pack: string;
  id: string;
  name: string;
  /** The pack's label (localized), with its folder's name where it has one: "GnG Bestiary …: Undead". */
  group: string;
}

/** `packActors`' lists, by the client's localization (its labels), then by packs: they never change on a page. */
const sortedActors = new WeakMap<object, WeakMap<PlaygroundPack[], PackActor[]>>();

/**
 * The actors of the packs, for the combatant pickers, sorted by group then name. Sorted once per
 * language (every table draw asks again, for each side and each combatant): the same array, not to
 * be changed by the caller.
 */
export function packActors(packs: PlaygroundPack[]): readonly PackActor[] {
  let byPacks = sortedActors.get(game.i18n);
  if (!byPacks) sortedActors.set(game.i18n, (byPacks = new WeakMap()));
  let actors = byPacks.get(packs);
  if (!actors) byPacks.set(packs, (actors = sortPackActors(packs)));
  return actors;
}

function sortPackActors(packs: PlaygroundPack[]): PackActor[] {
  return packs
    .filter((pack) => pack.type === 'Actor')
    .flatMap((pack) => {
      const label = game.i18n.localize(pack.label);
      const folders = new Map((pack.folders ?? []).map((f) => [f._id, f.name]));
      return pack.documents
        .map((doc) => {
          const folder = typeof doc.folder === 'string' ? folders.get(doc.folder) : undefined;
          return {
            pack: pack.name,
            id: String(doc._id),
            name: String(doc.name),
            group: folder ? game.i18n.format('GNG.Playground.PackFolder', { pack: label, folder }) : label,
          };
        })
        .sort((a, b) => a.group.localeCompare(b.group) || a.name.localeCompare(b.name));
    });
}

/**
 * The pack actors as `<optgroup>`s of `<option value="pack/id">` (one group per pack, or per folder of
 * a pack with folders), `selected` marking the chosen one.
 */
export function packActorOptions(
  doc: Document,
  actors: readonly PackActor[],
  selected?: { pack: string; id: string },
): HTMLOptGroupElement[] {
  const groups = new Map<string, HTMLOptGroupElement>();
  for (const actor of actors) {
    let group = groups.get(actor.group);
    if (!group) {
      group = doc.createElement('optgroup');
      group.label = actor.group;
      groups.set(actor.group, group);
    }
    const option = doc.createElement('option');
    option.value = `${actor.pack}/${actor.id}`;
    option.textContent = actor.name;
    option.selected = selected?.pack === actor.pack && selected.id === actor.id;
    group.append(option);
  }
  return [...groups.values()];
}
