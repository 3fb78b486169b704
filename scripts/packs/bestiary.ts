/**
 * `npm run packs:bestiary`: writes the `bestiary` pack sources from the SRD 3.5 monster file
 * (`data/srd35/monsters.json`, 696 records; Open Game Content, see its README.md) through
 * the engine's conversion (`convertMonster`, docs/rules.md "Bestiary conversion (issue #19)").
 *
 * - One `npc` actor per record, `packs/_source/bestiary/<record id>.json`, its `_id` a hash of the
 *   record id (re-running gives identical files; links to pack documents stay valid). What the actor
 *   holds and how its model derives the converted HP, Defense and Protection:
 *   src/bestiary/actor-source.ts (shared with the importer in Foundry, `game.gng.importStatBlock`).
 * - One compendium folder per creature type, `packs/_source/bestiary/_folder-<type>.json`
 *   (`_key: "!folders!<id>"`); each actor names its folder.
 * - The token: squares by size, HP as bar 1, hostile, vision to its darkvision range.
 * - `flags.gng.bestiary` holds the GnG HP, Protection, Defense and CR that the compendium index
 *   shows (`CONFIG.Actor.compendiumIndexFields`, src/config/compendium-index.ts); `flags.gng.srd`
 *   the SRD lines for reference; `flags.gng.conversion` the conversion's steps and what it did not
 *   convert (also listed in the biography, under our own one-line description: no SRD prose).
 * - `docs/bestiary.md`: the table of every monster (name, type, size, CR, HP, Protection, Defense).
 *
 * The folder is this script's: files it did not write are removed.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { convertMonster } from '../../src/rules/bestiary/convert.js';
import type { SrdMonsterRecord } from '../../src/rules/bestiary/srd-record.js';
import { crText, monsterActor, SIZE_ORDER } from '../../src/bestiary/actor-source.js';
import { bestiaryReferences, type BestiaryReferences } from '../../src/bestiary/references.js';
import { PACK_SOURCE_DIR, SRD_DATA_DIR, stableId } from './srd-gear.js';

type Doc = Record<string, unknown>;

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The SRD monster file: `data/srd35/monsters.json`, a copy of the shared SRD 3.5 data (its README.md). */
export const MONSTERS_FILE = join(SRD_DATA_DIR, 'monsters.json');
export const BESTIARY_PACK = 'bestiary';
export const BESTIARY_DOC = join(ROOT, 'docs/bestiary.md');

/** Reads the monster records (checks the file's count). */
export function readMonsters(file = MONSTERS_FILE): SrdMonsterRecord[] {
  if (!existsSync(file))
    throw new Error(
      `SRD monster data not found: ${file}\n  The generated sources are committed, so the build does not need it.`,
    );
  const data = JSON.parse(readFileSync(file, 'utf8')) as { count?: number; monsters?: unknown };
  if (!Array.isArray(data.monsters)) throw new Error(`${file}: expected a "monsters" list`);
  if (typeof data.count === 'number' && data.count !== data.monsters.length)
    throw new Error(`${file}: "count" is ${data.count} but ${data.monsters.length} records are listed`);
  return data.monsters as SrdMonsterRecord[];
}

function readJson(path: string): Doc {
  return JSON.parse(readFileSync(path, 'utf8')) as Doc;
}

function readPack(dir: string): Doc[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json') && !file.startsWith('_'))
    .sort()
    .map((file) => readJson(join(dir, file)));
}

/**
 * The classes, feats and weapons pack sources the actors copy from (as the importer reads the same
 * packs in Foundry: src/bestiary/references.ts), with the pack's stable ids.
 */
export function loadReferences(sourceDir = PACK_SOURCE_DIR): BestiaryReferences {
  return bestiaryReferences(
    {
      classes: readPack(join(sourceDir, 'classes')),
      feats: readPack(join(sourceDir, 'feats')),
      weapons: readPack(join(sourceDir, 'weapons')),
    },
    stableId,
  );
}

