/**
 * The attack bonus under the Time Count model (issue #32, lane core; R4, R9, R10, R17): Accuracy,
 * Strength or Dexterity by category, size for weapons, the common modifiers and cover, range.
 * Expected values worked by hand from seed 002.
 */
import { describe, expect, it } from 'vitest';
import * as tc from '../../../src/rules/models/tc/index.js';
import type { ModelAbility, ModelCreature } from '../../../src/rules/models/types.js';

const ab = (mod: number): ModelAbility => ({ score: 10 + 2 * mod, damage: 0, mod });

/** Str +3, Dex +1, Int +2; a good-BAB class of 4 levels (BAB 4); Accuracy bought with AP 1. */
function archer(
  size: ModelCreature['size'] = 'medium',
  tcFields: Record<string, unknown> = {},
): ModelCreature {
  return {
    size,
    defense: { dexMod: 1, classes: [], size },
    hitPoints: { con: 10, classes: [], size },
    saves: { fortitude: 0, reflex: 0, will: 0 },
    statuses: new Set(),
    abilities: { str: ab(3), dex: ab(1), con: ab(0), int: ab(2), wis: ab(0), cha: ab(0) },
    classes: [
      {
        levels: 4,
        bab: 'good',
        defense: 'good',
        saves: { fort: 'good', ref: 'poor', will: 'poor' },
      },
    ],
    model: { tc: { attributes: { accuracy: 1 }, ...tcFields } } as unknown as ModelCreature['model'],
  };
}

const labels = (parts: { label: string; value: number }[]) =>
  parts.map((p) => [p.label.split('.').pop(), p.value]);

describe('the attack bonus (R9)', () => {
  it('Accuracy = BAB 4 + 1 bought; a bludgeoning impairment −1 (002:9, 85)', () => {
    expect(tc.tcAccuracy(archer())).toBe(5);
    expect(tc.tcAccuracy(archer('medium', { impairments: { bludgeoning: 1 } }))).toBe(4);
    expect(tc.tcAccuracy(archer(), 2)).toBe(3);
  });

  it('an axe adds Strength, a bow Dexterity, unarmed the better (002:25, 58)', () => {
    expect(tc.tcAttackBonus(archer(), { with: 'axes' }).total).toBe(8);
    expect(tc.tcAttackBonus(archer(), { with: 'bows' }).total).toBe(6);
    expect(labels(tc.tcAttackBonus(archer(), { with: 'unarmed' }).parts)).toEqual([
      ['accuracy', 5],
      ['strength', 3],
    ]);
  });

  it('a weapon no category fits: Strength in melee, Dexterity at range', () => {
    expect(tc.tcAttackBonus(archer(), { with: null, mode: 'melee' }).total).toBe(8);
    expect(tc.tcAttackBonus(archer(), { with: null, mode: 'ranged' }).total).toBe(6);
  });

  it('size for weapons, not spells; a spell adds Int and 2 a charge (002:27, 670)', () => {
    // Small: +1 (002:15).
    expect(tc.tcAttackBonus(archer('small'), { with: 'daggers' }).total).toBe(7);
    // 5 + Int 2 + 2 × 2 = 11, no size.
    expect(tc.tcAttackBonus(archer('small'), { with: 'spell', charges: 2 }).total).toBe(11);
  });

  it('the common modifiers and cover (002:31–41); rear includes flanking; flanking is melee only (002:642)', () => {
    const b = tc.tcAttackBonus(archer(), {
      with: 'axes',
      mode: 'melee',
      modifiers: ['higherGround', 'proficient', 'flanked'],
      cover: 'half',
    });
    // 8 + 1 + 1 + 2 − 4 = 8.
    expect(b.total).toBe(8);
    expect(tc.tcAttackBonus(archer(), { with: 'axes', modifiers: ['flanked', 'rear'] }).total).toBe(12);
    expect(tc.tcAttackBonus(archer(), { with: 'bows', mode: 'ranged', modifiers: ['flanked'] }).total).toBe(
      6,
    );
    expect(
      tc.tcAttackBonus(archer(), { with: 'bows', modifiers: ['noAffinity'], cover: 'nineTenths' }).total,
    ).toBe(-4);
    const extra = [{ label: 'GNG.Model.TC.Option.together', value: -6 }];
    expect(tc.tcAttackBonus(archer(), { with: 'axes', extra }).total).toBe(2);
    expect(() => tc.tcAttackBonus(archer(), { with: 'axes', cover: 'total' as tc.TcCover })).toThrow(
      RangeError,
    );
    expect(() =>
      tc.tcAttackBonus(archer(), { with: 'axes', modifiers: ['luck' as tc.TcAttackModifier] }),
    ).toThrow(RangeError);
  });
});

describe('range (R10)', () => {
  it("a shortbow's 40 ft: 40 ft 0, 45–80 ft −1, 85–120 ft −2, up to 400 ft (002:45)", () => {
    expect(tc.tcRangePenalty(40, 40)).toEqual({ penalty: 0, inRange: true, maxRange: 400 });
    expect(tc.tcRangePenalty(45, 40).penalty).toBe(-1);
    expect(tc.tcRangePenalty(80, 40).penalty).toBe(-1);
    expect(tc.tcRangePenalty(85, 40).penalty).toBe(-2);
    expect(tc.tcRangePenalty(120, 40).penalty).toBe(-2);
    expect(tc.tcRangePenalty(405, 40).inRange).toBe(false);
  });

  it('a thrown weapon reaches 10 + Strength increments: Str +2, 10 ft: 120 ft', () => {
    expect(tc.tcRangePenalty(120, 10, { strMod: 2 })).toMatchObject({ inRange: true, maxRange: 120 });
    expect(tc.tcRangePenalty(90, 10, { strMod: -2 })).toMatchObject({ inRange: false, maxRange: 80 });
    expect(() => tc.tcRangePenalty(10, 0)).toThrow(RangeError);
  });
});
