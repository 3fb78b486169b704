import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BODY_PART_SURGERY_DC,
  bodyPartRecoveryChance,
  bodyPartRecovers,
  extraordinaryHealingRestoresBodyPart,
  nonlethalBodyPartRecoveryMinutes,
  regenerationRestoresBodyPart,
  rollBodyPartRecovery,
  surgeryRestoresBodyPart,
} from '../../../src/rules/body-part-recovery.js';
import {
  advancedWoundTraumaDC,
  BLEEDING_DAMAGE_THRESHOLD,
  causesSevereBleeding,
  damageCondition,
  damageConsequences,
  deathThreshold,
  injury,
  INJURY_LEVELS,
  isImmuneToInjury,
  resolveAdvancedWoundTrauma,
  rollStabilization,
  stabilizationChance,
  suffersTrauma,
  WOUND_TRAUMA_SIZE_FACTOR,
} from '../../../src/rules/damage-effects.js';
import { fixedDice } from '../../../src/rules/dice.js';
import type { Size } from '../../../src/rules/types.js';

describe('INJURY', () => {
  it('grades at 75 % / 50 % / 25 % of maximum HP, "equal to or less than"', () => {
    expect(injury(40, 40)).toEqual({ level: 'none', penalty: 0 });
    expect(injury(31, 40)).toEqual({ level: 'none', penalty: 0 });
    expect(injury(30, 40)).toEqual({ level: 'light', penalty: -2 });
    expect(injury(21, 40)).toEqual({ level: 'light', penalty: -2 });
    expect(injury(20, 40)).toEqual({ level: 'moderate', penalty: -4 });
    expect(injury(11, 40)).toEqual({ level: 'moderate', penalty: -4 });
    expect(injury(10, 40)).toEqual({ level: 'severe', penalty: -6 });
    expect(injury(0, 40)).toEqual({ level: 'severe', penalty: -6 });
    expect(injury(-5, 40)).toEqual({ level: 'severe', penalty: -6 });
  });

  it('thresholds with fractions: 13 max HP → light ≤ 9.75, moderate ≤ 6.5, severe ≤ 3.25', () => {
    expect(injury(10, 13).level).toBe('none');
    expect(injury(9, 13).level).toBe('light');
    expect(injury(7, 13).level).toBe('light');
    expect(injury(6, 13).level).toBe('moderate');
    expect(injury(4, 13).level).toBe('moderate');
    expect(injury(3, 13).level).toBe('severe');
  });

  it('decision "injury penalties do not stack": only the worst grade applies (−6, not −12)', () => {
    expect(injury(1, 100).penalty).toBe(-6);
  });

  it('decision "injury-immune types": construct, elemental, ooze, plant, undead, or any crit-immune creature', () => {
    expect(injury(1, 100, { immune: true })).toEqual({ level: 'none', penalty: 0 });
    expect(isImmuneToInjury({ creatureType: 'Undead' })).toBe(true);
    expect(isImmuneToInjury({ creatureType: 'ooze' })).toBe(true);
    expect(isImmuneToInjury({ creatureType: 'Construct' })).toBe(true);
    expect(isImmuneToInjury({ creatureType: 'elemental' })).toBe(true);
    expect(isImmuneToInjury({ creatureType: 'plant' })).toBe(true);
    expect(isImmuneToInjury({ creatureType: 'humanoid' })).toBe(false);
    expect(isImmuneToInjury({ immuneToCriticalHits: true })).toBe(true);
    expect(isImmuneToInjury({ noDiscernibleAnatomy: true })).toBe(true);
    expect(isImmuneToInjury({})).toBe(false);
  });

  it('property: the injury penalty is monotone in HP (fewer HP never give a smaller penalty)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: -20, max: 500 }), (max, current) => {
        const here = injury(current, max);
        const lower = injury(current - 1, max);
        expect(lower.penalty).toBeLessThanOrEqual(here.penalty);
        expect(INJURY_LEVELS.indexOf(lower.level)).toBeGreaterThanOrEqual(INJURY_LEVELS.indexOf(here.level));
      }),
    );
  });

  it('invalid input throws RangeError', () => {
    expect(() => injury(5, 0)).toThrow(RangeError);
    expect(() => injury(Number.NaN, 10)).toThrow(RangeError);
    expect(() => injury(5, -10)).toThrow(RangeError);
    expect(() => injury(2.5, 10)).toThrow(RangeError);
  });
});

