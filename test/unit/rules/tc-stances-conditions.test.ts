/**
 * The Time Count chapter's stances (R5, 002:574–636), occupied-space fighting (R6, 002:211–215),
 * paralysis (R7, 002:704–716), petrification (R8, 002:719) and facing (A13, 002:640–648). Expected
 * values worked out by hand from the lines quoted.
 */
import { describe, expect, it } from 'vitest';
import type { ModelCreature } from '../../../src/rules/models/types.js';
import {
  parryBonus,
  tcShiftHasTransition,
  tcStanceAttack,
  tcStanceDefense,
  tcStanceModifiers,
  tcStanceAttackModifier,
  tcStanceDefenseModifier,
  tcStanceNow,
  tcStanceShift,
} from '../../../src/rules/models/tc/stances.js';
import {
  paralysisPenalty,
  petrificationPenalty,
  spaceSixteenths,
  tcCelerityWith,
  tcCrowding,
  tcSpeedAfterQuarters,
} from '../../../src/rules/models/tc/conditions.js';
import {
  tcDirection,
  tcFacingSide,
  tcFlanked,
  tcPositionBonus,
} from '../../../src/rules/models/tc/facing.js';

describe('stances', () => {
  it('defensive: +2 Primary, −2 to all attacks (002:585–587)', () => {
    const m = tcStanceModifiers('defensive');
    expect(tcStanceDefense(m, 'primary', false)).toBe(2);
    expect(tcStanceDefense(m, 'passive', false)).toBe(0);
    expect(tcStanceAttack(m, { ranged: true })).toBe(-2);
    expect(tcStanceAttack(m, { ranged: false })).toBe(-2);
  });

  it('crouch: +2 vs ranged, −2 vs melee, −2 melee, no longbows (002:594–596)', () => {
    const m = tcStanceModifiers('crouch');
    expect(tcStanceDefense(m, 'primary', true)).toBe(2);
    expect(tcStanceDefense(m, 'passive', false)).toBe(-2);
    expect(tcStanceDefense(m, 'vigor', false)).toBe(0);
    expect(tcStanceAttack(m, { ranged: false })).toBe(-2);
    expect(tcStanceAttack(m, { ranged: true, longbow: true })).toBeNull();
    expect(tcStanceAttack(m, { ranged: true })).toBe(0);
  });

  it('prone: +4 vs ranged, −4 vs melee, −4 melee, crossbows only (002:623–625)', () => {
    const m = tcStanceModifiers('prone');
    expect(tcStanceDefense(m, 'primary', true)).toBe(4);
    expect(tcStanceDefense(m, 'primary', false)).toBe(-4);
    expect(tcStanceAttack(m, { ranged: false })).toBe(-4);
    expect(tcStanceAttack(m, { ranged: true })).toBeNull();
    expect(tcStanceAttack(m, { ranged: true, crossbow: true })).toBe(0);
  });

  it('parry: half the attack bonus, the shield doubled, at least +2; no attacks (002:605–607)', () => {
    expect(parryBonus(9)).toBe(4);
    expect(parryBonus(9, 2)).toBe(6);
    expect(parryBonus(1)).toBe(2);
    expect(parryBonus(-3, 0)).toBe(2);
    const m = tcStanceModifiers('parry', { attackBonus: 7, shieldBonus: 1 });
    expect(m.primary).toBe(4);
    expect(m.halfSpeed).toBe(true);
    expect(tcStanceAttack(m, { ranged: false })).toBeNull();
  });

  it('poised is immobile (Passive, 002:120, 616); casting uses Passive at half speed (002:636)', () => {
    expect(tcStanceModifiers('poised')).toMatchObject({ immobile: true, passive: true });
    expect(tcStanceModifiers('casting')).toMatchObject({ passive: true, noAttacks: true, halfSpeed: true });
  });

  it('in transition: the drawbacks without the benefit (002:578)', () => {
    const d = tcStanceModifiers('defensive', { transition: true });
    expect(d.primary).toBe(0);
    expect(d.attack).toBe(-2);
    const p = tcStanceModifiers('prone', { transition: true });
    expect(tcStanceDefense(p, 'primary', true)).toBe(0);
    expect(tcStanceDefense(p, 'primary', false)).toBe(-4);
    expect(tcStanceModifiers('parry', { transition: true, attackBonus: 12 }).primary).toBe(0);
  });

  it('shift speeds; back to basic free, from a crouch Rapid, from prone Swift (002:578, 598, 627)', () => {
    expect(tcStanceShift('basic', 'defensive')).toBe('swift');
    expect(tcStanceShift('basic', 'crouch')).toBe('rapid');
    expect(tcStanceShift('basic', 'parry')).toBe('fast');
    expect(tcStanceShift('basic', 'poised')).toBe('swift');
    expect(tcStanceShift('basic', 'prone')).toBe('rapid');
    expect(tcStanceShift('basic', 'casting')).toBe('free');
    expect(tcStanceShift('defensive', 'basic')).toBe('free');
    expect(tcStanceShift('crouch', 'basic')).toBe('rapid');
    expect(tcStanceShift('prone', 'basic')).toBe('swift');
    expect(tcStanceShift('prone', 'parry')).toBe('fast');
    expect(tcStanceShift('parry', 'parry')).toBeNull();
    expect(() => tcStanceShift('basic', 'flying' as never)).toThrow(RangeError);
    expect(tcShiftHasTransition('free')).toBe(false);
    expect(tcShiftHasTransition('rapid')).toBe(true);
  });
});

