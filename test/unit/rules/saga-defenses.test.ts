/**
 * The Saga-style model's static defenses (seed 001; decision A3 and the chapter's own modifiers).
 * Expected values worked out by hand:
 * - the fighter: 2 levels of a good Defense progression (+2, GnG "Table: Defense Bonus Progression",
 *   000:399), Dex 14 (+2), armor 4, shield 1, Medium (0), a dodge +1 and deflection +2 and +1 (the
 *   best, +2, counts): Reflex 10 + 2 + 2 + 4 + 1 + 0 + 3 = 22; Fortitude save 5 → 15; Will save 1 → 11.
 */
import { describe, expect, it } from 'vitest';
import {
  damageThreshold,
  fortitudeDefense,
  reflexDefense,
  sagaDefenses,
  sagaSituation,
  willDefense,
} from '../../../src/rules/models/saga/defenses.js';
import type { ModelCreature } from '../../../src/rules/models/types.js';

function fighter(over: Partial<ModelCreature> = {}, step = 0): ModelCreature {
  return {
    size: 'medium',
    defense: {
      dexMod: 2,
      classes: [{ progression: 'good', levels: 2 }],
      size: 'medium',
      shield: 1,
      modifiers: { dodge: 1, deflection: [2, 1] },
    },
    hitPoints: { con: 12, classes: [{ progression: 'good', levels: 2 }], size: 'medium' },
    saves: { fortitude: 5, reflex: 2, will: 1 },
    statuses: new Set(),
    armor: 4,
    model: { saga: { conditionStep: step } },
    ...over,
  };
}

const value = (label: string, parts: { label: string; value: number }[]) =>
  parts.find((p) => p.label === `GNG.Model.Saga.Defense.Part.${label}`)?.value;

describe('the three defenses (A3)', () => {
  it('Reflex 22, Fortitude 15, Will 11, with their parts', () => {
    const d = sagaDefenses(fighter());
    expect(d.reflex.value).toBe(22);
    expect(d.fortitude.value).toBe(15);
    expect(d.will.value).toBe(11);
    expect(d.reflex.parts.map((p) => [p.label.split('.').pop(), p.value])).toEqual([
      ['base', 10],
      ['class', 2],
      ['dexterity', 2],
      ['armor', 4],
      ['shield', 1],
      ['modifiers', 3],
    ]);
    expect(value('save', d.fortitude.parts)).toBe(5);
  });

  it('the damage threshold is the Fortitude Defense (A2)', () => {
    expect(damageThreshold(fighter())).toBe(15);
  });

  it('a touch attack ignores armor and shield: 22 − 5 = 17', () => {
    expect(reflexDefense(fighter(), { mode: 'melee', touch: true }).value).toBe(17);
  });

  it("the condition step's penalty counts against all three (A1): step 2 → −2, step 3 → −5", () => {
    const d = sagaDefenses(fighter({}, 2));
    expect([d.reflex.value, d.fortitude.value, d.will.value]).toEqual([20, 13, 9]);
    expect(value('conditionStep', d.will.parts)).toBe(-2);
    expect(damageThreshold(fighter({}, 3))).toBe(10);
  });

  it('step 5 (unconscious, helpless) loses Dexterity as well: 22 − 2 − 10 = 10', () => {
    expect(reflexDefense(fighter({}, 5)).value).toBe(10);
  });
});

describe("the defender's modifiers of the chapter", () => {
  const reflex = (situation: Record<string, string | number | boolean>, c = fighter()) =>
    reflexDefense(c, { mode: 'ranged', touch: false }, sagaSituation(situation)).value;

  it('cover +5, partial cover +2, improved cover +10 (001:76, 84, 92); total cover refuses the attack', () => {
    expect(reflex({ cover: 'cover' })).toBe(27);
    expect(reflex({ cover: 'partial' })).toBe(24);
    expect(reflex({ cover: 'improved' })).toBe(32);
    expect(() => reflex({ cover: 'total' })).toThrow(/total cover/);
    // Cover is a Reflex bonus only.
    expect(fortitudeDefense(fighter(), sagaSituation({ cover: 'cover' })).value).toBe(15);
  });

  it('Partial Defense +2, Total Defense +5 to all; with 5 Acrobatics ranks +4 and +8 (001:121)', () => {
    expect(reflex({ defending: 'partial' })).toBe(24);
    expect(reflex({ defending: 'total' })).toBe(27);
    expect(reflex({ defending: 'partial', acrobaticsRanks: 4 })).toBe(24);
    expect(reflex({ defending: 'partial', acrobaticsRanks: 5 })).toBe(26);
    expect(reflex({ defending: 'total', acrobaticsRanks: 5 })).toBe(30);
    expect(willDefense(fighter(), sagaSituation({ defending: 'total' })).value).toBe(16);
    expect(
      fortitudeDefense(fighter(), sagaSituation({ defending: 'partial', acrobaticsRanks: 7 })).value,
    ).toBe(19);
  });

  it('withdrawing +2 (001:139); grappled −2 (001:171), by the situation or the grappling status', () => {
    expect(reflex({ withdrawing: true })).toBe(24);
    expect(reflex({ grappled: true })).toBe(20);
    expect(reflex({}, fighter({ statuses: new Set(['grappling']) }))).toBe(20);
  });

  it('flat-footed, feinted or helpless lose the Dexterity bonus (001:124, 185); a penalty stays', () => {
    expect(reflex({ feinted: true })).toBe(20);
    expect(reflex({}, fighter({ statuses: new Set(['flat-footed']) }))).toBe(20);
    expect(reflex({}, fighter({ statuses: new Set(['helpless']) }))).toBe(20);
    expect(reflexDefense(fighter(), { mode: 'melee', touch: false, states: ['flat-footed'] }).value).toBe(20);
    const clumsy = fighter();
    const clumsyFlatFooted = {
      ...clumsy,
      defense: { ...clumsy.defense, dexMod: -1 },
      statuses: new Set(['flat-footed']),
    };
    expect(reflex({}, clumsyFlatFooted)).toBe(19);
  });

  it('Uncanny Dodge keeps Dexterity while flat-footed, not when feinted or helpless', () => {
    const base = fighter({ statuses: new Set(['flat-footed']) });
    const dodger = { ...base, defense: { ...base.defense, retainsDexterityWhenFlatFooted: true } };
    expect(reflex({}, dodger)).toBe(22);
    expect(reflex({ feinted: true }, dodger)).toBe(20);
    expect(reflex({}, { ...dodger, statuses: new Set(['flat-footed', 'helpless']) })).toBe(20);
  });

  it('refuses a situation it cannot read', () => {
    expect(() => sagaSituation({ cover: 'half' })).toThrow(RangeError);
    expect(() => sagaSituation({ defending: 'partial', acrobaticsRanks: -1 })).toThrow(RangeError);
    expect(() => sagaSituation({ feinted: 'yes' })).toThrow(RangeError);
    expect(() => sagaSituation({ defense: 'armor' })).toThrow(RangeError);
  });
});
