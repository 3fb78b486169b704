/**
 * The stat-block parser and the conversion on hostile pastes (issue #28): a name line with junk after
 * a separator, an Armor Class printed without its parts, and parsing time that must grow in
 * proportion to the paste. Expected values are worked out by hand from the pasted text and the
 * d20 3.5 Armor Class rule (AC = 10 + armor + shield + natural + Dex + size + deflection + …;
 * touch AC leaves out armor, shield and natural armor, so AC − touch = armor + shield + natural).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseStatBlock } from '../../src/rules/bestiary/stat-block-parse.js';
import { convertMonster } from '../../src/rules/bestiary/convert.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/stat-blocks/${name}.txt`, import.meta.url), 'utf8');
const OGRE = fixture('core-ogre');
const OGRE_AC = 'Armor Class: 16 (-1 size, -1 Dex, +5 natural, +3 hide armor), touch 8, flat-footed 16';

describe('a name line with more after a separator', () => {
  it('"Goblin; hp lots; Str abc": the name is the text before the first semicolon, the rest is listed', () => {
    const parsed = parseStatBlock('Goblin; hp lots; Str abc');
    expect(parsed.record.name).toBe('Goblin');
    expect(parsed.unparsed).toEqual([
      { line: 1, text: 'hp lots' },
      { line: 1, text: 'Str abc' },
    ]);
    const keys = parsed.warnings.map(
      (w) => `${w.key.replace('GNG.StatBlock.Warning.', '')}:${String(w.data?.field ?? '')}`,
    );
    expect(keys).toContain('BadValue:hp');
    expect(keys).toContain('Missing:size_type');
    expect(keys).not.toContain('Missing:name');
  });

  it('reads what it can after the name: "Orc; Medium humanoid (orc); hp 5"', () => {
    const parsed = parseStatBlock('Orc; Medium humanoid (orc); hp 5\nHit Dice: 1d8+1 (5 hp)');
    expect(parsed.record).toMatchObject({ name: 'Orc', size: 'Medium', type: 'Humanoid', hp: 5, hd: 1 });
    expect(parsed.unparsed).toEqual([]);
  });

  it('"Goblin; hp 5; Str 11, …" (read as the sentence form): the first part, unlabelled, is the name', () => {
    const parsed = parseStatBlock('Goblin; hp 5; Str 11, Dex 13, Con 12, Int 10, Wis 9, Cha 6');
    expect(parsed.record).toMatchObject({ name: 'Goblin', hp: 5 });
    expect(parsed.record.abilities).toEqual({ str: 11, dex: 13, con: 12, int: 10, wis: 9, cha: 6 });
    expect(parsed.unparsed).toEqual([]);
    // Alone on its line, an unlabelled first part of a sentence-form paste is no name.
    const junk = parseStatBlock(
      'click to see monster\nGoblin: CR 1/3; Small humanoid (goblinoid); HD 1d8+1; hp 5',
    );
    expect(junk.record.name).toBe('Goblin');
    expect(junk.unparsed).toEqual([{ line: 1, text: 'click to see monster' }]);
  });

  it('keeps a comma in a name ("Red Dragon, Adult") and warns when there is no name at all', () => {
    expect(parseStatBlock('Red Dragon, Adult\nSize/Type: Huge Dragon (Fire)').record.name).toBe(
      'Red Dragon, Adult',
    );
    const nameless = parseStatBlock('Size/Type: Large Giant\nHit Dice: 4d8+11 (29 hp)');
    expect(nameless.record.name).toBe('');
    expect(nameless.warnings).toContainEqual({
      key: 'GNG.StatBlock.Warning.Missing',
      data: { field: 'name' },
    });
  });
});

describe('an Armor Class printed without its parts', () => {
  const ogreWith = (ac: string) => convertMonster(parseStatBlock(OGRE.replace(OGRE_AC, ac)).record);
  const inferred = (c: ReturnType<typeof convertMonster>) =>
    c.steps.filter((s) => /Protection(Not)?Inferred/.test(s.explanation.key));

  it('the ogre "AC 16, touch 8, flat-footed 16": armor + shield + natural = 16 − 8 = 8 → Protection 8', () => {
    const c = ogreWith('Armor Class: 16, touch 8, flat-footed 16');
    expect(c.protection.total).toBe(8);
    expect(c.protection.naturalArmor).toBe(8);
    expect(inferred(c)).toEqual([
      {
        field: 'protection.inferred',
        value: 8,
        explanation: { key: 'GNG.Bestiary.Step.ProtectionInferred', data: { ac: 16, touch: 8, amount: 8 } },
      },
    ]);
  });

  it('with no touch AC either, says Protection could not be inferred (and lists it)', () => {
    const c = ogreWith('Armor Class: 16');
    expect(c.protection.total).toBe(0);
    expect(inferred(c)).toEqual([
      {
        field: 'protection.inferred',
        value: null,
        explanation: { key: 'GNG.Bestiary.Step.ProtectionNotInferred', data: { ac: 16 } },
      },
    ]);
    expect(c.unconverted).toContain('ac: 16 (no parts and no touch AC: Protection not inferred)');
  });

  it('infers nothing from a touch AC above the AC, nor when the parts are given', () => {
    const odd = ogreWith('Armor Class: 8, touch 10, flat-footed 8');
    expect(odd.protection.total).toBe(0);
    expect(inferred(odd).map((s) => s.explanation)).toEqual([
      { key: 'GNG.Bestiary.Step.ProtectionNotInferredTouch', data: { ac: 8, touch: 10 } },
    ]);
    const full = convertMonster(parseStatBlock(OGRE).record);
    expect(full.protection.total).toBe(8);
    expect(inferred(full)).toEqual([]);
  });
});

/**
 * The least time of `runs` runs of parsing `text` `times` times over. Comparing a block parsed 100
 * times with the block ×100 parsed once compares the same amount of text: a linear parser takes
 * about the same time for both, a quadratic one about 100 times as long for the big one. The least
 * of several runs, with the JIT warmed up first, keeps a loaded machine's pauses out of it.
 */
