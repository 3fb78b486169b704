/**
 * Issue #29 (derived data in half a frame): data preparation computes Defense through the unchecked
 * rule (src/rules/defense-core.ts) and builds the breakdown only when something reads it. The lazy
 * breakdown must be exactly what the eager `defenseBonus` gives for the same input — every part, in
 * the same order, what went and why, the modifiers and notes — and `defenseBonusTotal` the same total.
 * The expected breakdowns obey the old definition: the parts add up to the total, a removed part
 * shows 0, the table and condition modifiers add up to the situation and conditions parts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lazyDefenseBreakdown } from '../../../src/rules/defense-core.js';
import {
  DEFENSE_MODIFIER_TYPES,
  DEFENSE_STATES,
  defenseBonus,
  defenseBonusTotal,
  type DefenseBreakdown,
  type DefenseInput,
  type DefenseModifierType,
} from '../../../src/rules/defense.js';
import * as rules from '../../../src/rules/index.js';
import { ENCUMBRANCE_LOADS } from '../../../src/rules/encumbrance.js';
import { PROGRESSIONS, SIZES, type ClassLevels } from '../../../src/rules/types.js';

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
/** A lazy breakdown read field by field (its parts are getters). */
const read = (b: DefenseBreakdown): DefenseBreakdown => ({
  total: b.total,
  autoRollOne: b.autoRollOne,
  parts: b.parts,
  removed: b.removed,
  modifiers: b.modifiers,
  notes: b.notes,
});

const modifier = fc.oneof(
  fc.integer({ min: -4, max: 6 }),
  fc.array(fc.integer({ min: -4, max: 6 }), { maxLength: 3 }),
);
const input: fc.Arbitrary<DefenseInput> = fc.record(
  {
    dexMod: fc.integer({ min: -5, max: 8 }),
    classes: fc.array(
      fc.record({
        progression: fc.constantFrom(...PROGRESSIONS),
        levels: fc.integer({ min: 0, max: 14 }),
      }) as fc.Arbitrary<ClassLevels>,
      { maxLength: 3 },
    ),
    size: fc.constantFrom(...SIZES),
    armorCheckPenalty: fc.integer({ min: -8, max: 0 }),
    armorProficient: fc.boolean(),
    load: fc.constantFrom(...ENCUMBRANCE_LOADS),
    shield: fc.integer({ min: 0, max: 4 }),
    shieldEnhancement: fc.integer({ min: 0, max: 3 }),
    modifiers: fc.dictionary(fc.constantFrom<DefenseModifierType>(...DEFENSE_MODIFIER_TYPES), modifier),
    states: fc.array(fc.constantFrom(...DEFENSE_STATES), { maxLength: 4 }),
    attack: fc.constantFrom('melee' as const, 'ranged' as const),
    touch: fc.boolean(),
    retainsDexterityWhenFlatFooted: fc.boolean(),
    negativeLevels: fc.integer({ min: 0, max: 4 }),
    injuryPenalty: fc.integer({ min: -6, max: 0 }),
  },
  { requiredKeys: ['dexMod', 'classes', 'size'] },
);

