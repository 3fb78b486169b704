/**
 * Every document of every pack in system.json is valid against our data models: created through the
 * harness as a compendium document (the data models clean and validate it, as Foundry does when a
 * pack loads), nothing rejected, and nothing the source sets silently dropped or changed by cleaning.
 * Ids are unique across packs, and the generated SRD sources are stable (same input, same files).
 */
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildPacks,
  checkPackSources,
  PackSourceError,
  validatePackSources,
  type SystemManifest,
} from '../../scripts/packs.js';
import { generateSrdGear } from '../../scripts/packs/srd-gear.js';
import { getHarness, ROOT } from '../harness/index.js';

type Source = Record<string, unknown>;

const h = await getHarness();
const manifest = JSON.parse(readFileSync(join(ROOT, 'system.json'), 'utf8')) as SystemManifest;
const packs = validatePackSources(join(ROOT, 'packs/_source'), manifest);

const isRecord = (value: unknown): value is Source =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Where `cleaned` differs from `source` for the keys `source` sets (nested objects compared key by
 * key, so fields the model adds with their defaults are fine). One message per difference.
 */
function cleaningChanges(source: Source, cleaned: unknown, path = 'system'): string[] {
  if (!isRecord(cleaned)) return [`${path}: ${JSON.stringify(source)} became ${JSON.stringify(cleaned)}`];
  return Object.entries(source).flatMap(([key, value]) => {
    const where = `${path}.${key}`;
    if (!(key in cleaned)) return [`${where}: dropped (${JSON.stringify(value)})`];
    if (isRecord(value)) return cleaningChanges(value, cleaned[key], where);
    return JSON.stringify(value) === JSON.stringify(cleaned[key])
      ? []
      : [`${where}: ${JSON.stringify(value)} became ${JSON.stringify(cleaned[key])}`];
  });
}

/** Creates a pack document as a compendium document; returns the problems found (empty when valid). */
function problemsOf(packName: string, documentName: 'Actor' | 'Item', data: Source): string[] {
  let doc: FoundryDocument;
  try {
    doc = h.registerCompendiumDocument(packName, structuredClone(data), documentName);
  } catch (error) {
    return [`rejected: ${(error as Error).message}`];
  }
  const object = (doc as unknown as { toObject(): Source }).toObject();
  const problems = isRecord(data.system) ? cleaningChanges(data.system, object.system) : [];
  if (documentName === 'Actor') {
    const items = (data.items as Source[] | undefined) ?? [];
    const actor = doc as unknown as Actor;
    expect(actor.items.size, 'embedded items kept').toBe(items.length);
    for (const item of items) {
      const embedded = actor.items.get(item._id as string);
      if (!embedded) {
        problems.push(`items[${String(item._id)}]: missing after creation`);
        continue;
      }
      const cleaned = embedded.toObject().system;
      if (isRecord(item.system))
        problems.push(...cleaningChanges(item.system, cleaned, `items[${item.name as string}].system`));
    }
  }
  return problems;
}

const stripTags = (html: string) => html.replace(/<[^>]*>/g, '').trim();

describe('every pack document is valid against the data models', () => {
  it('system.json declares packs, and every pack has sources', () => {
    expect(packs.length).toBeGreaterThan(0);
    for (const { pack, documents } of packs) expect(documents.length, pack.name).toBeGreaterThan(0);
  });

  for (const { pack, documents } of packs) {
    describe(`${pack.name} (${pack.type}, ${documents.length} documents)`, () => {
      if (pack.type === 'Actor' || pack.type === 'Item') {
        it.each(documents.map((d) => [d.data.name as string, d] as const))(
          '%s is accepted and keeps every field its source sets',
          (_name, { file, data }) => {
            h.reset();
            expect(problemsOf(pack.name, pack.type as 'Actor' | 'Item', data), file).toEqual([]);
          },
        );
      } else if (pack.type === 'JournalEntry') {
        it.each(documents.map((d) => [d.data.name as string, d] as const))(
          '%s has text pages with content',
          (_name, { file, data }) => {
            const pages = (data.pages as Source[] | undefined) ?? [];
            expect(pages.length, file).toBeGreaterThan(0);
            for (const page of pages) {
              expect(page.type, `${file} ${String(page.name)}`).toBe('text');
              const text = (page.text as { content?: unknown } | undefined)?.content;
              expect(
                typeof text === 'string' && stripTags(text).length > 0,
                `${file} ${String(page.name)}`,
              ).toBe(true);
            }
          },
        );
      } else {
        it(`${pack.name}: has a document type this test knows`, () => {
          throw new Error(`pack ${pack.name} holds ${pack.type} documents: add their data model checks here`);
        });
      }
    });
  }

  it('rejections and silent changes are caught: the check itself works', () => {
    h.reset();
    const weapon = { _id: 'packsValidTest01', name: 'Bad', type: 'weapon' };
    expect(problemsOf('weapons', 'Item', { ...weapon, system: { use: 'juggled' } })[0]).toMatch(/^rejected:/);
    expect(problemsOf('weapons', 'Item', { ...weapon, system: { sharpness: 3 } })).toEqual([
      'system.sharpness: dropped (3)',
    ]);
    expect(problemsOf('weapons', 'Item', { ...weapon, system: { weight: '2' } })).toEqual([
      'system.weight: "2" became 2',
    ]);
  });
});