describe('TRAUMA', () => {
  it('losing one-half or more of current HP to one attack causes trauma', () => {
    expect(suffersTrauma({ currentHp: 20, hpLost: 10 })).toBe(true);
    expect(suffersTrauma({ currentHp: 20, hpLost: 9 })).toBe(false);
    expect(suffersTrauma({ currentHp: 13, hpLost: 7 })).toBe(true);
    expect(suffersTrauma({ currentHp: 13, hpLost: 6 })).toBe(false);
  });

  it('decision "trauma counts HP lost": "(Nonlethal damage does not cause trauma.)" and no HP lost is no trauma', () => {
    expect(suffersTrauma({ currentHp: 20, hpLost: 15, nonlethal: true })).toBe(false);
    expect(suffersTrauma({ currentHp: 20, hpLost: 0 })).toBe(false);
  });

  it('invalid input throws', () => {
    expect(() => suffersTrauma({ currentHp: 10, hpLost: -1 })).toThrow(RangeError);
    expect(() => suffersTrauma({ currentHp: Number.NaN, hpLost: 1 })).toThrow(RangeError);
  });
});

describe('DISABLED, DYING, AND DEAD', () => {
  it.each([
    ['fine', -2],
    ['diminutive', -4],
    ['tiny', -8],
    ['small', -10],
    ['medium', -10],
    ['large', -10],
    ['huge', -10],
    ['gargantuan', -10],
    ['colossal', -10],
  ] as const)('death threshold of %s creatures: %i', (size, threshold) => {
    expect(deathThreshold(size)).toBe(threshold);
    expect(damageCondition(threshold, size)).toBe('dead');
    expect(damageCondition(threshold + 1, size)).toBe('dying');
  });

  it('decision "dead at the threshold": disabled at 0, dying below 0, dead at the size threshold (core: "drops to –10")', () => {
    expect(damageCondition(1, 'medium')).toBe('normal');
    expect(damageCondition(0, 'medium')).toBe('disabled');
    expect(damageCondition(-1, 'medium')).toBe('dying');
    expect(damageCondition(-9, 'medium')).toBe('dying');
    expect(damageCondition(-10, 'medium')).toBe('dead');
    expect(damageCondition(-1, 'fine')).toBe('dying');
    expect(damageCondition(-2, 'fine')).toBe('dead');
  });

  it('no instant death from massive damage: 200 damage to a 250 HP creature leaves it normal', () => {
    expect(damageConsequences({ currentHp: 250, hpLost: 200, size: 'huge' }).condition).toBe('normal');
  });

  it('the chance to stabilise equals the Constitution score (d% ≤ Con)', () => {
    expect(stabilizationChance(13)).toBe(13);
    expect(rollStabilization(fixedDice([13]), 13)).toEqual({ roll: 13, stable: true });
    expect(rollStabilization(fixedDice([14]), 13)).toEqual({ roll: 14, stable: false });
    expect(() => stabilizationChance(-1)).toThrow(RangeError);
  });

  it('invalid input throws', () => {
    expect(() => deathThreshold('giant' as Size)).toThrow(RangeError);
    expect(() => damageCondition(0.5, 'medium')).toThrow(RangeError);
  });
});

