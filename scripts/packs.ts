/**
 * Compendium pack sources: `packs/_source/<pack>/`, one document per JSON or YAML file.
 *
 * The Foundry CLI's `compilePack` silently skips entries without a `_key` and accepts anything
 * else, so every source is checked here first: parseable, `_id` and `_key` present and consistent
 * (embedded documents too), a `type` that system.json declares, no duplicate ids, images Foundry
 * serves (`scripts/pack-images.ts`) — and, for the build ({@link checkPackSources}), no HTML that
 * would run or load anything (`scripts/pack-html.ts`), and every Actor and Item through the system's
 * own data models (`scripts/pack-models.ts`: what they refuse, what cleaning would change) and its
 * preparation, effects included (`scripts/pack-preparation.ts`: a throw, a missing or non-finite
 * derived number). Each problem is `<file>: <field>: <reason>`. Valid sources are normalized to
 * JSON in a staging folder and compiled to LevelDB with the CLI. docs/packs.md lists what is refused.
 */
import { compilePack, extractPack } from '@foundryvtt/foundryvtt-cli';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { basename, extname, join, relative } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { imagePathProblem } from './pack-images.js';
import { htmlProblems } from './pack-html.js';
import { loadPackModels, modelProblems, withPackModels, type PackModels } from './pack-models.js';
import { loadPackPreparation, type PackPreparation } from './pack-preparation.js';

export interface PackDeclaration {
  name: string;
  type: string;
  label?: string;
}

export interface SystemManifest {
  id: string;
  documentTypes: Record<string, Record<string, unknown>>;
  packs: PackDeclaration[];
}

export interface PackSourceDocument {
  file: string;
  data: Record<string, unknown>;
}

export interface ValidatedPack {
  pack: PackDeclaration;
  documents: PackSourceDocument[];
  /** Compendium folders of the pack (sources whose `_key` is `!folders!<id>`). */
  folders: PackSourceDocument[];
}

/** Thrown when pack sources are invalid; `problems` name each file and what is wrong. */
export class PackSourceError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid compendium pack sources:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'PackSourceError';
  }
}

/** LevelDB collection name of each primary document type a pack may hold. */
const COLLECTIONS: Record<string, string> = {
  Actor: 'actors',
  Item: 'items',
  JournalEntry: 'journal',
  RollTable: 'tables',
  Macro: 'macros',
  Scene: 'scenes',
  Adventure: 'adventures',
  Cards: 'cards',
  Playlist: 'playlists',
};

/** Embedded collections we check, per parent document type: field → document type. */
const EMBEDDED: Record<string, Record<string, string>> = {
  Actor: { items: 'Item', effects: 'ActiveEffect' },
  Item: { effects: 'ActiveEffect' },
  JournalEntry: { pages: 'JournalEntryPage' },
  RollTable: { results: 'TableResult' },
};

/** Core Foundry types of documents that have no system types of ours. */
const CORE_TYPES: Record<string, string[]> = {
  JournalEntryPage: ['text', 'image', 'pdf', 'video'],
};

const ID_PATTERN = /^[a-zA-Z0-9]{16}$/;
const FOLDER_KEY = '!folders!';

/** A compendium folder source (`_key: "!folders!<id>"`): its id, key, name and document type. */
function checkFolder(
  pack: PackDeclaration,
  data: Record<string, unknown>,
  file: string,
  problems: string[],
): void {
  const id = data._id;
  if (typeof id !== 'string' || !ID_PATTERN.test(id)) {
    problems.push(`${file}: _id: missing or invalid (16 letters or digits), got ${JSON.stringify(id)}`);
    return;
  }
  if (data._key !== `${FOLDER_KEY}${id}`)
    problems.push(`${file}: _key: is "${String(data._key)}", expected "${FOLDER_KEY}${id}"`);
  if (typeof data.name !== 'string' || !data.name.trim()) problems.push(`${file}: name: missing`);
  if (data.type !== pack.type)
    problems.push(
      `${file}: type: a folder of pack "${pack.name}" holds ${pack.type} documents, got ${JSON.stringify(data.type)}`,
    );
}

/** Every `folder` a document or folder of the pack names must be a folder of the pack. */
function checkFolderLinks(
  folders: PackSourceDocument[],
  documents: PackSourceDocument[],
  problems: string[],
): void {
  const ids = new Set(folders.map((f) => f.data._id));
  for (const { file, data } of [...folders, ...documents]) {
    const folder = data.folder;
    if (folder === undefined || folder === null) continue;
    if (!ids.has(folder))
      problems.push(
        `${relative(process.cwd(), file) || file}: folder: "${String(folder)}" is no folder of this pack`,
      );
  }
}
const SOURCE_EXTENSIONS = new Set(['.json', '.yml', '.yaml']);

function parseSource(file: string): unknown {
  const text = readFileSync(file, 'utf8');
  return extname(file) === '.json' ? JSON.parse(text) : parseYaml(text, { prettyErrors: true });
}

