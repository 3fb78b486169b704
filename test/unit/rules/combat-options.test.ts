/**
 * Combat options of the core rules that GnG keeps (issue #18, engine). Expected values come from the
 * texts: GnG v4.0 (seed 000) and the d20 Modern SRD combat chapter (seed 004), quoted at each test.
 */
import { describe, expect, it } from 'vitest';
import {
  CONCEALMENT_DEGREES,
  concealmentMissChance,
  defensiveOption,
  defensiveStrikeBonus,
  effectiveConcealment,
  missChance,
  OFF_HAND_ATTACKS_PER_ROUND,
  shootingIntoMeleePenalty,
  twoWeaponPenalties,
  type ConcealmentDegree,
} from '../../../src/rules/combat-options.js';
import { fixedDice } from '../../../src/rules/dice.js';
import { defenseBonus } from '../../../src/rules/defense.js';
import * as rules from '../../../src/rules/index.js';

describe('concealment miss chance (core "Table: Concealment"; GnG "Concealed or invisible — See Concealment —")', () => {
  // |One-quarter (light fog; light foliage)|10%|
  // |One-half (shadows; dense fog at 5 ft.)|20%|
  // |Three-quarters (dense foliage)|30%|
  // |Nine-tenths (near total darkness)|40%|
  // |Total (attacker blind; total darkness; smoke grenade; dense fog at 10 ft.)|50% and must guess target's location|
  const table: [ConcealmentDegree, number][] = [
    ['none', 0],
    ['one-quarter', 10],
    ['one-half', 20],
    ['three-quarters', 30],
    ['nine-tenths', 40],
    ['total', 50],
  ];
  it.each(table)('%s: %i%%', (degree, chance) => {
    expect(concealmentMissChance(degree)).toBe(chance);
  });

  it('knows the five degrees of the table and none', () => {
    expect([...CONCEALMENT_DEGREES].sort()).toEqual(table.map(([d]) => d).sort());
  });

  it('"use the one that would produce the highest miss chance. Do not add the miss chances together."', () => {
    expect(effectiveConcealment({ degrees: ['one-quarter', 'three-quarters', 'one-half'] })).toBe(
      'three-quarters',
    );
    expect(concealmentMissChance(effectiveConcealment({ degrees: ['one-half', 'one-half'] }))).toBe(20);
    expect(effectiveConcealment({})).toBe('none');
  });

  it('an invisible defender has total concealment (DECISION invisible defender)', () => {
    expect(effectiveConcealment({ defenderInvisible: true })).toBe('total');
    expect(effectiveConcealment({ degrees: ['one-quarter'], defenderInvisible: true })).toBe('total');
  });

  it('GnG Blinded: "Consider all opponents to have total concealment to the blinded character."', () => {
    expect(effectiveConcealment({ degrees: ['one-half'], attackerBlinded: true })).toBe('total');
  });

  it('rolls d%: a roll at or under the chance misses (20%: 20 misses, 21 hits)', () => {
    expect(missChance('one-half', fixedDice([20]))).toEqual({
      roll: 20,
      chance: 20,
      missed: true,
      mustGuessLocation: false,
    });
    expect(missChance('one-half', fixedDice([21]))).toEqual({
      roll: 21,
      chance: 20,
      missed: false,
      mustGuessLocation: false,
    });
    expect(missChance('one-quarter', fixedDice([1])).missed).toBe(true);
    expect(missChance('nine-tenths', fixedDice([100])).missed).toBe(false);
  });

  it('total concealment: 50% "and must guess target\'s location"', () => {
    const r = missChance('total', fixedDice([50]));
    expect(r).toEqual({ roll: 50, chance: 50, missed: true, mustGuessLocation: true });
    expect(missChance('total', fixedDice([51])).missed).toBe(false);
  });

  it('no concealment: nothing is rolled, nothing misses', () => {
    // fixedDice([]) throws if a die is read.
    expect(missChance('none', fixedDice([]))).toEqual({
      roll: null,
      chance: 0,
      missed: false,
      mustGuessLocation: false,
    });
  });

  it('asks a d100 of the dice', () => {
    const faces: number[] = [];
    missChance('three-quarters', {
      roll: (f) => {
        faces.push(f);
        return 30;
      },
    });
    expect(faces).toEqual([100]);
  });

  it('bad input throws RangeError', () => {
    expect(() => concealmentMissChance('half' as ConcealmentDegree)).toThrow(RangeError);
    expect(() => missChance('partial' as ConcealmentDegree, fixedDice([5]))).toThrow(RangeError);
    expect(() => missChance('one-half', { roll: () => 0 })).toThrow(RangeError);
    expect(() => missChance('one-half', { roll: () => 101 })).toThrow(RangeError);
    expect(() => effectiveConcealment({ degrees: ['fog' as ConcealmentDegree] })).toThrow(RangeError);
    expect(() => effectiveConcealment({ defenderInvisible: 'yes' as unknown as boolean })).toThrow(
      RangeError,
    );
  });
});

