import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CALLED_SHOT_EFFECTS,
  CALLED_SHOT_EFFECT_TABLE,
  PENETRATION_PENALTY,
  STAB_AND_GRAB,
  calledShotEffect,
  calledShotEligibility,
  calledShotImmunities,
  calledShotPenalty,
  conditionSaveDc,
  penetratedProtection,
  penetrationArmor,
  penetrationSaveDc,
  resolveConditionEffects,
  resolvePenetration,
  stabAndGrabRemovalDamage,
  stabAndGrabUnmet,
  vitalStrikeDamage,
  type CalledShotEffect,
  type StabAndGrabWeapon,
} from '../../../src/rules/index.js';

const DAGGER: StabAndGrabWeapon = {
  improvedGrapple: true,
  melee: true,
  hands: 'light',
  damageTypes: ['piercing'],
  singleEdged: false,
  freeHand: true,
};

describe('called-shot penalties (GnG "EFFECTS")', () => {
  // Every penalty printed in the text.
  const printed: [CalledShotEffect, number][] = [
    ['blindness', -4],
    ['daze', -2],
    ['deafness', -4],
    ['disabled-arm', -4],
    ['disabled-ear', -6],
    ['disabled-eye', -6],
    ['disabled-head', -8],
    ['disabled-leg', -4],
    ['severe-bleeding', -8],
    ['silent-kill', -4],
    ['stab-and-grab', -4],
    ['stun', -4],
    ['vital-strike', -8],
  ];
  it.each(printed)('%s: %i', (id, penalty) => {
    expect(calledShotPenalty([id])).toBe(penalty);
    expect(calledShotEffect(id).penalty).toBe(penalty);
  });
  it('penetration: −4 light, −6 medium, −8 heavy, −8 natural', () => {
    expect(PENETRATION_PENALTY).toEqual({ light: -4, medium: -6, heavy: -8, natural: -8 });
    expect(calledShotPenalty(['penetration'], { armor: 'light' })).toBe(-4);
    expect(calledShotPenalty(['penetration'], { armor: 'medium' })).toBe(-6);
    expect(calledShotPenalty(['penetration'], { armor: 'heavy' })).toBe(-8);
    expect(calledShotPenalty(['penetration'], { armor: 'natural' })).toBe(-8);
  });
  it('penetration against force armor is impossible; without armor it cannot be priced', () => {
    expect(() => calledShotPenalty(['penetration'], { armor: 'force' })).toThrow(RangeError);
    expect(() => calledShotPenalty(['penetration'])).toThrow(/armor/);
  });
  it('decision D14: mixed armor takes the highest penalty; any force layer makes penetration impossible', () => {
    expect(penetrationArmor(['light', 'natural'])).toBe('natural');
    expect(penetrationArmor(['medium', 'light'])).toBe('medium');
    expect(penetrationArmor(['heavy', 'force'])).toBe('force');
    expect(() => penetrationArmor([])).toThrow(RangeError);
  });
  it('penalties are cumulative', () => {
    expect(calledShotPenalty(['stun', 'vital-strike'])).toBe(-12);
    expect(calledShotPenalty(['penetration', 'disabled-eye', 'daze'], { armor: 'medium' })).toBe(-14);
    expect(calledShotPenalty([])).toBe(0);
    expect(Object.is(calledShotPenalty([], { precise: true }), 0)).toBe(true);
  });
  it('Improved Called Shot example: Stun (−3) and Vital Strike (−7) → −10 instead of −12', () => {
    expect(calledShotPenalty(['stun', 'vital-strike'], { improvedCalledShot: true })).toBe(-10);
    expect(calledShotPenalty(['daze'], { improvedCalledShot: true })).toBe(-1);
  });
  it('Precise weapon halves the penalty', () => {
    expect(calledShotPenalty(['stun', 'vital-strike'], { precise: true })).toBe(-6);
    expect(calledShotPenalty(['penetration'], { precise: true, armor: 'medium' })).toBe(-3);
  });
  it('decision D13: Precise does not stack with Improved Called Shot — the better one applies', () => {
    expect(calledShotPenalty(['stun', 'vital-strike'], { precise: true, improvedCalledShot: true })).toBe(-6);
    // Every printed penalty is at least −2, so halving is never worse than −1 per effect; they tie on Daze.
    expect(calledShotPenalty(['daze'], { precise: true, improvedCalledShot: true })).toBe(-1);
    expect(
      calledShotPenalty(['daze', 'stun', 'blindness'], { precise: true, improvedCalledShot: true }),
    ).toBe(-5);
  });
  it('decision D16: unknown or duplicate effects → RangeError naming them', () => {
    expect(() => calledShotPenalty(['decapitate'])).toThrow(/decapitate/);
    expect(() => calledShotPenalty(['stun', 'stun'])).toThrow(/duplicate called-shot effect: stun/);
    expect(() => calledShotPenalty(['penetration'], { armor: 'mithral' as never })).toThrow(/mithral/);
    expect(() => calledShotEffect('headshot')).toThrow(/headshot/);
  });
});

