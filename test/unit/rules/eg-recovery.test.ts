/**
 * The Enlightened Grognard's recovery (seed 003:749–755, 982–1063). Expected values worked out by
 * hand from the text, for a creature of 28 maximum HP and Constitution modifier +2.
 */
import { describe, expect, it } from 'vitest';
import {
  abilityDamageRecovery,
  breathHealing,
  catchYourBreath,
  egHeal,
  healAbilityDamage,
  naturalHealing,
  rollEgStabilise,
  stabiliseDC,
  stabilises,
  strenuousAct,
  temporaryHitPointsAfterGain,
} from '../../../src/rules/models/eg/recovery.js';
import { egHealth } from '../../fixtures/eg-kara.js';

const health = egHealth;

describe('Catch your Breath and natural healing (003:749–755, 987–988)', () => {
  it('1d4 + Con modifier, at least 1: 3 + 2 = 5; 1 − 3 → 1', () => {
    expect(breathHealing(3, 2)).toBe(5);
    expect(breathHealing(1, -3)).toBe(1);
    expect(() => breathHealing(5, 0)).toThrow(RangeError);
  });

  it('heals HP and as much nonlethal damage, never above the maximum (A14)', () => {
    const out = catchYourBreath(health(10, { nonlethal: 3, bloodied: 1 }), { roll: 3, conMod: 2, max: 28 });
    expect(out).toEqual({ after: health(15, { nonlethal: 0, bloodied: 1 }), healed: 5, revived: false });
    const top = catchYourBreath(health(26), { roll: 4, conMod: 2, max: 28 });
    expect(top?.after.value).toBe(28);
    expect(top?.healed).toBe(2);
  });

  it('a dying creature may too: above 0 it is fully functional again (003:1013, 1019)', () => {
    const out = catchYourBreath(health(-3), { roll: 4, conMod: 2, max: 28 });
    expect(out).toMatchObject({ after: { value: 3 }, revived: true });
    expect(catchYourBreath(health(-8), { roll: 4, conMod: 2, max: 28 })).toMatchObject({
      after: { value: -2 },
      revived: false,
    });
  });

  it('a creature that has taken no damage has nothing to catch (null)', () => {
    expect(catchYourBreath(health(28), { roll: 4, conMod: 2, max: 28 })).toBeNull();
  });

  it('natural healing: one Catch your Breath a round of rest, stopping when whole (20 + 3 + 5 → 28 in 2 rounds)', () => {
    // 20 + (1 + 2) = 23, + (4 + 2) → 28 (capped); the third roll is not used.
    expect(naturalHealing(health(20), { rolls: [1, 4, 2], conMod: 2, max: 28 })).toEqual({
      after: health(28),
      rounds: 2,
    });
  });

  it('healing above the maximum leaves HP alone (a creature over it keeps them)', () => {
    expect(egHeal(health(30), 5, 28).value).toBe(30);
  });
});

describe('stabilise and the strenuous act (003:1009–1011, 1046–1048)', () => {
  it('the Heal DC is the negative HP total: −18 → DC 18', () => {
    expect(stabiliseDC(-18)).toBe(18);
    expect(stabilises(-18, 18)).toBe(true);
    expect(stabilises(-18, 17)).toBe(false);
    expect(() => stabiliseDC(0)).toThrow(/below 0/);
  });

  it('the Heal check: d20 + bonus against the DC; a natural 1 or 20 is nothing special (a skill check)', () => {
    const d20 = (n: number) => ({ roll: (sides: number) => (expect(sides).toBe(20), n) });
    expect(rollEgStabilise(d20(13), 5, -18)).toEqual({ natural: 13, total: 18, dc: 18, stable: true });
    expect(rollEgStabilise(d20(12), 5, -18)).toEqual({ natural: 12, total: 17, dc: 18, stable: false });
    expect(rollEgStabilise(d20(20), -3, -18)).toMatchObject({ total: 17, stable: false });
    expect(rollEgStabilise(d20(1), 5, -6)).toMatchObject({ total: 6, stable: true });
    expect(() => rollEgStabilise(d20(10), 5, 0)).toThrow(/below 0/);
  });

  it('a strenuous act: at 0 HP → −1 (dying); stable below 0 → dying again; not if it healed', () => {
    expect(strenuousAct(0, false)).toEqual({ value: -1, loseStable: false });
    expect(strenuousAct(-5, true)).toEqual({ value: -5, loseStable: true });
    expect(strenuousAct(0, false, true)).toBeNull();
    expect(strenuousAct(4, false)).toBeNull();
  });
});

describe('temporary HP and ability damage (003:991–994, 1061–1063)', () => {
  it('temporary HP do not stack: one source, the larger by default', () => {
    expect(temporaryHitPointsAfterGain(5, 8)).toBe(8);
    expect(temporaryHitPointsAfterGain(5, 3)).toBe(5);
    expect(temporaryHitPointsAfterGain(5, 3, 'gained')).toBe(3);
    expect(temporaryHitPointsAfterGain(5, 8, 'current')).toBe(5);
  });

  it('ability damage: 1 a night, 2 a day of bed rest, doubled with Heal; never below 0', () => {
    expect(abilityDamageRecovery('night')).toBe(1);
    expect(abilityDamageRecovery('bedRest')).toBe(2);
    expect(abilityDamageRecovery('night', true)).toBe(2);
    expect(abilityDamageRecovery('bedRest', true)).toBe(4);
    expect(healAbilityDamage(3, 4)).toBe(0);
    expect(healAbilityDamage(3, 2)).toBe(1);
  });
});
