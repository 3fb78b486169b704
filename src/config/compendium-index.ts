/**
 * Encounter sanity in the compendium (issue #19): a GM browsing the bestiary compares monsters by
 * their GnG numbers without opening each one.
 *
 * - **Index fields.** A compendium's index holds only the fields its document class lists
 *   (`CONFIG.Actor.compendiumIndexFields`, as dnd5e and Draw Steel add theirs on `init`). The derived
 *   HP, Defense and Protection are not in a pack's stored data, so the bestiary generator stores them
 *   in `flags.gng.bestiary` (with the CR, type and size), and we list that, the creature type and size.
 * - **The list shows them.** Each entry of the bestiary's compendium window (`[data-entry-id]`, as
 *   dnd5e's compendium app finds its entries) gets one line "HP 42 · Protection 8 · Defense −1 · CR 3"
 *   from its index entry when the window renders (`renderCompendium`).
 */
import { SYSTEM_ID } from './document-types.js';
import { signedMinus } from '../format.js';

/** The index fields our Actor packs add (read by the bestiary list and by modules' browsers). */
export const ACTOR_INDEX_FIELDS = ['system.creatureType', 'system.size', 'flags.gng.bestiary'] as const;

/** The pack whose entries show their GnG numbers. */
export const BESTIARY_PACK_ID = `${SYSTEM_ID}.bestiary`;

/** What `flags.gng.bestiary` holds (src/bestiary/actor-source.ts). */
export interface BestiaryIndexFlags {
  hp: number;
  protection: number;
  defense: number;
  cr: string | null;
}

interface IndexEntry {
  flags?: { gng?: { bestiary?: Partial<BestiaryIndexFlags> } };
}

/** The compendium window as the render hook passes it: its pack and the pack's index. */
export interface CompendiumApp {
  collection?: {
    collection?: string;
    index?: { get(id: string): IndexEntry | undefined };
  };
}

/** The line of one entry, or null when its index entry has no bestiary numbers. */
export function bestiaryIndexLine(entry: IndexEntry | undefined): string | null {
  const b = entry?.flags?.gng?.bestiary;
  if (!b || typeof b.hp !== 'number' || typeof b.protection !== 'number' || typeof b.defense !== 'number')
    return null;
  return game.i18n.format('GNG.Compendium.BestiaryIndex', {
    hp: b.hp,
    protection: b.protection,
    defense: signedMinus(b.defense),
    cr: b.cr ?? '—',
  });
}

/** Adds each entry's GnG numbers to the bestiary's compendium window (again on every render). */
export function decorateBestiaryIndex(app: CompendiumApp, element: HTMLElement): void {
  const pack = app.collection;
  if (pack?.collection !== BESTIARY_PACK_ID || !pack.index) return;
  for (const li of element.querySelectorAll<HTMLElement>('[data-entry-id]')) {
    li.querySelector('.gng-index-stats')?.remove();
    const line = bestiaryIndexLine(pack.index.get(li.dataset.entryId ?? ''));
    if (!line) continue;
    const span = li.ownerDocument.createElement('span');
    span.className = 'gng-index-stats';
    span.textContent = line;
    (li.querySelector('.entry-name') ?? li).append(span);
  }
}

/** On `init`: the index fields (the hook that shows them: src/hooks/register-hooks.ts). */
export function registerCompendiumIndex(): void {
  const config = CONFIG.Actor;
  config.compendiumIndexFields ??= [];
  for (const field of ACTOR_INDEX_FIELDS)
    if (!config.compendiumIndexFields.includes(field)) config.compendiumIndexFields.push(field);
}

/** `renderCompendium`: the bestiary's lines, on a compendium window's element. */
export function onRenderCompendium(app: unknown, element: unknown): void {
  if (typeof (element as HTMLElement | undefined)?.querySelectorAll === 'function')
    decorateBestiaryIndex(app as CompendiumApp, element as HTMLElement);
}
