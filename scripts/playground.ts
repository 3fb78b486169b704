/**
 * The playground (`npm start`): builds playground/ (the system's real code on the in-browser
 * harness) with Vite into playground-dist/, extracts the Actor and Item packs of the built system
 * (dist/packs, LevelDB) into playground-dist/packs.json, and serves that folder on localhost.
 * Foundry's core icons (`icons/...`, used by our pack documents) are not ours to ship: every such
 * request gets one neutral placeholder image of our own.
 */
import { build as viteBuild } from 'vite';
import { extractPack } from '@foundryvtt/foundryvtt-cli';
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const PLAYGROUND_OUT = join(ROOT, 'playground-dist');

interface ManifestPack {
  name: string;
  type: string;
  label: string;
}

/** Actor and Item packs of the built system (`dist/`), as the page loads them. */
export async function extractBuiltPacks(
  dist: string,
): Promise<{ name: string; type: string; label: string; documents: unknown[] }[]> {
  const manifest = JSON.parse(readFileSync(join(dist, 'system.json'), 'utf8')) as { packs: ManifestPack[] };
  const work = mkdtempSync(join(tmpdir(), 'gng-playground-packs-'));
  try {
    const packs = [];
    for (const pack of manifest.packs.filter((p) => p.type === 'Actor' || p.type === 'Item')) {
      const out = join(work, pack.name);
      await extractPack(join(dist, 'packs', pack.name), out, { log: false });
      const documents = readdirSync(out)
        .filter((file) => file.endsWith('.json'))
        .sort()
        .map((file) => JSON.parse(readFileSync(join(out, file), 'utf8')) as unknown);
      packs.push({ name: pack.name, type: pack.type, label: pack.label, documents });
    }
    return packs;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Builds the page into `out` and writes the packs of `dist` (run `npm run build` first). */
export async function buildPlayground(dist = join(ROOT, 'dist'), out = PLAYGROUND_OUT): Promise<void> {
  if (!existsSync(join(dist, 'system.json')))
    throw new Error(`${dist} holds no built system: run \`npm run build\` first`);
  await viteBuild({
    configFile: false,
    root: join(ROOT, 'playground'),
    base: './',
    logLevel: 'warn',
    build: { outDir: out, emptyOutDir: true, target: 'es2022', sourcemap: true },
  });
  // Vite has created `out`.
  writeFileSync(join(out, 'packs.json'), JSON.stringify(await extractBuiltPacks(dist)));
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** Our own stand-in for Foundry's core icons: a plain shield outline. */
const PLACEHOLDER_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#e4dac6"/>' +
  '<path d="M32 8 52 16v14c0 13-9 22-20 26C21 52 12 43 12 30V16z" fill="none" stroke="#5a1a14" stroke-width="4"/></svg>';

/** Serves `dir` on 127.0.0.1:`port` (0: any free port); resolves with its URL. */
export function servePlayground(dir = PLAYGROUND_OUT, port = 0): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    if (path.startsWith('/icons/')) {
      response.writeHead(200, { 'content-type': TYPES['.svg'] as string });
      response.end(PLACEHOLDER_ICON);
      return;
    }
    const file = normalize(join(dir, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(normalize(dir + sep)) || !existsSync(file)) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('Not found');
      return;
    }
    response.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    response.end(readFileSync(file));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      resolve({ url: `http://localhost:${actual}/`, server });
    });
  });
}