describe('the stance now (the card writes stance and stanceUntil)', () => {
  const creature = (stance: string, stanceUntil = 0) =>
    ({ model: { tc: { stance, stanceUntil } } }) as unknown as Pick<ModelCreature, 'model'>;
  it('in transition until the count its shift ends at; out of a Time Count never', () => {
    expect(tcStanceNow(creature('defensive', 12), 8)).toEqual({ stance: 'defensive', transition: true });
    expect(tcStanceNow(creature('defensive', 12), 12)).toEqual({ stance: 'defensive', transition: false });
    expect(tcStanceNow(creature('defensive', 12), null)).toEqual({ stance: 'defensive', transition: false });
    expect(tcStanceNow({ model: {} } as Pick<ModelCreature, 'model'>, 3)).toEqual({
      stance: 'basic',
      transition: false,
    });
  });
  it('the defense and attack modifiers follow it (002:578)', () => {
    const melee = { ranged: false, defense: 'primary' as const };
    // Defensive settled: +2 Primary; in transition: 0; its −2 to attacks either way.
    expect(tcStanceDefenseModifier(creature('defensive', 12), { ...melee, count: 12 })).toBe(2);
    expect(tcStanceDefenseModifier(creature('defensive', 12), { ...melee, count: 9 })).toBe(0);
    expect(tcStanceAttackModifier(creature('defensive', 12), { ranged: false, count: 9 })).toBe(-2);
    // Prone against an arrow settled +4, in transition 0; against a sword −4 either way.
    const arrow = { ranged: true, defense: 'passive' as const };
    expect(tcStanceDefenseModifier(creature('prone', 20), { ...arrow, count: 20 })).toBe(4);
    expect(tcStanceDefenseModifier(creature('prone', 20), { ...arrow, count: 19 })).toBe(0);
    expect(tcStanceDefenseModifier(creature('prone', 20), { ...melee, count: 19 })).toBe(-4);
    // Parry: ⌊9 / 2⌋ = 4 with the weapon's bonus; no attack at all.
    expect(tcStanceDefenseModifier(creature('parry'), { ...melee, count: 30, attackBonus: 9 })).toBe(4);
    expect(tcStanceAttackModifier(creature('parry'), { ranged: false, count: 30 })).toBeNull();
  });
});

describe('fighting in an occupied space (002:213–215)', () => {
  it('sizes in Normal-sized sixteenths (002:207)', () => {
    expect(
      ['fine', 'diminutive', 'tiny', 'small', 'medium', 'large', 'colossal'].map((s) =>
        spaceSixteenths(s as never),
      ),
    ).toEqual([1, 2, 4, 8, 16, 48, 48]);
  });
  it('the text’s example', () => {
    // Two halflings: one Normal-sized equivalent, free.
    expect(tcCrowding('small', ['small'])).toMatchObject({ attack: 0, noAttacks: false });
    // Three or four halflings, two humans: −4.
    expect(tcCrowding('small', ['small', 'small'])).toMatchObject({ attack: -4, noAttacks: false });
    expect(tcCrowding('small', ['small', 'small', 'small'])).toMatchObject({ attack: -4, noAttacks: false });
    expect(tcCrowding('medium', ['medium'])).toMatchObject({ attack: -4, noAttacks: false });
    // More: no attacks, Passive.
    expect(tcCrowding('small', ['small', 'small', 'small', 'small'])).toMatchObject({
      noAttacks: true,
      passive: true,
    });
    expect(tcCrowding('medium', ['medium', 'medium'])).toMatchObject({ noAttacks: true, passive: true });
    // Two halflings and a troll: all at full effectiveness.
    expect(tcCrowding('small', ['small', 'large'])).toMatchObject({ attack: 0, noAttacks: false });
    expect(tcCrowding('large', ['small', 'small'])).toMatchObject({ attack: 0, noAttacks: false });
    // Alone: nothing.
    expect(tcCrowding('large', [])).toMatchObject({ attack: 0, noAttacks: false });
  });
});

