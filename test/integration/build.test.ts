import { describe, expect, it } from 'vitest';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { unzipSync } from 'fflate';
import { parseSync } from 'vite';
import {
  extractPackTo,
  PackSourceError,
  validatePackSources,
  type SystemManifest,
} from '../../scripts/packs.js';
import { releaseManifest, withoutMapComment } from '../../scripts/build.js';
import { ACTOR_TYPES, ITEM_TYPES } from '../../src/config/document-types.js';
import { ROOT } from '../harness/index.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON files read as fixtures
const readJson = (path: string): Record<string, any> => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));
const system = readJson('system.json') as SystemManifest & ReturnType<typeof readJson>;
const pkg = readJson('package.json');

describe('system.json', () => {
  it('declares exactly the Actor and Item types of the code in documentTypes, and the cards as ChatMessage subtypes; there is no template.json', () => {
    // v13 takes the types from documentTypes; v14 reports template.json as deprecated (docs/host.md).
    expect(existsSync(join(ROOT, 'template.json'))).toBe(false);
    // ChatMessage: each card's subtype (issue #34; test/integration/typed-cards.test.ts checks them).
    expect(Object.keys(system.documentTypes).sort()).toEqual(['Actor', 'ChatMessage', 'Item']);
    expect([...ACTOR_TYPES].sort()).toEqual(Object.keys(system.documentTypes.Actor ?? {}).sort());
    expect([...ITEM_TYPES].sort()).toEqual(Object.keys(system.documentTypes.Item ?? {}).sort());
  });

  it('has the fields a Foundry v13 system needs', () => {
    expect(system.id).toBe('gng');
    expect(system.title).toBe('Grim-n-Gritty');
    // The first build every v13 system whose code is our evidence supports, and the last v13 stable
    // build (docs/host.md).
    expect(system.compatibility).toEqual({ minimum: '13.347', verified: '13.351' });
    expect(system.esmodules).toEqual(['gng.mjs']);
    expect(system.styles).toEqual([{ src: 'gng.css', layer: 'system' }]);
    expect(system.languages).toEqual([{ lang: 'en', name: 'English', path: 'lang/en.json' }]);
    expect(system.grid).toEqual({ type: 1, distance: 5, units: 'ft', diagonals: 4 });
    expect(system.primaryTokenAttribute).toBe('hp');
    expect(system.socket).toBe(true);
    const packNames = system.packs.map((p) => p.name);
    for (const folder of system.packFolders)
      for (const name of folder.packs) expect(packNames).toContain(name);
    for (const pack of system.packs) expect(pack.label).toMatch(/^GNG\./);
  });

  it('keeps the version in package.json only: the release manifest is filled from it', () => {
    expect(system.version).toBe('0.0.0');
    const release = releaseManifest(system, pkg as never);
    expect(release.version).toBe(pkg.version);
    expect(release.url).toBe('https://github.com/grim-n-gritty/gng-foundry');
    expect(release.manifest).toBe(
      'https://github.com/grim-n-gritty/gng-foundry/releases/latest/download/system.json',
    );
    expect(release.download).toBe(
      `https://github.com/grim-n-gritty/gng-foundry/releases/download/v${pkg.version}/gng-${pkg.version}.zip`,
    );
  });
});

function tempPacks(
  files: Record<string, string>,
  packs = [{ name: 'things', type: 'Item' }],
): { root: string; manifest: SystemManifest } {
  const root = mkdtempSync(join(tmpdir(), 'gng-packs-'));
  for (const [path, text] of Object.entries(files)) {
    const full = join(root, path);
    mkdirSync(join(full, '..'), { recursive: true });
    writeFileSync(full, text);
  }
  for (const pack of packs) mkdirSync(join(root, pack.name), { recursive: true });
  return { root, manifest: { ...system, packs } };
}

function problemsOf(files: Record<string, string>, packs?: { name: string; type: string }[]): string[] {
  const { root, manifest } = tempPacks(files, packs);
  try {
    validatePackSources(root, manifest);
  } catch (error) {
    expect(error).toBeInstanceOf(PackSourceError);
    return (error as PackSourceError).problems;
  }
  return [];
}

const goodItem = { _id: 'abcdefghij012345', _key: '!items!abcdefghij012345', name: 'Dagger', type: 'weapon' };