describe('called-shot effect data (GnG "Condition Effects")', () => {
  it('has one entry per effect id', () => {
    expect(Object.keys(CALLED_SHOT_EFFECT_TABLE).sort()).toEqual([...CALLED_SHOT_EFFECTS].sort());
  });
  it('penetration is a Reflex effect; decision D12: every other effect is a Condition Effect (Fortitude)', () => {
    expect(CALLED_SHOT_EFFECT_TABLE.penetration).toMatchObject({ category: 'penetration', save: 'reflex' });
    for (const id of CALLED_SHOT_EFFECTS.filter((e) => e !== 'penetration')) {
      expect(CALLED_SHOT_EFFECT_TABLE[id]).toMatchObject({ category: 'condition', save: 'fortitude' });
    }
  });
  it('durations and conditions as printed', () => {
    expect(CALLED_SHOT_EFFECT_TABLE.blindness).toMatchObject({ conditions: ['blinded'], duration: '1d4+1' });
    expect(CALLED_SHOT_EFFECT_TABLE.deafness).toMatchObject({ conditions: ['deafened'], duration: '1d4+1' });
    expect(CALLED_SHOT_EFFECT_TABLE.daze).toMatchObject({ conditions: ['dazed'], duration: '1' });
    expect(CALLED_SHOT_EFFECT_TABLE.stun).toMatchObject({ conditions: ['stunned'], duration: '1' });
    expect(CALLED_SHOT_EFFECT_TABLE['disabled-leg'].conditions).toEqual(['disabled-leg']);
  });
  it('immunities by anatomy, as printed (decision D31: no trait implies another)', () => {
    expect(calledShotImmunities(['blindness', 'daze', 'deafness', 'stun'], ['no-nervous-system'])).toEqual([
      'blindness',
      'daze',
      'deafness',
      'stun',
    ]);
    expect(calledShotImmunities(['disabled-head', 'vital-strike'], ['no-brain'])).toEqual(['disabled-head']);
    expect(calledShotImmunities(['silent-kill', 'stun', 'daze'], ['no-pain'])).toEqual([
      'silent-kill',
      'stun',
    ]);
    expect(calledShotImmunities(['severe-bleeding'], ['no-circulatory-system'])).toEqual(['severe-bleeding']);
    expect(calledShotImmunities(['vital-strike', 'blindness'], ['no-discernible-anatomy'])).toEqual([
      'vital-strike',
    ]);
    expect(calledShotImmunities(['disabled-arm'], ['no-nervous-system'])).toEqual([]);
    expect(() => calledShotImmunities(['stun'], ['no-soul'])).toThrow(/no-soul/);
  });
});

