/**
 * The attack card's own rules under the Enlightened Grognard model (seed 003; issue #31, lane card).
 * Expected values worked out by hand from the lines quoted (003:NN).
 */
import { describe, expect, it } from 'vitest';
import {
  addTokens,
  areaDice,
  areaNatural,
  asSpend,
  attackAbility,
  attackTokenType,
  CHARGE_GAIN,
  criticalHit,
  damageAfterSpends,
  defenseTokenType,
  FIGHTING_DEFENSIVELY_GAIN,
  fightingDefensivelyNatural,
  maxTakenSpend,
  nonProficientCost,
  retroactiveBonus,
  SHIELD_BASH_COST,
} from '../../../src/rules/models/eg/attack-card.js';

describe('which tokens raise which roll (003:391–416)', () => {
  it('a Strength-based (melee) attack takes power, a Dexterity-based (ranged) one speed (003:394, 407)', () => {
    expect(attackTokenType(attackAbility('melee'))).toBe('power');
    expect(attackTokenType(attackAbility('ranged'))).toBe('speed');
  });

  it('Fortitude takes power, AC and Reflex speed, Will insight (003:397, 410, 416)', () => {
    expect(defenseTokenType('fortitude')).toBe('power');
    expect(defenseTokenType('ac')).toBe('speed');
    expect(defenseTokenType('reflex')).toBe('speed');
    expect(defenseTokenType('will')).toBe('insight');
    expect(defenseTokenType('threshold')).toBeNull();
  });
});

describe('retroactive spends at 3 for 1 (003:388–389, decision A4)', () => {
  it('2 tokens buy nothing, 3 buy +1, 5 still +1, 6 buy +2', () => {
    expect([0, 2, 3, 5, 6, 9].map(retroactiveBonus)).toEqual([0, 0, 1, 1, 2, 3]);
  });
});

describe('what an attack costs and earns', () => {
  it('fighting defensively keeps the lower of two d20s and gains 2 speed (003:697–702)', () => {
    expect(fightingDefensivelyNatural(17, 4)).toBe(4);
    expect(fightingDefensivelyNatural(3, 20)).toBe(3);
    expect(FIGHTING_DEFENSIVELY_GAIN).toEqual({ speed: 2 });
  });

  it('a charge gains 2 power (003:1532)', () => {
    expect(CHARGE_GAIN).toEqual({ power: 2 });
  });

  it('a non-proficient weapon costs 1 power with Strength, 1 speed with Dexterity; proficient nothing (003:1450–1452)', () => {
    expect(nonProficientCost(false, 'str')).toEqual({ power: 1 });
    expect(nonProficientCost(false, 'dex')).toEqual({ speed: 1 });
    expect(nonProficientCost(true, 'str')).toEqual({});
  });

  it('a shield bash costs 1 speed (003:1768)', () => {
    expect(SHIELD_BASH_COST).toEqual({ speed: 1 });
  });

  it('a charge (+2 power) paying a non-proficient Strength attack (1 power) and 3 proactive power nets −2 power', () => {
    expect(addTokens(CHARGE_GAIN, asSpend({ power: 1 }), asSpend({ power: 3 }))).toEqual({ power: -2 });
    // Fighting defensively's 2 speed and a shield bash's 1 speed: +1 speed, nothing else.
    expect(addTokens(FIGHTING_DEFENSIVELY_GAIN, asSpend(SHIELD_BASH_COST))).toEqual({ speed: 1 });
    expect(addTokens({ power: 2 }, { power: -2 })).toEqual({});
  });
});

describe('the area attack (003:1471–1477, decision A10)', () => {
  it('sorts the three d20s: the highest to the primary target, the middle to the others, the lowest discarded', () => {
    expect(areaDice([7, 19, 12])).toEqual({ sorted: [19, 12, 7], primary: 19, others: 12, discarded: 7 });
    expect(areaNatural({ primary: 19, others: 12 }, true)).toBe(19);
    expect(areaNatural({ primary: 19, others: 12 }, false)).toBe(12);
  });

  it('ties keep their value (20, 20, 1: both counting dice are natural 20s)', () => {
    expect(areaDice([1, 20, 20])).toMatchObject({ primary: 20, others: 20, discarded: 1 });
  });
});

describe('criticals (003:135–137, 003:1446)', () => {
  it('a natural 20 hit is a critical; any hit on a helpless defender is; a miss never is', () => {
    expect(criticalHit(true, 20, false)).toBe(true);
    expect(criticalHit(true, 11, true)).toBe(true);
    expect(criticalHit(true, 11, false)).toBe(false);
    expect(criticalHit(false, 5, true)).toBe(false);
  });
});

describe('power tokens on damage, 1:1 (003:399–404), a hit still dealing 1 (003:209–210)', () => {
  it('7 damage, 2 dealt, 3 taken: 6', () => {
    expect(damageAfterSpends(7, 2, 3)).toBe(6);
  });

  it('3 damage: the defender may take off 2 (to 1), not more', () => {
    expect(maxTakenSpend(3, 0)).toBe(2);
    expect(damageAfterSpends(3, 0, 2)).toBe(1);
    expect(damageAfterSpends(3, 0, 5)).toBe(1);
    // With 1 dealt on top, 3 may be taken off.
    expect(maxTakenSpend(3, 1)).toBe(3);
  });
});
