import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  characterLevel,
  classDefenseBonus,
  classHpBonus,
  epicDefenseBonus,
  epicHpBonus,
  nonEpicClassBonus,
  progressionBonus,
  PROGRESSION_TABLE,
} from '../../../src/rules/defense-hp-progression.js';
import { PROGRESSIONS, type ClassLevels, type Progression } from '../../../src/rules/types.js';

// GnG "Table: Defense Bonus Progression" and "Table: HP Bonus Progression" print the same rows:
// level, good, average, poor.
const PRINTED_TABLE: readonly [number, number, number, number][] = [
  [1, 1, 0, 0],
  [2, 2, 1, 1],
  [3, 3, 2, 1],
  [4, 4, 3, 2],
  [5, 5, 3, 2],
  [6, 6, 4, 3],
  [7, 7, 5, 3],
  [8, 8, 6, 4],
  [9, 9, 6, 4],
  [10, 10, 7, 5],
  [11, 11, 8, 5],
  [12, 12, 9, 6],
  [13, 13, 9, 6],
  [14, 14, 10, 7],
  [15, 15, 11, 7],
  [16, 16, 12, 8],
  [17, 17, 12, 8],
  [18, 18, 13, 9],
  [19, 19, 14, 10],
  [20, 20, 15, 10],
];

const good = (levels: number): ClassLevels => ({ progression: 'good', levels });
const average = (levels: number): ClassLevels => ({ progression: 'average', levels });
const poor = (levels: number): ClassLevels => ({ progression: 'poor', levels });

describe('Defense / HP Bonus Progression tables (GnG DEFENSE, HIT POINTS)', () => {
  it.each(PRINTED_TABLE)('level %i: good +%i, average +%i, poor +%i', (level, g, a, p) => {
    expect(progressionBonus('good', level)).toBe(g);
    expect(progressionBonus('average', level)).toBe(a);
    expect(progressionBonus('poor', level)).toBe(p);
    // Single-class Defense and HP bonuses read the same table.
    for (const [progression, value] of [
      ['good', g],
      ['average', a],
      ['poor', p],
    ] as const) {
      expect(classDefenseBonus([{ progression, levels: level }])).toBe(value);
      expect(classHpBonus([{ progression, levels: level }])).toBe(value);
    }
  });

  it('level 0 gives +0', () => {
    for (const p of PROGRESSIONS) expect(progressionBonus(p, 0)).toBe(0);
    expect(classDefenseBonus([])).toBe(0);
    expect(classHpBonus([])).toBe(0);
  });

  it('decision "poor at 19 as printed": the poor column reads +10 at both 19th and 20th level', () => {
    expect(PROGRESSION_TABLE.poor[18]).toBe(9);
    expect(PROGRESSION_TABLE.poor[19]).toBe(10);
    expect(PROGRESSION_TABLE.poor[20]).toBe(10);
  });

  it('every column is non-decreasing', () => {
    for (const p of PROGRESSIONS) {
      const column = PROGRESSION_TABLE[p];
      expect(column).toHaveLength(21);
      for (let i = 1; i < column.length; i++)
        expect(column[i]).toBeGreaterThanOrEqual(column[i - 1] as number);
    }
  });
});

describe('worked examples', () => {
  it('DEFENSE: "a 10th level fighter has a +10 Defense bonus, while a 4th level bard/6th level wizard has a Defense bonus of +6"', () => {
    expect(classDefenseBonus([good(10)])).toBe(10); // Fighter: good
    expect(classDefenseBonus([average(4), poor(6)])).toBe(6); // Bard: average, Wizard: poor
  });

  it('HIT POINTS: "a 9th level monk has +6 HP, while a 7th level fighter/10th level sorcerer has +12 HP"', () => {
    expect(classHpBonus([average(9)])).toBe(6); // Monk: average HP
    expect(classHpBonus([good(7), poor(10)])).toBe(12); // Fighter good, Sorcerer poor
  });
});