function allowedTypes(manifest: SystemManifest, documentName: string): string[] | undefined {
  if (CORE_TYPES[documentName]) return CORE_TYPES[documentName];
  const declared = manifest.documentTypes[documentName];
  return declared ? Object.keys(declared) : undefined;
}

/** The image fields of a document: `img`, an actor's token image, an image journal page's file. */
function imageFields(documentName: string, data: Record<string, unknown>): [string, unknown][] {
  const fields: [string, unknown][] = [['img', data.img]];
  if (documentName === 'Actor') {
    const token = data.prototypeToken as { texture?: { src?: unknown } } | undefined;
    fields.push(['prototypeToken.texture.src', token?.texture?.src]);
  }
  if (documentName === 'JournalEntryPage' && data.type === 'image') fields.push(['src', data.src]);
  return fields.filter(([, value]) => value !== undefined && value !== null);
}

/**
 * Checks one document (and its embedded documents). Problems are `<file>: <field>: <reason>`, the
 * field a path from the file's document: `_key`, `items[2].type`.
 */
function checkDocument(
  manifest: SystemManifest,
  documentName: string,
  data: Record<string, unknown>,
  key: { collection: string; idPrefix: string },
  where: { file: string; path: string },
  problems: string[],
): void {
  const at = (field: string) => `${where.file}: ${where.path}${field}`;
  const expectedKey = (id: string) => `!${key.collection}!${key.idPrefix}${id}`;
  const id = data._id;
  if (typeof id !== 'string' || !ID_PATTERN.test(id)) {
    problems.push(`${at('_id')}: missing or invalid (16 letters or digits), got ${JSON.stringify(id)}`);
    return;
  }
  if (data._key === undefined) problems.push(`${at('_key')}: missing (expected "${expectedKey(id)}")`);
  else if (data._key !== expectedKey(id))
    problems.push(`${at('_key')}: is "${String(data._key)}", expected "${expectedKey(id)}"`);
  if (typeof data.name !== 'string' || !data.name.trim()) problems.push(`${at('name')}: missing`);
  for (const [field, path] of imageFields(documentName, data)) {
    const problem = imagePathProblem(path);
    if (problem) problems.push(`${at(field)}: ${problem}`);
  }
  const types = allowedTypes(manifest, documentName);
  if (types && 'type' in data && !types.includes(String(data.type))) {
    problems.push(
      `${at('type')}: "${String(data.type)}" is not a ${documentName} type of system.json (${types.join(', ')})`,
    );
  } else if (types && !('type' in data) && documentName in manifest.documentTypes) {
    problems.push(`${at('type')}: missing (one of ${types.join(', ')})`);
  }
  for (const [field, childName] of Object.entries(EMBEDDED[documentName] ?? {})) {
    const children = data[field];
    if (children === undefined) continue;
    if (!Array.isArray(children)) {
      problems.push(`${at(field)}: must be a list`);
      continue;
    }
    const seen = new Set<string>();
    children.forEach((child: unknown, index) => {
      const childPath = `${where.path}${field}[${index}]`;
      if (!child || typeof child !== 'object') {
        problems.push(`${where.file}: ${childPath}: not an object`);
        return;
      }
      const childData = child as Record<string, unknown>;
      checkDocument(
        manifest,
        childName,
        childData,
        { collection: `${key.collection}.${field}`, idPrefix: `${key.idPrefix}${id}.` },
        { file: where.file, path: `${childPath}.` },
        problems,
      );
      const childId = String(childData._id);
      if (seen.has(childId)) problems.push(`${where.file}: ${childPath}._id: duplicate "${childId}"`);
      seen.add(childId);
    });
  }
}

/** The build's checks beyond structure ({@link checkPackSources} sets them all). */
export interface PackCheckOptions {
  /** Check every string of a source as HTML (`scripts/pack-html.ts`). */
  html?: boolean;
  /** Check Actor and Item sources against the data models (they need globals: `withPackModels`). */
  models?: PackModels;
  /** Prepare each Actor and Item source that passed every other check (`scripts/pack-preparation.ts`). */
  preparation?: PackPreparation;
}

/**
 * Reads and checks every pack source; throws a PackSourceError listing every problem found. The
 * structure is always checked; `options` add the build's other checks ({@link PackCheckOptions}).
 */
