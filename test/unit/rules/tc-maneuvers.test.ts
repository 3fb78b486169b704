/**
 * The Time Count chapter's maneuvers (seed 002:308–573; issue #32 R16, A12). Expected values worked
 * out by hand from the lines quoted.
 */
import { describe, expect, it } from 'vitest';
import { TC_MANEUVER_ROWS, TC_MANEUVERS } from '../../../src/rules/models/tc/maneuver-rows.js';
import {
  bullRushFeet,
  halveSpeedFactor,
  pummelDice,
  tcAtMostOneSizeLarger,
  tcManeuverAttackBonus,
  tcManeuverDefenses,
  tcManeuverMissing,
  tcManeuverResult,
  tcManeuverSpeed,
  tcStepDamage,
  type TcManeuverSpeedSpec,
} from '../../../src/rules/models/tc/maneuvers.js';
import { speedFactor } from '../../../src/rules/models/tc/speed-factor.js';

const DEF = { primary: 15, passive: 12, vigor: 14, celerity: 16, spirit: 11 };

describe('the rows', () => {
  it('every row names its attack, defense and speed as the block does', () => {
    expect(TC_MANEUVERS).toHaveLength(16);
    // Break Grab: "Athletics (Str) vs. Vigor", Swift (002:319–321).
    expect(TC_MANEUVER_ROWS['break-grab']).toMatchObject({
      attack: { kind: 'skill', skill: 'athletics' },
      defense: { kind: 'one', defense: 'vigor' },
      speed: { kind: 'class', speedClass: 'swift' },
      fatigue: 0,
    });
    // Drag: "Strength - 2 vs. Vigor", Standard, Fatigue 1 (002:332–336).
    expect(TC_MANEUVER_ROWS.drag).toMatchObject({ attack: { kind: 'ability', mod: -2 }, fatigue: 1 });
    // Throw: "Strength vs. Vigor and Celerity", Slow, Fatigue 2 (002:410–414).
    expect(TC_MANEUVER_ROWS.throw).toMatchObject({
      defense: { kind: 'both', defenses: ['vigor', 'celerity'] },
      speed: { speedClass: 'slow' },
      fatigue: 2,
    });
    // Coup de grâce: Weapon+10 vs Passive after a Slow preparation (002:461–463).
    expect(TC_MANEUVER_ROWS['coup-de-grace']).toMatchObject({
      preparation: 'slow',
      attack: { kind: 'weapon', mod: 10 },
      defense: { kind: 'one', defense: 'passive' },
      speed: { kind: 'weapon' },
    });
  });
});

describe('before the roll', () => {
  it('a fact known false is missing; a fact unknown is the GM’s (002:359, 376)', () => {
    expect(tcManeuverMissing('pummel', { grabbingTarget: false })).toBe('grabbingTarget');
    expect(tcManeuverMissing('pummel', { grabbingTarget: true, noWeaponInHand: false })).toBe(
      'noWeaponInHand',
    );
    expect(tcManeuverMissing('pummel', {})).toBeNull();
    expect(tcManeuverMissing('bull-rush', { grabbingTarget: false })).toBeNull();
  });

  it('no more than one size category larger (002:359)', () => {
    expect(tcAtMostOneSizeLarger('medium', 'large')).toBe(true);
    expect(tcAtMostOneSizeLarger('medium', 'huge')).toBe(false);
    expect(tcAtMostOneSizeLarger('small', 'colossal')).toBe(false);
    expect(tcAtMostOneSizeLarger('large', 'tiny')).toBe(true);
  });
});