describe('Epic Level Progression', () => {
  it('Defense: frozen at 20th, +1 at every odd-numbered level beyond 20th', () => {
    expect(epicDefenseBonus(20)).toBe(0);
    expect(epicDefenseBonus(21)).toBe(1);
    expect(epicDefenseBonus(22)).toBe(1);
    expect(epicDefenseBonus(23)).toBe(2);
    expect(epicDefenseBonus(30)).toBe(5);
    expect(classDefenseBonus([good(21)])).toBe(21);
    expect(classDefenseBonus([good(25)])).toBe(23);
    expect(classDefenseBonus([poor(30)])).toBe(15);
  });

  it('HP: frozen at 20th, +1 at every even-numbered level beyond 20th', () => {
    expect(epicHpBonus(20)).toBe(0);
    expect(epicHpBonus(21)).toBe(0);
    expect(epicHpBonus(22)).toBe(1);
    expect(epicHpBonus(24)).toBe(2);
    expect(classHpBonus([good(22)])).toBe(21);
    expect(classHpBonus([average(30)])).toBe(20);
  });

  it('decision "epic multiclass": character level = sum of levels; the 20 levels giving the best bonus count', () => {
    // 15 fighter (good) / 10 wizard (poor): level 25. Best 20: 15 good + 5 poor = 15 + 2 = 17.
    expect(characterLevel([good(15), poor(10)])).toBe(25);
    expect(nonEpicClassBonus([good(15), poor(10)])).toBe(17);
    expect(classDefenseBonus([good(15), poor(10)])).toBe(17 + 3); // levels 21, 23, 25
    expect(classHpBonus([good(15), poor(10)])).toBe(17 + 2); // levels 22, 24
    // The order of the list never matters.
    expect(classDefenseBonus([poor(10), good(15)])).toBe(20);
    // Below 21 every level counts.
    expect(classDefenseBonus([good(10), poor(10)])).toBe(15);
  });

  it('epic multiclass: more levels in several low-progression classes still never exceed the table', () => {
    expect(nonEpicClassBonus([poor(1), poor(1), poor(1), poor(20)])).toBe(10);
    expect(nonEpicClassBonus([average(2), average(2), good(20)])).toBe(20);
  });
});

describe('properties', () => {
  const progression = fc.constantFrom<Progression>(...PROGRESSIONS);
  const entry = fc.record({ progression, levels: fc.integer({ min: 0, max: 30 }) });

  it('progressionBonus is monotone in levels', () => {
    fc.assert(
      fc.property(progression, fc.integer({ min: 0, max: 19 }), (p, l) => {
        expect(progressionBonus(p, l + 1)).toBeGreaterThanOrEqual(progressionBonus(p, l));
      }),
    );
  });

  it('class bonuses are monotone: one more level in any class never lowers Defense or HP bonus', () => {
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 4 }), fc.nat(), (classes, pick) => {
        const index = pick % classes.length;
        const more = classes.map((c, i) => (i === index ? { ...c, levels: c.levels + 1 } : c));
        expect(classDefenseBonus(more)).toBeGreaterThanOrEqual(classDefenseBonus(classes));
        expect(classHpBonus(more)).toBeGreaterThanOrEqual(classHpBonus(classes));
      }),
    );
  });

  it('the class bonus never exceeds a single good class of the same character level', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 4 }), (classes) => {
        const level = characterLevel(classes);
        expect(classDefenseBonus(classes)).toBeLessThanOrEqual(classDefenseBonus([good(level)]));
        expect(classHpBonus(classes)).toBeLessThanOrEqual(classHpBonus([good(level)]));
      }),
    );
  });
});

describe('invalid input throws RangeError', () => {
  it.each([
    ['negative levels', () => progressionBonus('good', -1)],
    ['levels above 20', () => progressionBonus('good', 21)],
    ['fractional levels', () => progressionBonus('average', 2.5)],
    ['NaN levels', () => progressionBonus('poor', Number.NaN)],
    ['unknown progression', () => progressionBonus('great' as Progression, 1)],
    ['negative class levels', () => classDefenseBonus([good(-1)])],
    ['NaN class levels', () => classHpBonus([good(Number.NaN)])],
    ['unknown class progression', () => classHpBonus([{ progression: 'best' as Progression, levels: 1 }])],
    ['non-array classes', () => classDefenseBonus(null as unknown as ClassLevels[])],
    ['null entry', () => classDefenseBonus([null as unknown as ClassLevels])],
    ['negative character level', () => epicDefenseBonus(-1)],
    ['Infinity character level', () => epicHpBonus(Number.POSITIVE_INFINITY)],
  ])('%s', (_name, call) => {
    expect(call).toThrow(RangeError);
  });

  it('names the bad value', () => {
    expect(() => progressionBonus('good', -3)).toThrow(/-3/);
    expect(() => classDefenseBonus([{ progression: 'best' as Progression, levels: 1 }])).toThrow(/best/);
  });
});
