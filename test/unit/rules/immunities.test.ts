/**
 * Immunities in the damage step (issue #33). SRD 3.5: "A creature with immunity to a type of damage
 * takes no damage from it"; a swarm "is immune to all weapon damage". Worked by hand; decisions in
 * docs/rules.md "Immunities".
 */
import { describe, expect, it } from 'vitest';
import { damageImmunity, immunityEntries } from '../../../src/rules/index.js';

describe('immunityEntries', () => {
  it('reads a stat block line: "fire, Poison; sleep" → fire, poison, sleep; blanks and repeats dropped', () => {
    expect(immunityEntries('fire, Poison;  sleep , , fire')).toEqual(['fire', 'poison', 'sleep']);
    expect(immunityEntries('')).toEqual([]);
  });
});

describe('damageImmunity', () => {
  it('fire damage against "fire, poison": stopped by fire', () => {
    expect(damageImmunity(['fire', 'poison'], { types: ['fire'], weapon: false })).toEqual(['fire']);
  });

  it('cold damage against "fire, poison": gets through', () => {
    expect(damageImmunity(['fire', 'poison'], { types: ['cold'], weapon: false })).toBeNull();
  });

  it('a bite (bludgeoning, piercing, slashing) still harms a creature immune to piercing only', () => {
    expect(
      damageImmunity(['piercing'], { types: ['bludgeoning', 'piercing', 'slashing'], weapon: true }),
    ).toBeNull();
  });

  it('a flaming sword (slashing and fire) harms a fire-immune creature; a fire-only weapon does not', () => {
    expect(damageImmunity(['fire'], { types: ['slashing', 'fire'], weapon: true })).toBeNull();
    expect(damageImmunity(['fire'], { types: ['fire'], weapon: true })).toEqual(['fire']);
  });

  it('"weapon damage" stops every weapon blow, typed or not, but no spell', () => {
    expect(damageImmunity(['weapon damage'], { types: ['slashing'], weapon: true })).toEqual([
      'weapon damage',
    ]);
    expect(damageImmunity(['weapon damage'], { types: [], weapon: true })).toEqual(['weapon damage']);
    expect(damageImmunity(['weapon damage'], { types: ['fire'], weapon: false })).toBeNull();
  });

  it('untyped damage is stopped by no type; entries that name no damage stop nothing', () => {
    expect(damageImmunity(['fire'], { types: [], weapon: false })).toBeNull();
    expect(
      damageImmunity(['poison', 'sleep', 'critical hits'], { types: ['piercing'], weapon: true }),
    ).toBeNull();
  });

  it('compares without case', () => {
    expect(damageImmunity(['Fire'], { types: ['FIRE'], weapon: false })).toEqual(['fire']);
  });
});
