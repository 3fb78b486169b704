/**
 * The playground (`npm start`): builds playground/ (the system's real code on the in-browser
 * harness) with Vite into playground-dist/, extracts the Actor and Item packs of the built system
 * (dist/packs, LevelDB) into playground-dist/packs.json, and serves that folder on localhost.
 * Foundry's core icons (`icons/...`, used by our pack documents) are not ours to ship: each such
 * request gets a stand-in by category (a weapon, a shield, a portrait, a feat, magic...): a Font
 * Awesome Free glyph (CC BY 4.0, node_modules/@fortawesome/fontawesome-free/svgs) on a background
 * colour of its category, so that items of different kinds look different; a path of no known
 * category gets one neutral placeholder of our own.
 */
import { build as viteBuild } from 'vite';
import { extractPack } from '@foundryvtt/foundryvtt-cli';
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { templateSpecsPlugin } from './template-specs-plugin.js';
import { asciiOnly } from './ascii.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const PLAYGROUND_OUT = join(ROOT, 'playground-dist');

interface ManifestPack {
  name: string;
  type: string;
  label: string;
}

/** Actor and Item packs of the built system (`dist/`), as the page loads them. */
export async function extractBuiltPacks(dist: string): Promise<
  {
    name: string;
    type: string;
    label: string;
    documents: unknown[];
    folders: { _id: string; name: string }[];
  }[]
