import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  damageAfterProtection,
  damagePipeline,
  strengthDamageBonus,
  type Grip,
} from '../../../src/rules/damage.js';

describe('strengthDamageBonus (DAMAGE › Bows, Off-Hand Weapons, Wielding a Weapon Two-Handed)', () => {
  // strength modifier → one-handed, off-hand, two-handed, light-two-handed, two-handed + Power Attack
  const table: [number, number, number, number, number, number][] = [
    [1, 1, 0, 1, 1, 2],
    [2, 2, 1, 3, 2, 4],
    [3, 3, 1, 4, 3, 6],
    [4, 4, 2, 6, 4, 8],
    [5, 5, 2, 7, 5, 10],
    [0, 0, 0, 0, 0, 0],
  ];
  it.each(table)(
    'Str %i: one-handed %i, off-hand %i, two-handed %i, light two-handed %i, Power Attack %i',
    (mod, one, off, two, light, pa) => {
      expect(strengthDamageBonus({ strengthModifier: mod, grip: 'one-handed' })).toBe(one);
      expect(strengthDamageBonus({ strengthModifier: mod, grip: 'off-hand' })).toBe(off);
      expect(strengthDamageBonus({ strengthModifier: mod, grip: 'two-handed' })).toBe(two);
      expect(strengthDamageBonus({ strengthModifier: mod, grip: 'light-two-handed' })).toBe(light);
      expect(strengthDamageBonus({ strengthModifier: mod, grip: 'two-handed', powerAttack: true })).toBe(pa);
    },
  );
  it('DECISION rounding: ½ and 1½ of the Strength bonus round down', () => {
    expect(strengthDamageBonus({ strengthModifier: 3, grip: 'off-hand' })).toBe(1);
    expect(strengthDamageBonus({ strengthModifier: 3, grip: 'two-handed' })).toBe(4);
  });
  it('DECISION penalties: a Strength penalty applies in full whatever the grip', () => {
    for (const grip of ['one-handed', 'off-hand', 'two-handed', 'light-two-handed'] as Grip[]) {
      expect(strengthDamageBonus({ strengthModifier: -2, grip })).toBe(-2);
      expect(strengthDamageBonus({ strengthModifier: -2, grip, powerAttack: true })).toBe(-2);
    }
  });
  it('DECISION bows: a normal bow takes the penalty but not the bonus; a composite bow adds the bonus, never ×1½', () => {
    expect(strengthDamageBonus({ strengthModifier: 3, grip: 'two-handed', bow: 'normal' })).toBe(0);
    expect(strengthDamageBonus({ strengthModifier: -1, grip: 'two-handed', bow: 'normal' })).toBe(-1);
    expect(strengthDamageBonus({ strengthModifier: 3, grip: 'two-handed', bow: 'composite' })).toBe(3);
    expect(strengthDamageBonus({ strengthModifier: -1, grip: 'two-handed', bow: 'composite' })).toBe(-1);
    expect(
      strengthDamageBonus({ strengthModifier: 3, grip: 'two-handed', bow: 'composite', powerAttack: true }),
    ).toBe(3);
  });
  it('Power Attack (Appendix 4): doubles only a two-handed grip; not light, off-hand, one-handed, or with another ability to hit', () => {
    expect(strengthDamageBonus({ strengthModifier: 4, grip: 'two-handed', powerAttack: true })).toBe(8);
    expect(strengthDamageBonus({ strengthModifier: 4, grip: 'light-two-handed', powerAttack: true })).toBe(4);
    expect(strengthDamageBonus({ strengthModifier: 4, grip: 'off-hand', powerAttack: true })).toBe(2);
    expect(strengthDamageBonus({ strengthModifier: 4, grip: 'one-handed', powerAttack: true })).toBe(4);
    expect(
      strengthDamageBonus({
        strengthModifier: 4,
        grip: 'two-handed',
        powerAttack: true,
        attackUsesOtherAbility: true,
      }),
    ).toBe(6);
  });
  it('Power Attack "Normal": without the feat two hands add +1½ (Str +4 → +6)', () => {
    expect(strengthDamageBonus({ strengthModifier: 4, grip: 'two-handed' })).toBe(6);
  });
  it('DECISION Strength Bonus Limitation (Appendix 1): Strength adds nothing to damage, bonus or penalty', () => {
    expect(
      strengthDamageBonus({ strengthModifier: 4, grip: 'two-handed', strengthBonusLimitation: true }),
    ).toBe(0);
    expect(
      strengthDamageBonus({ strengthModifier: -2, grip: 'one-handed', strengthBonusLimitation: true }),
    ).toBe(0);
  });
  it('throws RangeError for unknown grip, bow kind or bad modifier', () => {
    expect(() => strengthDamageBonus({ strengthModifier: 2, grip: 'three-handed' as never })).toThrow(
      RangeError,
    );
    expect(() =>
      strengthDamageBonus({ strengthModifier: 2, grip: 'one-handed', bow: 'long' as never }),
    ).toThrow(RangeError);
    expect(() => strengthDamageBonus({ strengthModifier: Number.NaN, grip: 'one-handed' })).toThrow(
      RangeError,
    );
    expect(() => strengthDamageBonus({ strengthModifier: 1.5, grip: 'one-handed' })).toThrow(RangeError);
  });
});