describe('the attack bonus', () => {
  const who = { str: 3, dex: 2, skills: { climb: 5, jump: 7, swim: 1, tumble: 6 }, weapon: 8, unarmed: 4 };
  it('Athletics is the best of Climb, Jump, Swim; Acrobatics of Balance, Tumble, Escape Artist', () => {
    expect(tcManeuverAttackBonus('break-grab', who).bonus).toBe(7);
    expect(tcManeuverAttackBonus('escape-grab', who).bonus).toBe(6);
  });
  it('"Strength - 2" is Str − 2; "Weapon-4" the weapon’s bonus − 4; "Weapon+10" + 10 (002:332, 474, 463)', () => {
    expect(tcManeuverAttackBonus('drag', who).bonus).toBe(1);
    expect(tcManeuverAttackBonus('disarm', who).bonus).toBe(4);
    expect(tcManeuverAttackBonus('coup-de-grace', who).bonus).toBe(18);
    expect(tcManeuverAttackBonus('grab', who).bonus).toBe(4);
  });
  it('"Melee" is the weapon in hand, else unarmed', () => {
    expect(tcManeuverAttackBonus('feint', who).bonus).toBe(8);
    expect(tcManeuverAttackBonus('feint', { ...who, weapon: undefined }).bonus).toBe(4);
    expect(() => tcManeuverAttackBonus('disarm', { str: 0, dex: 0 })).toThrow(RangeError);
  });
  it('bull rush: the attacker’s special size modifier, the defender’s on its defense (002:455)', () => {
    // A Large attacker: Str 3 + 4; against a Small defender's Vigor 14 − 4 (higher of Vigor/Celerity 16 − 4).
    expect(tcManeuverAttackBonus('bull-rush', { ...who, size: 'large' }).bonus).toBe(7);
    expect(tcManeuverDefenses('bull-rush', DEF, 'small')).toEqual([{ defense: 'celerity', value: 12 }]);
  });
});

describe('the defense and the result', () => {
  it('the target’s choice is the higher; throw reads both', () => {
    expect(tcManeuverDefenses('tumble', DEF)).toEqual([{ defense: 'celerity', value: 16 }]);
    expect(tcManeuverDefenses('tumble', { ...DEF, vigor: 17 })).toEqual([{ defense: 'vigor', value: 17 }]);
    expect(tcManeuverDefenses('throw', DEF)).toEqual([
      { defense: 'vigor', value: 14 },
      { defense: 'celerity', value: 16 },
    ]);
  });

  it('hit on ≥; great successes by margin, cumulative (002:386–388)', () => {
    const at = (total: number) =>
      tcManeuverResult('pummel', { natural: 10, total, defense: 'vigor', value: 14 });
    expect(at(13).hit).toBe(false);
    expect(at(14).steps.map((s) => s.key)).toEqual(['pummelStep1']);
    expect(at(18).steps.map((s) => s.key)).toEqual(['pummelStep1']);
    expect(at(19).steps.map((s) => s.key)).toEqual(['pummelStep1', 'pummelStep2']);
    expect(at(24).steps.map((s) => s.key)).toEqual(['pummelStep1', 'pummelStep2', 'pummelStep3']);
    // Disarm's (5) and (8) (002:484–486).
    const d = tcManeuverResult('disarm', { natural: 12, total: 24, defense: 'celerity', value: 16 });
    expect(d.steps.map((s) => s.key)).toEqual(['disarmed', 'disarmDamage', 'disarmTake']);
  });

  it('a natural 20 hits, a natural 1 misses as a fumble (002:49, 66)', () => {
    const n20 = tcManeuverResult('trip', { natural: 20, total: 21, defense: 'vigor', value: 30 });
    expect(n20).toMatchObject({ hit: true, critical: false, margin: -9 });
    const n1 = tcManeuverResult('trip', { natural: 1, total: 30, defense: 'vigor', value: 14 });
    expect(n1).toMatchObject({ hit: false, fumble: true, steps: [] });
  });

  it('a critical success: natural 20 and beating the defense by 1 (002:62); only rows that have one', () => {
    const grab = (total: number) =>
      tcManeuverResult('grab', { natural: 20, total, defense: 'celerity', value: 16 });
    expect(grab(16).critical).toBe(false);
    expect(grab(17).critical).toBe(true);
    expect(grab(17).steps.map((s) => s.key)).toEqual(['grabbed', 'grabNoAttacks']);
    expect(grab(21).steps.map((s) => s.key)).toEqual(['grabbed', 'grabTight', 'grabNoAttacks']);
    expect(tcManeuverResult('trip', { natural: 20, total: 30, defense: 'vigor', value: 14 }).critical).toBe(
      false,
    );
  });

  it('throw: the Vigor reading throws, the Celerity reading knocks prone (002:418–424)', () => {
    const v = tcManeuverResult('throw', { natural: 9, total: 19, defense: 'vigor', value: 14 });
    expect(v.steps.map((s) => s.key)).toEqual(['thrown', 'damage1d6']);
    const c = tcManeuverResult('throw', {
      natural: 9,
      total: 19,
      defense: 'celerity',
      value: 16,
      second: true,
    });
    expect(c.steps).toEqual([{ key: 'thrownProne', prone: true }]);
  });

  it('bull rush pushes 5 ft and 5 more per full 5 of margin (002:451)', () => {
    expect(bullRushFeet(-1)).toBe(0);
    expect(bullRushFeet(0)).toBe(5);
    expect(bullRushFeet(4)).toBe(5);
    expect(bullRushFeet(5)).toBe(10);
    expect(bullRushFeet(12)).toBe(15);
  });
});

