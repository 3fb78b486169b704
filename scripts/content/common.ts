/**
 * Helpers of the content generators (`npx tsx scripts/content/generate.ts`): stable document ids,
 * Active Effect and HTML builders, and the writer of pack sources (one JSON file per document in
 * `packs/_source/<pack>/`). The generated JSON is what is committed and built.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type Doc = Record<string, unknown>;

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A 16-character alphanumeric id derived from a key (e.g. `feats:dodge`): the same key always gives
 * the same id, so regenerating never changes the ids other documents and journals link to.
 */
export function stableId(key: string): string {
  const bytes = createHash('sha256').update(`gng:${key}`).digest();
  let id = '';
  for (let i = 0; i < 16; i++) id += BASE62[(bytes[i] as number) % 62];
  return id;
}

/** Lower-case kebab-case: "Improved Roll with Blow" → "improved-roll-with-blow". */
export function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Active Effect change modes (Foundry `CONST.ACTIVE_EFFECT_MODES`). */
export const MODE = { ADD: 2, UPGRADE: 4, OVERRIDE: 5 } as const;

export interface ChangeSpec {
  key: string;
  mode: number;
  value: string | number;
}

/** An Active Effect embedded in an item; it transfers to the item's owner. */
export function itemEffect(
  itemId: string,
  name: string,
  changes: ChangeSpec[],
  options: { disabled?: boolean; description?: string; img?: string; transfer?: boolean; flags?: Doc } = {},
): Doc {
  const id = stableId(`effect:${itemId}:${name}`);
  return {
    _id: id,
    _key: `!items.effects!${itemId}.${id}`,
    name,
    img: options.img ?? 'icons/svg/upgrade.svg',
    type: 'base',
    system: {},
    changes: changes.map((c) => ({ key: c.key, mode: c.mode, value: String(c.value), priority: null })),
    disabled: options.disabled ?? false,
    transfer: options.transfer ?? true,
    duration: {},
    description: options.description ?? '',
    origin: null,
    statuses: [],
    tint: '#ffffff',
    flags: options.flags ?? {},
  };
}

/** Inline `code` of our source strings as HTML `<code>` (descriptions are HTML, not Markdown). */
export const html = (text: string): string => text.replace(/`([^`]+)`/g, '<code>$1</code>');

/** An Item document source (its `system.description` goes through {@link html}). */
export function itemDoc(
  id: string,
  name: string,
  type: string,
  img: string,
  system: Doc,
  effects: Doc[] = [],
  flags: Doc = {},
): Doc {
  return {
    _id: id,
    _key: `!items!${id}`,
    name,
    type,
    img,
    system:
      typeof system.description === 'string' ? { ...system, description: html(system.description) } : system,
    effects,
    folder: null,
    sort: 0,
    flags,
    ownership: { default: 0 },
  };
}

/** A text JournalEntryPage of the entry `entryId` (its content goes through {@link html}). */
export function textPage(
  entryId: string,
  pageId: string,
  name: string,
  content: string,
  sort: number,
  flags: Doc = {},
): Doc {
  return {
    _id: pageId,
    _key: `!journal.pages!${entryId}.${pageId}`,
    name,
    type: 'text',
    title: { show: true, level: 1 },
    text: { format: 1, content: html(content) },
    sort,
    flags,
    ownership: { default: -1 },
  };
}

/** A JournalEntry document source. */
export function journalDoc(id: string, name: string, pages: Doc[], flags: Doc = {}): Doc {
  return {
    _id: id,
    _key: `!journal!${id}`,
    name,
    categories: [],
    pages,
    folder: null,
    sort: 0,
    flags,
    ownership: { default: 0 },
  };
}

/** `<p>` of each paragraph. */
export const p = (...paragraphs: string[]): string => paragraphs.map((t) => `<p>${t}</p>`).join('');
/** A `<ul>` of the items. */
export const ul = (...items: string[]): string => `<ul>${items.map((t) => `<li>${t}</li>`).join('')}</ul>`;
/** A source line: "Source: GnG Appendix 4." */
export const source = (where: string): string => `<p class="gng-source"><em>Source: ${where}.</em></p>`;

/** An `@UUID` link to a document of one of our packs. */
export function uuidLink(
  pack: string,
  documentName: 'Item' | 'JournalEntry',
  id: string,
  label: string,
): string {
  return `@UUID[Compendium.gng.${pack}.${documentName}.${id}]{${label}}`;
}

/** An `@UUID` link to a page of a journal of one of our packs. */
export function pageLink(pack: string, entryId: string, pageId: string, label: string): string {
  return `@UUID[Compendium.gng.${pack}.JournalEntry.${entryId}.JournalEntryPage.${pageId}]{${label}}`;
}

/**
 * Writes one JSON file per document into `packs/_source/<pack>/` as `<file>.json`. With `clean`,
 * JSON files of the folder that this run did not write are removed first (packs this generator owns).
 */
export function writePack(
  root: string,
  pack: string,
  docs: { file: string; doc: Doc }[],
  clean: boolean,
): void {
  const dir = join(root, 'packs', '_source', pack);
  mkdirSync(dir, { recursive: true });
  const files = new Set(docs.map((d) => `${d.file}.json`));
  if (files.size !== docs.length) throw new Error(`${pack}: two documents share a file name`);
  if (clean && existsSync(dir)) {
    for (const entry of readdirSync(dir)) {
      if (entry.endsWith('.json') && !files.has(entry)) rmSync(join(dir, entry));
    }
  }
  for (const { file, doc } of docs)
    writeFileSync(join(dir, `${file}.json`), `${JSON.stringify(doc, null, 2)}\n`);
}
