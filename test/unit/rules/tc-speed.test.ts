/**
 * The Time Count's speed classes, speed factors, initiative and action table (seed 002:237–306;
 * design §2.2 R32–R39, A1, A10, A11). Expected values worked out by hand from those lines.
 */
import { describe, expect, it } from 'vitest';
import { fixedDice } from '../../../src/rules/dice.js';
import {
  ACTION_SPEEDS,
  SPEED_CLASSES,
  SPEED_CLASS_ORDER,
  actionSpeedFactor,
  nextActCount,
  shiftSpeedClass,
  speedClassOf,
  speedFactor,
  tcInitiative,
  worseSpeedFactor,
} from '../../../src/rules/models/tc/speed.js';

describe('A1: the speed classes', () => {
  it('random SF rolls and static SF = the floor of their mean', () => {
    const table = SPEED_CLASS_ORDER.map((sc) => [sc, SPEED_CLASSES[sc].formula, SPEED_CLASSES[sc].static]);
    expect(table).toEqual([
      ['free', '0', 0],
      ['rapid', '1d4', 2],
      ['swift', '1d4+2', 4],
      ['fast', '1d6+3', 6],
      ['standard', '1d6+6', 9],
      ['slow', '1d8+8', 12],
      ['sedentary', '1d8+12', 16],
    ]);
  });

  it("the example's dagger (6) is Fast and long sword (9) Standard (002:243)", () => {
    expect(speedFactor('fast', { random: false }).sf).toBe(6);
    expect(speedFactor('standard', { random: false }).sf).toBe(9);
  });

  it('A10: a stored speed class reads as itself; absent or unknown as Standard', () => {
    expect(speedClassOf('slow')).toBe('slow');
    expect(speedClassOf(undefined)).toBe('standard');
    expect(speedClassOf('ludicrous')).toBe('standard');
    expect(speedClassOf(3)).toBe('standard');
  });
});

describe('R35: random SF for PCs, static for NPCs (002:257)', () => {
  it('a random SF rolls the class dice', () => {
    expect(speedFactor('standard', { random: true, dice: fixedDice([4]) })).toEqual({
      sf: 10,
      rolls: [4],
      formula: '1d6+6',
      speedClass: 'standard',
    });
    expect(speedFactor('rapid', { random: true, dice: fixedDice([3]) })).toMatchObject({
      sf: 3,
      formula: '1d4',
    });
    expect(speedFactor('sedentary', { random: true, dice: fixedDice([8]) })).toMatchObject({ sf: 20 });
  });

  it('a static SF rolls nothing', () => {
    expect(speedFactor('slow', { random: false, dice: fixedDice([]) })).toEqual({
      sf: 12,
      rolls: [],
      formula: '12',
      speedClass: 'slow',
    });
  });

  it('a random SF without dice is refused', () => {
    expect(() => speedFactor('fast', { random: true })).toThrow(RangeError);
  });

  it('Free actions take 0 TC, rolled or not, whatever the modifiers', () => {
    expect(speedFactor('free', { random: true, dice: fixedDice([]) })).toMatchObject({ sf: 0, rolls: [] });
    expect(speedFactor('free', { random: false, classSteps: 2, factorMod: 3 })).toMatchObject({
      sf: 0,
      speedClass: 'free',
    });
  });
});

