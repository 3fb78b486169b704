/**
 * The Saga-style chapter's other rules (seed 001): weapon sizes (001:189, A8), spell resistance
 * (001:153), abilities at −10 (001:47–59, A6), regeneration (001:145), reach (001:142), moving through
 * occupied squares (001:132), difficult terrain (001:114). Expected values worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import {
  abilityCollapse,
  abilityLossAfterRest,
  moveThrough,
  mustEnterToAttack,
  overcomesSpellResistance,
  regenerationTurn,
  sagaReach,
  sagaWeaponDice,
  sagaWeaponDiceForSize,
  spellResistance,
  spellResistanceApplies,
  squareCost,
} from '../../../src/rules/models/saga/index.js';

describe('weapon sizes (001:189, A8)', () => {
  it("the text's four examples: rapier 1d6 → Large 1d8, Small 1d4; greatsword 2d6 → Large 3d6, Small 1d8", () => {
    expect(sagaWeaponDice('1d6', 1)).toBe('1d8');
    expect(sagaWeaponDice('1d6', -1)).toBe('1d4');
    expect(sagaWeaponDice('2d6', 1)).toBe('3d6');
    expect(sagaWeaponDice('2d6', -1)).toBe('1d8');
    expect(sagaWeaponDiceForSize('2d6', 'large')).toBe('3d6');
    expect(sagaWeaponDiceForSize('1d6', 'small')).toBe('1d4');
  });

  it('"1d8 or lower" one step, above it two: 1d8 → 1d10; 1d10 → 2d8 up, 1d6 down', () => {
    expect(sagaWeaponDice('1d8', 1)).toBe('1d10');
    expect(sagaWeaponDice('1d10', 1)).toBe('2d8');
    expect(sagaWeaponDice('1d10', -1)).toBe('1d6');
  });

  it('several sizes, one at a time: Huge greatsword 4d6, Huge rapier 1d10, Tiny rapier 1d3', () => {
    expect(sagaWeaponDiceForSize('2d6', 'huge')).toBe('4d6');
    expect(sagaWeaponDiceForSize('1d6', 'huge')).toBe('1d10');
    expect(sagaWeaponDiceForSize('1d6', 'tiny')).toBe('1d3');
  });

  it('keeps a flat bonus; dice off the chart or past its ends: null', () => {
    expect(sagaWeaponDice('1d6+1', 1)).toBe('1d8+1');
    expect(sagaWeaponDice('2d6-1', 0)).toBe('2d6-1');
    expect(sagaWeaponDice('1d12', 1)).toBeNull();
    expect(sagaWeaponDice('1d2', -1)).toBeNull();
    expect(sagaWeaponDice('12d6', 1)).toBeNull();
    expect(sagaWeaponDice('not dice', 1)).toBeNull();
  });
});

describe('spell resistance (001:153)', () => {
  it('10 + half the Hit Dice (at least 1) + the casting or the highest mental modifier', () => {
    const mental = { int: 3, wis: 1, cha: 0 };
    expect(spellResistance({ hitDice: 5, castingModifier: 3, mentalModifiers: mental })).toBe(15);
    expect(spellResistance({ hitDice: 1, castingModifier: 3, mentalModifiers: mental })).toBe(14);
    expect(
      spellResistance({ hitDice: 4, castingModifier: null, mentalModifiers: { int: -1, wis: 2, cha: 0 } }),
    ).toBe(14);
    expect(
      spellResistance({ hitDice: 6, castingModifier: 1, mentalModifiers: { int: 0, wis: 4, cha: 1 } }),
    ).toBe(17);
  });

  it('a check that reaches it overcomes it; an area spell only where the creature was the origin', () => {
    expect(overcomesSpellResistance(15, 15)).toBe(true);
    expect(overcomesSpellResistance(14, 15)).toBe(false);
    expect(spellResistanceApplies({ area: false })).toBe(true);
    expect(spellResistanceApplies({ area: true })).toBe(false);
    expect(spellResistanceApplies({ area: true, creatureIsOrigin: true })).toBe(true);
  });
});

describe('abilities at −10 (001:47–59, A6)', () => {
  it('the modifier less the damage: −3 − 7 = −10 Strength is prone; Con at −10 is dead, at −9 nothing', () => {
    expect(abilityCollapse('str', -3, 7)).toBe('prone');
    expect(abilityCollapse('dex', 0, 12)).toBe('paralyzed');
    expect(abilityCollapse('con', 0, 10)).toBe('dead');
    expect(abilityCollapse('con', 0, 9)).toBeNull();
    expect(abilityCollapse('int', 1, 11)).toBe('unconscious');
    expect(abilityCollapse('wis', 0, 10)).toBe('insane');
    expect(abilityCollapse('cha', 0, 10)).toBe('noActions');
  });

  it('8 hours of rest heal the damage, not the drain', () => {
    expect(abilityLossAfterRest({ damage: 4, drain: 2 })).toEqual({ damage: 0, drain: 2 });
  });
});

describe('regeneration (001:145)', () => {
  it('heals its amount each turn, not past the maximum', () => {
    expect(regenerationTurn({ hp: 10, max: 30, regeneration: 5, suppressedTurns: 0 })).toEqual({
      hp: 15,
      healed: 5,
      suppressedTurns: 0,
    });
    expect(regenerationTurn({ hp: 28, max: 30, regeneration: 5, suppressedTurns: 0 }).hp).toBe(30);
  });

  it('its bane suppresses it two turns', () => {
    const first = regenerationTurn({ hp: 10, max: 30, regeneration: 5, suppressedTurns: 2 });
    expect(first).toEqual({ hp: 10, healed: 0, suppressedTurns: 1 });
    const second = regenerationTurn({ ...first, max: 30, regeneration: 5 });
    expect(second).toEqual({ hp: 10, healed: 0, suppressedTurns: 0 });
    expect(regenerationTurn({ ...second, max: 30, regeneration: 5 }).hp).toBe(15);
  });
});

describe('reach and movement (001:114, 132, 142)', () => {
  it('reach 1 Small and Medium, 2 Large, 3 Huge …; 0 below Small (it must enter the square)', () => {
    expect(
      (
        ['fine', 'diminutive', 'tiny', 'small', 'medium', 'large', 'huge', 'gargantuan', 'colossal'] as const
      ).map(sagaReach),
    ).toEqual([0, 0, 0, 1, 1, 2, 3, 4, 5]);
    expect(mustEnterToAttack('tiny')).toBe(true);
    expect(mustEnterToAttack('small')).toBe(false);
  });

  it('moving through: allies and the fallen free, three sizes smaller free, else Acrobatics vs Reflex + 5', () => {
    expect(moveThrough({ mover: 'medium', occupant: 'medium', enemy: false, occupantReflex: 15 })).toEqual({
      free: true,
    });
    expect(
      moveThrough({ mover: 'medium', occupant: 'medium', enemy: true, down: true, occupantReflex: 15 }),
    ).toEqual({
      free: true,
    });
    expect(moveThrough({ mover: 'small', occupant: 'huge', enemy: true, occupantReflex: 15 })).toEqual({
      free: true,
    });
    expect(moveThrough({ mover: 'medium', occupant: 'huge', enemy: true, occupantReflex: 15 })).toEqual({
      free: false,
      dc: 20,
    });
  });

  it('difficult terrain costs 2; a Large creature pays when any square under it is difficult', () => {
    expect(squareCost('medium', [true])).toBe(2);
    expect(squareCost('medium', [false])).toBe(1);
    expect(squareCost('large', [false, false, true, false])).toBe(2);
    expect(squareCost('large', [false, false, false, false])).toBe(1);
  });
});
