/**
 * Issue #34: the formatting helpers live once, in src/format.ts (`t`, `f`, `word`, `signed`,
 * `signedMinus`). No file outside the card folders keeps a local copy; the card folders listed in
 * {@link PENDING} still do (their lanes rewrote them at the same time) — each entry goes once its
 * folder uses src/format.ts, and an entry whose folder has no copy left fails, so the list only shrinks.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from '../harness/index.js';

/**
 * Card folders (under src/cards/) that still define their own helpers: those whose `t`/`f` escape
 * the text (`escapeHtml(…)`), which src/format.ts does not, and the kernel (which imports only itself).
 */
const PENDING: readonly string[] = [
  'eg-turn',
  'grapple',
  'kernel',
  'saga-turn',
  'tc-act',
  'tc-heal',
  'tc-maneuver',
];

/** A local copy of one of the helpers, as the files wrote them (any name of the parameter). */
const COPIES: Readonly<Record<string, RegExp>> = {
  t: /^\s*(?:export )?const t = \(key: string\) =>.*game\.i18n\.localize\(key\)/m,
  f: /^\s*(?:export )?const f = \(key: string, data: Record<string, unknown>\) =>.*game\.i18n\.format\(key, data\)/m,
  word: /^\s*const word = \(key: string\) => \(game\.i18n\.has\(key\)/m,
  signed: /(?:=> \(|return )(\w+) (?:>=|<) 0 \? `[+−]\$\{(?:-?\1|Math\.abs\(\1\))\}` : `[+−]?\$\{/,
};

function copiesIn(text: string): string[] {
  return Object.entries(COPIES)
    .filter(([, pattern]) => pattern.test(text))
    .map(([name]) => name);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const SRC = join(ROOT, 'src');
const found = filesUnder(SRC)
  .map((file) => relative(ROOT, file).split('\\').join('/'))
  .filter((file) => file !== 'src/format.ts' && !file.startsWith('src/rules/'))
  .map((file) => ({ file, copies: copiesIn(readFileSync(join(ROOT, file), 'utf8')) }))
  .filter((entry) => entry.copies.length > 0);
const folderOf = (file: string) => /^src\/cards\/([^/]+)\//.exec(file)?.[1];

describe('the formatting helpers, once (src/format.ts)', () => {
  it('finds each form of a copy (fixtures: the check can fail)', () => {
    expect(copiesIn('const t = (key: string) => game.i18n.localize(key);')).toEqual(['t']);
    expect(copiesIn('const t = (key: string) => escapeHtml(game.i18n.localize(key));')).toEqual(['t']);
    expect(
      copiesIn(
        'export const f = (key: string, data: Record<string, unknown>) => game.i18n.format(key, data);',
      ),
    ).toEqual(['f']);
    expect(copiesIn('const word = (key: string) => (game.i18n.has(key) ? t(key) : key);')).toEqual(['word']);
    expect(copiesIn('const signed = (value: number) => (value >= 0 ? `+${value}` : `${value}`);')).toEqual([
      'signed',
    ]);
    expect(copiesIn('const signed = (n: number) => (n < 0 ? `−${-n}` : `+${n}`);')).toEqual(['signed']);
    expect(copiesIn('const signed = (n: number) => (n >= 0 ? `+${n}` : `−${Math.abs(n)}`);')).toEqual([
      'signed',
    ]);
    expect(
      copiesIn(
        'function signed(value: number): string {\n  return value >= 0 ? `+${value}` : `${value}`;\n}',
      ),
    ).toEqual(['signed']);
    // Not a copy: a wrapper over the shared helper, a range, another formatter.
    expect(copiesIn("const signed = (n: number | null) => (n === null ? '—' : signedMinus(n));")).toEqual([]);
    expect(copiesIn('const signed = (limit: number) => [-limit, limit] as const;')).toEqual([]);
    expect(copiesIn('const signed = (n: number) => (n > 0 ? ` + ${n}` : n < 0 ? ` - ${-n}` : "");')).toEqual(
      [],
    );
  });

  it('keeps no local copy outside the card folders listed as pending', () => {
    const wrong = found.filter(({ file }) => !PENDING.includes(folderOf(file) ?? ''));
    expect(wrong).toEqual([]);
  });

  it('lists only card folders that still have a copy (remove an entry once its folder uses src/format.ts)', () => {
    const withCopies = new Set(found.map(({ file }) => folderOf(file)));
    expect(PENDING.filter((folder) => !withCopies.has(folder))).toEqual([]);
  });
});