describe('R36: class modifiers first, then the factor; limits (002:259)', () => {
  it('one class faster: Standard → Fast (a quick strike, static 6)', () => {
    expect(speedFactor('standard', { random: false, classSteps: -1 })).toMatchObject({
      sf: 6,
      speedClass: 'fast',
    });
  });

  it('never faster than Rapid', () => {
    expect(shiftSpeedClass('swift', -3)).toEqual({ speedClass: 'rapid', beyond: 0 });
    expect(speedFactor('rapid', { random: false, classSteps: -1 })).toMatchObject({
      sf: 2,
      speedClass: 'rapid',
    });
  });

  it('beyond Sedentary: +4 SF a step (Slow + 3 steps = Sedentary + 2 = 16 + 8)', () => {
    expect(shiftSpeedClass('slow', 3)).toEqual({ speedClass: 'sedentary', beyond: 2 });
    expect(speedFactor('slow', { random: false, classSteps: 3 }).sf).toBe(24);
    // Rolled: 1d8 (5) + 12 + 8 = 25.
    expect(speedFactor('slow', { random: true, dice: fixedDice([5]), classSteps: 3 })).toMatchObject({
      sf: 25,
      formula: '1d8+20',
    });
  });

  it('class first, then factor: Fast one step slower (Standard 9) then −2 = 7, not Fast 6 − 2 then a step', () => {
    expect(speedFactor('fast', { random: false, classSteps: 1, factorMod: -2 }).sf).toBe(7);
  });

  it('the SF never falls below 1', () => {
    expect(speedFactor('rapid', { random: false, factorMod: -5 }).sf).toBe(1);
    // 1d4 (1) − 3 = −2 → 1.
    expect(speedFactor('rapid', { random: true, dice: fixedDice([1]), factorMod: -3 })).toMatchObject({
      sf: 1,
      formula: '1d4-3',
    });
  });

  it('a fumble adds 1d6 to the SF (002:66): rolled by the caller as a factor modifier', () => {
    // Standard 1d6+6 (2) + fumble 1d6 (6) = 14.
    expect(speedFactor('standard', { random: true, dice: fixedDice([2]), factorMod: 6 })).toMatchObject({
      sf: 14,
      formula: '1d6+6+6',
    });
  });

  it('bad input is refused', () => {
    expect(() => speedFactor('quick' as never, { random: false })).toThrow(RangeError);
    expect(() => speedFactor('fast', { random: false, classSteps: 0.5 })).toThrow(RangeError);
    expect(() => speedFactor('fast', { random: false, factorMod: Number.NaN })).toThrow(RangeError);
  });
});

describe('two weapons at once take the worse SF (002:691)', () => {
  it('the slower of the two results', () => {
    const dagger = speedFactor('fast', { random: true, dice: fixedDice([6]) }); // 9
    const sword = speedFactor('standard', { random: true, dice: fixedDice([1]) }); // 7
    expect(worseSpeedFactor(dagger, sword)).toBe(dagger);
    expect(worseSpeedFactor(sword, dagger)).toBe(dagger);
  });
});

describe('R32, R33: initiative (002:237, 246–248)', () => {
  it('1d6 + 4', () => {
    expect(tcInitiative({ dice: fixedDice([2]), wisdom: 0, surprised: false })).toEqual({
      total: 6,
      rolls: [2],
      formula: '1d6+4',
    });
  });

  it('the example: Aeus, surprised, rolls 8 (+1d6 [5]) = 13 (002:243)', () => {
    expect(tcInitiative({ dice: fixedDice([4, 5]), wisdom: 0, surprised: true })).toEqual({
      total: 13,
      rolls: [4, 5],
      formula: '1d6+4+1d6',
    });
  });

  it('Wisdom is a bonus: it lowers the count; penalties raise it', () => {
    // 1d6 (3) + 4 − Wis 2 + stunned 2 = 7.
    expect(tcInitiative({ dice: fixedDice([3]), wisdom: 2, modifier: 2, surprised: false })).toEqual({
      total: 7,
      rolls: [3],
      formula: '1d6+4-2+2',
    });
    // A Wisdom penalty (−1) makes it later: 3 + 4 + 1 = 8.
    expect(tcInitiative({ dice: fixedDice([3]), wisdom: -1, surprised: false }).total).toBe(8);
  });

  it('bad input is refused', () => {
    expect(() => tcInitiative({ dice: fixedDice([3]), wisdom: 1.5, surprised: false })).toThrow(RangeError);
  });
});

