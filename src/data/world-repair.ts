/**
 * The world repair: on `ready`, the active GM reads the world's actors and items as they were stored
 * (`game.data`, the sources the server sent before any data model migrated them) and repairs each
 * with source-repair.ts. A document the data models refused on load (Foundry keeps it apart, in
 * `invalidDocumentIds`) — or an actor with a refused item — is written back repaired, whole, so it is
 * usable again; a valid document is not written (its data models already read it). Each value that
 * had to be reset is told to the GM once per world: a localized warning naming the documents and
 * fields, and the console listing each stored value. What was told is kept in a world setting, which
 * only a GM writes. Loaded on `ready` by the active GM's client (world-repair-register.ts).
 *
 * Compendium documents and unlinked tokens' actors get the same `migrateData` on every load, but are
 * not repaired or reported here (docs/rules.md, decisions `old data` and `unreadable values`).
 */
import { SYSTEM_ID } from '../config/document-types.js';
import { isActiveGM } from '../documents/active-gm.js';
import { repairSystemSource, type ResetValue } from './source-repair.js';
import { REPORTED_SETTING } from './world-repair-register.js';
import { plainSetting } from '../settings/world-stores.js';

export { REPORTED_SETTING };

/** A stored value reset to its default: the document (uuid, name; an item's actor), the field, the value. */
export interface RepairEntry {
  uuid: string;
  name: string;
  /** The actor owning the item, for an actor's item. */
  parent?: string;
  /** The field inside `system` (`abilities.str`, `damageTypes[1]`). */
  field: string;
  value: unknown;
}

export interface WorldRepairResult {
  /** Documents written back repaired (those the data models had refused). */
  written: number;
  /** Values reset and told to the GM now (not those told before). */
  told: RepairEntry[];
}

/** A document that could not be repaired (it stays as stored), and why. */
interface Unrepaired {
  uuid: string;
  name: string;
  error: string;
}

type Source = Record<string, unknown>;

const isRecord = (value: unknown): value is Source =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

interface Found {
  entries: RepairEntry[];
  unrepaired: Unrepaired[];
}

/** Repairs `source.system` in place; false when it cannot be (recorded in `found.unrepaired`). */
function repairDocument(
  documentName: 'Actor' | 'Item',
  source: Source,
  where: { uuid: string; parent?: string },
  found: Found,
): boolean {
  const name = String(source.name ?? '');
  const Model = CONFIG[documentName].dataModels[String(source.type)];
  if (!Model) {
    found.unrepaired.push({ uuid: where.uuid, name, error: `type "${String(source.type)}"` });
    return false;
  }
  const resets: ResetValue[] = [];
  try {
    source.system = repairSystemSource(Model, isRecord(source.system) ? source.system : {}, resets);
  } catch (error) {
    found.unrepaired.push({ uuid: where.uuid, name, error: (error as Error).message });
    return false;
  }
  for (const { field, value } of resets)
    found.entries.push({
      uuid: where.uuid,
      name,
      ...(where.parent ? { parent: where.parent } : {}),
      field,
      value,
    });
  return true;
}

/** Whether `id` is among the documents `collection` set apart as invalid (else: is missing from it). */
function setApart(collection: EmbeddedCollection<unknown> | undefined, id: string): boolean {
  if (!collection) return true;
  return collection.invalidDocumentIds ? collection.invalidDocumentIds.has(id) : !collection.has(id);
}

/** The valid document of that id, or the invalid one (`valid` false), or null when it is gone. */
function documentOf<T>(collection: WorldCollection<T>, id: string): { doc: T; valid: boolean } | null {
  const doc = collection.get(id);
  if (doc) return { doc, valid: true };
  const invalid = collection.invalidDocumentIds?.has(id) ? collection.getInvalid?.(id) : undefined;
  return invalid ? { doc: invalid, valid: false } : null;
}

/** dnd5e's way of writing a whole source back: no diff, each top-level key replaced. */
const WHOLE = { diff: false, recursive: false, render: false };