describe('pack source checks (before the CLI, which skips bad entries silently)', () => {
  it('accepts the real pack sources', () => {
    const packs = validatePackSources(join(ROOT, 'packs/_source'), system);
    expect(packs.map((p) => p.pack.name).sort()).toEqual(system.packs.map((p) => p.name).sort());
  });

  it('accepts a valid JSON and YAML source', () => {
    expect(
      problemsOf({
        'things/a.json': JSON.stringify(goodItem),
        'things/b.yml': "_id: abcdefghij012346\n_key: '!items!abcdefghij012346'\nname: Club\ntype: weapon\n",
      }),
    ).toEqual([]);
  });

  it.each([
    ['bad JSON', { 'things/bad.json': '{ "_id": ' }, /things\/bad\.json: cannot be parsed/],
    ['bad YAML', { 'things/bad.yml': 'name: [unclosed\n' }, /things\/bad\.yml: cannot be parsed/],
    [
      'a list instead of one document',
      { 'things/list.json': '[]' },
      /things\/list\.json: must hold one document/,
    ],
    [
      'missing _id',
      { 'things/noid.json': JSON.stringify({ ...goodItem, _id: undefined }) },
      /things\/noid\.json: _id: missing or invalid/,
    ],
    [
      'missing _key',
      { 'things/nokey.json': JSON.stringify({ ...goodItem, _key: undefined }) },
      /things\/nokey\.json: _key: missing \(expected "!items!abcdefghij012345"\)/,
    ],
    [
      'a _key of another collection',
      { 'things/key.json': JSON.stringify({ ...goodItem, _key: '!actors!abcdefghij012345' }) },
      /things\/key\.json: _key: is "!actors!abcdefghij012345"/,
    ],
    [
      'an undeclared type',
      { 'things/type.json': JSON.stringify({ ...goodItem, type: 'laser' }) },
      /things\/type\.json: type: "laser" is not a Item type of system.json/,
    ],
    [
      'a missing name',
      { 'things/name.json': JSON.stringify({ ...goodItem, name: '' }) },
      /things\/name\.json: name: missing/,
    ],
    [
      'a stray file',
      { 'things/notes.txt': 'hello' },
      /things\/notes\.txt: not a \.json, \.yml or \.yaml file/,
    ],
  ])('rejects %s, naming the file and the problem', (_label, files, pattern) => {
    const problems = problemsOf(files as Record<string, string>);
    expect(problems.join('\n')).toMatch(pattern);
  });

  it('rejects duplicate ids across files', () => {
    const problems = problemsOf({
      'things/a.json': JSON.stringify(goodItem),
      'things/b.json': JSON.stringify(goodItem),
    });
    expect(problems.join('\n')).toMatch(
      /things\/b\.json: _id: duplicate "abcdefghij012345" \(also in .*things\/a\.json\)/,
    );
  });

  it('checks embedded documents: an actor item without _key or with an undeclared type', () => {
    const actor = {
      _id: 'actor00000000001',
      _key: '!actors!actor00000000001',
      name: 'Orc',
      type: 'npc',
      items: [
        { _id: 'item000000000001', name: 'Axe', type: 'weapon' },
        {
          _id: 'item000000000002',
          _key: '!actors.items!actor00000000001.item000000000002',
          name: 'Robe',
          type: 'robe',
        },
      ],
    };
    const problems = problemsOf({ 'folk/orc.json': JSON.stringify(actor) }, [
      { name: 'folk', type: 'Actor' },
    ]);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(
      /folk\/orc\.json: items\[0\]\._key: missing \(expected "!actors\.items!actor00000000001\.item000000000001"\)/,
    );
    expect(problems[1]).toMatch(/folk\/orc\.json: items\[1\]\.type: "robe" is not a Item type/);
  });

  it('rejects a pack declared in system.json without a source folder, and a folder without a pack', () => {
    const { root, manifest } = tempPacks({ 'stray/x.json': JSON.stringify(goodItem) }, []);
    manifest.packs = [{ name: 'missing', type: 'Item' }];
    expect(() => validatePackSources(root, manifest)).toThrow(
      /stray: folder has no pack of that name[\s\S]*declares pack "missing" but its source folder is missing/,
    );
  });
});