/** Writes `files` as pack sources (one Item pack `things`, one Actor pack `folk`) in a temporary folder. */
function tempPacks(files: Record<string, unknown>): { root: string; manifest: SystemManifest } {
  const root = mkdtempSync(join(tmpdir(), 'gng-bad-packs-'));
  const packs = [
    { name: 'things', type: 'Item' },
    { name: 'folk', type: 'Actor' },
  ];
  for (const pack of packs) mkdirSync(join(root, pack.name), { recursive: true });
  for (const [path, data] of Object.entries(files))
    writeFileSync(join(root, path), typeof data === 'string' ? data : JSON.stringify(data));
  return { root, manifest: { ...manifest, packs } };
}

/** The problems the build's check finds in these sources (empty when it accepts them). */
async function buildProblems(files: Record<string, unknown>): Promise<string[]> {
  const { root, manifest: temp } = tempPacks(files);
  try {
    await checkPackSources(root, temp);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(PackSourceError);
    return (error as PackSourceError).problems.map((p) =>
      p.replace(`${root}/`, '').replace(/^.*?(things|folk)\//, '$1/'),
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const itemSource = (id: string, type: string, system: Source) => ({
  _id: id,
  _key: `!items!${id}`,
  name: 'Bad item',
  type,
  system,
});
const actorSource = (id: string, system: Source, items: Source[] = []) => ({
  _id: id,
  _key: `!actors!${id}`,
  name: 'Bad creature',
  type: 'npc',
  system,
  items: items.map((item) => ({ ...item, _key: `!actors.items!${id}.${String(item._id)}` })),
});

describe('the build refuses bad pack entries with the file and the field (npm run build)', () => {
  // The real sources: the build checks them (npm run build, the first step of npm test) and compiles
  // nothing when a source is bad (below); build.test.ts finds every source in the packs it compiled.
  // Checking them again here cost about 7 s of CPU (it prepares the bestiary's 696 actors).
  it('accepts a good weapon and creature', async () => {
    expect(
      await buildProblems({
        'things/good.json': itemSource('goodWeapon000001', 'weapon', {
          damage: { medium: '2d6+1' },
          weight: 8,
        }),
        'folk/good.json': actorSource('goodCreature0001', { abilities: { str: { value: 80 } } }),
      }),
    ).toEqual([]);
  });

  it.each([
    [
      'an unknown size',
      { 'things/size.json': itemSource('badSize000000001', 'weapon', { size: 'enormous' }) },
      'things/size.json: system.size: "enormous" is not a valid choice',
    ],
    [
      'a negative weight',
      { 'things/weight.json': itemSource('badWeight0000001', 'equipment', { weight: -1 }) },
      'things/weight.json: system.weight: Weight cannot be negative (got -1).',
    ],
    [
      'a string enhancement',
      { 'things/enh.json': itemSource('badEnhancement01', 'weapon', { enhancement: '2' }) },
      'things/enh.json: system.enhancement: "2" would be stored as 2: write the stored value',
    ],
    [
      'a damage formula the engine cannot roll',
      { 'things/dice.json': itemSource('badDice000000001', 'weapon', { damage: { medium: '1d6+1d4' } }) },
      'things/dice.json: system.damage.medium: The medium damage must be dice the system can roll, such as 1d8 or 2d6+1, with at most 100 dice of up to 1000 faces (got "1d6+1d4").',
    ],
    [
      'an ability score out of bounds',
      { 'folk/giant.json': actorSource('badAbility000001', { abilities: { str: { value: 250 } } }) },
      'folk/giant.json: system.abilities.str.value: An ability score cannot be more than 200 (str: 250).',
    ],
    [
      'a bad embedded item',
      {
        'folk/orc.json': actorSource('badEmbedded00001', {}, [
          { _id: 'badEmbeddedItem1', name: 'Axe', type: 'weapon', system: { damage: { medium: 'd8' } } },
        ]),
      },
      'folk/orc.json: items[0].system.damage.medium: The medium damage must be dice the system can roll, such as 1d8 or 2d6+1, with at most 100 dice of up to 1000 faces (got "d8").',
    ],
    [
      'an unknown field',
      { 'things/extra.json': itemSource('badField00000001', 'weapon', { sharpness: 3 }) },
      'things/extra.json: system.sharpness: not a field of the data model: 3 would be dropped',
    ],
    [
      'an undeclared type',
      { 'things/type.json': itemSource('badType000000001', 'laser', {}) },
      'things/type.json: type: "laser" is not a Item type of system.json (class, weapon, armor, shield, feat, equipment, spell, power)',
    ],
    [
      'an image Foundry does not serve',
      {
        'things/img.json': {
          ...itemSource('badImage00000001', 'weapon', {}),
          img: 'icons/weapons/swords/made-up.webp',
        },
      },
      'things/img.json: img: "icons/weapons/swords/made-up.webp" is not an image Foundry serves (a core icon listed in scripts/packs/icons.ts, icons/svg/…, or systems/gng/…)',
    ],
    [
      'a missing _key',
      { 'things/key.json': { ...itemSource('badKey0000000001', 'weapon', {}), _key: undefined } },
      'things/key.json: _key: missing (expected "!items!badKey0000000001")',
    ],
  ])('%s', async (_label, files, problem) => {
    expect(await buildProblems(files)).toEqual([problem]);
  });

  it('compiles nothing when a source is bad: buildPacks throws before the CLI runs', async () => {
    const { root, manifest: temp } = tempPacks({
      'things/weight.json': itemSource('badWeight0000001', 'equipment', { weight: -1 }),
    });
    const out = mkdtempSync(join(tmpdir(), 'gng-bad-out-'));
    try {
      await expect(buildPacks(root, join(out, 'packs'), temp)).rejects.toThrow(
        /things\/weight\.json: system\.weight: Weight cannot be negative \(got -1\)\./,
      );
      expect(readdirSync(out)).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
      rmSync(out, { recursive: true, force: true });
    }
  });
});

describe('pack ids', () => {
  it('are unique across all packs', () => {
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    for (const { pack, documents } of packs) {
      for (const { file, data } of documents) {
        const id = data._id as string;
        const previous = seen.get(id);
        if (previous) duplicates.push(`${id}: ${previous} and ${pack.name}/${file}`);
        seen.set(id, `${pack.name}/${file}`);
      }
    }
    expect(duplicates).toEqual([]);
  });

  it('are stable: the SRD generator writes identical files twice, and the committed sources are its output', () => {
    const first = mkdtempSync(join(tmpdir(), 'gng-srd-a-'));
    const second = mkdtempSync(join(tmpdir(), 'gng-srd-b-'));
    try {
      generateSrdGear({ outDir: first });
      generateSrdGear({ outDir: second });
      for (const pack of ['weapons', 'armor']) {
        const files = readdirSync(join(first, pack)).sort();
        expect(files.length).toBeGreaterThan(0);
        expect(readdirSync(join(second, pack)).sort()).toEqual(files);
        const committed = readdirSync(join(ROOT, 'packs/_source', pack))
          .filter((f) => f.startsWith('srd-'))
          .sort();
        expect(committed, `packs/_source/${pack} is up to date (npm run packs:srd)`).toEqual(files);
        for (const file of files) {
          const text = readFileSync(join(first, pack, file), 'utf8');
          expect(readFileSync(join(second, pack, file), 'utf8'), file).toBe(text);
          expect(readFileSync(join(ROOT, 'packs/_source', pack, file), 'utf8'), file).toBe(text);
        }
      }
    } finally {
      rmSync(first, { recursive: true, force: true });
      rmSync(second, { recursive: true, force: true });
    }
  });
});

describe('pack images (issue 15: every item showed the same shield glyph)', () => {
  const sources = (pack: string) =>
    readdirSync(join(ROOT, 'packs/_source', pack))
      .filter((file) => file.endsWith('.json'))
      .map((file) => JSON.parse(readFileSync(join(ROOT, 'packs/_source', pack, file), 'utf8')) as Source);

  it('weapons and armor show their own kind: a sword, an axe, a bow, a gun and a shield differ', () => {
    const byName = (pack: string, name: string) => sources(pack).find((doc) => doc.name === name)?.img;
    const pictures = [
      byName('weapons', 'Longsword'),
      byName('weapons', 'Battleaxe'),
      byName('weapons', 'Longbow'),
      byName('weapons', 'Autoloader pistol (9mm)'),
      byName('armor', 'Heavy steel shield'),
      byName('armor', 'Full plate'),
    ];
    expect(pictures.every((p) => typeof p === 'string' && p.startsWith('icons/'))).toBe(true);
    expect(new Set(pictures).size).toBe(pictures.length);
  });

  it('no weapon or armor keeps the generic core glyph', () => {
    const generic = [...sources('weapons'), ...sources('armor')].filter((doc) =>
      /^icons\/svg\//.test(String(doc.img)),
    );
    expect(generic.map((doc) => doc.name)).toEqual([]);
  });
});