> {
  const manifest = JSON.parse(readFileSync(join(dist, 'system.json'), 'utf8')) as { packs: ManifestPack[] };
  const work = mkdtempSync(join(tmpdir(), 'gng-playground-packs-'));
  try {
    const packs = [];
    for (const pack of manifest.packs.filter((p) => p.type === 'Actor' || p.type === 'Item')) {
      const out = join(work, pack.name);
      await extractPack(join(dist, 'packs', pack.name), out, { log: false });
      const all = readdirSync(out)
        .filter((file) => file.endsWith('.json'))
        .sort()
        .map((file) => JSON.parse(readFileSync(join(out, file), 'utf8')) as Record<string, unknown>);
      const isFolder = (doc: Record<string, unknown>) => String(doc._key ?? '').startsWith('!folders!');
      // Compendium folders (the bestiary's creature types) are not documents of the pack: kept apart,
      // for the playground's pickers to group the actors by them.
      const documents = all.filter((doc) => !isFolder(doc));
      const folders = all.filter(isFolder).map((doc) => ({ _id: String(doc._id), name: String(doc.name) }));
      packs.push({ name: pack.name, type: pack.type, label: pack.label, documents, folders });
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
    plugins: [templateSpecsPlugin(ROOT)],
    build: {
      outDir: out,
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: true,
      // Minified keeping class names, as the system's build: the harness, like Foundry, names an
      // application's render hook after its class (`renderAttackDialog`).
      rolldownOptions: {
        output: {
          minify: {
            compress: { keepNames: { class: true, function: false } },
            mangle: { keepNames: { class: true, function: false } },
          },
        },
      },
    },
  });
  // Vite has created `out`. ASCII only (other characters as JSON's \u escapes): the page then
  // decodes and parses it as one byte a character, about 0.2 s of CPU less a load than as UTF-16.
  writeFileSync(join(out, 'packs.json'), asciiOnly(JSON.stringify(await extractBuiltPacks(dist))));
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** Our own stand-in for a core icon of no known category: a plain shield outline. */
export const PLACEHOLDER_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#e4dac6"/>' +
  '<path d="M32 8 52 16v14c0 13-9 22-20 26C21 52 12 43 12 30V16z" fill="none" stroke="#5a1a14" stroke-width="4"/></svg>';

/** Our own sword (Font Awesome Free has none): blade, cross-guard, grip and pommel. */
const SWORD_GLYPH = {
  viewBox: '0 0 512 512',
  body:
    '<path d="M226 88 256 12l30 76v252h-60z"/><rect x="160" y="336" width="192" height="40" rx="10"/>' +
    '<rect x="236" y="372" width="40" height="86"/><circle cx="256" cy="474" r="30"/>',
};

/**
 * The stand-in of each category of core icon path, first match wins: a Font Awesome Free glyph
 * (its file name under svgs/solid) or our sword, on the category's colour.
 */
const ICON_CATEGORIES: { match: RegExp; glyph: string; background: string }[] = [
  {
    match: /^icons\/svg\/mystery-man|^icons\/(creatures\/)?portraits?\//,
    glyph: 'user',
    background: '#34495e',
  },
  { match: /^icons\/svg\/pawprint|^icons\/creatures\//, glyph: 'paw', background: '#6b4a1e' },
  {
    match: /^icons\/weapons\/(guns|firearms)\/|^icons\/weapons\/.*(pistol|rifle|musket)/,
    glyph: 'gun',
    background: '#3a3a3a',
  },
  {
    match: /^icons\/svg\/target|^icons\/weapons\/(bows|crossbows|thrown|ammunition)\//,
    glyph: 'crosshairs',
    background: '#2f5a3a',
  },
  { match: /^icons\/svg\/(lightning|fire|explosion)/, glyph: 'bolt', background: '#7a4a00' },
  { match: /^icons\/svg\/net/, glyph: 'circle-nodes', background: '#2f5a3a' },
  { match: /^icons\/svg\/sword|^icons\/weapons\//, glyph: 'sword', background: '#5a1a14' },
  { match: /^icons\/svg\/shield|^icons\/equipment\/shield\//, glyph: 'shield-halved', background: '#2e4a6e' },
  { match: /^icons\/equipment\/(chest|armor|head|hand|feet|legs)\//, glyph: 'vest', background: '#4a4f57' },
  { match: /^icons\/svg\/combat|^icons\/skills\/melee\//, glyph: 'hand-fist', background: '#8a3b12' },
  {
    match: /^icons\/svg\/(upgrade|levels)|^icons\/skills\//,
    glyph: 'arrow-up-right-dots',
    background: '#1f5c5c',
  },
  {
    match: /^icons\/svg\/(aura|light|sun|frozen|acid|poison)|^icons\/magic\//,
    glyph: 'wand-sparkles',
    background: '#4b2a6b',
  },
  { match: /^icons\/svg\/book|^icons\/sundries\/books\//, glyph: 'book', background: '#5c3d1e' },
  { match: /^icons\/consumables\//, glyph: 'flask', background: '#1f5c4a' },
  {
    match: /^icons\/svg\/(item-bag|chest|coins)|^icons\/(containers|tools|sundries|commodities|equipment)\//,
    glyph: 'bag-shopping',
    background: '#5c4033',
  },
  { match: /^icons\/svg\/(skull|dead|bones)/, glyph: 'skull', background: '#3a3a3a' },
  // The dying status's icon (status-effects.ts `down`): its own clear marker, not the placeholder.
  { match: /^icons\/svg\/down\.svg$/, glyph: 'heart-crack', background: '#8b1a1a' },
];

const FA_SOLID = join(ROOT, 'node_modules', '@fortawesome', 'fontawesome-free', 'svgs', 'solid');
const standIns = new Map<string, string>();

/** A Font Awesome Free glyph's viewBox and content (its licence comment kept), or our sword. */
function glyph(name: string): { viewBox: string; body: string } {
  if (name === 'sword') return SWORD_GLYPH;
  const svg = readFileSync(join(FA_SOLID, `${name}.svg`), 'utf8');
  const viewBox = /viewBox="([^"]+)"/.exec(svg)?.[1] ?? '0 0 512 512';
  const body = svg.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  return { viewBox, body };
}

/** The stand-in SVG for a Foundry core icon path (`icons/...`): by category, else the placeholder. */
export function coreIconStandIn(path: string): string {
  const relative = path.replace(/^\/+/, '');
  const category = ICON_CATEGORIES.find((entry) => entry.match.test(relative));
  if (!category) return PLACEHOLDER_ICON;
  const cached = standIns.get(category.glyph + category.background);
  if (cached) return cached;
  const { viewBox, body } = glyph(category.glyph);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="6" fill="${category.background}"/>` +
    `<svg x="12" y="12" width="40" height="40" viewBox="${viewBox}" fill="#f3ede1" color="#f3ede1">${body}</svg></svg>`;
  standIns.set(category.glyph + category.background, svg);
  return svg;
}

/** Serves `dir` on 127.0.0.1:`port` (0: any free port); resolves with its URL. */
export function servePlayground(dir = PLAYGROUND_OUT, port = 0): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    if (path.startsWith('/icons/')) {
      response.writeHead(200, { 'content-type': TYPES['.svg'] as string });
      response.end(coreIconStandIn(path));
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