describe('pack compilation', () => {
  // The build (npm run build, the first step of npm test) checks and compiles every pack into
  // dist/packs (buildPacks); compiling them again here would repeat its check, which prepares the
  // bestiary's 696 actors (about 7 s of CPU: docs/performance.md). A failed check compiles nothing
  // (packs-valid.test.ts), so packs that extract to the sources went through it.
  it('the build compiled every pack to LevelDB in dist/packs, and extracting it gives back its source documents', async () => {
    const built = join(ROOT, 'dist', 'packs');
    expect(existsSync(built), 'dist/packs is missing: run npm run build').toBe(true);
    const packs = validatePackSources(join(ROOT, 'packs/_source'), system);
    expect(packs.map(({ pack }) => pack.name)).toEqual(system.packs.map((pack) => pack.name));
    const out = mkdtempSync(join(tmpdir(), 'gng-built-'));
    for (const { pack, documents, folders } of packs) {
      // From a copy: opening a LevelDB pack takes its lock and rewrites its log files.
      cpSync(join(built, pack.name), join(out, 'packs', pack.name), { recursive: true });
      const extracted = await extractPackTo(join(out, 'packs', pack.name), join(out, 'extracted', pack.name));
      const byId = (docs: Record<string, unknown>[]) =>
        [...docs].sort((a, b) => String(a._id).localeCompare(String(b._id)));
      expect(byId(extracted), `${pack.name}: dist/packs is out of date? run npm run build`).toEqual(
        byId([...folders, ...documents].map((d) => d.data)),
      );
    }
    rmSync(out, { recursive: true, force: true });
    // Ten packs, a thousand documents read back from LevelDB: about 2 s alone, past 5 s under load.
  }, 30_000);
});

describe('the built system in dist/ (npm test builds first)', () => {
  const dist = join(ROOT, 'dist');
  it('contains everything Foundry loads', () => {
    expect(existsSync(dist), 'dist/ is missing: run npm run build').toBe(true);
    for (const file of [
      'system.json',
      'gng.mjs',
      'gng.css',
      'lang/en.json',
      'templates/actor/parts/combat.hbs',
      'templates/actor/partials/stat.hbs',
      'templates/item/details.hbs',
      'templates/chat/attack-card.hbs',
      'LICENSE-OGL',
      // DOMPurify (sanitize-html.ts) is bundled: its licence ships with it.
      'licenses/dompurify.txt',
    ]) {
      expect(existsSync(join(dist, file)), file).toBe(true);
    }
    expect(existsSync(join(dist, 'template.json')), 'template.json is not shipped').toBe(false);
    const built = JSON.parse(readFileSync(join(dist, 'system.json'), 'utf8'));
    expect(built.version).toBe(pkg.version);
    for (const pack of system.packs) expect(readdirSync(join(dist, 'packs', pack.name))).toContain('CURRENT');
    expect(readFileSync(join(dist, 'gng.css'), 'utf8')).toContain('.gng.sheet.actor .abilities');
  });

  // Issue #27: the files at the zip's root, as dnd5e's and Draw Steel's release zips (docs/host.md).
  it("writes a zip with the system's files at its root: dist/ as shipped, no folder around it", () => {
    const zip = unzipSync(readFileSync(join(dist, `gng-${pkg.version}.zip`)));
    const names = Object.keys(zip).sort();
    expect(names).toContain('system.json');
    expect(names).toContain('gng.mjs');
    expect(names).toContain('gng.css');
    expect(names.some((n) => n.startsWith('packs/rules/'))).toBe(true);
    expect(names.filter((n) => n.startsWith('gng/'))).toEqual([]);
    // Exactly dist/'s files but the source maps and the zip itself, each at its path in dist/.
    const shipped = (dir: string): string[] =>
      readdirSync(join(dist, dir), { withFileTypes: true }).flatMap((entry) => {
        const path = posix.join(dir, entry.name);
        return entry.isDirectory() ? shipped(path) : [path];
      });
    // A pack is a LevelDB folder: opening it (the playground's server reads dist/packs while other
    // test files run) rewrites its log and manifest files, so packs compare by folder, the rest by file.
    const packOf = (n: string) => /^packs\/[^/]+\//.exec(n)?.[0];
    const byPack = (list: string[]) => [...new Set(list.map((n) => packOf(n) ?? n))].sort();
    expect(byPack(names)).toEqual(
      byPack(shipped('').filter((n) => !n.endsWith('.map') && !n.endsWith('.zip'))),
    );
    for (const pack of byPack(names).filter((n) => n.startsWith('packs/')))
      expect(
        names.some((n) => n.startsWith(pack) && /CURRENT$/.test(n)),
        pack,
      ).toBe(true);
    expect(JSON.parse(new TextDecoder().decode(zip['system.json'])).version).toBe(pkg.version);
  });
});