describe('paralysis (002:704–714)', () => {
  it('one step per half Vigor, immobile at 3 × Vigor', () => {
    expect(paralysisPenalty(6, 14)).toMatchObject({ classSteps: 0, hit: 0 });
    expect(paralysisPenalty(7, 14)).toMatchObject({ classSteps: 1, hit: -1, damage: -1, celerity: -1 });
    expect(paralysisPenalty(14, 14)).toMatchObject({ classSteps: 2, hit: -2 });
    expect(paralysisPenalty(41, 14)).toMatchObject({ classSteps: 5, celerity: -5, immobile: false });
    expect(paralysisPenalty(42, 14)).toMatchObject({ classSteps: 0, immobile: true });
    // Vigor 13: half is 6.5, so 6 is not enough and 7 is.
    expect(paralysisPenalty(6, 13).classSteps).toBe(0);
    expect(paralysisPenalty(7, 13).classSteps).toBe(1);
    expect(() => paralysisPenalty(3, 0)).toThrow(RangeError);
  });
  it('Celerity not below 5 by penalties; 5 when immobile (002:712)', () => {
    expect(tcCelerityWith(12, -3, false)).toBe(9);
    expect(tcCelerityWith(7, -5, false)).toBe(5);
    expect(tcCelerityWith(4, -1, false)).toBe(4);
    expect(tcCelerityWith(16, 0, true)).toBe(5);
  });
});

describe('petrification (002:719)', () => {
  it('per point −1 hit, +1 SF, −1 Celerity, +1 Vigor; −¼ speed per 2; 10 petrified', () => {
    expect(petrificationPenalty(3)).toMatchObject({
      hit: -3,
      factorMod: 3,
      celerity: -3,
      vigor: 3,
      speedQuarters: 1,
    });
    expect(petrificationPenalty(8)).toMatchObject({ speedQuarters: 4, petrified: false });
    expect(petrificationPenalty(10)).toMatchObject({ petrified: true, immobile: true });
    expect(tcSpeedAfterQuarters(20, 1)).toBe(15);
    expect(tcSpeedAfterQuarters(30, 2)).toBe(15);
    expect(tcSpeedAfterQuarters(25, 1)).toBe(15);
    expect(tcSpeedAfterQuarters(20, 4)).toBe(0);
  });
});

describe('facing and flanking (A13, 002:642–644)', () => {
  it('directions, clockwise from north', () => {
    expect(tcDirection(0, -1)).toBe(0);
    expect(tcDirection(1, -1)).toBe(1);
    expect(tcDirection(1, 0)).toBe(2);
    expect(tcDirection(0, 2)).toBe(4);
    expect(tcDirection(-1, -1)).toBe(7);
    expect(tcDirection(0, 0)).toBeNull();
  });
  it('facing straight north: 3 front, 2 sides, 3 rear', () => {
    const sides = [0, 1, 2, 3, 4, 5, 6, 7].map((d) => tcFacingSide(0, d as never));
    expect(sides).toEqual(['front', 'front', 'side', 'rear', 'rear', 'rear', 'side', 'front']);
  });
  it('facing diagonally north-east: the corner and its 2 neighbours, the next 2, the opposite 3', () => {
    const sides = [0, 1, 2, 3, 4, 5, 6, 7].map((d) => tcFacingSide(1, d as never));
    expect(sides).toEqual(['front', 'front', 'front', 'side', 'rear', 'rear', 'rear', 'side']);
  });
  it('flanked: enemies in front and behind; +2 melee only; a set facing: 0 / +2 / +4', () => {
    expect(tcFlanked([0, 4])).toBe(true);
    expect(tcFlanked([0, 3])).toBe(true);
    expect(tcFlanked([0, 2])).toBe(false);
    expect(tcPositionBonus({ melee: true, facing: null, from: 0, enemies: [0, 4] })).toMatchObject({
      bonus: 2,
    });
    expect(tcPositionBonus({ melee: false, facing: null, from: 0, enemies: [0, 4] }).bonus).toBe(0);
    expect(tcPositionBonus({ melee: true, facing: null, from: 0, enemies: [0, 2] }).bonus).toBe(0);
    expect(tcPositionBonus({ melee: true, facing: 0, from: 0, enemies: [0, 4] }).bonus).toBe(0);
    expect(tcPositionBonus({ melee: true, facing: 0, from: 6, enemies: [6, 4] }).bonus).toBe(2);
    expect(tcPositionBonus({ melee: true, facing: 0, from: 4, enemies: [0, 4] })).toMatchObject({
      bonus: 4,
      side: 'rear',
    });
  });
});