describe('damageAfterProtection (DAMAGE: Weapon Damage + Relative Degree – Opponent’s Protection)', () => {
  it('adds RD and subtracts Protection', () => {
    expect(damageAfterProtection({ rolled: 7, relativeDegree: 8, protection: 5 })).toBe(10);
  });
  it('Appendix 3 fighter: full plate "reduces all damage inflicted upon him by eight points"', () => {
    expect(damageAfterProtection({ rolled: 10, relativeDegree: 3, protection: 8 })).toBe(5);
    expect(damageAfterProtection({ rolled: 4, relativeDegree: 2, protection: 8 })).toBe(0);
  });
  it('Protection cannot reduce damage below zero; "a hit inflicts no damage" below one', () => {
    expect(damageAfterProtection({ rolled: 1, relativeDegree: 0, protection: 20 })).toBe(0);
    expect(damageAfterProtection({ rolled: -3, relativeDegree: 1, protection: 0 })).toBe(0);
  });
  it('DECISION single Protection number: bypass treats the whole score as armor/natural armor', () => {
    expect(damageAfterProtection({ rolled: 6, relativeDegree: 0, protection: 8, bypass: 'piercing' })).toBe(
      2,
    );
    expect(damageAfterProtection({ rolled: 6, relativeDegree: 0, protection: 8, bypass: 'ignoring' })).toBe(
      6,
    );
    expect(
      damageAfterProtection({
        rolled: 6,
        relativeDegree: 0,
        protection: 8,
        bypass: 'ignoring',
        fortification: 'heavy',
      }),
    ).toBe(0);
  });
  it('DR and energy resistance apply after Protection', () => {
    expect(damageAfterProtection({ rolled: 12, relativeDegree: 3, protection: 4, damageReduction: 5 })).toBe(
      6,
    );
    expect(
      damageAfterProtection({ rolled: 12, relativeDegree: 3, protection: 4, energyResistance: 10 }),
    ).toBe(1);
    expect(
      damageAfterProtection({
        rolled: 12,
        relativeDegree: 3,
        protection: 4,
        damageReduction: 5,
        energyResistance: 10,
      }),
    ).toBe(0);
  });
  it('DECISION DR vs energy resistance order: DR then energy resistance; the order cannot change the result', () => {
    const n = fc.integer({ min: 0, max: 40 });
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 60 }), n, n, n, n, (rolled, rd, prot, dr, er) => {
        const afterProt = Math.max(0, Math.max(0, rolled + rd) - prot);
        const erFirst = Math.max(0, Math.max(0, afterProt - er) - dr);
        expect(
          damageAfterProtection({
            rolled,
            relativeDegree: rd,
            protection: prot,
            damageReduction: dr,
            energyResistance: er,
          }),
        ).toBe(erFirst);
      }),
    );
  });
  it('throws RangeError on a miss (negative RD) and bad input', () => {
    expect(() => damageAfterProtection({ rolled: 5, relativeDegree: -1, protection: 0 })).toThrow(RangeError);
    expect(() => damageAfterProtection({ rolled: Number.NaN, relativeDegree: 1, protection: 0 })).toThrow(
      RangeError,
    );
    expect(() => damageAfterProtection({ rolled: 5, relativeDegree: 1, protection: -1 })).toThrow(RangeError);
    expect(() =>
      damageAfterProtection({ rolled: 5, relativeDegree: 1, protection: 0, damageReduction: -2 }),
    ).toThrow(RangeError);
    expect(() =>
      damageAfterProtection({ rolled: 5, relativeDegree: 1, protection: 0, bypass: 'x' as never }),
    ).toThrow(RangeError);
  });
  it('damage is never negative and never exceeds rolled + RD (property)', () => {
    const n = fc.integer({ min: 0, max: 100 });
    fc.assert(
      fc.property(
        fc.integer({ min: -20, max: 200 }),
        n,
        n,
        fc.constantFrom('none', 'piercing', 'ignoring' as const),
        n,
        n,
        (rolled, rd, prot, bypass, dr, er) => {
          const dmg = damageAfterProtection({
            rolled,
            relativeDegree: rd,
            protection: prot,
            bypass,
            damageReduction: dr,
            energyResistance: er,
          });
          expect(dmg).toBeGreaterThanOrEqual(0);
          expect(dmg).toBeLessThanOrEqual(Math.max(0, rolled + rd));
        },
      ),
    );
  });
});