describe('R34: the next act (002:250)', () => {
  it('now + SF', () => {
    expect(nextActCount(6, 6)).toBe(12);
    expect(nextActCount(7, 9)).toBe(16);
    expect(() => nextActCount(7, -1)).toThrow(RangeError);
  });
});

describe('R38, R39: the action table (002:265–306)', () => {
  it('the headings give the classes', () => {
    expect(actionSpeedFactor('dropItem', { random: false })).toMatchObject({ sf: 0, speedClass: 'free' });
    expect(actionSpeedFactor('drawWeapon', { random: false })).toMatchObject({ sf: 2, speedClass: 'rapid' });
    expect(actionSpeedFactor('standUp', { random: false })).toMatchObject({ sf: 4, speedClass: 'swift' });
    expect(actionSpeedFactor('drinkPotion', { random: false })).toMatchObject({ sf: 6, speedClass: 'fast' });
    expect(actionSpeedFactor('lightTorch', { random: false })).toMatchObject({
      sf: 9,
      speedClass: 'standard',
    });
    expect(actionSpeedFactor('stabilize', { random: false })).toMatchObject({ sf: 12, speedClass: 'slow' });
  });

  it('an attack takes its weapon SF (Standard when the weapon has none)', () => {
    expect(actionSpeedFactor('attack', { random: false, weapon: 'fast' }).sf).toBe(6);
    expect(actionSpeedFactor('attack', { random: false }).sf).toBe(9);
    // Quick strike: one class faster (002:514).
    expect(actionSpeedFactor('attack', { random: false, weapon: 'fast', classSteps: -1 }).sf).toBe(4);
  });

  it('casting a prepared spell has SF 1 (002:263)', () => {
    expect(actionSpeedFactor('castSpell', { random: true, dice: fixedDice([]) })).toMatchObject({
      sf: 1,
      rolls: [],
      speedClass: null,
      delayed: false,
    });
  });

  it('rows with dice of their own: a net 1d8+5 (static 9), flames 1d6+6', () => {
    expect(actionSpeedFactor('escapeNet', { random: true, dice: fixedDice([8]) })).toMatchObject({
      sf: 13,
      formula: '1d8+5',
    });
    expect(actionSpeedFactor('escapeNet', { random: false }).sf).toBe(9);
    expect(actionSpeedFactor('extinguishFlames', { random: true, dice: fixedDice([1]) }).sf).toBe(7);
    expect(() => actionSpeedFactor('escapeNet', { random: false, classSteps: 1 })).toThrow(RangeError);
  });

  it('footnote 1: setting against a charge and preparing a spell take effect at the end of the delay', () => {
    const delayed = Object.entries(ACTION_SPEEDS)
      .filter(([, row]) => row.delayed)
      .map(([id]) => id);
    expect(delayed).toEqual(['setAgainstCharge', 'prepareSpell']);
    expect(actionSpeedFactor('prepareSpell', { random: false, castingTime: 'slow' })).toMatchObject({
      sf: 12,
      delayed: true,
    });
    expect(() => actionSpeedFactor('prepareSpell', { random: false })).toThrow(RangeError);
  });

  it('footnote 2: concentrating (+1) and a frightened mount (+2) add to the turn’s action', () => {
    // Draw a weapon (Rapid 1d4 [3]) while concentrating and controlling the mount: 3 + 1 + 2 = 6.
    expect(
      actionSpeedFactor('drawWeapon', {
        random: true,
        dice: fixedDice([3]),
        with: ['concentrate', 'controlMount'],
      }),
    ).toMatchObject({ sf: 6, added: 3 });
    expect(() => actionSpeedFactor('concentrate', { random: false })).toThrow(/does not take a turn/);
    expect(() => actionSpeedFactor('attack', { random: false, with: ['drawWeapon'] })).toThrow(RangeError);
  });

  it('unknown actions are refused', () => {
    expect(() => actionSpeedFactor('dance' as never, { random: false })).toThrow(RangeError);
  });
});