describe('calledShotEligibility (GnG "PROCEDURE")', () => {
  it('allows a called shot, with its penalty, provoking an attack of opportunity', () => {
    expect(calledShotEligibility({ effects: ['stun'] })).toEqual({
      allowed: true,
      penalty: -4,
      provokesAttackOfOpportunity: true,
      immune: [],
    });
  });
  it('refuses attacks of opportunity, concealed targets, attacks without a roll, and no effects', () => {
    expect(calledShotEligibility({ effects: ['stun'], attackOfOpportunity: true })).toMatchObject({
      allowed: false,
      reason: 'attack-of-opportunity',
    });
    expect(calledShotEligibility({ effects: ['stun'], concealed: true })).toMatchObject({
      reason: 'concealed',
    });
    expect(calledShotEligibility({ effects: ['stun'], hasAttackRoll: false })).toMatchObject({
      reason: 'no-attack-roll',
    });
    expect(calledShotEligibility({ effects: [] })).toMatchObject({ reason: 'no-effects' });
  });
  it('refuses penetration against force armor, fortified armor, or unknown armor', () => {
    expect(calledShotEligibility({ effects: ['penetration'], armor: 'force' })).toMatchObject({
      reason: 'penetration-vs-force-armor',
    });
    expect(calledShotEligibility({ effects: ['penetration'], armor: ['natural', 'force'] })).toMatchObject({
      reason: 'penetration-vs-force-armor',
    });
    expect(
      calledShotEligibility({ effects: ['penetration'], armor: 'heavy', fortified: true }),
    ).toMatchObject({
      reason: 'fortified',
    });
    expect(calledShotEligibility({ effects: ['penetration'] })).toMatchObject({
      reason: 'penetration-needs-armor',
    });
    expect(calledShotEligibility({ effects: ['penetration'], armor: ['light', 'heavy'] })).toMatchObject({
      allowed: true,
      penalty: -8,
    });
    // Force armor does not stop condition effects.
    expect(calledShotEligibility({ effects: ['stun'], armor: 'force' })).toMatchObject({ allowed: true });
  });
  it('Advanced Called Shot or a sneak attack: no attack of opportunity (decision D18)', () => {
    expect(calledShotEligibility({ effects: ['stun'], advancedCalledShot: true })).toMatchObject({
      provokesAttackOfOpportunity: false,
      penalty: -4,
    });
    expect(calledShotEligibility({ effects: ['stun'], sneakAttack: true })).toMatchObject({
      provokesAttackOfOpportunity: false,
      penalty: -4,
    });
  });
  it('marks immune effects (their penalty still counts)', () => {
    expect(
      calledShotEligibility({ effects: ['stun', 'vital-strike'], anatomy: ['no-discernible-anatomy'] }),
    ).toEqual({
      allowed: true,
      penalty: -12,
      provokesAttackOfOpportunity: true,
      immune: ['vital-strike'],
    });
  });
  it('Stab and Grab requires Improved Grapple, a one-handed slashing/piercing melee weapon, a single edge if slashing, a free hand', () => {
    expect(calledShotEligibility({ effects: ['stab-and-grab'] })).toMatchObject({
      reason: 'stab-and-grab-requirements',
      detail: 'weapon',
    });
    expect(calledShotEligibility({ effects: ['stab-and-grab'], stabAndGrab: DAGGER })).toMatchObject({
      allowed: true,
    });
    expect(stabAndGrabUnmet({ ...DAGGER, improvedGrapple: false })).toBe('improved-grapple');
    expect(stabAndGrabUnmet({ ...DAGGER, melee: false })).toBe('melee');
    expect(stabAndGrabUnmet({ ...DAGGER, hands: 'two-handed' })).toBe('one-handed');
    expect(stabAndGrabUnmet({ ...DAGGER, damageTypes: ['bludgeoning'] })).toBe('slashing-or-piercing');
    expect(stabAndGrabUnmet({ ...DAGGER, freeHand: false })).toBe('free-hand');
  });
  it('decision D21: light weapons count as one-handed; any weapon that deals slashing damage must be single-edged', () => {
    expect(stabAndGrabUnmet({ ...DAGGER, hands: 'light' })).toBeNull();
    expect(stabAndGrabUnmet({ ...DAGGER, damageTypes: ['slashing'], singleEdged: false })).toBe(
      'single-edge',
    );
    expect(stabAndGrabUnmet({ ...DAGGER, damageTypes: ['piercing', 'slashing'], singleEdged: false })).toBe(
      'single-edge',
    );
    expect(stabAndGrabUnmet({ ...DAGGER, damageTypes: ['slashing'], singleEdged: true })).toBeNull();
  });
});

