/**
 * The attack card's own rules under the Time Count and Threshold of Pain model (seed 002; issue #32,
 * lane card). Expected values worked out by hand from the lines quoted (002:NN).
 */
import { describe, expect, it } from 'vitest';
import {
  fumbleDurability,
  halfDamage,
  simultaneousImpairments,
  simultaneousTop,
  tcOptionParts,
  tcSpeedPlan,
  tcWeaponCategory,
  topSplit,
} from '../../../src/rules/models/tc/attack-card.js';
import { tcAttackBonus } from '../../../src/rules/models/tc/attack-bonus.js';
import { consciousnessCheck, firstWakeCheckAt } from '../../../src/rules/models/tc/consciousness-timing.js';
import type { ModelAbility, ModelCreature } from '../../../src/rules/models/types.js';
import { speedFactor, worseSpeedFactor } from '../../../src/rules/models/tc/speed.js';

describe("the options' parts of the attack roll", () => {
  it('two weapons together −6, alternating −4 (002:691); feet −4 (002:695); striking each other +1 (002:687)', () => {
    expect(tcOptionParts({ twoWeapons: 'together' })).toEqual([
      { label: 'GNG.Model.TC.Option.together', value: -6 },
    ]);
    expect(tcOptionParts({ twoWeapons: 'alternate', feet: true, simultaneous: true })).toEqual([
      { label: 'GNG.Model.TC.Option.alternate', value: -4 },
      { label: 'GNG.Model.TC.Option.feet', value: -4 },
      { label: 'GNG.Model.TC.Option.simultaneous', value: 1 },
    ]);
    expect(tcOptionParts({ quickStrike: true })).toEqual([]);
  });
});

describe('the speed of the next act', () => {
  it('quick strike one class faster (002:517), alternating one more (002:691), together the worse of two', () => {
    expect(tcSpeedPlan({}, false)).toEqual({ classSteps: 0, fumbleDice: 0, worseOfTwo: false });
    expect(tcSpeedPlan({ quickStrike: true }, false).classSteps).toBe(-1);
    expect(tcSpeedPlan({ quickStrike: true, twoWeapons: 'alternate' }, false).classSteps).toBe(-2);
    expect(tcSpeedPlan({ twoWeapons: 'together' }, false)).toMatchObject({ classSteps: 0, worseOfTwo: true });
    // A long sword (Standard, static 9) with a quick strike is Fast: static 6 (A1); alternating too: Swift 4.
    expect(speedFactor('standard', { random: false, classSteps: -1 }).sf).toBe(6);
    expect(speedFactor('standard', { random: false, classSteps: -2 }).sf).toBe(4);
    // "No attack can go faster than Rapid" (002:525): a dagger (Fast) two classes faster is Rapid, 2.
    expect(speedFactor('fast', { random: false, classSteps: -3 }).sf).toBe(2);
    // 002:691 "Roll both speed factors and take the worse result": dagger 1d6+3 (d6 4 → 7), long
    // sword 1d6+6 (d6 5 → 11): 11.
    const rolls = [4, 5];
    const dice = { roll: () => rolls.shift() as number };
    const dagger = speedFactor('fast', { random: true, dice });
    const sword = speedFactor('standard', { random: true, dice });
    expect(worseSpeedFactor(dagger, sword).sf).toBe(11);
  });

  it('a fumble adds 1d6 to the weapon SF (002:66): long sword static 9 + d6 4 = 13', () => {
    expect(tcSpeedPlan({}, true).fumbleDice).toBe(1);
    expect(tcSpeedPlan({}, false).fumbleDice).toBe(0);
  });

  it('a fumble costs the weapon 1 Durability Point (002:66), never below 0; none when it has none', () => {
    expect(fumbleDurability(5)).toBe(4);
    expect(fumbleDurability(0)).toBe(0);
    expect(fumbleDurability(undefined)).toBeNull();
    expect(fumbleDurability(null)).toBeNull();
  });
});

describe("a quick strike's half damage (002:521–523)", () => {
  it('rounded down, at least 1 for a hit that dealt any (002:54), 0 stays 0', () => {
    expect([9, 8, 3, 2, 1, 0].map(halfDamage)).toEqual([4, 4, 1, 1, 1, 0]);
  });
});

describe('the ToP split line', () => {
  it('7 damage against ToP 6 (A2: ≥): fatigue +6, HP −1, ToP 6→5 (R21, R22)', () => {
    const before = { value: 20, temp: 0, fatigue: 2, invigoration: 0, topLost: 0, impB: 0, impP: 0, impS: 0 };
    const after = { ...before, value: 19, fatigue: 8, topLost: 1, impS: 1 };
    expect(topSplit(before, after, 6)).toEqual({
      fatigue: 6,
      hp: -1,
      temp: 0,
      invigoration: 0,
      top: { before: 6, after: 5 },
      impairments: 1,
    });
  });

  it('bonus HP and Invigoration lost first (R29) and the ToP floored at 0', () => {
    const before = { value: 10, temp: 3, fatigue: 0, invigoration: 2, topLost: 4 };
    const after = { ...before, temp: 0, invigoration: 0, value: 9, topLost: 5 };
    expect(topSplit(before, after, 0)).toMatchObject({
      temp: -3,
      invigoration: -2,
      hp: -1,
      top: { before: 0, after: 0 },
    });
  });
});

