/**
 * "Every number of the rules lives in src/rules/, once" (PREAMBLE, docs/architecture.md), checked as
 * far as a line of source can show it: outside the engine, no code line that names a DC, an RD
 * (relative degree) or a Defense computes or sets it from a literal (`dc: 10 + damage`,
 * `const TEND_DC = 15`, `defense >= 15`). Comments and quoted strings are left out (they quote the
 * text); 0 and 1 are left out (resets, counts and indices, not rule numbers). What it cannot see: a
 * literal in a line that names none of these (a rule number under another name) — review's job.
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

/** An identifier's words: `breakDC` → break, DC; `TEND_DC` → TEND, DC; `rdPerShot` → rd, Per, Shot. */
const words = (identifier: string) =>
  (identifier.match(/[A-Z]{2,}(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? []).map((w) => w.toLowerCase());

/** Whether an identifier names a DC, an RD or a Defense (`dc`, `tendDc`, `RD`, `relativeDegree`, `defense`). */
function namesRuleNumber(identifier: string): boolean {
  const w = words(identifier);
  return w.some(
    (word, i) =>
      word === 'dc' ||
      word === 'rd' ||
      word === 'defense' ||
      word === 'defence' ||
      (word === 'relative' && w[i + 1] === 'degree'),
  );
}

/** A literal that could be a rule number (2 and up; 0 and 1 are resets, counts and indices). */
const LITERAL = String.raw`(?:[2-9]|[1-9]\d+)(?![\w.])`;
const ARITHMETIC = new RegExp(
  String.raw`(?<![\w.])${LITERAL}\s*[-+*]\s*[\w(]|[\w)]\s*[-+*]\s*(?<![\w.])${LITERAL}`,
);

/** The code lines of `source` that set or compute a DC/RD/Defense from a literal. */
function ruleNumberLeaks(source: string): string[] {
  const leaks: string[] = [];
  let inComment = false;
  for (const raw of source.split('\n')) {
    let line = raw;
    if (inComment) {
      const end = line.indexOf('*/');
      if (end < 0) continue;
      line = line.slice(end + 2);
      inComment = false;
    }
    line = line
      .replace(/\/\*.*?\*\//g, '')
      .replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g, "''")
      .replace(/\/\/.*$/, '');
    const open = line.indexOf('/*');
    if (open >= 0) {
      line = line.slice(0, open);
      inComment = true;
    }
    const identifiers = line.match(/[A-Za-z_$][\w$]*/g) ?? [];
    if (!identifiers.some(namesRuleNumber)) continue;
    const setsFromLiteral = [
      ...line.matchAll(/([A-Za-z_$][\w$]*)\s*(?:[:=]|[<>]=?|===?|!==?)\s*-?(\d+)(?![\w.])/g),
    ].some((m) => namesRuleNumber(m[1] as string) && Number(m[2]) >= 2);
    if (setsFromLiteral || ARITHMETIC.test(line)) leaks.push(raw.trim());
  }
  return leaks;
}

/** Lines that match but hold no rule number, each with why (by text: a file may be renamed). */
const NOT_RULES: Readonly<Record<string, string>> = {
  'export const MAX_ENTERED_DEFENSE = 1000;':
    'the bound on a Defense the GM types in (input validation, no rule)',
};

describe('rule numbers stay in the engine', () => {
  it('finds a DC, an RD or a Defense made from a literal, and only in code', () => {
    const fixture = [
      '/** The wounding DC: 10 + the damage (a comment quotes the text). */',
      "label: f('GNG.Wounding', { dc: 10 + dmg.final }),",
      'const TEND_DC = 15;',
      'if (target.defense >= 15) return hit;',
      'const rd = roll.total - 10;',
      'const relativeDegree = 4 * steps;',
      "const text = 'DC 10 + RD';",
      'dc: wound.save.dc,',
      'rdPerExtraShot: 0,',
      'const third = 10 + extra;',
      'const next = defenses[i + 1];',
      '/* dc = 10 + x',
      '   still a comment: dc = 15 */',
    ].join('\n');
    expect(ruleNumberLeaks(fixture)).toEqual([
      "label: f('GNG.Wounding', { dc: 10 + dmg.final }),",
      'const TEND_DC = 15;',
      'if (target.defense >= 15) return hit;',
      'const rd = roll.total - 10;',
      'const relativeDegree = 4 * steps;',
    ]);
  });

  it('no glue file outside src/rules/ computes one', () => {
    const src = join(ROOT, 'src');
    const glue = filesUnder(src).filter(
      (file) =>
        !file.startsWith(join(src, 'rules')) &&
        // The in-Foundry self-test builds its own fixtures (a save with DC 12 to check a card).
        !file.startsWith(join(src, 'self-test')) &&
        !file.endsWith('.d.ts'),
    );
    expect(glue.length).toBeGreaterThan(300);
    const found = glue.flatMap((file) =>
      ruleNumberLeaks(readFileSync(file, 'utf8')).map((line) => `${relative(ROOT, file)}: ${line}`),
    );
    expect(found.filter((entry) => !(entry.slice(entry.indexOf(': ') + 2) in NOT_RULES))).toEqual([]);
    // Each exception still matches somewhere (a line gone from the source leaves the list).
    for (const line of Object.keys(NOT_RULES))
      expect(found.some((entry) => entry.endsWith(`: ${line}`))).toBe(true);
  });
});
