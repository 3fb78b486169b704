/**
 * The attack card's own rules under the Enlightened Grognard model (seed 003; issue #31, lane card).
 * Expected values worked out by hand from the lines quoted (003:NN).
 */
import { describe, expect, it } from 'vitest';
import {
  sumTokenDeltas,
  areaDice,
  areaNatural,
  asSpend,
  attackAbility,
  attackRollTokenType,
  CHARGE_GAIN,
  egWield,
  FIGHTING_DEFENSIVELY_GAIN,
  fightingDefensivelyNatural,
  maxTakenSpend,
  nonProficientCost,
  retroactiveBonus,
  SHIELD_BASH_COST,
} from '../../../src/rules/models/eg/attack-card.js';

describe('which tokens raise which roll (003:391–416)', () => {
  it('a Strength-based (melee) attack takes power, a Dexterity-based (ranged) one speed (003:394, 407)', () => {
    expect(attackRollTokenType(attackAbility('melee'))).toBe('power');
    expect(attackRollTokenType(attackAbility('ranged'))).toBe('speed');
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
    expect(sumTokenDeltas(CHARGE_GAIN, asSpend({ power: 1 }), asSpend({ power: 3 }))).toEqual({ power: -2 });
    // Fighting defensively's 2 speed and a shield bash's 1 speed: +1 speed, nothing else.
    expect(sumTokenDeltas(FIGHTING_DEFENSIVELY_GAIN, asSpend(SHIELD_BASH_COST))).toEqual({ speed: 1 });
    expect(sumTokenDeltas({ power: 2 }, { power: -2 })).toEqual({});
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

describe('power tokens on damage (003:399–404): the defender spends down to 1 (003:209–210)', () => {
  it('3 damage: the defender may take off 2 (to 1); with 1 dealt on top, 3', () => {
    expect(maxTakenSpend(3, 0)).toBe(2);
    expect(maxTakenSpend(3, 1)).toBe(3);
    expect(maxTakenSpend(1, 0)).toBe(0);
  });
});

describe('Strength on damage by how the weapon is wielded (003:212–218)', () => {
  it('one-handed, two-handed, light (unarmed too: 003:690), ranged none', () => {
    expect(egWield('one-handed', 'one-handed')).toBe('one-handed');
    expect(egWield('one-handed', 'two-handed')).toBe('two-handed');
    expect(egWield('two-handed', 'two-handed')).toBe('two-handed');
    expect(egWield('light', 'two-handed')).toBe('light');
    expect(egWield('unarmed', 'one-handed')).toBe('light');
    expect(egWield('ranged', 'ranged')).toBe('none');
    expect(egWield('thrown', 'one-handed')).toBe('one-handed');
  });
});
