/**
 * Item properties of Appendix 6, damage reduction, energy resistance and objects (issue #18, engine).
 * Expected values are worked from the GnG v4.0 text, the d20 Modern SRD "Attack an Object" and the
 * SRD 3.5 damage reduction / energy resistance formats (../shared/data/srd35/monsters.json).
 */
import { describe, expect, it } from 'vitest';
import {
  MANUFACTURED_OBJECTS,
  attackBypassQualities,
  damageObject,
  damagePipeline,
  damageReductionAgainst,
  energyResistanceAgainst,
  itemPropertyAllowed,
  objectBreakDc,
  objectDamage,
  objectState,
  parseDamageReduction,
  parseDamageReductions,
  parseEnergyResistances,
  resolveWounding,
  viciousDamage,
  weaponPropertiesAgainst,
} from '../../../src/rules/index.js';

describe('damage reduction (SRD "damage reduction 10/silver", "5/silver or good", "x/—")', () => {
  it('parses the stat-block forms, "or" between groups and "and" inside one', () => {
    expect(parseDamageReduction('10/magic')).toEqual({ amount: 10, bypassedBy: [['magic']] });
    expect(parseDamageReduction('5/silver or good')).toEqual({
      amount: 5,
      bypassedBy: [['silver'], ['good']],
    });
    expect(parseDamageReduction('damage reduction 15/silver and magic')).toEqual({
      amount: 15,
      bypassedBy: [['silver', 'magic']],
    });
    // Dream Larva: "DR 15/good and epic or lawful and epic"
    expect(parseDamageReduction('DR 15/good and epic or lawful and epic')).toEqual({
      amount: 15,
      bypassedBy: [
        ['good', 'epic'],
        ['lawful', 'epic'],
      ],
    });
    expect(parseDamageReduction('DR 10/Cold Iron')).toEqual({ amount: 10, bypassedBy: [['cold iron']] });
    expect(parseDamageReduction('5/-')).toEqual({ amount: 5, bypassedBy: [] });
    expect(parseDamageReduction('10/—')).toEqual({ amount: 10, bypassedBy: [] });
  });

  it('finds every reduction in a stat block and refuses what is not one', () => {
    // Angel, Astral Deva (monsters.json special_qualities)
    const deva =
      'Change shape, damage reduction 10/evil, darkvision 60 ft., low-light vision, immunity to acid, cold, and petrification, protective aura, resistance to electricity 10 and fire 10, spell resistance 30, tongues, uncanny dodge';
    expect(parseDamageReductions(deva)).toEqual([{ amount: 10, bypassedBy: [['evil']] }]);
    expect(parseDamageReductions('Darkvision 60 ft., spell resistance 19')).toEqual([]);
    expect(() => parseDamageReduction('10/mithral')).toThrow(RangeError);
    expect(() => parseDamageReduction('magic')).toThrow(RangeError);
    expect(() => parseDamageReduction(undefined as unknown as string)).toThrow(RangeError);
    // "99999999999999999999" reads as 1e20: beyond a safe integer, refused (hostile-opportunity-options).
    expect(() => parseDamageReduction('99999999999999999999/—')).toThrow(RangeError);
    expect(parseDamageReduction(`${Number.MAX_SAFE_INTEGER}/—`).amount).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('applies the amount unless the attack has one whole group ("a silvered weapon deals full damage")', () => {
    expect(damageReductionAgainst('10/silver', ['slashing'])).toBe(10);
    expect(damageReductionAgainst('10/silver', ['silver', 'slashing'])).toBe(0);
    expect(damageReductionAgainst('5/silver or good', ['good'])).toBe(0);
    expect(damageReductionAgainst('15/silver and magic', ['silver'])).toBe(15);
    expect(damageReductionAgainst('15/silver and magic', ['silver', 'magic'])).toBe(0);
    expect(damageReductionAgainst('5/—', ['silver', 'magic', 'adamantine', 'good', 'epic'])).toBe(5);
  });

  it('counts the enhancement bonus: +1 magic, +3 cold iron/silver, +4 adamantine, +5 alignment, +6 epic', () => {
    expect(damageReductionAgainst('10/magic', { enhancement: 1 })).toBe(0);
    expect(damageReductionAgainst('10/silver', { enhancement: 2 })).toBe(10);
    expect(damageReductionAgainst('10/silver', { enhancement: 3 })).toBe(0);
    expect(damageReductionAgainst('15/adamantine', { enhancement: 3 })).toBe(15);
    expect(damageReductionAgainst('15/adamantine', { enhancement: 4 })).toBe(0);
    expect(damageReductionAgainst('10/good', { enhancement: 4 })).toBe(10);
    expect(damageReductionAgainst('10/good', { enhancement: 5 })).toBe(0);
    expect(damageReductionAgainst('15/epic', { enhancement: 5 })).toBe(15);
    expect(damageReductionAgainst('15/epic', { enhancement: 6 })).toBe(0);
    expect([...attackBypassQualities({ qualities: ['Silver'], enhancement: 1 })].sort()).toEqual([
      'magic',
      'silver',
    ]);
    expect(() => damageReductionAgainst('10/magic', { enhancement: -1 })).toThrow(RangeError);
  });

  it('several reductions do not stack: the best one that applies; energy attacks and Mace of Ruin ignore it', () => {
    expect(damageReductionAgainst(['10/magic', '5/—'], [])).toBe(10);
    expect(damageReductionAgainst(['10/magic', '5/—'], { enhancement: 1 })).toBe(5);
    // "Spells, spell-like abilities, and energy attacks (even nonmagical fire) ignore damage reduction."
    expect(damageReductionAgainst('10/magic', { energyAttack: true })).toBe(0);
    expect(damageReductionAgainst('10/—', { ignoresDamageReduction: true })).toBe(0);
    expect(damageReductionAgainst([], [])).toBe(0);
  });
});

describe('energy resistance by energy type ("resistance to cold 10 and fire 10")', () => {
  it('parses the three SRD forms; several values of one type keep the highest', () => {
    expect(
      parseEnergyResistances('resistance to acid 10, cold 10, and fire 10, spell resistance 14'),
    ).toEqual({
      acid: 10,
      cold: 10,
      fire: 10,
    });
    // Brachyurus: "acid, cold, electricity, fire, and sonic resistance 20"
    expect(
      parseEnergyResistances('SR 32, scent, acid, cold, electricity, fire, and sonic resistance 20'),
    ).toEqual({
      acid: 20,
      cold: 20,
      electricity: 20,
      fire: 20,
      sonic: 20,
    });
    // Demilich: "turn resistance +20, …, acid resistance 20, fire resistance 20, sonic resistance 20"
    expect(
      parseEnergyResistances(
        'turn resistance +20, DR 15/Epic and bludgeoning, acid resistance 20, fire resistance 20',
      ),
    ).toEqual({ acid: 20, fire: 20 });
    expect(parseEnergyResistances('resistance to fire 5, fire resistance 10')).toEqual({ fire: 10 });
    expect(parseEnergyResistances('spell resistance 30, immunity to fire')).toEqual({});
  });

  it('resists each energy type the damage carries, and nothing of physical types', () => {
    const arrowhawk = parseEnergyResistances('resistance to cold 10 and fire 10');
    expect(energyResistanceAgainst(arrowhawk, ['fire'])).toBe(10);
    expect(energyResistanceAgainst(arrowhawk, ['slashing'])).toBe(0);
    expect(energyResistanceAgainst(arrowhawk, ['electricity'])).toBe(0);
    expect(energyResistanceAgainst(arrowhawk, ['fire', 'cold', 'fire'])).toBe(20);
    // With the points of each type, never more than the energy present: 1d6 fire rolled 4 → 4 resisted.
    expect(energyResistanceAgainst(arrowhawk, { fire: 4 })).toBe(4);
    expect(energyResistanceAgainst(arrowhawk, { fire: 14, cold: 3 })).toBe(13);
    expect(() => energyResistanceAgainst({ force: 5 } as never, ['fire'])).toThrow(RangeError);
    expect(() => energyResistanceAgainst(arrowhawk, { fire: -1 })).toThrow(RangeError);
  });

  it('PROTECTION: "Damage Reduction" and "Energy resistance applies to damage after Protection"', () => {
    // 12 fire damage + RD 3 against Protection 4, fire resistance 10: 15 − 4 = 11, − 10 = 1.
    const r = damagePipeline({
      weaponDice: [6, 6],
      relativeDegree: 3,
      protection: 4,
      damageReduction: damageReductionAgainst('10/magic', { energyAttack: true }),
      energyResistance: energyResistanceAgainst({ fire: 10 }, ['fire']),
    });
    expect(r.steps).toMatchObject({ total: 15, afterProtection: 11, damageReduction: 0, final: 1 });
  });
});

describe('Appendix 6 weapon properties as inputs of the damage step', () => {
  const plate = { armor: 8, naturalArmor: 2, enhancement: 3, monk: 0 };

  it('Brilliant Energy: "Armor bonuses to Protection … (including any enhancement bonuses to that armor …) do not count … (Other bonuses still apply.)"', () => {
    const e = weaponPropertiesAgainst({
      properties: ['brilliant-energy'],
      target: { protection: { armor: 8, naturalArmor: 2, enhancement: 3, sacredProfane: 1 } },
    });
    expect(e.protection).toEqual({ armor: 0, naturalArmor: 2, enhancement: 0, sacredProfane: 1 });
    expect(e.ignoresShieldBonus).toBe(true);
    expect(e.canHarm).toBe(true);
    // 10 + RD 2 = 12 against natural armor 2 + sacred 1 = 3 → 9 (plate +3 would have left 0).
    const r = damagePipeline({ weaponDice: [10], relativeDegree: 2, protection: e.protection });
    expect(r.final).toBe(9);
    // The enhancement of natural armor stays when the caller names it.
    const n = weaponPropertiesAgainst({
      properties: ['brilliant-energy'],
      target: { protection: plate, naturalArmorEnhancement: 1 },
    });
    expect(n.protection).toMatchObject({ armor: 0, naturalArmor: 2, enhancement: 1 });
  });

  it('Brilliant Energy "cannot harm undead, constructs, and objects"; needs the Protection parts', () => {
    for (const t of ['undead', 'construct', 'object'] as const)
      expect(
        weaponPropertiesAgainst({ properties: ['brilliant-energy'], target: { traits: [t], protection: {} } })
          .canHarm,
      ).toBe(false);
    expect(() =>
      weaponPropertiesAgainst({ properties: ['brilliant-energy'], target: { protection: 10 } }),
    ).toThrow(RangeError);
    expect(() =>
      weaponPropertiesAgainst({
        properties: ['brilliant-energy'],
        target: { protection: { enhancement: 1 }, naturalArmorEnhancement: 2 },
      }),
    ).toThrow(RangeError);
  });

  it('"You may apply this property only to melee weapons, thrown weapons, and ammunition"; "Only melee weapons can be vicious"', () => {
    expect(itemPropertyAllowed('brilliant-energy', 'thrown')).toBe(true);
    expect(itemPropertyAllowed('brilliant-energy', 'ranged')).toBe(false);
    expect(itemPropertyAllowed('vicious', 'melee')).toBe(true);
    expect(itemPropertyAllowed('vicious', 'thrown')).toBe(false);
    expect(() => itemPropertyAllowed('keen' as never, 'melee')).toThrow(RangeError);
  });

  it('Sun Blade: "Against Negative Energy Plane creatures or undead creatures, the sword deals double damage. (Double the damage inflicted after applying Protection.)"', () => {
    const vsUndead = weaponPropertiesAgainst({
      properties: ['sun-blade'],
      target: { traits: ['undead'], protection: 4 },
    });
    const vsLiving = weaponPropertiesAgainst({ properties: ['sun-blade'], target: { protection: 4 } });
    expect(vsUndead.afterProtectionMultiplier).toBe(2);
    expect(vsLiving.afterProtectionMultiplier).toBe(1);
    expect(
      weaponPropertiesAgainst({
        properties: ['sun-blade'],
        target: { traits: ['negative-energy-plane'], protection: 0 },
      }).afterProtectionMultiplier,
    ).toBe(2);
    // 1d10+2 rolled 7+2, RD 3 = 12; − Protection 4 = 8; ×2 = 16; then DR 5 → 11 (decision: before DR).
    const r = damagePipeline({
      weaponDice: [7],
      weaponBonus: 2,
      relativeDegree: 3,
      protection: 4,
      afterProtectionMultiplier: vsUndead.afterProtectionMultiplier,
      damageReduction: 5,
    });
    expect(r.steps).toMatchObject({
      total: 12,
      protection: 4,
      afterProtection: 16,
      multiplier: 2,
      final: 11,
    });
    const plain = damagePipeline({ weaponDice: [7], weaponBonus: 2, relativeDegree: 3, protection: 4 });
    expect(plain.steps.multiplier).toBeUndefined();
    expect(plain.final).toBe(8);
    expect(() => damagePipeline({ relativeDegree: 0, protection: 0, afterProtectionMultiplier: 0 })).toThrow(
      RangeError,
    );
  });

  it('Vicious: "an extra 2d6 … to the opponent and 1d6 … to the wielder. The extra damage ignores both the target\'s and the wielder\'s Protection"', () => {
    expect(weaponPropertiesAgainst({ properties: ['vicious'], target: { protection: 9 } }).vicious).toBe(
      true,
    );
    expect(viciousDamage(3, [4, 5], [2])).toEqual({ target: 9, wielder: 2 });
    // "inflicts at least 1 HP damage (i.e., penetrates Protection)"
    expect(viciousDamage(0, [6, 6], [6])).toEqual({ target: 0, wielder: 0 });
    expect(() => viciousDamage(1, [4], [2])).toThrow(RangeError);
    expect(() => viciousDamage(1, [4, 7], [2])).toThrow(RangeError);
  });

  it('Wounding: severe bleeding "if the victim fails a Fortitude save against DC 10 + the damage inflicted"', () => {
    expect(resolveWounding(7)).toEqual({ dc: 17, bleeding: null });
    expect(resolveWounding(7, 16)).toEqual({
      dc: 17,
      bleeding: { status: 'active', stage: 'bleeding', dc: 12 },
    });
    expect(resolveWounding(7, 17)).toEqual({ dc: 17, bleeding: null });
    expect(resolveWounding(7, false).bleeding).not.toBeNull();
    expect(resolveWounding(0, 1)).toEqual({ dc: null, bleeding: null });
    expect(() => resolveWounding(-1)).toThrow(RangeError);
    // "Creatures with no circulatory system, undead, plants, constructs, and the like are unaffected."
    expect(weaponPropertiesAgainst({ properties: ['wounding'], target: { protection: 0 } }).wounding).toBe(
      true,
    );
    for (const t of ['undead', 'plant', 'construct', 'no-circulatory-system'] as const)
      expect(
        weaponPropertiesAgainst({ properties: ['wounding'], target: { traits: [t], protection: 0 } })
          .wounding,
      ).toBe(false);
  });

  it('Mace of Ruin: "+7 armor ignoring … also ignores the hardness or damage reduction of any object or creature it strikes"', () => {
    const e = weaponPropertiesAgainst({
      properties: ['mace-of-ruin'],
      target: { protection: plate, damageReduction: ['15/adamantine'], hardness: 10 },
    });
    expect(e).toMatchObject({ bypass: 'ignoring', damageReduction: 0, hardness: 0 });
    const without = weaponPropertiesAgainst({
      properties: [],
      target: { protection: plate, damageReduction: ['15/adamantine'], hardness: 10 },
      attack: { enhancement: 3 },
    });
    expect(without).toMatchObject({ bypass: 'none', damageReduction: 15, hardness: 10 });
  });

  it('Dissipater: "Against qualifying targets, a dissipater weapon ignores Protection, damage reduction and hardness"', () => {
    const target = {
      traits: ['ectoplasmic' as const],
      protection: plate,
      damageReduction: ['10/magic'],
      hardness: 8,
    };
    expect(weaponPropertiesAgainst({ properties: ['dissipater'], target })).toMatchObject({
      protection: 0,
      damageReduction: 0,
      hardness: 0,
    });
    const other = weaponPropertiesAgainst({ properties: ['dissipater'], target: { ...target, traits: [] } });
    expect(other).toMatchObject({ protection: plate, damageReduction: 10, hardness: 8 });
    expect(() =>
      weaponPropertiesAgainst({ properties: [], target: { traits: ['ghost' as never], protection: 0 } }),
    ).toThrow(RangeError);
  });
});

describe('objects (core "Attack an Object"; GnG "ATTACKING INANIMATE OBJECTS")', () => {
  it('"Only damage in excess of its hardness is deducted"; energy divided "before applying the hardness"', () => {
    // A strong wooden door: hardness 5, 20 HP.
    expect(objectDamage({ total: 12, hardness: 5 })).toBe(7);
    expect(objectDamage({ total: 4, hardness: 5 })).toBe(0);
    // "Electricity and fire attacks deal half damage": 15 fire → 7, − 5 = 2; "Cold … one-quarter": 15 → 3 → 0.
    expect(objectDamage({ total: 15, hardness: 5, energy: 'fire' })).toBe(2);
    expect(objectDamage({ total: 15, hardness: 5, energy: 'electricity' })).toBe(2);
    expect(objectDamage({ total: 15, hardness: 0, energy: 'cold' })).toBe(3);
    expect(objectDamage({ total: 15, hardness: 5, energy: 'acid' })).toBe(10);
    expect(objectDamage({ total: 12, hardness: 10, ignoresHardness: true })).toBe(12);
    expect(() => objectDamage({ total: 5, hardness: -1 })).toThrow(RangeError);
  });

  it('the table\'s manufactured objects and the break DC "decreases by 2" once half the HP are lost', () => {
    expect(MANUFACTURED_OBJECTS.medium).toEqual({ hardness: 5, hp: 5, breakDc: 15 });
    expect(MANUFACTURED_OBJECTS.colossal).toEqual({ hardness: 10, hp: 30, breakDc: 50 });
    expect(objectState(20, 20)).toBe('intact');
    expect(objectState(11, 20)).toBe('intact');
    expect(objectState(10, 20)).toBe('damaged');
    expect(objectState(0, 20)).toBe('destroyed');
    expect(objectBreakDc(23, 11, 20)).toBe(23);
    expect(objectBreakDc(23, 10, 20)).toBe(21);
    expect(() => objectState(21, 20)).toThrow(RangeError);
    expect(() => objectState(1, 0)).toThrow(RangeError);
  });

  it('Break Weapon: "apply the damage to both your target and the item" — the item takes the total less its hardness', () => {
    // Longsword 6 + Str 3 + RD 4 = 13 against a wielder in Protection 8; a Medium firearm: hardness 5, 7 HP.
    const wielder = damagePipeline({ weaponDice: [6], strengthBonus: 3, relativeDegree: 4, protection: 8 });
    expect(wielder.final).toBe(5);
    expect(damageObject({ hp: 7, maxHp: 7 }, { total: wielder.steps.total, hardness: 5 })).toEqual({
      damage: 8,
      hp: 0,
      state: 'destroyed',
    });
    expect(damageObject({ hp: 7, maxHp: 7 }, { total: 9, hardness: 5 })).toEqual({
      damage: 4,
      hp: 3,
      state: 'damaged',
    });
  });
});