export function validatePackSources(
  sourceRoot: string,
  manifest: SystemManifest,
  options: PackCheckOptions = {},
): ValidatedPack[] {
  const problems: string[] = [];
  const validated: ValidatedPack[] = [];
  const declared = new Map(manifest.packs.map((pack) => [pack.name, pack]));
  const present = existsSync(sourceRoot)
    ? readdirSync(sourceRoot).filter((name) => statSync(join(sourceRoot, name)).isDirectory())
    : [];
  for (const name of present) {
    if (!declared.has(name))
      problems.push(`${join(sourceRoot, name)}: folder has no pack of that name in system.json`);
  }
  for (const pack of manifest.packs) {
    const folder = join(sourceRoot, pack.name);
    if (!existsSync(folder)) {
      problems.push(`${folder}: system.json declares pack "${pack.name}" but its source folder is missing`);
      continue;
    }
    const collection = COLLECTIONS[pack.type];
    if (!collection) {
      problems.push(`system.json pack "${pack.name}": unsupported type "${pack.type}"`);
      continue;
    }
    const ids = new Map<string, string>();
    const documents: PackSourceDocument[] = [];
    const folders: PackSourceDocument[] = [];
    for (const entry of readdirSync(folder).sort()) {
      const file = join(folder, entry);
      if (statSync(file).isDirectory() || entry.startsWith('.')) continue;
      const where = relative(process.cwd(), file) || file;
      if (!SOURCE_EXTENSIONS.has(extname(entry))) {
        problems.push(`${where}: not a .json, .yml or .yaml file`);
        continue;
      }
      let data: unknown;
      try {
        data = parseSource(file);
      } catch (error) {
        problems.push(`${where}: cannot be parsed: ${(error as Error).message.split('\n')[0]}`);
        continue;
      }
      if (!data || typeof data !== 'object' || Array.isArray(data)) {
        problems.push(
          `${where}: must hold one document (an object), not ${Array.isArray(data) ? 'a list' : typeof data}`,
        );
        continue;
      }
      const doc = data as Record<string, unknown>;
      const before = problems.length;
      const checkHtml = () => {
        if (!options.html) return;
        for (const { field, reason } of htmlProblems(doc)) problems.push(`${where}: ${field}: ${reason}`);
      };
      if (typeof doc._key === 'string' && doc._key.startsWith(FOLDER_KEY)) {
        checkFolder(pack, doc, where, problems);
        checkHtml();
        if (typeof doc._id === 'string') {
          const previous = ids.get(doc._id);
          if (previous) problems.push(`${where}: _id: duplicate "${doc._id}" (also in ${previous})`);
          ids.set(doc._id, where);
        }
        folders.push({ file, data: doc });
        continue;
      }
      checkDocument(
        manifest,
        pack.type,
        doc,
        { collection, idPrefix: '' },
        { file: where, path: '' },
        problems,
      );
      checkHtml();
      if (options.models) {
        for (const { field, reason } of modelProblems(options.models, pack.type, doc))
          problems.push(`${where}: ${field}: ${reason}`);
      }
      // Preparing a source with problems would only report them again, less precisely.
      if (options.preparation && problems.length === before) {
        for (const { field, reason } of options.preparation.problems(pack.name, pack.type, doc))
          problems.push(`${where}: ${field}: ${reason}`);
      }
      if (typeof doc._id === 'string') {
        const previous = ids.get(doc._id);
        if (previous) problems.push(`${where}: _id: duplicate "${doc._id}" (also in ${previous})`);
        ids.set(doc._id, where);
      }
      documents.push({ file, data: doc });
    }
    checkFolderLinks(folders, documents, problems);
    validated.push({ pack, documents, folders });
  }
  if (problems.length) throw new PackSourceError(problems);
  return validated;
}

/**
 * The build's check of every pack source: {@link validatePackSources} with every check — HTML, the
 * system's data models (loaded with the test runtime's fields: see `scripts/pack-models.ts` for why)
 * and preparation on the test runtime (`scripts/pack-preparation.ts`).
 */
export async function checkPackSources(
  sourceRoot: string,
  manifest: SystemManifest,
): Promise<ValidatedPack[]> {
  const models = await loadPackModels();
  const preparation = await loadPackPreparation();
  try {
    return await withPackModels(() =>
      validatePackSources(sourceRoot, manifest, { html: true, models, preparation }),
    );
  } finally {
    preparation.done();
  }
}

/** Checks ({@link checkPackSources}), stages as JSON and compiles every pack to LevelDB in `<outRoot>/<pack>`. */
export async function buildPacks(
  sourceRoot: string,
  outRoot: string,
  manifest: SystemManifest,
): Promise<ValidatedPack[]> {
  const packs = await checkPackSources(sourceRoot, manifest);
  const staging = join(outRoot, '..', '.pack-staging');
  rmSync(staging, { recursive: true, force: true });
  try {
    for (const { pack, documents, folders } of packs) {
      const stageDir = join(staging, pack.name);
      mkdirSync(stageDir, { recursive: true });
      for (const { file, data } of [...folders, ...documents]) {
        writeFileSync(join(stageDir, `${basename(file, extname(file))}.json`), JSON.stringify(data, null, 2));
      }
      const dest = join(outRoot, pack.name);
      rmSync(dest, { recursive: true, force: true });
      await compilePack(stageDir, dest, { log: false });
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return packs;
}

/** Extracts a compiled pack back to JSON files (used by tests and for round-trips). */
export async function extractPackTo(packDir: string, dest: string): Promise<Record<string, unknown>[]> {
  rmSync(dest, { recursive: true, force: true });
  await extractPack(packDir, dest, { log: false });
  return readdirSync(dest)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dest, f), 'utf8')) as Record<string, unknown>);
}