/** "Magical Beast" → "magical-beast". */
const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The compendium folder of a creature type. */
export function folderSource(type: string, sort: number): Doc {
  const _id = stableId(`srd35/monsters/folder/${type}`);
  return {
    _id,
    _key: `!folders!${_id}`,
    name: type,
    type: 'Actor',
    folder: null,
    sorting: 'a',
    sort,
    color: null,
    description: '',
    flags: {},
  };
}

/** One pack source: the file name (in the pack folder) and its document. */
export interface BestiarySource {
  file: string;
  doc: Doc;
}

/**
 * Every source of the pack, folders first (pure: no files written). Same records and references,
 * same sources.
 */
export function bestiarySources(records: SrdMonsterRecord[], refs: BestiaryReferences): BestiarySource[] {
  const types = [...new Set(records.map((r) => r.type))].sort();
  const folders = new Map(types.map((type, i) => [type, folderSource(type, (i + 1) * 100000)]));
  const sources: BestiarySource[] = [...folders.entries()].map(([type, doc]) => ({
    file: `_folder-${slug(type)}.json`,
    doc,
  }));
  for (const record of records) {
    const folder = folders.get(record.type)?._id as string;
    sources.push({
      file: `${record.id}.json`,
      doc: monsterActor(record, convertMonster(record), refs, { folder }),
    });
  }
  return sources;
}

/** One line of the docs table. */
interface Row {
  name: string;
  type: string;
  size: string;
  cr: number | null;
  hp: number;
  protection: number;
  defense: number;
}

function rowOf(doc: Doc): Row | null {
  const b = ((doc.flags as Doc | undefined)?.gng as Doc | undefined)?.bestiary as Doc | undefined;
  if (!b) return null;
  return {
    name: String(doc.name),
    type: String(b.type),
    size: String(b.size),
    cr: (b.crValue as number | null) ?? null,
    hp: b.hp as number,
    protection: b.protection as number,
    defense: b.defense as number,
  };
}

const range = (values: number[], format: (n: number) => string = String): string => {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return lo === hi ? format(lo) : `${format(lo)} to ${format(hi)}`;
};
const signedText = (n: number): string => (n < 0 ? `−${-n}` : `+${n}`);

/**
 * docs/bestiary.md: per creature type, how many monsters and the range of their CR, GnG HP,
 * Protection and Defense (the 696 rows themselves are in the compendium's index).
 */
