/**
 * The text of the packs is for players and GMs (issue 14): every rich text field of every pack source
 * (descriptions, biographies, journal pages, effect descriptions, embedded documents included) is
 * HTML — block elements, no bare text with newlines — and holds no note addressed to developers
 * (file paths, to-do markers, the code behind the system). A failure names the file and the field.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { ROOT } from '../harness/index.js';

const SOURCES = join(ROOT, 'packs/_source');

/** Keys of the rich text fields (HTMLFields in Foundry and in our data models). */
const RICH_TEXT_KEYS = new Set(['description', 'biography', 'content']);

interface TextField {
  /** `<pack>/<file>`. */
  file: string;
  /** The field's path in the document, e.g. `items[0].system.description`. */
  field: string;
  text: string;
}

function collect(value: unknown, path: string, file: string, out: TextField[]): void {
  if (Array.isArray(value)) value.forEach((v, i) => collect(v, `${path}[${i}]`, file, out));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      const field = path ? `${path}.${key}` : key;
      if (typeof v === 'string' && RICH_TEXT_KEYS.has(key)) out.push({ file, field, text: v });
      else collect(v, field, file, out);
    }
  }
}

function packTexts(): TextField[] {
  const out: TextField[] = [];
  for (const pack of readdirSync(SOURCES)) {
    for (const name of readdirSync(join(SOURCES, pack))) {
      if (!/\.(json|ya?ml)$/.test(name)) continue;
      const text = readFileSync(join(SOURCES, pack, name), 'utf8');
      const doc: unknown = name.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
      collect(doc, '', `${pack}/${name}`, out);
    }
  }
  return out;
}

/** Words and shapes of notes to developers; none belongs in text a player or GM reads. */
const DEVELOPER_MARKERS: [string, RegExp][] = [
  ['a path of the repository', /\b(src|scripts|docs|test|packs|templates|styles)\/[\w./-]*/],
  ['a source file name', /\b[\w-]+\.(ts|mjs|js|md|hbs|scss)\b/],
  ['a to-do marker', /\b(TODO|FIXME|XXX|HACK)\b/],
  [
    'a word for developers',
    /\b(developers?|harness|rules engine|data model|glue|unit tests?|integration tests?)\b/i,
  ],
  ['a constant of the code', /\b[A-Z][A-Z0-9]+(_[A-Z0-9]+)+\b/],
  ['the team speaking', /\b(we|our|us)\b/i],
];

const texts = packTexts();

describe('pack text', () => {
  it('finds the rich text fields of every pack', () => {
    const packs = new Set(texts.map((t) => t.file.split('/')[0]));
    expect([...packs].sort()).toEqual(readdirSync(SOURCES).sort());
    expect(texts.length).toBeGreaterThan(300);
  });

  it('holds no notes to developers', () => {
    const found = texts.flatMap(({ file, field, text }) =>
      DEVELOPER_MARKERS.flatMap(([what, pattern]) => {
        const match = pattern.exec(text.replace(/<[^>]*>/g, ' '));
        return match ? [`${file} ${field}: ${what} ("${match[0]}")`] : [];
      }),
    );
    expect(found).toEqual([]);
  });

  it('is HTML: block elements, not plain text with newlines', () => {
    const block = /^<(p|h[1-6]|ul|ol|div|section|table|blockquote|figure|hr|pre)[\s>]/i;
    const found = texts
      .filter(({ text }) => text.trim() !== '')
      .flatMap(({ file, field, text }) => {
        if (!block.test(text)) return [`${file} ${field}: does not start with a block element`];
        if (/\n/.test(text)) return [`${file} ${field}: has a newline (plain-text formatting)`];
        return [];
      });
    expect(found).toEqual([]);
  });

  it('the markers catch the notes this test exists for', () => {
    const flagged = (text: string) => DEVELOPER_MARKERS.some(([, pattern]) => pattern.test(text));
    expect(flagged('HP 23 — see docs/rules.md, "fighter HP"')).toBe(true);
    expect(flagged('in the rules engine (called-shots.ts)')).toBe(true);
    expect(flagged('counted each round (FREE_ABORT_FEATS)')).toBe(true);
    expect(flagged('we had no table at hand')).toBe(true);
    expect(flagged('TODO: check')).toBe(true);
    expect(flagged('The attack card counts its free abort actions each round.')).toBe(false);
  });
});