describe('the Constitution check to stay conscious (002:162–166, A9)', () => {
  it('d20 + Con − 2 per impairment against fatigue − HP; no automatic success on a 20', () => {
    // The card's total: d20 + Con − the impairment penalty (tc-steps.ts), met by count's check.
    const check = (natural: number, con: number, dc: number, penalty = 0) =>
      consciousnessCheck(natural + con - penalty, dc);
    // Fatigue 14, HP 9: DC 5. d20 3 + Con 1 = 4: failed by 1 → at least 10 counts unconscious.
    expect(check(3, 1, 5)).toEqual({ passed: false, failedBy: 1 });
    expect(firstWakeCheckAt(0, 1)).toBe(10);
    // Two impairments: −4 (002:162). d20 8 + 1 − 4 = 5 ≥ 5: conscious.
    expect(check(8, 1, 5, 4)).toEqual({ passed: true, failedBy: 0 });
    // DC 25: a natural 20 + 2 = 22 fails by 3 (A9) → 30 counts after count 40: 70.
    const high = check(20, 2, 25);
    expect(high).toEqual({ passed: false, failedBy: 3 });
    expect(firstWakeCheckAt(40, high.failedBy)).toBe(70);
    // A natural 1 that reaches the DC passes (no automatic failure either).
    expect(check(1, 3, 2).passed).toBe(true);
  });
});

describe('simultaneous hits lower the ToP for impairments (002:683–685, A4)', () => {
  it('Hadwin: ToP 8, three attackers hit for 3, 6 and 8: ToP 6, two impairments', () => {
    const hits = [
      { attacker: 'a', damage: 3 },
      { attacker: 'b', damage: 6 },
      { attacker: 'c', damage: 8 },
    ];
    expect(simultaneousTop(8, 3)).toBe(6);
    expect(simultaneousImpairments(8, hits)).toBe(2);
    // One at a time (the first attacker alone), 8 against 8 is the one impairment (A2).
    expect(simultaneousImpairments(8, [{ attacker: 'c', damage: 8 }])).toBe(1);
  });

  it('two weapons of one attacker hitting at once do not lower it (002:685); never below 0', () => {
    const hits = [
      { attacker: 'a', damage: 7 },
      { attacker: 'a', damage: 7 },
    ];
    expect(simultaneousImpairments(8, hits)).toBe(0);
    expect(simultaneousTop(1, 5)).toBe(0);
  });
});

describe('weapon categories from the name (002:58)', () => {
  it('reads the category lists, the longer word first', () => {
    const of = (name: string, use = 'one-handed') => tcWeaponCategory({ name, use });
    expect(of('Crossbow, light', 'ranged')).toBe('crossbows');
    expect(of('Longbow, composite', 'ranged')).toBe('bows');
    expect(of('Dagger')).toBe('daggers');
    expect(of('Quarterstaff', 'two-handed')).toBe('staffs');
    expect(of('Greatsword', 'two-handed')).toBe('heavy-swords');
    expect(of('Longsword')).toBe('light-swords');
    expect(of('Battleaxe')).toBe('axes');
    expect(of('Warhammer')).toBe('hammers-flails-picks');
    expect(of('Morningstar')).toBe('maces-clubs');
    expect(of('Halberd', 'two-handed')).toBe('polearms');
    expect(of('Javelin', 'thrown')).toBe('javelins');
    expect(of('Whip')).toBe('chains-ropes');
    expect(of('Unarmed strike', 'unarmed')).toBe('unarmed');
    // None of the words: the caller adds Strength in melee, Dexterity at range.
    expect(of('Sling', 'ranged')).toBeNull();
  });
});

describe("the attack bonus from the weapon's name (R9, 002:7–34)", () => {
  const ab = (mod: number): ModelAbility => ({ score: 10 + 2 * mod, damage: 0, mod });
  /** BAB 3 (a good-BAB class of 3 levels), Str +2, Dex +1, Medium. */
  const fighter = (str = 2, dex = 1, size: ModelCreature['size'] = 'medium'): ModelCreature => ({
    size,
    defense: { dexMod: dex, classes: [], size },
    hitPoints: { con: 10, classes: [], size },
    saves: { fortitude: 0, reflex: 0, will: 0 },
    statuses: new Set(),
    abilities: { str: ab(str), dex: ab(dex), con: ab(0), int: ab(0), wis: ab(0), cha: ab(0) },
    classes: [
      { levels: 3, bab: 'good', defense: 'good', saves: { fort: 'good', ref: 'poor', will: 'poor' } },
    ],
  });
  const bonus = (
    c: ModelCreature,
    name: string,
    use: string,
    mode: 'melee' | 'ranged' = 'melee',
    proficient = false,
  ) =>
    tcAttackBonus(c, {
      with: tcWeaponCategory({ name, use }),
      mode,
      modifiers: proficient ? ['proficient'] : [],
    }).total;
  it('Accuracy, the ability by category, size, +1 proficient (002:34)', () => {
    // A long sword (a light sword: Strength), not proficient: 3 + 2 = 5.
    expect(bonus(fighter(), 'Longsword', 'one-handed')).toBe(5);
    // A dagger adds Dexterity even in melee (002:58), proficient +1: 3 + 1 + 1 = 5.
    expect(bonus(fighter(), 'Dagger', 'one-handed', 'melee', true)).toBe(5);
    // Unarmed the better (Dex 3 over Str 1); a Small attacker +1 (002:29): 3 + 3 + 1 = 7.
    expect(bonus(fighter(1, 3, 'small'), 'Unarmed strike', 'unarmed')).toBe(7);
    // No category: Strength in melee (3 + 2), Dexterity at range (3 + 1); a javelin adds Strength.
    expect(bonus(fighter(), 'Sling', 'ranged', 'ranged')).toBe(4);
    expect(bonus(fighter(), 'Sap', 'one-handed')).toBe(5);
    expect(bonus(fighter(), 'Javelin', 'thrown', 'ranged')).toBe(5);
  });
});