/**
 * The code (issue #29): minified, with what a world loads at start in gng.mjs and the chunk it
 * imports, and what most game nights never open (the simulator, the stat-block importer, the odds,
 * the bestiary conversion) in chunks loaded on first use. Read from dist/ and its source maps.
 */
describe('the built code in dist/ (npm test builds first)', () => {
  const dist = join(ROOT, 'dist');
  /** What a world may load at start, in bytes (docs/performance.md "Code loaded at start"). */
  const START_BUDGET = 300_000;
  const read = (file: string) => readFileSync(join(dist, file), 'utf8');
  const codeFiles = () =>
    ['gng.mjs', ...readdirSync(join(dist, 'chunks')).map((f) => `chunks/${f}`)].filter((f) =>
      f.endsWith('.mjs'),
    );

  /** The files `file` imports: statically (loaded with it) and dynamically (on first use), relative to dist/. */
  function importsOf(file: string): { static: string[]; dynamic: string[] } {
    const code = read(file);
    const { module, errors } = parseSync(file, code);
    expect(errors, file).toEqual([]);
    const resolve = (specifier: string) => {
      // Relative to the importing file, as the browser resolves it under systems/gng/.
      expect(specifier, `${file} imports ${specifier}`).toMatch(/^\.\.?\//);
      return posix.normalize(posix.join(posix.dirname(file), specifier));
    };
    const statics = [
      ...module.staticImports.map((i) => i.moduleRequest.value),
      ...module.staticExports.flatMap((e) => e.entries.flatMap((x) => x.moduleRequest?.value ?? [])),
    ];
    const dynamic = module.dynamicImports.map((d) =>
      code.slice(d.moduleRequest.start + 1, d.moduleRequest.end - 1),
    );
    return { static: statics.map(resolve), dynamic: dynamic.map(resolve) };
  }

  /** gng.mjs and everything it imports statically: what a world loads at start. */
  function startFiles(): string[] {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      importsOf(file).static.forEach(visit);
    };
    visit('gng.mjs');
    return [...seen];
  }

  /** The source files (repository paths) whose code a built file holds, from its source map. */
  const sourcesOf = (file: string): string[] =>
    existsSync(join(dist, `${file}.map`))
      ? (JSON.parse(read(`${file}.map`)) as { sources: string[] }).sources.map((s) =>
          posix.relative('.', posix.join(posix.dirname(file), s)).replace(/^(\.\.\/)+/, ''),
        )
      : [];

  it('imports every chunk by a path relative to the importing file, and every chunk it names exists', () => {
    for (const file of codeFiles())
      for (const imported of Object.values(importsOf(file)).flat())
        expect(existsSync(join(dist, imported)), `${file} → ${imported}`).toBe(true);
  });

  it(`loads at most ${START_BUDGET} bytes at start: gng.mjs and the chunks it imports statically`, () => {
    const files = startFiles();
    const bytes = files.reduce((n, f) => n + readFileSync(join(dist, f)).length, 0);
    console.log(`code loaded at start: ${bytes} bytes in ${files.join(', ')}`);
    expect(bytes).toBeLessThanOrEqual(START_BUDGET);
  });

  it('leaves the simulator, the importer, the odds, the bestiary conversion, the self-test’s checks, the attack card’s GM side and the cards loaded on first use out of the start', () => {
    const start = new Set(startFiles());
    const lazy = codeFiles().filter((f) => !start.has(f));
    const atStart = [...start].flatMap(sourcesOf);
    const later = lazy.flatMap(sourcesOf);
    // Loaded on first use; only their registration (the buttons, the card's render hook) is at start.
    const onFirstUse = [
      /^src\/simulator\/(?!register\.ts)/,
      /^src\/rules\/simulate\//,
      /^src\/bestiary\/(?!register\.ts)/,
      /^src\/rules\/bestiary\//,
      /^src\/rules\/odds\//,
      /^src\/cards\/attack\/attack-odds(?!-register\.ts)/,
      /^src\/applications\/attack-dialog-odds\.ts$/,
      // The attack card's writing on the GM's client (attack-gm.ts): making it, its steps, its content.
      /^src\/cards\/attack\/(?:attack-gm|attack-start|attack-options-parse|attack-steps|attack-save|attack-render|called-shots|strike-steps|sunder-steps|firearms-damage|item-properties-card|item-properties-damage|sunder-card)\.ts$/,
      // The dialogs: loaded on first open (their templates' paths are at start).
      /^src\/applications\/(?:attack-dialog(?:-options)?|cast-dialog)\.ts$/,
      // The actor sheets' view models, their buttons' handlers and what a rendered sheet does on the
      // page (render scope, tab strip, breakdowns): loaded by the first sheet rendered
      // (the sheet classes are at start).
      /^src\/applications\/sheets\/(?:actor-parts|actor-context|actor-sheet-actions|render-scope|tab-strip|breakdown-placement|stat-views|resistances-context|skipped-changes-context|item-fieldsets)\.ts$/,
      // The world clock's expiry and the rests' clock steps (its start stamp and hooks are at start).
      /^src\/combat\/world-time\.ts$/,
      // Making and running the hotbar's attack macros (the hotbarDrop hook is at start).
      /^src\/hooks\/item-macro\.ts$/,
      // The combat options' GM steps (their query, hooks and the sheet's request are at start).
      /^src\/cards\/attack\/combat-options-gm\.ts$/,
      // The self-test's window and checks: only its queries, probe setting and menu are at start.
      /^src\/self-test\/(?!(?:register|queries|self-test-menu|probe-setting|index)\.ts$)/,
      // Token Action HUD Core support: only its hook listener is at start (loaded when the module is active).
      /^src\/integrations\/token-action-hud\/(?!register\.ts$)/,
      // The Saga-style model (issue #30): registered by its loader, all of it loaded on first use; its
      // condition track's GM side and its sheet block too.
      /^src\/rules\/models\/saga\//,
      /^src\/cards\/saga-track\/track-(?:actions|render)\.ts$/,
      /^src\/applications\/sheets\/saga-sheet\.ts$/,
      // The Enlightened Grognard (issue #31): registered by its loader EG_LOADER; its engine, its
      // glue at the table (tokens, sheet block, tracker, turn start) and its cards loaded with it; only
      // the class rates' reader (rates-text.ts, the class item's write check) is at start.
      /^src\/rules\/models\/eg\/(?!rates-text\.ts$)/,
      /^src\/combat\/eg-/,
      // (A lazy card's registration and state, `*-register.ts` / `*-state.ts`, may be at start: lane
      // maneuvers' card is registered on `init` as the other lazy cards are.)
      /^src\/cards\/eg-[\w-]+\/(?![\w-]+-(?:register|state|data)\.ts$)/,
      /^src\/applications\/sheets\/eg-sheet\.ts$/,
      // The Time Count model (issue #32): registered by its loader TC_LOADER; its engine and its glue at
      // the table (the tracker and its schedule, the sheet block, the GM's Heal) loaded with it; only the
      // weapons' speed class ids (src/data/item/item-data.ts) and the Combat's deferrals are at start.
      /^src\/rules\/models\/tc\//,
      /^src\/combat\/tc-/,
      // Its cards' data models are registered at `init` with every card's (issue #34).
      /^src\/cards\/tc-[\w-]+\/(?![\w-]+-data\.ts$)/,
      /^src\/applications\/sheets\/tc-[\w-]+\.ts$/,
      // The world repair: loaded on `ready` by the active GM's client.
      /^src\/data\/(?:world|source)-repair\.ts$/,
      // Casting spells and powers: only the two queries' registration is at start (magic-register.ts).
      /^src\/magic\/(?:weapon|area)-spells\.ts$/,
    ];
    // The cards loaded on first use (src/cards/kernel/lazy-card.ts): at start only each card's
    // registration, its state (the flag, query and template the registration reads), its data model
    // (registered on `init`, issue #34) and what other code at start shares with it.
    const sharedAtStart: Record<string, string[]> = {
      area: [],
      bleeding: [],
      burst: ['burst-area'],
      dying: [],
      // The Enlightened Grognard maneuver card (issue #31).
      'eg-maneuver': [],
      'feat-actions': [],
      // Its triggers (feat-offer-start.ts) run at start; the card loads with the first offer.
      'feat-offer': ['feat-offer-start'],
      grapple: [],
      heal: [],
      maneuver: [],
      'quick-stand': [],
      rest: ['care-records', 'rest-read'],
      // The Saga-style turn start: its registration is src/combat/saga-turn-start.ts.
      'saga-turn': [],
      suppress: [],
    };
    for (const [card, shared] of Object.entries(sharedAtStart))
      onFirstUse.push(
        new RegExp(
          `^src/cards/${card}/(?!(?:[\\w-]+-register|[\\w-]+-state|[\\w-]+-data${shared.map((f) => `|${f}`).join('')})\\.ts$)`,
        ),
      );
    for (const pattern of onFirstUse) {
      expect(
        atStart.filter((s) => pattern.test(s)),
        String(pattern),
      ).toEqual([]);
      expect(
        later.some((s) => pattern.test(s)),
        `${pattern} is in a chunk loaded on first use`,
      ).toBe(true);
    }
    // The class names kept by the minifier mark the windows' modules too.
    const startCode = [...start].map(read).join('\n');
    const lazyCode = lazy.map(read).join('\n');
    for (const marker of [
      'class SimulatorApp',
      'class StatBlockImporterApp',
      'class AttackDialog',
      'class CastDialog',
      'class VariantsApp',
      'class SelfTestApp',
    ]) {
      expect(startCode).not.toContain(marker);
      expect(lazyCode).toContain(marker);
    }
  });

  // vite.config.ts declares the barrels free of side effects, so that a module they re-export loads
  // where its names are used: a barrel with code of its own would lose it.
  it('has barrels (src/**/index.ts) of re-exports only, as vite.config.ts declares them', () => {
    const barrels = (dir: string): string[] =>
      readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
        const path = posix.join(dir, entry.name);
        if (entry.isDirectory()) return barrels(path);
        return entry.name === 'index.ts' ? [path] : [];
      });
    const found = barrels('src');
    expect(found).toContain('src/rules/index.ts');
    for (const file of found) {
      const { program, errors } = parseSync(file, readFileSync(join(ROOT, file), 'utf8'));
      expect(errors, file).toEqual([]);
      for (const statement of program.body) {
        const reexport =
          statement.type === 'ExportAllDeclaration' ||
          (statement.type === 'ExportNamedDeclaration' && statement.source !== null) ||
          (statement.type === 'ExportNamedDeclaration' && statement.exportKind === 'type');
        expect(reexport, `${file}: ${statement.type} at ${statement.start}`).toBe(true);
      }
    }
  });

  it('is minified, keeping the class names Foundry names hooks after', () => {
    const startCode = startFiles().map(read).join('\n');
    // Whitespace removed: a few long lines, no indentation.
    expect(startCode.split('\n').length).toBeLessThan(100);
    expect(startCode).not.toMatch(/\n\t/);
    // renderAttackDialog, renderCharacterSheet, renderGnGActorSheet, … (ApplicationV2 names its
    // render hooks after each class of the application), and the document and data model classes.
    for (const name of [
      'GnGActorSheet',
      'CharacterSheet',
      'NpcSheet',
      'ItemSheet',
      'VariantsMenu',
      'SelfTestMenu',
      'GnGActor',
      'GnGItem',
      'GnGCombat',
      'CreatureData',
      'CharacterData',
      'NpcData',
      'WeaponData',
    ])
      expect(startCode, name).toMatch(new RegExp(`class ${name}\\b|\\b${name}=class\\b`));
  });

  it('zips the code without its source maps: they stay beside the zip in dist/', () => {
    const zip = unzipSync(readFileSync(join(dist, `gng-${pkg.version}.zip`)));
    const names = Object.keys(zip);
    expect(names.filter((n) => n.endsWith('.map'))).toEqual([]);
    for (const file of codeFiles()) {
      const zipped = new TextDecoder().decode(zip[file]);
      expect(zipped, file).toBe(withoutMapComment(read(file)));
      expect(zipped).not.toContain('sourceMappingURL');
    }
    // In dist/, each file names its map, which is there (the start chunk's at least).
    const named = codeFiles().flatMap((f) => {
      const name = /sourceMappingURL=(\S+)\s*$/.exec(read(f))?.[1];
      return name ? [posix.join(posix.dirname(f), name)] : [];
    });
    expect(named.some((m) => m.startsWith('chunks/start-'))).toBe(true);
    for (const map of named) expect(existsSync(join(dist, map)), map).toBe(true);
  });
});
