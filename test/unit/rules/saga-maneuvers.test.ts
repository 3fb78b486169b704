/**
 * The Saga-style chapter's combat maneuvers (seed 001:163–185; issue #30): their defense, whether
 * they provoke, and what each margin does. Expected values worked out by hand from the lines quoted.
 */
import { describe, expect, it } from 'vitest';
import {
  bullRushSizeAllowed,
  maneuverDefense,
  maneuverOutcome,
  maneuverProvokes,
  maneuverRoll,
  SAGA_MANEUVERS,
  squaresFor,
} from '../../../src/rules/models/saga/maneuvers.js';

describe('against which defense (001:167, 001:185)', () => {
  it('every maneuver against Reflex, by an attack roll; feint: Deception against Will', () => {
    for (const m of SAGA_MANEUVERS.filter((x) => x !== 'feint')) {
      expect(maneuverDefense(m)).toBe('reflex');
      expect(maneuverRoll(m)).toBe('attack');
    }
    expect(maneuverDefense('feint')).toBe('will');
    expect(maneuverRoll('feint')).toBe('deception');
    expect(() => maneuverDefense('tackle' as 'trip')).toThrow(RangeError);
  });

  it('a base attack bonus under +1 provokes (001:165)', () => {
    expect(maneuverProvokes(0)).toBe(true);
    expect(maneuverProvokes(-1)).toBe(true);
    expect(maneuverProvokes(1)).toBe(false);
  });
});

describe('the margins', () => {
  it('squares: one, and one more per full 5 beaten (001:177, 181)', () => {
    expect([0, 4, 5, 9, 10, 14, 15].map(squaresFor)).toEqual([1, 1, 2, 2, 3, 3, 4]);
    // A natural 20 that hits under the defense still moves one square.
    expect(squaresFor(-3)).toBe(1);
  });

  it('trip: prone on a hit; nothing on a miss', () => {
    expect(maneuverOutcome({ maneuver: 'trip', hit: true, margin: 0 })).toMatchObject({
      success: true,
      prone: true,
      effects: ['prone'],
    });
    expect(maneuverOutcome({ maneuver: 'trip', hit: false, margin: -1 })).toMatchObject({
      success: false,
      prone: false,
      effects: [],
    });
  });

  it('disarm: the weapon falls on a hit; a miss by 5 or more disarms the attacker (001:173)', () => {
    expect(maneuverOutcome({ maneuver: 'disarm', hit: true, margin: 2 }).effects).toEqual(['disarmed']);
    expect(maneuverOutcome({ maneuver: 'disarm', hit: false, margin: -4 }).selfDisarm).toBe(false);
    expect(maneuverOutcome({ maneuver: 'disarm', hit: false, margin: -5 })).toMatchObject({
      selfDisarm: true,
      effects: ['selfDisarm'],
    });
    // Only a disarm does that.
    expect(maneuverOutcome({ maneuver: 'trip', hit: false, margin: -9 }).selfDisarm).toBe(false);
  });

  it('bull rush: 1 square, +1 per 5 beaten; a wall stops it and costs 1d6 a square (001:177)', () => {
    expect(maneuverOutcome({ maneuver: 'bull-rush', hit: true, margin: 4 })).toMatchObject({
      squares: 1,
      wallDice: 0,
      effects: ['pushed'],
    });
    expect(maneuverOutcome({ maneuver: 'bull-rush', hit: true, margin: 12 }).squares).toBe(3);
    // Beats by 15: 4 squares; a wall right behind the target stops all four: 4d6 (the text's example).
    expect(maneuverOutcome({ maneuver: 'bull-rush', hit: true, margin: 15, wallAfter: 0 })).toMatchObject({
      squares: 0,
      wallDice: 4,
      effects: ['pushed', 'wall'],
    });
    // 3 squares, the wall 1 square back: moved 1, stopped 2: 2d6.
    expect(maneuverOutcome({ maneuver: 'bull-rush', hit: true, margin: 10, wallAfter: 1 })).toMatchObject({
      squares: 1,
      wallDice: 2,
    });
    // A wall farther than the push: no damage.
    expect(maneuverOutcome({ maneuver: 'bull-rush', hit: true, margin: 0, wallAfter: 3 }).wallDice).toBe(0);
  });

  it('bull rush: a target two sizes larger is not pushed; one size larger is', () => {
    expect(bullRushSizeAllowed('medium', 'large')).toBe(true);
    expect(bullRushSizeAllowed('medium', 'huge')).toBe(false);
    expect(bullRushSizeAllowed('large', 'small')).toBe(true);
    const huge = maneuverOutcome({
      maneuver: 'bull-rush',
      hit: true,
      margin: 10,
      attackerSize: 'medium',
      targetSize: 'huge',
    });
    expect(huge).toMatchObject({ success: true, squares: 0, wallDice: 0, effects: ['tooLarge'] });
  });

  it('overrun: through on a hit; prone too when it beats by 5 or more (001:179)', () => {
    expect(maneuverOutcome({ maneuver: 'overrun', hit: true, margin: 4 })).toMatchObject({
      prone: false,
      effects: ['passedThrough'],
    });
    expect(maneuverOutcome({ maneuver: 'overrun', hit: true, margin: 5 })).toMatchObject({
      prone: true,
      effects: ['passedThrough', 'prone'],
    });
  });

  it('reposition: an adjacent square, +1 per 5 over (001:181)', () => {
    expect(maneuverOutcome({ maneuver: 'reposition', hit: true, margin: 0 }).squares).toBe(1);
    expect(maneuverOutcome({ maneuver: 'reposition', hit: true, margin: 9 }).squares).toBe(2);
    expect(maneuverOutcome({ maneuver: 'reposition', hit: true, margin: 10 }).squares).toBe(3);
  });

  it('grapple, sunder, steal and feint: their one effect on a hit', () => {
    const effect = (maneuver: (typeof SAGA_MANEUVERS)[number]) =>
      maneuverOutcome({ maneuver, hit: true, margin: 0 }).effects;
    expect(effect('grapple')).toEqual(['grappled']);
    expect(effect('sunder')).toEqual(['sunder']);
    expect(effect('steal')).toEqual(['stolen']);
    expect(effect('feint')).toEqual(['feinted']);
  });

  it('refuses bad input', () => {
    expect(() => maneuverOutcome({ maneuver: 'trip', hit: true, margin: 1.5 })).toThrow(RangeError);
    expect(() => maneuverOutcome({ maneuver: 'trip', hit: 'yes' as unknown as boolean, margin: 0 })).toThrow(
      RangeError,
    );
    expect(() => maneuverOutcome({ maneuver: 'bull-rush', hit: true, margin: 0, wallAfter: -1 })).toThrow(
      RangeError,
    );
  });
});