describe('shooting or throwing into melee (core), Precise Shot, Elusive Target (GnG Appendix 4)', () => {
  it('core: "takes a –4 penalty on his or her attack roll" against a target engaged in melee', () => {
    expect(shootingIntoMeleePenalty({ targetInMelee: true }).total).toBe(-4);
    expect(shootingIntoMeleePenalty({ targetInMelee: false }).total).toBe(0);
  });

  it('Precise Shot: "You take no −4 for shooting or throwing into melee" (pack feat text)', () => {
    expect(shootingIntoMeleePenalty({ targetInMelee: true, preciseShot: true }).total).toBe(0);
  });

  it('core: a target with a part 10 feet or farther from the nearest ally avoids the –4', () => {
    expect(shootingIntoMeleePenalty({ targetInMelee: true, targetClearOfAllies: true }).total).toBe(0);
  });

  it('Elusive Target: "in addition to the normal -4 penalty for firing into melee, making the penalty to target you -8"', () => {
    const r = shootingIntoMeleePenalty({ targetInMelee: true, elusiveTarget: true });
    expect(r.total).toBe(-8);
    expect(r.parts).toEqual([
      { source: 'shooting into melee', value: -4 },
      { source: 'elusive target', value: -4 },
    ]);
  });

  it('Elusive Target: "An opponent with the Precise Shot feat reduces the total penalty to -4"', () => {
    expect(
      shootingIntoMeleePenalty({ targetInMelee: true, elusiveTarget: true, preciseShot: true }).total,
    ).toBe(-4);
  });

  it('Elusive Target works only "While fighting an opponent or multiple opponents in melee"', () => {
    expect(shootingIntoMeleePenalty({ targetInMelee: false, elusiveTarget: true }).total).toBe(0);
  });

  it("DECISION: a target clear of allies still has Elusive Target's own −4", () => {
    expect(
      shootingIntoMeleePenalty({ targetInMelee: true, targetClearOfAllies: true, elusiveTarget: true }).total,
    ).toBe(-4);
  });

  it('bad input throws RangeError', () => {
    expect(() => shootingIntoMeleePenalty({} as never)).toThrow(RangeError);
    expect(() => shootingIntoMeleePenalty(null as never)).toThrow(RangeError);
    expect(() => shootingIntoMeleePenalty({ targetInMelee: 1 as unknown as boolean })).toThrow(RangeError);
  });
});

