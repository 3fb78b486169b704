/**
 * The release (issue 14): the manifest a GM installs from passes the checks Foundry's package
 * validation makes, and the release workflow publishes its two assets at exactly the URLs the
 * manifest names.
 *
 * What Foundry requires of a system manifest, from its public documentation and issue tracker
 * (never its code):
 * - https://foundryvtt.com/article/system-development/ — a system is the folder
 *   `Data/systems/<id>/` holding system.json; it is shared as a zip extracted into `systems/`, or
 *   installed from a manifest URL.
 * - https://foundryvtt.com/api/interfaces/foundry.packages.types.PackageManifestData.html and
 *   SystemManifestData — `id` ("should be lower-case with no spaces or special characters"),
 *   `title` and `version` are required; `manifest` is "required in order to support package
 *   updates", `download` "in order to support package installation"; `license` and `readme` are
 *   "a web url or relative file path"; `esmodules`, `styles`, `languages`, `packs`,
 *   `documentTypes`, `authors` (PackageAuthorData: `name`).
 * - PackageCompatibilityData (same reference): `minimum`, `verified`, `maximum` are strings
 *   compared as versions.
 * - PackageLanguageData: `lang`, `name`, `path`.
 * - PackageCompendiumData: `name` ("no spaces or special characters"), `label`, `path`, `type`,
 *   `system` ("Required for Actor and Item packs"; CONST.SYSTEM_SPECIFIC_COMPENDIUM_TYPES is
 *   ["Actor", "Item"] in v13); foundryvtt/foundryvtt#8741: `path` may be omitted and is then
 *   `packs/<name>`; foundryvtt/foundryvtt#9534 and Kekilla0/Item-Macro#71 ("packs: 0: type: may
 *   not be undefined"): a bad pack entry fails the manifest's validation; foundryvtt/foundryvtt#8037:
 *   an Actor/Item pack without `system` cannot be installed.
 * - https://forums.forge-vtt.com/t/manifest-format/10896 — the package's folder name must match its
 *   id (the folder the zip is installed into).
 * - The zip has the system's files at its root, system.json among them, as dnd5e's and Draw Steel's
 *   release workflows make theirs (`.github/workflows/release.yml`: `zip <name> -r system.json …`
 *   from the built folder; docs/host.md).
 * - https://docs.github.com/en/repositories/releasing-projects-on-github/linking-to-releases —
 *   `<repo>/releases/latest/download/<asset>` is the asset of the latest release.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { parse } from 'yaml';
import { releaseManifest } from '../../scripts/build.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIST = join(ROOT, 'dist');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON and YAML files read as fixtures
type Json = Record<string, any>;
const readJson = (path: string): Json => JSON.parse(readFileSync(path, 'utf8')) as Json;
const pkg = readJson(join(ROOT, 'package.json'));
const source = readJson(join(ROOT, 'system.json'));

/** Document types a compendium pack may hold (v13). */
const PACK_TYPES = [
  'Actor',
  'Adventure',
  'Cards',
  'Item',
  'JournalEntry',
  'Macro',
  'Playlist',
  'RollTable',
  'Scene',
];
const SYSTEM_SPECIFIC_PACK_TYPES = ['Actor', 'Item'];
const PACKAGE_ID = /^[a-z0-9-]+$/;
const VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** Compares dotted versions ("13", "13.351") as numbers, part by part. */
function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * Everything wrong with `manifest` as a release of this system; `hasFile` answers whether a path
 * relative to the system's folder exists (in dist/ or in the zip).
 */