export function bestiaryMarkdown(sources: BestiarySource[]): string {
  const rows = sources.map((s) => rowOf(s.doc)).filter((r): r is Row => r !== null);
  const byType = new Map<string, Row[]>();
  for (const r of rows) byType.set(r.type, [...(byType.get(r.type) ?? []), r]);
  const bySize = new Map<string, number>();
  for (const r of rows) bySize.set(r.size, (bySize.get(r.size) ?? 0) + 1);
  const crs = (list: Row[]) => list.map((r) => r.cr).filter((v): v is number => v !== null);
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  const line = (type: string, list: Row[]) =>
    `| ${type} | ${list.length} | ${range(crs(list), crText)} | ${range(list.map((r) => r.hp))} | ${range(list.map((r) => r.protection))} | ${range(
      list.map((r) => r.defense),
      signedText,
    )} |`;
  return [
    '# Bestiary',
    '',
    '<!-- Generated by `npm run packs:bestiary` (scripts/packs/bestiary.ts): do not edit by hand. -->',
    '',
    `The \`bestiary\` compendium holds the ${rows.length} monsters of the SRD 3.5 (core, epic and psionic)`,
    'converted to GnG by `convertMonster` (decisions in [rules.md](rules.md#bestiary-conversion-issue-19)),',
    "one folder per creature type. Its index shows each monster's GnG HP, Protection, Defense and SRD",
    "challenge rating; each actor's biography gives GnG's size-adjusted CR and what was not converted.",
    '',
    '## How a monster is built',
    '',
    '- **Numbers the sheet derives.** The actor stores what the creature is — abilities, size, natural',
    "  armor, its Hit Dice as `class` items (the creature type's racial HD, and the GnG class levels its",
    "  name gives), the feats of its feat line whose numbers the system uses (copies of the feats pack's,",
    '  matched by name: Toughness, Dodge, Power Attack, Improved Grapple, Improved Sunder, Precise Shot),',
    '  uncanny dodge as a feat item, worn armor and shield, one effect for the other Armor Class bonuses',
    '  (deflection, insight …) — and the data model derives HP, Defense and Protection from them, equal to',
    "  the conversion (a test checks all 696). A swarm's effect also raises its base HP so that its HP",
    '  are those of its space\'s size (decision "Swarm HP").',
    '- **Attacks.** One weapon item per attack of the stat block: the printed damage dice and bonus',
    '  (Strength included, so the item adds no Strength of its own), the damage types, touch, and for a',
    "  wielded weapon the SRD weapon table's category, use and range increment; natural weapons are",
    '  simple light weapons. The attack card rolls the bonus the sheet derives (base attack by the HD,',
    '  Strength or Dexterity, size, enhancement), not the printed one: feats such as Weapon Focus and',
    "  the secondary attacks' −5 are not on the items. The printed line, bonuses, reach and threat range",
    '  are kept on each item; extra energy damage and effects ("plus 1d6 fire", poison) are named in its',
    '  description and not rolled. Attacks that deal no hit point damage are not items.',
    '- **Token.** One square for Medium and smaller, 2×2 Large, 3×3 Huge, 4×4 Gargantuan, 6×6 Colossal;',
    '  HP as bar 1; hostile; vision to its darkvision range.',
    '- **Kept for reference.** `flags.gng.srd` (the SRD lines), `flags.gng.conversion` (every step and',
    "  what was not converted, also listed in the biography), `flags.gng.bestiary` (the index's numbers).",
    '',
    '| Type | Monsters | CR | HP | Protection | Defense |',
    '| --- | --- | --- | --- | --- | --- |',
    ...[...byType.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([type, list]) => line(type, list)),
    line('All', rows),
    '',
    'By size: ' +
      SIZE_ORDER.filter((size) => bySize.has(size))
        .map((size) => `${cap(size)} ${bySize.get(size)}`)
        .join(', ') +
      '.',
    '',
  ].join('\n');
}

export interface GenerateBestiaryOptions {
  /** The monster file (default data/srd35/monsters.json). */
  monstersFile?: string;
  /** Pack source root; writes `<outDir>/bestiary` (default packs/_source). */
  outDir?: string;
  /** Where the table goes (default docs/bestiary.md; null: not written). */
  docFile?: string | null;
}

/** Writes every source (and the docs table, formatted as the repository's Prettier does); returns the files written. */
export async function generateBestiary(options: GenerateBestiaryOptions = {}): Promise<string[]> {
  const records = readMonsters(options.monstersFile);
  const sources = bestiarySources(records, loadReferences());
  const dir = join(options.outDir ?? PACK_SOURCE_DIR, BESTIARY_PACK);
  mkdirSync(dir, { recursive: true });
  const written = new Set<string>();
  for (const { file, doc } of sources) {
    const path = join(dir, file);
    writeFileSync(path, `${JSON.stringify(doc, null, 2)}\n`);
    written.add(path);
  }
  for (const entry of readdirSync(dir)) if (!written.has(join(dir, entry))) rmSync(join(dir, entry));
  const docFile = options.docFile === undefined ? BESTIARY_DOC : options.docFile;
  if (docFile) {
    const prettier = await import('prettier');
    const config = (await prettier.resolveConfig(docFile)) ?? {};
    writeFileSync(
      docFile,
      await prettier.format(bestiaryMarkdown(sources), { ...config, filepath: docFile }),
    );
  }
  return [...written];
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    const started = Date.now();
    const written = await generateBestiary();
    console.log(
      `packs:bestiary: wrote ${written.length} sources to ${join(PACK_SOURCE_DIR, BESTIARY_PACK)} in ${Date.now() - started} ms`,
    );
  } catch (error) {
    console.error(`packs:bestiary: ${(error as Error).message}`);
    process.exit(1);
  }
}
