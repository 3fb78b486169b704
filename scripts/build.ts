/**
 * `npm run build`: the installable system in dist/.
 *   dist/gng.mjs, chunks/  Vite library build of src/gng.ts, minified (vite.config.ts): gng.mjs, the
 *                          start chunk it imports and the chunks loaded on first use (chunks/), the
 *                          simulator's Web Worker (assets/); each with its source map (.map) beside
 *                          it, which the zip leaves out
 *   dist/gng.css           styles/gng.scss compiled with Sass
 *   dist/templates, lang   copied; licenses/ the licences of bundled third-party code (DOMPurify)
 *   dist/system.json       with version, url, manifest and download filled from package.json
 *   dist/packs/<pack>      every pack of packs/_source, checked (structure, images, HTML, data
 *                          models, preparation: docs/packs.md) and compiled to LevelDB
 *   dist/gng-<version>.zip the whole system, its files at the zip's root (system.json among them), as
 *                          dnd5e's and Draw Steel's release zips are (docs/host.md): everything above
 *                          but the source maps (and the code's comments pointing at them)
 */
import { build as viteBuild } from 'vite';
import * as sass from 'sass';
import { zipSync } from 'fflate';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPacks, PackSourceError, type SystemManifest } from './packs.js';
import { SHIPPED_FOLDERS } from './shipped.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist');

interface PackageJson {
  name: string;
  version: string;
  repository?: { url?: string } | string;
}

/** system.json as shipped: the version and release URLs come from package.json only. */
export function releaseManifest(source: Record<string, unknown>, pkg: PackageJson): Record<string, unknown> {
  const repo = typeof pkg.repository === 'string' ? pkg.repository : (pkg.repository?.url ?? '');
  const url = repo.replace(/^git\+/, '').replace(/\.git$/, '');
  return {
    ...source,
    version: pkg.version,
    url,
    manifest: `${url}/releases/latest/download/system.json`,
    download: `${url}/releases/download/v${pkg.version}/gng-${pkg.version}.zip`,
  };
}

/** Whether a file of dist/ goes into the zip: not the source maps (2.6 MB, beside the zip instead). */
export function zipped(path: string): boolean {
  return !path.endsWith('.map');
}

/** A built script as zipped: without its `//# sourceMappingURL=` comment (the map is not in the zip). */
export function withoutMapComment(code: string): string {
  return code.replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '\n');
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Builds the system into dist/ (packs, code, CSS, templates, lang, manifest, zip). */
export async function buildSystem(): Promise<void> {
  const started = Date.now();
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as PackageJson;
  const source = JSON.parse(readFileSync(join(ROOT, 'system.json'), 'utf8')) as Record<string, unknown>;
  const manifest = releaseManifest(source, pkg);

  rmSync(DIST, { recursive: true, force: true });
  mkdirSync(DIST, { recursive: true });

  // Packs first: a malformed source should fail fast, before anything else is built.
  const packs = await buildPacks(
    join(ROOT, 'packs/_source'),
    join(DIST, 'packs'),
    manifest as unknown as SystemManifest,
  );

  await viteBuild({ root: ROOT, configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn' });

  const css = sass.compile(join(ROOT, 'styles/gng.scss'), { style: 'expanded' });
  writeFileSync(join(DIST, 'gng.css'), css.css);

  // A pack may name a file of these as systems/gng/… (scripts/pack-images.ts).
  for (const folder of SHIPPED_FOLDERS) cpSync(join(ROOT, folder), join(DIST, folder), { recursive: true });
  // No template.json: v13 takes the types from system.json's documentTypes (docs/host.md).
  for (const file of ['LICENSE', 'LICENSE-OGL', 'README.md']) cpSync(join(ROOT, file), join(DIST, file));
  // The licence of the third-party code the built chunks include (its minified comment is dropped).
  cpSync(join(ROOT, 'node_modules/dompurify/LICENSE'), join(DIST, 'licenses/dompurify.txt'));
  writeFileSync(join(DIST, 'system.json'), `${JSON.stringify(manifest, null, 2)}\n`);

  const zipName = `gng-${pkg.version}.zip`;
  const entries: Record<string, Uint8Array> = {};
  for (const file of filesUnder(DIST).filter(zipped)) {
    const data = readFileSync(file);
    entries[relative(DIST, file).split('\\').join('/')] = /\.m?js$/.test(file)
      ? new TextEncoder().encode(withoutMapComment(data.toString('utf8')))
      : data;
  }
  writeFileSync(join(DIST, zipName), zipSync(entries, { level: 6 }));

  const documents = packs.reduce((n, p) => n + p.documents.length, 0);
  console.log(
    `Built gng ${pkg.version} in ${Date.now() - started} ms: dist/gng.mjs, dist/gng.css, ${packs.length} packs (${documents} documents), dist/${zipName}`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  buildSystem().catch((error: unknown) => {
    if (error instanceof PackSourceError) console.error(error.message);
    else console.error(error);
    process.exitCode = 1;
  });
}