describe('fighting defensively and total defense (core), Defensive Strike (GnG Appendix 4)', () => {
  it('core: fighting defensively "takes a –4 penalty on … attack[s] in a round to gain a +2 dodge bonus to Defense"', () => {
    expect(defensiveOption('fighting-defensively')).toEqual({
      attackPenalty: -4,
      dodgeBonus: 2,
      canAttack: true,
    });
  });

  it('core: total defense — "doesn\'t get to attack … but does get a +4 dodge bonus to his or her Defense"', () => {
    expect(defensiveOption('total-defense')).toEqual({ attackPenalty: 0, dodgeBonus: 4, canAttack: false });
  });

  it('no option: nothing', () => {
    expect(defensiveOption('none')).toEqual({ attackPenalty: 0, dodgeBonus: 0, canAttack: true });
  });

  it('the bonus is a dodge bonus to each Defense roll; "A condition that makes you lose your Dexterity bonus … also makes you lose dodge bonuses" (GnG Dodge)', () => {
    const base = { dexMod: 2, classes: [], size: 'medium' as const };
    const dodge = defensiveOption('total-defense').dodgeBonus;
    const plain = defenseBonus(base).total;
    expect(defenseBonus({ ...base, modifiers: { dodge } }).total).toBe(plain + 4);
    // dodge bonuses stack with each other (GnG Dodge): the Dodge feat's +1 and fighting defensively's +2
    expect(
      defenseBonus({ ...base, modifiers: { dodge: [1, defensiveOption('fighting-defensively').dodgeBonus] } })
        .parts.dodge,
    ).toBe(3);
    const flat = defenseBonus({ ...base, modifiers: { dodge }, states: ['flat-footed'] });
    expect(flat.parts.dodge).toBe(0);
  });

  it('Defensive Strike: "misses while you are using the total defense option … with a +4 bonus on your attack roll"', () => {
    expect(defensiveStrikeBonus({ feat: true, totalDefense: true, opponentMeleeAttackMissed: true })).toBe(4);
  });

  it('Defensive Strike: "no bonus against an opponent who does not attack you or … who makes a successful attack"', () => {
    expect(defensiveStrikeBonus({ feat: true, totalDefense: true, opponentMeleeAttackMissed: false })).toBe(
      0,
    );
  });

  it('Defensive Strike needs the total defense option and the feat (DECISION: not fighting defensively)', () => {
    expect(defensiveStrikeBonus({ feat: true, totalDefense: false, opponentMeleeAttackMissed: true })).toBe(
      0,
    );
    expect(defensiveStrikeBonus({ feat: false, totalDefense: true, opponentMeleeAttackMissed: true })).toBe(
      0,
    );
  });

  it('bad input throws RangeError', () => {
    expect(() => defensiveOption('parry' as never)).toThrow(RangeError);
    expect(() => defensiveStrikeBonus({ feat: true, totalDefense: true } as never)).toThrow(RangeError);
  });
});

describe('two-weapon fighting (core "Attacking with Two Weapons", "Table: Two-Weapon Fighting Penalties")', () => {
  // |Normal penalties|–6|–10|
  // |Off-hand weapon is light|–4|–8|
  // |Two-Weapon Fighting feat|–4|–4|
  // |Off-hand weapon is light and Two-Weapon Fighting feat|–2|–2|
  const table: [boolean, boolean, number, number][] = [
    [false, false, -6, -10],
    [true, false, -4, -8],
    [false, true, -4, -4],
    [true, true, -2, -2],
  ];
  it.each(table)(
    'light %s, feat %s: primary %i, off hand %i',
    (offHandLight, twoWeaponFighting, primary, offHand) => {
      expect(twoWeaponPenalties({ offHandLight, twoWeaponFighting })).toEqual({ primary, offHand });
    },
  );

  it('double weapon: "The penalties apply as if the off-hand weapon were light."', () => {
    expect(twoWeaponPenalties({ offHandLight: false, doubleWeapon: true })).toEqual({
      primary: -4,
      offHand: -8,
    });
    expect(twoWeaponPenalties({ offHandLight: false, doubleWeapon: true, twoWeaponFighting: true })).toEqual({
      primary: -2,
      offHand: -2,
    });
  });

  it('"one extra attack per round with that weapon"', () => {
    expect(OFF_HAND_ATTACKS_PER_ROUND).toBe(1);
  });

  it('bad input throws RangeError', () => {
    expect(() => twoWeaponPenalties({} as never)).toThrow(RangeError);
    expect(() => twoWeaponPenalties({ offHandLight: 'yes' } as never)).toThrow(RangeError);
    expect(() => twoWeaponPenalties({ offHandLight: true, twoWeaponFighting: 1 } as never)).toThrow(
      RangeError,
    );
  });
});

describe('public API', () => {
  it('the combat options are exported from src/rules/index.ts', () => {
    for (const name of [
      'missChance',
      'concealmentMissChance',
      'effectiveConcealment',
      'shootingIntoMeleePenalty',
      'defensiveOption',
      'defensiveStrikeBonus',
      'twoWeaponPenalties',
    ]) {
      expect(typeof (rules as Record<string, unknown>)[name], name).toBe('function');
    }
  });
});