async function repairActor(stored: Source, found: Found): Promise<boolean> {
  const at = documentOf(game.actors, String(stored._id));
  if (!at) return false;
  const actor = at.doc;
  const source = structuredClone(stored);
  let repaired = repairDocument('Actor', source, { uuid: actor.uuid }, found);
  const items = Array.isArray(source.items) ? source.items.filter(isRecord) : [];
  for (const item of items) {
    const where = { uuid: `${actor.uuid}.Item.${String(item._id)}`, parent: String(source.name ?? '') };
    repaired = repairDocument('Item', item, where, found) && repaired;
  }
  const itemRefused = at.valid && items.some((item) => setApart(actor.items, String(item._id)));
  if (!repaired || (at.valid && !itemRefused)) return false;
  await actor.update(source, WHOLE);
  return true;
}

async function repairItem(stored: Source, found: Found): Promise<boolean> {
  const at = documentOf(game.items, String(stored._id));
  if (!at) return false;
  const source = structuredClone(stored);
  if (!repairDocument('Item', source, { uuid: at.doc.uuid }, found) || at.valid) return false;
  await at.doc.update(source, WHOLE);
  return true;
}

const keyOf = (entry: { uuid: string; field?: string }) => `${entry.uuid}#${entry.field ?? ''}`;

/** Tells the GM what was not told before (one warning, the console listing each value) and records it. */
async function tell(found: Found): Promise<RepairEntry[]> {
  const setting = plainSetting(game.settings.get(SYSTEM_ID, REPORTED_SETTING)) as { entries?: unknown };
  const before = Array.isArray(setting.entries) ? setting.entries.map(String) : [];
  const reported = new Set(before);
  const told = found.entries.filter((entry) => !reported.has(keyOf(entry)));
  const unrepaired = found.unrepaired.filter((entry) => !reported.has(keyOf(entry)));
  if (!told.length && !unrepaired.length) return [];
  if (told.length) {
    const byDocument = new Map<string, RepairEntry[]>();
    for (const entry of told) byDocument.set(entry.uuid, [...(byDocument.get(entry.uuid) ?? []), entry]);
    const shown = [...byDocument.values()].slice(0, 5).map((entries) => {
      const [first] = entries as [RepairEntry];
      return game.i18n.format(first.parent ? 'GNG.Migration.ItemEntry' : 'GNG.Migration.Entry', {
        name: first.name,
        parent: first.parent ?? '',
        fields: entries.map((entry) => entry.field).join(', '),
      });
    });
    const more = byDocument.size - shown.length;
    if (more > 0) shown.push(game.i18n.format('GNG.Migration.More', { count: more }));
    ui.notifications.warn(
      game.i18n.format('GNG.Migration.Reset', { count: told.length, list: shown.join('; ') }),
    );
    console.warn(
      `${SYSTEM_ID} | ${game.i18n.localize('GNG.Migration.Console')}`,
      told.map((entry) => ({ ...entry, value: JSON.stringify(entry.value) })),
    );
  }
  for (const entry of unrepaired) {
    ui.notifications.error(
      game.i18n.format('GNG.Migration.Unrepaired', { name: entry.name, error: entry.error }),
    );
    console.error(`${SYSTEM_ID} | ${entry.uuid}`, entry.error);
  }
  const entries = [...before, ...told.map(keyOf), ...unrepaired.map(keyOf)];
  await game.settings.set(SYSTEM_ID, REPORTED_SETTING, { entries });
  return told;
}

/**
 * Active GM only: repairs the world's stored actors and items ({@link repairActor},
 * {@link repairItem}) and tells the GM once what was reset. Running it again changes nothing: the
 * repaired documents are valid, and what was told is not told again.
 */
export async function repairWorldSources(): Promise<WorldRepairResult> {
  if (!isActiveGM()) return { written: 0, told: [] };
  const found: Found = { entries: [], unrepaired: [] };
  let written = 0;
  for (const stored of game.data?.actors ?? []) {
    if (isRecord(stored) && (await repairActor(stored, found))) written += 1;
  }
  for (const stored of game.data?.items ?? []) {
    if (isRecord(stored) && (await repairItem(stored, found))) written += 1;
  }
  return { written, told: await tell(found) };
}
