/**
 * `game.gng.importStatBlock(text, { create })` (issue #19): a pasted d20 3.5 or d20 Modern stat block
 * → the parse (`parseStatBlock`), the GnG conversion (`convertMonster`) and, on the GM's client, a
 * world `npc` actor built as the bestiary pack builds its actors (actor-source.ts), with the class
 * items and the Toughness feat copied from the system's packs (`gng.classes`, `gng.feats`) and the
 * wielded weapons read from `gng.weapons`. GM only: anyone else is refused with a notification.
 * Never throws (issue #28): what the actor could not hold is found first (import-checks.ts) and
 * stops the creation with a message; a missing pack or a refused creation is told as well.
 */
import { SYSTEM_ID } from '../config/document-types.js';
import type { ConvertedCreature } from '../rules/bestiary/convert.js';
import type { SrdMonsterRecord } from '../rules/bestiary/srd-record.js';
import {
  parseStatBlock,
  type StatBlockParse,
  type StatBlockUnparsed,
} from '../rules/bestiary/stat-block-parse.js';
import { monsterActor } from './actor-source.js';
import {
  assessImport,
  blockingProblems,
  boundedSpeed,
  problemText,
  type ImportProblem,
} from './import-checks.js';
import { bestiaryReferences, type BestiaryReferences } from './references.js';
import { mayImport } from './register.js';

type Doc = Record<string, unknown>;

/** Options of {@link importStatBlock}. */
export interface ImportStatBlockOptions {
  /** Create the world actor (default true); false only parses and converts. */
  create?: boolean;
}

/** What an import gives: the parse, the record it read, the conversion, its problems, and the actor it created. */
export interface StatBlockImport {
  parse: StatBlockParse;
  record: SrdMonsterRecord;
  converted: ConvertedCreature;
  /** Values the actor could not hold (blocking) or that were clamped (import-checks.ts). */
  problems: ImportProblem[];
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
 * Whether an actor can be made: no problem blocks it; otherwise the GM is told what must be
 * corrected first (the refusals "nothing read" and "no type" are sentences of their own).
 */
export function creatable(problems: readonly ImportProblem[]): boolean {
  const blocking = blockingProblems(problems);
  if (blocking.length === 0) return true;
  const texts = blocking.map(problemText).join(' ');
  ui.notifications.warn(
    blocking.every((p) => p.what === null)
      ? texts
      : game.i18n.format('GNG.Importer.NotCreated', { problems: texts }),
  );
  return false;
}

/**
 * Creates the world actor of a (possibly corrected) record and its conversion on this GM's client.
 * `pasted` is the text it came from and its unread lines, kept on the actor (`flags.gng.statBlock`).
 * Never throws: a missing pack or a refused creation is told to the GM, and nothing is made.
 */
export async function createImportedActor(
  record: SrdMonsterRecord,
  converted: ConvertedCreature,
  pasted: { text: string; unparsed: readonly StatBlockUnparsed[] },
): Promise<Actor | null> {
  if (!mayImport()) return null;
  let references: BestiaryReferences;
  try {
    references = await packReferences();
  } catch (error) {
    console.error('GnG | stat-block importer:', error);
    ui.notifications.error(game.i18n.localize('GNG.Importer.NoPacks'));
    return null;
  }
  try {
    const named = record.name.trim()
      ? record
      : { ...record, name: game.i18n.localize('GNG.Importer.Unnamed') };
    const source = monsterActor(named, converted, references, {
      folder: null,
      origin: game.i18n.localize('GNG.Importer.Origin'),
    });
    const data = worldActorData(source);
    const system = data.system as Doc;
    system.speed = boundedSpeed(Number(system.speed));
    const flags = (data.flags as { gng: Doc }).gng;
    flags.statBlock = { text: pasted.text, unparsed: pasted.unparsed.map((u) => ({ ...u })) };
    return (await Actor.create(data)) ?? null;
  } catch (error) {
    console.error('GnG | stat-block importer:', error);
    const reason = error instanceof Error ? error.message : String(error);
    ui.notifications.error(game.i18n.format('GNG.Importer.CreateFailed', { error: reason }));
    return null;
  }
}

/**
 * GM only: parses and converts a pasted stat block and (unless `create: false`) creates the world
 * actor. Resolves with the parse, the conversion, the problems found and the actor; null when
 * refused. Never throws.
 */
export async function importStatBlock(
  text: string,
  options: ImportStatBlockOptions = {},
): Promise<StatBlockImport | null> {
  if (!mayImport()) return null;
  const pasted = String(text ?? '');
  const parse = parseStatBlock(pasted);
  const record = parse.record;
  const { converted, problems } = assessImport(parse, record);
  let actor: Actor | null = null;
  if (options.create !== false && creatable(problems))
    actor = await createImportedActor(record, converted, { text: pasted, unparsed: parse.unparsed });
  return { parse, record, converted, problems, actor };
}