describe('the Defense breakdown built on demand equals the eager one', () => {
  it('every input: same total, parts (in order), removed parts, modifiers and notes', () => {
    fc.assert(
      fc.property(input, (i) => {
        const attack = i.attack ?? 'melee';
        const eager = defenseBonus(i);
        const lazy = lazyDefenseBreakdown(i, attack);
        expect(lazy.total).toBe(eager.total);
        expect(lazy.autoRollOne).toBe(eager.autoRollOne);
        expect(read(lazy)).toEqual(eager);
        expect(Object.keys(lazy.parts)).toEqual(Object.keys(eager.parts));
        expect(JSON.parse(JSON.stringify(lazy))).toEqual(eager);
        expect(defenseBonusTotal(i)).toEqual({ total: eager.total, autoRollOne: eager.autoRollOne });
      }),
      { numRuns: 500 },
    );
  });

  it('the breakdown obeys its definition: parts add up to the total, removed parts show 0', () => {
    fc.assert(
      fc.property(input, (i) => {
        const b = lazyDefenseBreakdown(i, i.attack ?? 'melee');
        expect(sum(Object.values(b.parts))).toBe(b.total);
        for (const r of b.removed) {
          expect(b.parts[r.part]).toBe(0);
          expect(r.value).not.toBe(0);
          expect(r.reasons.length).toBeGreaterThan(0);
        }
        expect(sum(b.modifiers.map((m) => m.value))).toBe(b.parts.situation + b.parts.conditions);
      }),
      { numRuns: 300 },
    );
  });

  it('worked by hand: Dex +3, fighter 5, full plate (−6, proficient: −3), prone and shaken', () => {
    // GnG DEFENSE: Dex + class + equipment + size + shield; "Prone –4 +4"; Shaken: "–2 penalty on … defense rolls".
    const i: DefenseInput = {
      dexMod: 3,
      classes: [{ progression: 'good', levels: 5 }],
      armorCheckPenalty: -6,
      armorProficient: true,
      size: 'medium',
      shield: 2,
      states: ['prone', 'shaken'],
    };
    const melee = lazyDefenseBreakdown(i, 'melee');
    const ranged = lazyDefenseBreakdown(i, 'ranged');
    expect(melee.total).toBe(3 + 5 - 3 + 2 - 4 - 2);
    expect(ranged.total).toBe(3 + 5 - 3 + 2 + 4 - 2);
    expect(melee.modifiers).toEqual([
      { source: 'prone', value: -4 },
      { source: 'shaken', value: -2 },
    ]);
    expect(melee.parts).toMatchObject({ dexterity: 3, class: 5, armorCheck: -3, shield: 2, situation: -4 });
    expect(melee.removed).toEqual([]);
  });

  it('worked by hand: unconscious is helpless: automatic 1, Dex and class lost with their reasons', () => {
    // HELPLESS DEFENDERS: "automatically roll a 1 … lose all Dexterity, dodge, class, and similar bonuses";
    // Table: Defense Roll Modifiers, "Helpless … –4 (melee) +0 (ranged)".
    const b = lazyDefenseBreakdown(
      { dexMod: 2, classes: [{ progression: 'average', levels: 4 }], size: 'large', states: ['unconscious'] },
      'melee',
    );
    expect(b.autoRollOne).toBe(true);
    expect(b.removed).toEqual([
      { part: 'dexterity', value: 2, reasons: ['helpless', 'unconscious'] },
      { part: 'class', value: 3, reasons: ['helpless', 'unconscious'] },
    ]);
    expect(b.total).toBe(-1 - 4); // Large −1, helpless −4
  });
});

describe('the checked functions stay at the edge', () => {
  it('defenseBonusTotal refuses what defenseBonus refuses', () => {
    const base: DefenseInput = { dexMod: 1, classes: [], size: 'medium' };
    for (const bad of [
      { ...base, size: 'enormous' },
      { ...base, dexMod: 1.5 },
      { ...base, states: ['sleepy'] },
      { ...base, modifiers: { morale: 1 } },
      { ...base, modifiers: { dodge: [1, Number.NaN] } },
      { ...base, classes: [{ progression: 'best', levels: 1 }] },
      { ...base, injuryPenalty: 2 },
    ] as DefenseInput[]) {
      expect(() => defenseBonus(bad)).toThrow(RangeError);
      expect(() => defenseBonusTotal(bad)).toThrow(RangeError);
    }
  });

  it('the unchecked rule is not part of game.gng.rules', () => {
    const api = rules as Record<string, unknown>;
    for (const name of [
      'lazyDefenseBreakdown',
      'defenseTotalOf',
      'defenseBreakdownOf',
      'classDefenseBonusOf',
    ])
      expect(api[name], name).toBeUndefined();
    expect(typeof api.defenseBonusTotal).toBe('function');
  });
});