describe('Appendix 1: Advanced Wound Trauma', () => {
  it('Table: Wound Trauma Save Modifier Based on Size (as printed; Colossal ×1/12)', () => {
    expect(WOUND_TRAUMA_SIZE_FACTOR.medium).toBe(1);
    expect(WOUND_TRAUMA_SIZE_FACTOR.large).toBe(1 / 2);
    expect(WOUND_TRAUMA_SIZE_FACTOR.huge).toBe(1 / 4);
    expect(WOUND_TRAUMA_SIZE_FACTOR.gargantuan).toBe(1 / 8);
    expect(WOUND_TRAUMA_SIZE_FACTOR.colossal).toBe(1 / 12);
  });

  it('"if you suffered 8 points of damage, you would have to save against DC 18"', () => {
    expect(advancedWoundTraumaDC(8, 'medium')).toBe(18);
  });

  it('decision "wound trauma rounding": size scales the damage before the DC, rounding down', () => {
    expect(advancedWoundTraumaDC(9, 'large')).toBe(14);
    expect(advancedWoundTraumaDC(24, 'colossal')).toBe(12);
    expect(advancedWoundTraumaDC(0, 'medium')).toBeNull();
  });

  it('decision "wound trauma below Medium": sizes smaller than Medium use ×1', () => {
    for (const size of ['small', 'tiny', 'diminutive', 'fine'] as const) {
      expect(advancedWoundTraumaDC(8, size)).toBe(18);
    }
  });

  it('failed save: dazed 1 round; by 5+ stunned 1 round; by 10+ stunned 2d6 rounds', () => {
    expect(resolveAdvancedWoundTrauma({ saveTotal: 18, dc: 18 })).toEqual({
      effect: 'none',
      rounds: 0,
      failedBy: 0,
    });
    expect(resolveAdvancedWoundTrauma({ saveTotal: 14, dc: 18 })).toEqual({
      effect: 'dazed',
      rounds: 1,
      failedBy: 4,
    });
    expect(resolveAdvancedWoundTrauma({ saveTotal: 13, dc: 18 })).toEqual({
      effect: 'stunned',
      rounds: 1,
      failedBy: 5,
    });
    expect(resolveAdvancedWoundTrauma({ saveTotal: 8, dc: 18 }, fixedDice([3, 5]))).toEqual({
      effect: 'stunned',
      rounds: 8,
      failedBy: 10,
    });
    expect(() => resolveAdvancedWoundTrauma({ saveTotal: 8, dc: 18 })).toThrow(RangeError);
  });

  it('decision "natural 1 and 20 on wound trauma saves": natural 20 always saves, natural 1 always fails', () => {
    expect(resolveAdvancedWoundTrauma({ saveTotal: 5, dc: 18, natural: 20 }).effect).toBe('none');
    expect(resolveAdvancedWoundTrauma({ saveTotal: 25, dc: 18, natural: 1 }).effect).toBe('dazed');
    expect(() => resolveAdvancedWoundTrauma({ saveTotal: 5, dc: 18, natural: 21 })).toThrow(RangeError);
  });
});

describe('Appendix 1: Wounds Normally Cause Bleeding', () => {
  it.each([
    ['fine', 1, 1],
    ['diminutive', 1, 1],
    ['tiny', 1, 1],
    ['small', 2, 3],
    ['medium', 4, 6],
    ['large', 8, 12],
    ['huge', 16, 24],
    ['gargantuan', 32, 48],
    ['colossal', 48, 72],
  ] as const)(
    'Table: Damage Necessary to Cause Bleeding, %s: slashing %i, other %i',
    (size, slashing, other) => {
      expect(BLEEDING_DAMAGE_THRESHOLD[size]).toEqual({ slashing, other });
      expect(causesSevereBleeding(slashing, size, true)).toBe(true);
      expect(causesSevereBleeding(slashing - 1, size, true)).toBe(false);
      expect(causesSevereBleeding(other, size, false)).toBe(true);
      expect(causesSevereBleeding(other - 1, size, false)).toBe(false);
    },
  );
});

describe('damageConsequences: standard rules and Appendix 1 options', () => {
  it('standard: trauma, no wound trauma save, no bleeding', () => {
    expect(damageConsequences({ currentHp: 13, hpLost: 7, size: 'medium', slashing: true })).toEqual({
      trauma: true,
      woundTraumaDC: null,
      severeBleeding: false,
      condition: 'normal',
    });
  });

  it('Advanced Wound Trauma replaces trauma', () => {
    expect(
      damageConsequences({ currentHp: 13, hpLost: 8, size: 'medium' }, { advancedWoundTrauma: true }),
    ).toMatchObject({ trauma: false, woundTraumaDC: 18 });
  });

  it('Wounds Normally Cause Bleeding: 4 slashing to a Medium creature bleeds, 4 bludgeoning does not', () => {
    const options = { woundsCauseBleeding: true };
    expect(
      damageConsequences({ currentHp: 20, hpLost: 4, size: 'medium', slashing: true }, options)
        .severeBleeding,
    ).toBe(true);
    expect(damageConsequences({ currentHp: 20, hpLost: 4, size: 'medium' }, options).severeBleeding).toBe(
      false,
    );
  });

  it('decision "nonlethal sets off no variant": nonlethal damage sets off none of them and leaves current HP unchanged', () => {
    const all = { advancedWoundTrauma: true, woundsCauseBleeding: true };
    expect(damageConsequences({ currentHp: 10, hpLost: 9, size: 'medium', nonlethal: true }, all)).toEqual({
      trauma: false,
      woundTraumaDC: null,
      severeBleeding: false,
      condition: 'normal',
    });
  });

  it('the resulting condition uses the size thresholds', () => {
    expect(damageConsequences({ currentHp: 3, hpLost: 5, size: 'fine' }).condition).toBe('dead');
    expect(damageConsequences({ currentHp: 3, hpLost: 3, size: 'medium' }).condition).toBe('disabled');
  });

  it('invalid input throws', () => {
    expect(() => damageConsequences({ currentHp: 3, hpLost: -1, size: 'medium' })).toThrow(RangeError);
    expect(() => damageConsequences({ currentHp: 3, hpLost: 1, size: 'mid' as Size })).toThrow(RangeError);
  });
});