describe('speed and damage', () => {
  it('own class, weapon class one slower, half the weapon SF (002:476, 505)', () => {
    expect(tcManeuverSpeed('trip')).toEqual({ speedClass: 'fast', classSteps: 0, halve: false });
    expect(tcManeuverSpeed('disarm', 'fast')).toEqual({ speedClass: 'fast', classSteps: 1, halve: false });
    expect(tcManeuverSpeed('feint', 'standard')).toEqual({
      speedClass: 'standard',
      classSteps: 0,
      halve: true,
    });
    expect(tcManeuverSpeed('coup-de-grace', 'slow')).toEqual({
      speedClass: 'slow',
      classSteps: 0,
      halve: false,
    });
    expect(halveSpeedFactor(9)).toBe(4);
    expect(halveSpeedFactor(1)).toBe(1);
  });

  it('through the count’s speed factor (A1): a fast dagger’s disarm is Standard, 9; a long sword’s feint 9 / 2 = 4', () => {
    const sf = (spec: TcManeuverSpeedSpec) => {
      const { sf } = speedFactor(spec.speedClass, { random: false, classSteps: spec.classSteps });
      return spec.halve ? halveSpeedFactor(sf) : sf;
    };
    expect(sf(tcManeuverSpeed('disarm', 'fast'))).toBe(9);
    expect(sf(tcManeuverSpeed('feint', 'standard'))).toBe(4);
    expect(sf(tcManeuverSpeed('trip'))).toBe(6);
  });

  it('damage equal to an ability, half rounded down, at least 1 (002:54); dice for the caller', () => {
    const row = TC_MANEUVER_ROWS;
    expect(tcStepDamage(row.trip.great[0]!.step, { str: 4, dex: 1 })).toEqual({ flat: 4 });
    expect(tcStepDamage(row['escape-grab'].great[0]!.step, { str: 0, dex: 5 })).toEqual({ flat: 2 });
    expect(tcStepDamage(row['escape-grab'].great[0]!.step, { str: 0, dex: 1 })).toEqual({ flat: 1 });
    expect(tcStepDamage(row.tackle.great[0]!.step, { str: 0, dex: 0 })).toEqual({ dice: '1d6' });
    expect(tcStepDamage(row.grab.hit, { str: 9, dex: 9 })).toBeNull();
  });

  it('pummel: one die step up, one more per great success (002:384–388)', () => {
    expect(pummelDice('1d3', 0)).toBe('1d4');
    expect(pummelDice('1d3', 1)).toBe('1d6');
    expect(pummelDice('1d4', 2)).toBe('2d6');
  });
});
