/**
 * One place lists every hook the system registers (issue #34): src/hooks/register-hooks.ts, with
 * src/hooks/lazy-hooks.ts for the code loaded on first use. Outside them only the card kernel
 * (`registerCard`/`registerLazyCard`) adds hooks, and two listeners that last only while something is
 * open (named with their reason): no card folder registers its own.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from '../harness/index.js';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const SRC = join(ROOT, 'src');
const LISTS = ['src/hooks/register-hooks.ts', 'src/hooks/lazy-hooks.ts'];

/** Where a hook may be registered besides the list, and why. */
const ALLOWED: readonly [RegExp, string][] = [
  [/^src\/cards\/kernel\//, 'the card kernel registers every card'],
  [/^src\/applications\/sheets\/actor-sheet\.ts$/, 'an open sheet listens to targetToken until it closes'],
  [/^src\/self-test\/checks-config\.ts$/, 'the self-test probes preUpdateSetting and removes it at once'],
];

const CALL = /\bHooks\.(?:on|once)\(/g;

describe('the list of hooks', () => {
  const files = filesUnder(SRC).map((file) => relative(ROOT, file).replaceAll('\\', '/'));
  const calls = files.flatMap((file) => {
    const count = readFileSync(join(ROOT, file), 'utf8').match(CALL)?.length ?? 0;
    return count ? [{ file, count }] : [];
  });

  it('registers hooks only in src/hooks/register-hooks.ts (and the named exceptions)', () => {
    const stray = calls
      .filter(({ file }) => !LISTS.includes(file) && !ALLOWED.some(([pattern]) => pattern.test(file)))
      .map(({ file }) => file);
    expect(stray).toEqual([]);
  });

  it('holds the system’s hooks: the list has them, and every exception is still used', () => {
    // Its entries: `['event', handler]` (registered in order by `listen`) and the few direct calls.
    const list = readFileSync(join(ROOT, LISTS[0] as string), 'utf8');
    expect((list.match(/\['[A-Za-z.]+', /g)?.length ?? 0) + (list.match(CALL)?.length ?? 0)).toBeGreaterThan(
      40,
    );
    const unused = ALLOWED.filter(([pattern]) => !calls.some(({ file }) => pattern.test(file))).map(
      ([, why]) => why,
    );
    expect(unused).toEqual([]);
  });

  it('registers every card through the kernel (`registerCard`/`registerLazyCard`), not its `register()`', () => {
    const own = files.filter(
      (file) =>
        !file.startsWith('src/cards/kernel/') &&
        /\.register\(\)/.test(readFileSync(join(ROOT, file), 'utf8')),
    );
    expect(own).toEqual([]);
  });

  it('has the entry point register nothing but the list', () => {
    const entry = readFileSync(join(SRC, 'gng.ts'), 'utf8');
    expect(entry).toMatch(/registerHooks\(\);/);
    expect(entry.match(CALL)).toBeNull();
  });
});
