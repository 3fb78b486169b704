/**
 * `game.gng.importStatBlock(text, { create })` (issue #19): a pasted d20 3.5 or d20 Modern stat block
 * → the parse (`parseStatBlock`), the GnG conversion (`convertMonster`) and, on the GM's client, a
 * world `npc` actor built as the bestiary pack builds its actors (actor-source.ts), with the class
 * items and the Toughness feat copied from the system's packs (`gng.classes`, `gng.feats`) and the
 * wielded weapons read from `gng.weapons`. GM only: anyone else is refused with a notification.
 */
import { SYSTEM_ID } from '../config/document-types.js';
import { convertMonster, type ConvertedCreature } from '../rules/bestiary/convert.js';
import type { SrdMonsterRecord } from '../rules/bestiary/srd-record.js';
import {
  parseStatBlock,
  type StatBlockParse,
  type StatBlockUnparsed,
} from '../rules/bestiary/stat-block-parse.js';
import { monsterActor } from './actor-source.js';
import { bestiaryReferences, type BestiaryReferences } from './references.js';
import { mayImport } from './register.js';

type Doc = Record<string, unknown>;

/** Options of {@link importStatBlock}. */
export interface ImportStatBlockOptions {
  /** Create the world actor (default true); false only parses and converts. */
  create?: boolean;
}

/** What an import gives: the parse, the record it read, the conversion, and the actor it created. */
export interface StatBlockImport {
  parse: StatBlockParse;
  record: SrdMonsterRecord;
  converted: ConvertedCreature;
  /** The created world actor (null when not asked to create, or nothing was read). */
  actor: Actor | null;
}

/** The documents of one of the system's packs as sources (none when the pack is missing). */
async function packSources(name: string): Promise<Doc[]> {
  const pack = game.packs.get(`${SYSTEM_ID}.${name}`);
  if (!pack) return [];
  return (await pack.getDocuments()).map((doc) => doc.toObject());
}

/** The bestiary references from the system's packs, with fresh ids for world documents. */
export async function packReferences(): Promise<BestiaryReferences> {
  const [classes, feats, weapons] = await Promise.all(
    ['classes', 'feats', 'weapons'].map((name) => packSources(name)),
  );
  return bestiaryReferences({ classes: classes ?? [], feats: feats ?? [], weapons: weapons ?? [] }, () =>
    foundry.utils.randomID(),
  );
}

/** A pack-style actor source as world creation data: no pack keys, ids, folder or sort. */
export function worldActorData(source: Doc): Doc {
  const { _id: _i, _key: _k, folder: _f, sort: _s, ...data } = source;
  const strip = (docs: unknown): Doc[] =>
    ((docs as Doc[] | undefined) ?? []).map(({ _id: _d, _key: _dk, ...rest }) => rest);
  return { ...data, items: strip(source.items), effects: strip(source.effects) };
}

/**
 * Whether an actor can be made: something was read, and a creature type (the data model needs one);
 * otherwise the GM is told why.
 */
export function creatable(parse: StatBlockParse, record: SrdMonsterRecord): boolean {
  if (parse.fields.length === 0) {
    ui.notifications.warn(game.i18n.localize('GNG.Importer.NothingRead'));
    return false;
  }
  if (!record.type.trim()) {
    ui.notifications.warn(game.i18n.localize('GNG.Importer.NoType'));
    return false;
  }
  return true;
}

/**
 * Creates the world actor of a (possibly corrected) record on this GM's client. `pasted` is the
 * text it came from and its unread lines, kept on the actor (`flags.gng.statBlock`).
 */
export async function createImportedActor(
  record: SrdMonsterRecord,
  pasted: { text: string; unparsed: readonly StatBlockUnparsed[] },
): Promise<Actor | null> {
  if (!mayImport()) return null;
  const converted = convertMonster(record);
  const named = record.name.trim() ? record : { ...record, name: game.i18n.localize('GNG.Importer.Unnamed') };
  const source = monsterActor(named, converted, await packReferences(), {
    folder: null,
    origin: game.i18n.localize('GNG.Importer.Origin'),
  });
  const data = worldActorData(source);
  const flags = (data.flags as { gng: Doc }).gng;
  flags.statBlock = { text: pasted.text, unparsed: pasted.unparsed.map((u) => ({ ...u })) };
  return (await Actor.create(data)) ?? null;
}

/**
 * GM only: parses and converts a pasted stat block and (unless `create: false`) creates the world
 * actor. Resolves with the parse, the conversion and the actor; null when refused.
 */
export async function importStatBlock(
  text: string,
  options: ImportStatBlockOptions = {},
): Promise<StatBlockImport | null> {
  if (!mayImport()) return null;
  const parse = parseStatBlock(String(text ?? ''));
  const record = parse.record;
  const converted = convertMonster(record);
  let actor: Actor | null = null;
  if (options.create !== false && creatable(parse, record))
    actor = await createImportedActor(record, { text, unparsed: parse.unparsed });
  return { parse, record, converted, actor };
}