describe('called-shot saves (GnG "Penetration Effects", "Condition Effects")', () => {
  it('penetration: Reflex DC 10 + RD; a failed save ignores half the Protection', () => {
    expect(penetrationSaveDc(0)).toBe(10);
    expect(penetrationSaveDc(8)).toBe(18);
    expect(resolvePenetration(8, 17)).toEqual({ dc: 18, penetrated: true });
    expect(resolvePenetration(8, 18)).toEqual({ dc: 18, penetrated: false });
    expect(resolvePenetration(8, false)).toEqual({ dc: 18, penetrated: true });
    expect(() => penetrationSaveDc(-1)).toThrow(RangeError);
  });
  it('decision D15: the Protection left after penetration is ⌊P/2⌋ (as armor piercing)', () => {
    expect(penetratedProtection(8)).toBe(4);
    expect(penetratedProtection(5)).toBe(2);
    expect(penetratedProtection(0)).toBe(0);
    expect(() => penetratedProtection(-3)).toThrow(RangeError);
  });
  it('condition effects: Fortitude DC 10 + damage, only when at least 1 HP got through', () => {
    expect(conditionSaveDc(0)).toBeNull();
    expect(conditionSaveDc(1)).toBe(11);
    expect(conditionSaveDc(12)).toBe(22);
    expect(() => conditionSaveDc(-1)).toThrow(RangeError);
    expect(resolveConditionEffects({ effects: ['stun', 'daze'], damageDealt: 0 })).toEqual({
      dc: null,
      applied: [],
      immune: [],
    });
    expect(resolveConditionEffects({ effects: ['stun', 'daze'], damageDealt: 7, fortitudeSave: 16 })).toEqual(
      {
        dc: 17,
        applied: ['stun', 'daze'],
        immune: [],
      },
    );
    expect(resolveConditionEffects({ effects: ['stun'], damageDealt: 7, fortitudeSave: 17 }).applied).toEqual(
      [],
    );
    expect(
      resolveConditionEffects({
        effects: ['penetration', 'stun', 'vital-strike'],
        damageDealt: 3,
        fortitudeSave: false,
        anatomy: ['no-pain'],
      }),
    ).toEqual({ dc: 13, applied: ['vital-strike'], immune: ['stun'] });
    expect(() => resolveConditionEffects({ effects: ['stun'], damageDealt: 3 })).toThrow(/fortitudeSave/);
  });
  it('decision D17: Vital Strike doubles the damage after all reductions; its save uses the undoubled damage', () => {
    const r = resolveConditionEffects({ effects: ['vital-strike'], damageDealt: 9, fortitudeSave: 12 });
    expect(r.dc).toBe(19);
    expect(r.applied).toEqual(['vital-strike']);
    expect(vitalStrikeDamage(9)).toBe(18);
    expect(vitalStrikeDamage(0)).toBe(0);
    expect(() => vitalStrikeDamage(-2)).toThrow(RangeError);
  });
});

describe('Stab and Grab (GnG "Stab and Grab")', () => {
  it('+4 on the immediate grapple check and +4 while the weapon stays lodged', () => {
    expect(STAB_AND_GRAB.initialGrappleBonus).toBe(4);
    expect(STAB_AND_GRAB.lodgedGrappleBonus).toBe(4);
  });
  it('decision D23: removal damage is the weapon dice only, ignoring Protection; barbed doubles the dice', () => {
    expect(stabAndGrabRemovalDamage('1d4+2')).toEqual({
      dice: { count: 1, faces: 4, bonus: 0 },
      ignoresProtection: true,
    });
    expect(stabAndGrabRemovalDamage('2d6', { barbed: true }).dice).toEqual({ count: 4, faces: 6, bonus: 0 });
    expect(() => stabAndGrabRemovalDamage('a spear')).toThrow(RangeError);
  });
});

describe('properties of called-shot penalties', () => {
  const nonPenetration = CALLED_SHOT_EFFECTS.filter((e) => e !== 'penetration');
  const opts = fc.record({
    improvedCalledShot: fc.boolean(),
    precise: fc.boolean(),
    armor: fc.constantFrom('light', 'medium', 'heavy', 'natural') as fc.Arbitrary<
      'light' | 'medium' | 'heavy' | 'natural'
    >,
  });
  it('is ≤ 0 for every effect set', () => {
    fc.assert(
      fc.property(fc.subarray([...CALLED_SHOT_EFFECTS]), opts, (effects, o) => {
        expect(calledShotPenalty(effects, o)).toBeLessThanOrEqual(0);
      }),
    );
  });
  it('is monotone: adding an effect never makes the penalty smaller', () => {
    fc.assert(
      fc.property(
        fc.subarray([...CALLED_SHOT_EFFECTS]),
        fc.constantFrom(...CALLED_SHOT_EFFECTS),
        opts,
        (effects, extra, o) => {
          fc.pre(!effects.includes(extra));
          expect(calledShotPenalty([...effects, extra], o)).toBeLessThanOrEqual(
            calledShotPenalty(effects, o),
          );
        },
      ),
    );
  });
  it('Improved Called Shot reduces by exactly one per effect; Precise halves', () => {
    fc.assert(
      fc.property(fc.subarray(nonPenetration), (effects) => {
        const base = calledShotPenalty(effects);
        const improved = base + effects.length;
        expect(calledShotPenalty(effects, { improvedCalledShot: true })).toBe(improved === 0 ? 0 : improved);
        expect(calledShotPenalty(effects, { precise: true })).toBe(base === 0 ? 0 : base / 2);
      }),
    );
  });
});