describe('damagePipeline (DAMAGE; PROTECTION)', () => {
  it('returns every step for a chat card', () => {
    const r = damagePipeline({
      weaponDice: [7],
      weaponBonus: 1,
      strengthBonus: 6,
      relativeDegree: 8,
      protection: { armor: 8 },
      damageReduction: 2,
    });
    expect(r.steps).toEqual({
      weapon: 8,
      strength: 6,
      other: 0,
      relativeDegree: 8,
      total: 22,
      protection: 8,
      afterProtection: 14,
      damageReduction: 2,
      afterDamageReduction: 12,
      energyResistance: 0,
      final: 12,
    });
    expect(r).toMatchObject({ final: 12, lethal: 12, nonlethal: 0, specialEffects: true });
    expect(r.protectionBreakdown?.armor).toBe(8);
  });
  it('Note (PROTECTION): extra dice from high-explosive ammunition are totalled before Protection', () => {
    const r = damagePipeline({ weaponDice: [3, 4], otherBonus: 5, relativeDegree: 0, protection: 10 });
    expect(r.steps.total).toBe(12);
    expect(r.final).toBe(2);
  });
  it('special effects need at least one point of HP loss', () => {
    expect(damagePipeline({ weaponDice: [2], relativeDegree: 1, protection: 3 }).specialEffects).toBe(false);
    expect(damagePipeline({ weaponDice: [2], relativeDegree: 2, protection: 3 }).specialEffects).toBe(true);
  });
  it('nonlethal damage is reduced like lethal and reported apart', () => {
    expect(
      damagePipeline({ weaponDice: [5], relativeDegree: 4, protection: 2, nonlethal: true }),
    ).toMatchObject({
      final: 7,
      lethal: 0,
      nonlethal: 7,
    });
  });
  it('multiple target bursts do not add RD (applyRelativeDegree: false)', () => {
    expect(
      damagePipeline({ weaponDice: [6, 6], relativeDegree: 9, applyRelativeDegree: false, protection: 2 })
        .final,
    ).toBe(10);
  });
  it('Protection has no effect on poison, disease, falling, environmental, ability damage', () => {
    for (const source of ['poison', 'disease', 'falling', 'environmental', 'ability'] as const) {
      expect(damagePipeline({ weaponDice: [4, 4], relativeDegree: 0, protection: 8, source }).final).toBe(8);
    }
    expect(
      damagePipeline({ weaponDice: [4, 4], relativeDegree: 0, protection: 8, source: 'attack' }).final,
    ).toBe(0);
  });
  it('armor-piercing with parts halves only armor and natural armor', () => {
    const r = damagePipeline({
      weaponDice: [10],
      relativeDegree: 0,
      protection: { armor: 8, naturalArmor: 2, monk: 3 },
      bypass: 'piercing',
    });
    expect(r.steps.protection).toBe(8);
    expect(r.final).toBe(2);
  });
  it('throws RangeError on bad input', () => {
    expect(() => damagePipeline({ weaponDice: [0], relativeDegree: 0, protection: 0 })).toThrow(RangeError);
    expect(() => damagePipeline({ weaponDice: [3], relativeDegree: -2, protection: 0 })).toThrow(RangeError);
    expect(() => damagePipeline({ weaponDice: [3], relativeDegree: 0, protection: Number.NaN })).toThrow(
      RangeError,
    );
    expect(() => damagePipeline({ weaponDice: [3], relativeDegree: 0, protection: null as never })).toThrow(
      RangeError,
    );
    expect(() =>
      damagePipeline({ weaponDice: [3], relativeDegree: 0, protection: 0, source: 'mystery' as never }),
    ).toThrow(RangeError);
    expect(() =>
      damagePipeline({ weaponDice: [3], relativeDegree: 0, protection: 0, energyResistance: 1.5 }),
    ).toThrow(RangeError);
  });
  it('every step is ≥ 0 and steps agree with damageAfterProtection (property)', () => {
    const n = fc.integer({ min: 0, max: 30 });
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 6 }),
        fc.integer({ min: -5, max: 10 }),
        n,
        n,
        n,
        n,
        (dice, str, rd, prot, dr, er) => {
          const r = damagePipeline({
            weaponDice: dice,
            strengthBonus: str,
            relativeDegree: rd,
            protection: prot,
            damageReduction: dr,
            energyResistance: er,
          });
          for (const v of [r.steps.total, r.steps.afterProtection, r.steps.afterDamageReduction, r.final])
            expect(v).toBeGreaterThanOrEqual(0);
          const rolled = dice.reduce((a, b) => a + b, 0) + str;
          expect(r.final).toBe(
            damageAfterProtection({
              rolled,
              relativeDegree: rd,
              protection: prot,
              damageReduction: dr,
              energyResistance: er,
            }),
          );
        },
      ),
    );
  });
});

describe('damage decisions', () => {
  it('DECISION damage needs a hit: RD < 0 is rejected rather than dealing damage', () => {
    expect(() => damagePipeline({ weaponDice: [6], relativeDegree: -1, protection: 0 })).toThrow(RangeError);
  });
  it('DECISION Protection-exempt sources skip only Protection; DR and energy resistance still apply if given', () => {
    expect(
      damagePipeline({
        weaponDice: [6],
        relativeDegree: 0,
        protection: 4,
        damageReduction: 2,
        source: 'falling',
      }).final,
    ).toBe(4);
  });
});