function manifestProblems(manifest: Json, hasFile: (path: string) => boolean): string[] {
  const problems: string[] = [];
  const file = (field: string, path: unknown) => {
    if (!isText(path)) problems.push(`${field}: not a path`);
    else if (/^[a-z]+:/i.test(path)) problems.push(`${field}: ${path} is not a file of the system`);
    else if (!hasFile(posix.normalize(path).replace(/^\/+/, '')))
      problems.push(`${field}: ${path} does not exist`);
  };

  if (!isText(manifest.id) || !PACKAGE_ID.test(manifest.id))
    problems.push(
      `id: ${JSON.stringify(manifest.id)} is not lower-case without spaces or special characters`,
    );
  for (const field of ['title', 'description'])
    if (!isText(manifest[field])) problems.push(`${field}: missing`);
  if (!isText(manifest.version) || !VERSION.test(manifest.version))
    problems.push(`version: ${JSON.stringify(manifest.version)} is not a version like 1.2.3`);

  const compatibility = manifest.compatibility as Json | undefined;
  if (!compatibility || !isText(compatibility.minimum) || !isText(compatibility.verified))
    problems.push('compatibility: minimum and verified must be version strings');
  else if (compareVersions(compatibility.verified, compatibility.minimum) < 0)
    problems.push('compatibility: verified is older than minimum');
  if (compatibility?.maximum !== undefined && !isText(compatibility.maximum))
    problems.push('compatibility: maximum must be a version string');

  if (!Array.isArray(manifest.authors) || manifest.authors.length === 0) problems.push('authors: missing');
  else
    (manifest.authors as Json[]).forEach((author, i) => {
      if (!isText(author?.name)) problems.push(`authors[${i}]: no name`);
    });

  if (!Array.isArray(manifest.esmodules) || manifest.esmodules.length === 0)
    problems.push('esmodules: missing');
  else (manifest.esmodules as unknown[]).forEach((path, i) => file(`esmodules[${i}]`, path));
  ((manifest.styles ?? []) as (string | Json)[]).forEach((style, i) =>
    file(`styles[${i}]`, typeof style === 'string' ? style : style?.src),
  );

  if (!Array.isArray(manifest.languages) || manifest.languages.length === 0)
    problems.push('languages: missing');
  else
    (manifest.languages as Json[]).forEach((language, i) => {
      for (const field of ['lang', 'name', 'path'])
        if (!isText(language?.[field])) problems.push(`languages[${i}]: no ${field}`);
      if (isText(language?.path)) file(`languages[${i}].path`, language.path);
    });

  const documentTypes = manifest.documentTypes as Json | undefined;
  for (const name of ['Actor', 'Item'])
    if (!documentTypes?.[name] || Object.keys(documentTypes[name] as Json).length === 0)
      problems.push(`documentTypes.${name}: no types`);

  const packNames = new Set<string>();
  ((manifest.packs ?? []) as Json[]).forEach((pack, i) => {
    const where = `packs[${i}]`;
    if (!isText(pack?.name) || !PACKAGE_ID.test(pack.name))
      problems.push(`${where}: name ${JSON.stringify(pack?.name)} has spaces or special characters`);
    else if (packNames.has(pack.name)) problems.push(`${where}: duplicate name ${pack.name}`);
    else packNames.add(pack.name);
    if (!isText(pack?.label)) problems.push(`${where}: no label`);
    if (!PACK_TYPES.includes(pack?.type as string))
      problems.push(`${where}: type ${JSON.stringify(pack?.type)} is not a document type`);
    if (SYSTEM_SPECIFIC_PACK_TYPES.includes(pack?.type as string) && pack?.system !== manifest.id)
      problems.push(`${where}: a ${pack?.type} pack needs system "${manifest.id}"`);
    // Without a path the pack is packs/<name>; compiled, it is a LevelDB folder.
    const path = isText(pack?.path) ? pack.path : `packs/${pack?.name}`;
    file(`${where}.path`, `${path}/CURRENT`);
  });
  ((manifest.packFolders ?? []) as Json[]).forEach((folder, i) => {
    for (const name of (folder?.packs ?? []) as string[])
      if (!packNames.has(name)) problems.push(`packFolders[${i}]: unknown pack ${name}`);
  });

  for (const field of ['url', 'manifest', 'download'])
    if (!isText(manifest[field]) || !/^https:\/\/[^/\s]+\.[^/\s]+\//.test(`${manifest[field]}/`))
      problems.push(`${field}: ${JSON.stringify(manifest[field])} is not an absolute https URL`);
  if (manifest.manifest !== `${manifest.url}/releases/latest/download/system.json`)
    problems.push(`manifest: not <url>/releases/latest/download/system.json`);
  if (
    manifest.download !== `${manifest.url}/releases/download/v${manifest.version}/gng-${manifest.version}.zip`
  )
    problems.push(`download: not <url>/releases/download/v<version>/gng-<version>.zip`);

  for (const field of ['license', 'readme']) file(field, manifest[field]);
  return problems;
}

const inDist = (path: string) => existsSync(join(DIST, path));
const release = releaseManifest(source, pkg as never) as Json;

describe('the release manifest passes the checks Foundry makes', () => {
  it('as scripts/build.ts writes it from system.json and package.json', () => {
    expect(manifestProblems(release, inDist)).toEqual([]);
    expect(release.id).toBe('gng');
    expect(release.version).toBe(pkg.version);
    expect(release.url).toMatch(/^https:\/\/github\.com\/[^/]+\/[^/]+$/);
  });

  it('as built in dist/system.json (npm test builds first)', () => {
    expect(existsSync(join(DIST, 'system.json')), 'dist/ is missing: run npm run build').toBe(true);
    const built = readJson(join(DIST, 'system.json'));
    expect(built).toEqual(release);
    expect(manifestProblems(built, inDist)).toEqual([]);
  });

  it("as installed from the zip: system.json at the zip's root, with every file the manifest names", () => {
    const zipPath = join(DIST, `gng-${pkg.version}.zip`);
    expect(existsSync(zipPath), `${zipPath} is missing: run npm run build`).toBe(true);
    const zip = unzipSync(readFileSync(zipPath));
    const files = new Set(Object.keys(zip));
    expect(files.has('system.json')).toBe(true);
    expect(files.has(`${release.id}/system.json`)).toBe(false);
    const zipped = JSON.parse(new TextDecoder().decode(zip['system.json'])) as Json;
    expect(zipped).toEqual(release);
    expect(manifestProblems(zipped, (path) => files.has(path))).toEqual([]);
  });

  // The checks are not vacuous: each kind of fault is reported.
  it.each<[string, (m: Json) => void, RegExp]>([
    ['an id with capitals', (m) => (m.id = 'GnG'), /^id: /],
    ['an id with a space', (m) => (m.id = 'g ng'), /^id: /],
    ['no title', (m) => delete m.title, /^title: missing/],
    ['a version that is not one', (m) => (m.version = 'latest'), /^version: /],
    ['no compatibility', (m) => delete m.compatibility, /^compatibility: /],
    [
      'compatibility as numbers',
      (m) => (m.compatibility = { minimum: 13, verified: 13 }),
      /^compatibility: /,
    ],
    ['verified before minimum', (m) => (m.compatibility = { minimum: '13', verified: '12' }), /older/],
    [
      'an author without a name',
      (m) => (m.authors = [{ url: 'https://example.com' }]),
      /^authors\[0\]: no name/,
    ],
    [
      'a missing esmodule',
      (m) => (m.esmodules = ['nowhere.mjs']),
      /^esmodules\[0\]: nowhere\.mjs does not exist/,
    ],
    ['a missing style', (m) => (m.styles = [{ src: 'gone.css' }]), /^styles\[0\]: gone\.css does not exist/],
    [
      'a language without a file',
      (m) => (m.languages = [{ lang: 'fr', name: 'Français', path: 'lang/fr.json' }]),
      /languages\[0\]\.path: lang\/fr\.json does not exist/,
    ],
    ['a language without a name', (m) => (m.languages = [{ lang: 'en', path: 'lang/en.json' }]), /no name/],
    ['an Item pack without its system', (m) => delete (m.packs as Json[])[2]!.system, /needs system "gng"/],
    ['a pack without a type', (m) => delete (m.packs as Json[])[0]!.type, /is not a document type/],
    [
      'a pack that was not built',
      (m) => ((m.packs as Json[])[0]!.name = 'lost'),
      /packs\/lost\/CURRENT does not exist/,
    ],
    ['a pack name with a space', (m) => ((m.packs as Json[])[0]!.name = 'the rules'), /spaces or special/],
    [
      'two packs of one name',
      (m) => ((m.packs as Json[])[1]!.name = (m.packs as Json[])[0]!.name),
      /duplicate/,
    ],
    ['no Actor types', (m) => delete (m.documentTypes as Json).Actor, /documentTypes\.Actor/],
    ['an http URL', (m) => (m.url = String(m.url).replace('https:', 'http:')), /^url: /],
    [
      'a download of another version',
      (m) => (m.download = `${m.url}/releases/download/v9.9.9/gng-9.9.9.zip`),
      /^download: /,
    ],
    ['a manifest of one release', (m) => (m.manifest = String(m.download)), /^manifest: /],
    ['a missing licence', (m) => (m.license = 'LICENCE.txt'), /^license: /],
  ])('reports %s', (_label, breakIt, pattern) => {
    const broken = structuredClone(release);
    breakIt(broken);
    const problems = manifestProblems(broken, inDist);
    expect(
      problems.some((p) => pattern.test(p)),
      problems.join('\n'),
    ).toBe(true);
  });
});

const workflow = (name: string): Json =>
  parse(readFileSync(join(ROOT, '.github/workflows', name), 'utf8')) as Json;
const steps = (job: Json): Json[] => (job.steps ?? []) as Json[];
const runs = (job: Json): string =>
  steps(job)
    .map((step) => String(step.run ?? ''))
    .join('\n');

/** The words of a shell command, with line continuations joined and quotes removed. */
function words(command: string): string[] {
  return command
    .replace(/\\\n/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.replace(/^["']|["']$/g, ''));
}

describe('the release workflow (.github/workflows/release.yml)', () => {
  const flow = workflow('release.yml');
  const jobs = flow.jobs as Json;
  const build = jobs.build as Json;
  const publish = jobs.publish as Json;
  const version = pkg.version as string;
  const manifest = releaseManifest(source, pkg as never) as Json;

  it('runs on version tags only', () => {
    expect(Object.keys(flow.on as Json)).toEqual(['push']);
    expect(flow.on.push.tags).toEqual(['v*']);
    expect(flow.on.push.branches).toBeUndefined();
  });

  it('checks the tag against package.json, then tests from a clean checkout with Node 20 and Debian Chromium, then builds', () => {
    expect(build.container).toMatch(/^node:20-(bookworm|trixie)/);
    const script = runs(build);
    const order = [
      /"\$GITHUB_REF_NAME" != "v\$version"/,
      /apt-get install -y chromium/,
      /^bash \.ci\/run$/m,
      /^npm run build$/m,
    ].map((pattern) => script.search(pattern));
    expect(
      order.every((at) => at >= 0),
      order.join(),
    ).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(script).toMatch(/version="\$\(node -p "require\('\.\/package\.json'\)\.version"\)"/);
    expect(steps(build)[0]?.uses).toMatch(/^actions\/checkout@/);
  });

  it('tests and builds without write access; only the job that publishes may write', () => {
    expect(flow.permissions).toEqual({ contents: 'read' });
    expect(build.permissions).toBeUndefined();
    expect(steps(build)[0]?.with?.['persist-credentials']).toBe(false);
    expect(publish.permissions).toEqual({ contents: 'write' });
    expect(publish.needs).toBe('build');
  });

  it("publishes dist/system.json and dist/gng-<version>.zip under the tag, the manifest's own URLs", () => {
    const upload = steps(build).find((step) => String(step.uses).startsWith('actions/upload-artifact@'));
    const uploaded = String(upload?.with?.path)
      .trim()
      .split('\n')
      .map((line) => line.trim().replace('${{ steps.version.outputs.version }}', version));
    expect(uploaded).toEqual(['dist/system.json', `dist/gng-${version}.zip`]);
    const download = steps(publish).find((step) =>
      String(step.uses).startsWith('actions/download-artifact@'),
    );
    expect(download?.with).toEqual({ name: upload?.with?.name, path: 'dist' });

    const publishStep = steps(publish).find((step) => String(step.run).includes('gh release create'));
    expect(publishStep?.env?.GH_TOKEN).toBe('${{ secrets.GITHUB_TOKEN }}');
    expect(publishStep?.env?.VERSION).toBe('${{ needs.build.outputs.version }}');
    expect(build.outputs?.version).toBe('${{ steps.version.outputs.version }}');
    const command = words(String(publishStep?.run).replace(/\$VERSION/g, version));
    const create = command.indexOf('create');
    const tag = command[create + 1];
    const assets: string[] = [];
    for (const word of command.slice(create + 2)) {
      if (word.startsWith('--')) break;
      assets.push(word);
    }
    expect(assets).toEqual(['dist/system.json', `dist/gng-${version}.zip`]);
    expect(command).toContain('--verify-tag');

    // What the release serves at the manifest's URLs: the asset named by the URL's last segment,
    // of the latest release (manifest) or of the tag's release (download).
    expect(manifest.manifest).toBe(`${manifest.url}/releases/latest/download/${posix.basename(assets[0]!)}`);
    expect(manifest.download).toBe(`${manifest.url}/releases/download/${tag}/${posix.basename(assets[1]!)}`);
    // "latest" is the newest full release: only a version with a -suffix is a pre-release.
    expect(String(publishStep?.run)).toMatch(/case "\$VERSION" in \*-\*\) prerelease="--prerelease"/);
  });

  it('checks the built manifest against this repository before uploading it', () => {
    const check = steps(build).find((step) => String(step.run).includes('dist/system.json'));
    expect(check?.env?.REPO_URL).toBe('${{ github.server_url }}/${{ github.repository }}');
    const script = String(check?.run);
    expect(script).toContain('manifest: `${REPO_URL}/releases/latest/download/system.json`');
    expect(script).toContain('download: `${REPO_URL}/releases/download/v${VERSION}/gng-${VERSION}.zip`');
    expect(steps(build).indexOf(check!)).toBeLessThan(
      steps(build).findIndex((step) => String(step.uses).startsWith('actions/upload-artifact@')),
    );
  });

  it("uses only GitHub's own actions", () => {
    for (const file of ['release.yml', 'ci.yml'])
      for (const job of Object.values(workflow(file).jobs as Json) as Json[])
        for (const step of steps(job))
          if (step.uses) expect(step.uses, file).toMatch(/^actions\/[a-z-]+@v\d+$/);
  });
});

describe('the CI workflow (.github/workflows/ci.yml)', () => {
  const ci = workflow('ci.yml');

  it('runs .ci/run on every push to a branch and every pull request, read-only', () => {
    expect(Object.keys(ci.on as Json).sort()).toEqual(['pull_request', 'push']);
    expect(ci.on.push.branches).toEqual(['**']);
    expect(ci.permissions).toEqual({ contents: 'read' });
    const test = (ci.jobs as Json).test as Json;
    expect(test.container).toMatch(/^node:20-(bookworm|trixie)/);
    expect(runs(test)).toMatch(/^bash \.ci\/run$/m);
  });
});