describe('RECOVERY OF DISABLED BODY PARTS', () => {
  it('nonlethal: the part recovers in 2d4 minutes', () => {
    expect(nonlethalBodyPartRecoveryMinutes(fixedDice([1, 4]))).toBe(5);
    expect(() => nonlethalBodyPartRecoveryMinutes(fixedDice([5, 1]))).toThrow(RangeError);
  });

  it('natural healing: d% ≤ Con; bed rest 2×Con; healer 2×Con, healer + bed rest 3×Con', () => {
    expect(bodyPartRecoveryChance({ con: 13 })).toBe(13);
    expect(bodyPartRecoveryChance({ con: 13, bedRest: true })).toBe(26);
    expect(bodyPartRecoveryChance({ con: 13, tendedByHealer: true })).toBe(26);
    expect(bodyPartRecoveryChance({ con: 13, tendedByHealer: true, bedRest: true })).toBe(39);
    expect(bodyPartRecovers({ con: 13 }, 13)).toBe(true);
    expect(bodyPartRecovers({ con: 13 }, 14)).toBe(false);
    expect(rollBodyPartRecovery(fixedDice([30]), { con: 13, tendedByHealer: true, bedRest: true })).toEqual({
      roll: 30,
      recovers: true,
    });
  });

  it('no recovery after interrupted rest, HP loss in the cycle, or while dying and unstable', () => {
    expect(bodyPartRecoveryChance({ con: 18, restInterrupted: true })).toBe(0);
    expect(bodyPartRecoveryChance({ con: 18, hpLostThisCycle: true })).toBe(0);
    expect(bodyPartRecoveryChance({ con: 18, dyingUnstable: true, bedRest: true })).toBe(0);
  });

  it('surgery: a DC 20 Heal check restores the part', () => {
    expect(BODY_PART_SURGERY_DC).toBe(20);
    expect(surgeryRestoresBodyPart(20)).toBe(true);
    expect(surgeryRestoresBodyPart(19)).toBe(false);
  });

  it('regeneration: restored as soon as all lost HP are recovered', () => {
    expect(regenerationRestoresBodyPart(30, 30)).toBe(true);
    expect(regenerationRestoresBodyPart(29, 30)).toBe(false);
  });

  it('extraordinary healing: restored when the d20 ≤ the HP the effect rolled', () => {
    expect(extraordinaryHealingRestoresBodyPart(9, 9)).toBe(true);
    expect(extraordinaryHealingRestoresBodyPart(9, 10)).toBe(false);
    expect(extraordinaryHealingRestoresBodyPart(25, 20)).toBe(true);
  });

  it('invalid input throws RangeError', () => {
    expect(() => bodyPartRecoveryChance({ con: -1 })).toThrow(RangeError);
    expect(() => bodyPartRecovers({ con: 10 }, 0)).toThrow(RangeError);
    expect(() => bodyPartRecovers({ con: 10 }, 101)).toThrow(RangeError);
    expect(() => extraordinaryHealingRestoresBodyPart(5, 21)).toThrow(RangeError);
    expect(() => surgeryRestoresBodyPart(Number.NaN)).toThrow(RangeError);
  });
});
