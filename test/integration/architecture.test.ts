/**
 * The house rules of src/ (docs/architecture.md), checked on the source files: no import circles,
 * the card kernel at the bottom (it imports no card and no combat glue), the rules engine pure (no
 * glue), the cards in files small enough to read at once, and no handler told its sender by a test.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ROOT } from '../harness/index.js';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const SRC = join(ROOT, 'src');
const files = filesUnder(SRC).filter((file) => !file.endsWith('.d.ts'));

/**
 * Each file's relative value imports and re-exports (`import type` is erased from the build: a
 * type's way back, such as a data model naming its derived type, is no circle of modules).
 */
const graph = new Map<string, string[]>(
  files.map((file) => {
    const text = readFileSync(file, 'utf8');
    const specs = [...text.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+'(\.{1,2}\/[^']+)'/gms)].map(
      (m) => m[1] as string,
    );
    return [file, specs.map((spec) => resolve(dirname(file), spec.replace(/\.js$/, '.ts')))];
  }),
);
const rel = (file: string) => relative(ROOT, file);

describe('the shape of src/', () => {
  it('has no import circle', () => {
    const state = new Map<string, 'open' | 'done'>();
    const circles: string[] = [];
    const visit = (file: string, path: string[]): void => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        circles.push([...path.slice(path.indexOf(file)), file].map(rel).join(' → '));
        return;
      }
      state.set(file, 'open');
      for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    expect(circles).toEqual([]);
  });

  it('keeps the card kernel at the bottom and the rules engine free of glue', () => {
    const kernel = join(SRC, 'cards/kernel');
    const rules = join(SRC, 'rules');
    const wrong: string[] = [];
    for (const [file, imports] of graph) {
      for (const target of imports) {
        if (file.startsWith(kernel) && !target.startsWith(kernel))
          wrong.push(`${rel(file)} → ${rel(target)}`);
        if (file.startsWith(rules) && !target.startsWith(rules)) wrong.push(`${rel(file)} → ${rel(target)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps every card file readable at once (about 500 lines at most)', () => {
    const cards = files.filter((file) => file.startsWith(join(SRC, 'cards')));
    expect(cards.length).toBeGreaterThan(10);
    const long = cards
      .map((file) => ({ file: rel(file), lines: readFileSync(file, 'utf8').split('\n').length }))
      .filter((entry) => entry.lines > 530);
    expect(long).toEqual([]);
  });

  it('never hands a query handler its sender in a test (v13 passes only { timeout })', () => {
    const tests = filesUnder(join(ROOT, 'test')).filter(
      (file) => !file.includes(`${join('test', 'harness')}`),
    );
    const offending = tests.filter((file) =>
      /CONFIG\.queries\[[^\]]+\]!?\([^)]*\{\s*user\b/s.test(readFileSync(file, 'utf8')),
    );
    expect(offending.map(rel)).toEqual([]);
  });
});
