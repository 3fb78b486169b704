/**
 * One-off for issue #34 (run by the lead after the card lanes are merged, then delete it): replaces
 * the local copies of the formatting helpers in src/cards/ with imports from src/format.ts, as was
 * done outside src/cards/. Only exact copies go (`t`, `f`, `word`, the two `signed` styles); a copy
 * that escapes HTML (`escapeHtml(game.i18n.format(…))`) or formats differently is listed, not
 * touched, and so is an exported copy (another file imports it: point that import at src/format.ts).
 * Then run Prettier on the files it names, and shorten PENDING in test/integration/format-copies.test.ts.
 *
 *   npx tsx scripts/replace-format-copies.ts [--dry]
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const dry = process.argv.includes('--dry');

/** Each exact copy (a whole line, any indentation) and the shared helper that replaces it. */
const EXACT: [RegExp, string][] = [
  [/^[ \t]*const t = \(key: string\) => game\.i18n\.localize\(key\);\n/gm, 't'],
  [
    /^[ \t]*const f = \(key: string, data: Record<string, unknown>\) => game\.i18n\.format\(key, data\);\n/gm,
    'f',
  ],
  [/^[ \t]*const word = \(key: string\) => \(game\.i18n\.has\(key\) \? t\(key\) : key\);\n/gm, 'word'],
  [
    /^[ \t]*const signed = \((\w+)(?:: number)?\)(?:: string)? => \(\1 >= 0 \? `\+\$\{\1\}` : `\$\{\1\}`\);\n/gm,
    'signed',
  ],
  [
    /^[ \t]*function signed\((\w+): number\): string \{\n[ \t]*return \1 >= 0 \? `\+\$\{\1\}` : `\$\{\1\}`;\n[ \t]*\}\n/gm,
    'signed',
  ],
  [
    /^[ \t]*const signed = \((\w+)(?:: number)?\)(?:: string)? => \(\1 < 0 \? `−\$\{-\1\}` : `\+\$\{\1\}`\);\n/gm,
    'signedMinus',
  ],
  [
    /^[ \t]*const signed = \((\w+)(?:: number)?\)(?:: string)? => \(\1 >= 0 \? `\+\$\{\1\}` : `−\$\{Math\.abs\(\1\)\}`\);\n/gm,
    'signedMinus',
  ],
];
/** What is left that looks like a copy (for the report). */
const LEFT = /^[ \t]*(?:export )?(?:const (?:t|f|word|signed) = |function signed\().*$/gm;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.ts') ? [path] : [];
  });
}

for (const file of filesUnder(join(ROOT, 'src/cards'))) {
  // The kernel imports only the kernel (architecture.test.ts).
  if (file.includes(`${join('src', 'cards', 'kernel')}`)) continue;
  let text = readFileSync(file, 'utf8');
  const names = new Set<string>();
  for (const [pattern, name] of EXACT) {
    // With the one-line doc comment above it, which described the copy.
    const next = text.replace(new RegExp(`(?:^[ \\t]*/\\*\\*[^\\n]*\\*/\\n)?${pattern.source}`, 'gm'), '');
    if (next !== text) names.add(name);
    text = next;
  }
  const rel = relative(ROOT, file);
  const left = [...text.matchAll(LEFT)].map((m) => m[0].trim());
  if (names.size === 0) {
    if (left.length) console.log(`${rel}: left as is: ${left.join(' | ')}`);
    continue;
  }
  if (names.has('signedMinus')) text = text.replace(/\bsigned\(/g, 'signedMinus(');
  const order = ['t', 'f', 'word', 'signed', 'signedMinus'].filter((name) => names.has(name));
  let spec = relative(dirname(file), join(ROOT, 'src/format.js')).split('\\').join('/');
  if (!spec.startsWith('.')) spec = `./${spec}`;
  const line = `import { ${order.join(', ')} } from '${spec}';\n`;
  // After the last top-level import (a multi-line one ends at its `from '…';`).
  const imports = [...text.matchAll(/^import [\s\S]*?from '[^']+';\n/gm)];
  const last = imports.at(-1);
  const at = last ? (last.index ?? 0) + last[0].length : 0;
  text = text.slice(0, at) + line + text.slice(at);
  console.log(`${rel}: ${order.join(', ')}${left.length ? ` (left as is: ${left.join(' | ')})` : ''}`);
  if (!dry) writeFileSync(file, text);
}
