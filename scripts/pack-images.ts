/**
 * The image paths a pack may name (`img` of any document, an actor's token image, an image journal
 * page's `src`, an `<img src>` in its HTML): only files Foundry serves.
 *
 * - core's generic SVGs, `icons/svg/<name>.svg`, and the core icons of `scripts/packs/icons.ts` (each
 *   with its evidence that core has it: the existing packs use only these two);
 * - files of this system, `systems/gng/<path>`: an image that exists in the repository at `<path>`,
 *   in a folder the build ships (`scripts/shipped.ts`).
 *
 * Anything else — another package's files, a URL, a path with `..`, `.`, an empty segment or a
 * backslash — is refused: Foundry would show a broken image, or one from outside the system.
 */
import { existsSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CORE_ICONS } from './packs/icons.js';
import { SHIPPED_FOLDERS } from './shipped.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SYSTEM_PREFIX = 'systems/gng/';
const CORE_SVG = /^icons\/svg\/[a-z0-9-]+\.svg$/;
/** Extensions of the images Foundry shows (its image file category). */
const IMAGE_EXTENSIONS = new Set([
  '.apng',
  '.avif',
  '.bmp',
  '.gif',
  '.jpeg',
  '.jpg',
  '.png',
  '.svg',
  '.tiff',
  '.webp',
]);

/** Where system files are looked up: the repository and the folders the build ships (tests use others). */
export interface RepositoryFiles {
  root: string;
  shipped: readonly string[];
}

const REPOSITORY: RepositoryFiles = { root: ROOT, shipped: SHIPPED_FOLDERS };

/** What is wrong with a system path's file (`rest` is the path after `systems/gng/`), if anything. */
function systemFileProblem(path: string, rest: string, repo: RepositoryFiles): string | undefined {
  if (!IMAGE_EXTENSIONS.has(extname(rest).toLowerCase()))
    return `"${path}" is not an image file (${[...IMAGE_EXTENSIONS].join(', ')})`;
  const file = join(repo.root, rest);
  if (!existsSync(file) || !statSync(file).isFile())
    return `"${path}" names ${rest}, which is not a file of the repository`;
  const folder = rest.split('/')[0] ?? '';
  if (!repo.shipped.includes(folder))
    return `"${path}" names ${rest}, but the build ships only ${repo.shipped.map((f) => `${f}/`).join(', ')} (scripts/shipped.ts)`;
  return undefined;
}

/** Why `path` is not an image a pack may name, or undefined when it is. */
export function imagePathProblem(path: unknown, repo: RepositoryFiles = REPOSITORY): string | undefined {
  if (typeof path !== 'string') return 'must be a path';
  if (/^[a-z][a-z0-9+.-]*:/i.test(path))
    return `"${path}" is a URL: a pack names a core icon or a file of the system (systems/gng/…)`;
  const segments = path.split('/');
  if (path.includes('\\') || segments.some((s) => s === '' || s === '.' || s === '..'))
    return `"${path}" is not a plain path (no "..", ".", "//", a leading "/" or "\\")`;
  if (CORE_SVG.test(path) || CORE_ICONS.has(path)) return undefined;
  if (path.startsWith(SYSTEM_PREFIX)) return systemFileProblem(path, path.slice(SYSTEM_PREFIX.length), repo);
  return `"${path}" is not an image Foundry serves (a core icon listed in scripts/packs/icons.ts, icons/svg/…, or systems/gng/…)`;
}
