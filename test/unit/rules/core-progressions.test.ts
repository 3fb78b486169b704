import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ABORT_SKILLS,
  SKILLS,
  abilityModifier,
  baseAttackBonus,
  baseSave,
  classBaseAttackBonus,
  classBaseSave,
  meleeAttackBonus,
  monkProtectionBonus,
  skillCheckBonus,
  type Save,
  type SaveProgression,
} from '../../../src/rules/index.js';

describe('core base attack bonus and saves', () => {
  it.each([
    [1, 1, 0, 0, 2, 0],
    [4, 4, 3, 2, 4, 1],
    [10, 10, 7, 5, 7, 3],
    [20, 20, 15, 10, 12, 6],
  ])(
    'level %i: BAB good %i / average %i / poor %i; save good %i / poor %i',
    (level, good, avg, poor, gs, ps) => {
      expect(classBaseAttackBonus('good', level)).toBe(good);
      expect(classBaseAttackBonus('average', level)).toBe(avg);
      expect(classBaseAttackBonus('poor', level)).toBe(poor);
      expect(classBaseSave('good', level)).toBe(gs);
      expect(classBaseSave('poor', level)).toBe(ps);
    },
  );

  it('sums over classes (fighter 7 / sorcerer 10: BAB 12)', () => {
    expect(
      baseAttackBonus([
        { bab: 'good', levels: 7 },
        { bab: 'poor', levels: 10 },
      ]),
    ).toBe(12);
  });

  const rogue = { fort: 'poor', ref: 'good', will: 'poor' } as Record<Save, SaveProgression>;
  const fighter = { fort: 'good', ref: 'poor', will: 'poor' } as Record<Save, SaveProgression>;
  const monk = { fort: 'good', ref: 'good', will: 'good' } as Record<Save, SaveProgression>;
  it.each([
    [
      '1st-level rogue',
      rogue,
      1,
      { str: 13, dex: 16, con: 13, wis: 12 },
      'average',
      { fort: 1, ref: 5, will: 1 },
      1,
    ],
    [
      '5th-level fighter',
      fighter,
      5,
      { str: 18, dex: 10, con: 18, wis: 10 },
      'good',
      { fort: 8, ref: 1, will: 1 },
      9,
    ],
    [
      '9th-level monk',
      monk,
      9,
      { str: 12, dex: 17, con: 13, wis: 15 },
      'average',
      { fort: 7, ref: 9, will: 8 },
      7,
    ],
  ] as const)(
    'Appendix 3 %s: saves and melee attack as printed',
    (_name, saves, levels, a, bab, printed, attack) => {
      const classes = [{ saves, levels, bab }];
      expect(baseSave('fort', classes) + abilityModifier(a.con)).toBe(printed.fort);
      expect(baseSave('ref', classes) + abilityModifier(a.dex)).toBe(printed.ref);
      expect(baseSave('will', classes) + abilityModifier(a.wis)).toBe(printed.will);
      const bonus = meleeAttackBonus({
        baseAttackBonus: baseAttackBonus(classes),
        strengthModifier: abilityModifier(a.str),
        size: 'medium',
      });
      expect(bonus).toBe(attack);
    },
  );

  it('rejects bad input', () => {
    expect(() => classBaseAttackBonus('great' as never, 1)).toThrow(RangeError);
    expect(() => classBaseSave('good', -1)).toThrow(RangeError);
    expect(() => baseSave('luck' as never, [])).toThrow(/unknown save: luck/);
  });

  it('BAB never decreases with levels', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('good', 'average', 'poor' as const),
        fc.integer({ min: 0, max: 40 }),
        (p, l) => {
          return classBaseAttackBonus(p, l + 1) >= classBaseAttackBonus(p, l);
        },
      ),
    );
  });
});

describe('skills', () => {
  it('has the SRD 3.5 list with the skills GnG rolls', () => {
    expect(Object.keys(SKILLS)).toHaveLength(35);
    for (const skill of Object.values(ABORT_SKILLS)) expect(SKILLS).toHaveProperty(skill);
    expect(SKILLS.tumble).toEqual({ ability: 'dex', armorCheck: 1, trainedOnly: true });
  });

  it('applies the armor check penalty to Str/Dex skills, twice to Swim, not to others', () => {
    expect(
      skillCheckBonus({ skill: 'jump', ranks: 4, abilityModifier: 2, armorCheckPenalty: -6 }).total,
    ).toBe(0);
    expect(
      skillCheckBonus({ skill: 'swim', ranks: 4, abilityModifier: 2, armorCheckPenalty: -6 }).total,
    ).toBe(-6);
    expect(
      skillCheckBonus({ skill: 'heal', ranks: 4, abilityModifier: 2, armorCheckPenalty: -6 }).total,
    ).toBe(6);
  });

  it('a trained-only skill without ranks is not usable', () => {
    expect(skillCheckBonus({ skill: 'tumble', ranks: 0, abilityModifier: 3 }).usable).toBe(false);
    expect(skillCheckBonus({ skill: 'balance', ranks: 0, abilityModifier: 3 })).toEqual({
      total: 3,
      usable: true,
    });
  });

  it('rejects bad input', () => {
    expect(() => skillCheckBonus({ skill: 'flying' as never, ranks: 1, abilityModifier: 0 })).toThrow(
      /unknown skill: flying/,
    );
    expect(() => skillCheckBonus({ skill: 'jump', ranks: -1, abilityModifier: 0 })).toThrow(RangeError);
    expect(() =>
      skillCheckBonus({ skill: 'jump', ranks: 1, abilityModifier: 0, armorCheckPenalty: 2 }),
    ).toThrow(RangeError);
  });
});

describe('monk Protection bonus', () => {
  it('Appendix 3: a 9th-level monk with Wis 15 has Protection +3 (+3 monk bonus)', () => {
    expect(monkProtectionBonus({ monkLevels: 9, wisdomModifier: abilityModifier(15) })).toBe(3);
  });
  it('Wis bonus only if positive, +1 per five levels, nothing when armored or without monk levels', () => {
    expect(monkProtectionBonus({ monkLevels: 10, wisdomModifier: -1 })).toBe(2);
    expect(monkProtectionBonus({ monkLevels: 4, wisdomModifier: 3 })).toBe(3);
    expect(monkProtectionBonus({ monkLevels: 9, wisdomModifier: 2, armored: true })).toBe(0);
    expect(monkProtectionBonus({ monkLevels: 0, wisdomModifier: 4 })).toBe(0);
    expect(() => monkProtectionBonus({ monkLevels: -1, wisdomModifier: 0 })).toThrow(RangeError);
  });
});