function leastTime(text: string, times: number, runs = 3): number {
  let best = Infinity;
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    for (let i = 0; i < times; i++) parseStatBlock(text);
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

const head =
  'Goblin: CR 1/3; Small humanoid (goblinoid); HD 1d8+1; hp 5; Init +1; Spd 30 ft.; AC 15, touch 12, flat-footed 14; SQ darkvision 60 ft.,\n';
/** Shapes of paste: a unit text repeated n times. */
const SHAPES: [string, (n: number) => string, number][] = [
  ['the ogre table, block after block', (n) => Array(n).fill(OGRE).join('\n'), 100],
  [
    'the goblin paragraph, block after block',
    (n) => Array(n).fill(fixture('sentence-goblin')).join('\n'),
    100,
  ],
  [
    'one paragraph wrapped over many lines (a PDF copy)',
    (n) =>
      head +
      Array(n * 20)
        .fill('low-light vision, scent, and more words of')
        .join('\n') +
      ' end.',
    100,
  ],
  [
    'one table row wrapped over many lines (each ends with a comma)',
    (n) =>
      'Orc\nSize/Type: Medium Humanoid\nSkills: ' +
      Array(n * 20)
        .fill('Hide +5, Listen +2,')
        .join('\n') +
      ' Spot +1',
    100,
  ],
  [
    'a semicolon list after a text field',
    (n) =>
      head +
      Array(n * 20)
        .fill('foo bar')
        .join('; '),
    100,
  ],
  // Was exponential (a regular expression backtracking over brackets): 16 parts took 50 ms, 20 parts 0.7 s.
  [
    'an AC line with an unclosed parenthesis',
    (n) =>
      `Orc\nArmor Class: 16 (${Array(n * 20)
        .fill('+1 a, [b] +2')
        .join(' ')}`,
    100,
  ],
];

describe('parsing time grows in proportion to the paste', () => {
  // A quadratic parser takes about k = 100 times as long on the big text; a linear one about as long.
  // The bound of 10 tells the two apart with room for a loaded machine's pauses (a bound of 3 failed
  // once at a load average of 17 on a linear parser).
  it.each(SHAPES)('%s: ×k the text takes at most 10 × k the time', (_name, make, k) => {
    const small = make(1);
    const large = make(k);
    expect(large.length).toBeGreaterThan(small.length * k * 0.5);
    leastTime(small, k, 1);
    leastTime(large, 1, 1);
    const ratio = leastTime(large, 1, 5) / leastTime(small, k, 5);
    expect(ratio).toBeLessThan(10);
  });
});
