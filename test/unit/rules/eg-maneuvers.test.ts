/**
 * The Enlightened Grognard chapter's maneuvers (seed 003:1486–1764; issue #31 R15, R16), the skills
 * they are made with, sunder and splash weapons (R17). Expected values worked out by hand from the
 * lines quoted.
 */
import { describe, expect, it } from 'vitest';
import {
  beatsAll,
  egCheckSucceeds,
  egCheckTotal,
  egCheckWay,
  egManeuverOutcome,
  egManeuverSpec,
  egSizeAllowed,
  grabImmobilizes,
} from '../../../src/rules/models/eg/maneuvers.js';
import { aidEscapeMissing, egManeuverMissing } from '../../../src/rules/models/eg/maneuver-preconditions.js';
import { egManeuverSkill, maneuverTokens } from '../../../src/rules/models/eg/maneuver-skills.js';
import {
  splashOutcome,
  sunderDamage,
  SPLASH_SQUARE_REFLEX,
} from '../../../src/rules/models/eg/sunder-splash.js';

describe('which check against which defense', () => {
  it('bull rush: Athletics vs Fortitude, provokes (003:1493–1495)', () => {
    expect(egManeuverSpec('bull-rush')).toMatchObject({
      action: 'standard',
      provokes: true,
      sizeLimit: true,
    });
    expect(egCheckWay('bull-rush')).toEqual({ skill: 'athletics', defense: 'fortitude' });
  });

  it('grab: Acrobatics vs Reflex, provokes (003:1549–1550); grapple and pin: Athletics vs Reflex (003:1600, 1746)', () => {
    expect(egCheckWay('grab')).toEqual({ skill: 'acrobatics', defense: 'reflex' });
    expect(egManeuverSpec('grab').provokes).toBe(true);
    expect(egCheckWay('grapple')).toEqual({ skill: 'athletics', defense: 'reflex' });
    expect(egCheckWay('pin')).toEqual({ skill: 'athletics', defense: 'reflex' });
    expect(egCheckWay('take-item')).toEqual({ skill: 'athletics', defense: 'fortitude' });
  });

  it('escape: a move action, Acrobatics vs Reflex or Athletics vs Fortitude (003:1582–1584)', () => {
    expect(egManeuverSpec('escape').action).toBe('move');
    expect(egCheckWay('escape', 'acrobatics').defense).toBe('reflex');
    expect(egCheckWay('escape', 'athletics').defense).toBe('fortitude');
    expect(() => egCheckWay('grab', 'athletics')).toThrow(RangeError);
  });

  it('joining a grapple has no check (003:1650–1651)', () => {
    expect(egManeuverSpec('join-grapple')).toMatchObject({ action: 'move', ways: [] });
    expect(() => egCheckWay('join-grapple')).toThrow(RangeError);
  });

  it('a check equals or beats the defense; no automatic result (decision)', () => {
    expect(egCheckSucceeds(15, 15)).toBe(true);
    expect(egCheckSucceeds(14, 15)).toBe(false);
    // A natural 20 with +0 against Fortitude 21 fails; a natural 1 with +14 against 15 succeeds.
    expect(egCheckSucceeds(egCheckTotal(20, 0), 21)).toBe(false);
    expect(egCheckSucceeds(egCheckTotal(1, 14), 15)).toBe(true);
  });

  it('size: one category larger or smaller (003:1489–1490)', () => {
    expect(egSizeAllowed('medium', 'large')).toBe(true);
    expect(egSizeAllowed('medium', 'huge')).toBe(false);
    expect(egSizeAllowed('medium', 'tiny')).toBe(true);
    // A grab holds a target more than one size larger, without immobilizing it (003:1552–1553).
    expect(grabImmobilizes('small', 'large')).toBe(false);
    expect(grabImmobilizes('small', 'medium')).toBe(true);
  });
});

describe('bull rush (003:1486–1502)', () => {
  it('a success pushes one square and unbalances', () => {
    const out = egManeuverOutcome({ maneuver: 'bull-rush', successes: [true] });
    expect(out.success).toBe(true);
    expect(out.pushed).toBe(1);
    expect(out.target).toEqual({ add: ['unbalanced'], remove: [] });
    expect(out.actor).toEqual({ add: [], remove: [] });
  });

  it('a failure out of a charge does nothing', () => {
    const out = egManeuverOutcome({ maneuver: 'bull-rush', successes: [false] });
    expect(out).toMatchObject({ success: false, pushed: 0, adjacentEnemiesPower: 0 });
    expect(out.actor.add).toEqual([]);
  });

  it('in a charge: two checks; one: pushed and unbalanced; both: also prone', () => {
    const one = egManeuverOutcome({ maneuver: 'bull-rush', charge: true, successes: [false, true] });
    expect(one.target.add).toEqual(['unbalanced']);
    expect(one.pushed).toBe(1);
    const both = egManeuverOutcome({ maneuver: 'bull-rush', charge: true, successes: [true, true] });
    expect(both.target.add).toEqual(['unbalanced', 'prone']);
  });

  it('in a charge, both failed: the charger falls prone and each adjacent enemy gains 1 power', () => {
    const out = egManeuverOutcome({ maneuver: 'bull-rush', charge: true, successes: [false, false] });
    expect(out.actor.add).toEqual(['prone']);
    expect(out.adjacentEnemiesPower).toBe(1);
    expect(out.target.add).toEqual([]);
  });

  it('two checks in a charge, one otherwise', () => {
    expect(() => egManeuverOutcome({ maneuver: 'bull-rush', charge: true, successes: [true] })).toThrow(
      RangeError,
    );
    expect(() => egManeuverOutcome({ maneuver: 'bull-rush', successes: [true, true] })).toThrow(RangeError);
  });

  it('a target two sizes larger cannot be bull rushed', () => {
    const out = egManeuverOutcome({
      maneuver: 'bull-rush',
      successes: [true],
      actorSize: 'small',
      targetSize: 'large',
    });
    expect(out.success).toBe(false);
    expect(out.effects).toEqual(['tooLarge']);
    expect(out.pushed).toBe(0);
  });
});

describe('overrun (003:1721–1724)', () => {
  it('success: the opponent unbalanced; failure: the one moving', () => {
    expect(egManeuverOutcome({ maneuver: 'overrun', successes: [true] }).target.add).toEqual(['unbalanced']);
    const failed = egManeuverOutcome({ maneuver: 'overrun', successes: [false] });
    expect(failed.actor.add).toEqual(['unbalanced']);
    expect(failed.target.add).toEqual([]);
  });
});

describe('the grapple family (003:1541–1764)', () => {
  it('grab: grabbed and immobilized; by a creature two sizes smaller: grabbed only', () => {
    expect(egManeuverOutcome({ maneuver: 'grab', successes: [true] }).target.add).toEqual([
      'grabbed',
      'immobilized',
    ]);
    const big = egManeuverOutcome({
      maneuver: 'grab',
      successes: [true],
      actorSize: 'small',
      targetSize: 'large',
    });
    expect(big.success).toBe(true);
    expect(big.target.add).toEqual(['grabbed']);
    expect(egManeuverOutcome({ maneuver: 'grab', successes: [false] }).target.add).toEqual([]);
  });

  it('grapple: both grappling; not a creature two sizes larger (003:1597–1603)', () => {
    const out = egManeuverOutcome({ maneuver: 'grapple', successes: [true] });
    expect(out.target.add).toEqual(['grappling']);
    expect(out.actor.add).toEqual(['grappling']);
    expect(
      egManeuverOutcome({ maneuver: 'grapple', successes: [true], actorSize: 'medium', targetSize: 'huge' })
        .success,
    ).toBe(false);
  });

  it('pin: the target pinned (003:1746–1747)', () => {
    expect(egManeuverOutcome({ maneuver: 'pin', successes: [true] }).target.add).toEqual(['pinned']);
  });

  it('escape frees the one acting from what held it; a pin leaves the grapple (003:1761)', () => {
    expect(egManeuverOutcome({ maneuver: 'escape', from: 'grab', successes: [true] }).actor.remove).toEqual([
      'grabbed',
      'immobilized',
    ]);
    expect(
      egManeuverOutcome({ maneuver: 'escape', from: 'grapple', successes: [true] }).actor.remove,
      // Free to move: the grab that began the grapple goes too (decision).
    ).toEqual(['grappling', 'grabbed', 'immobilized']);
    expect(egManeuverOutcome({ maneuver: 'escape', from: 'pin', successes: [true] }).actor.remove).toEqual([
      'pinned',
    ]);
    expect(egManeuverOutcome({ maneuver: 'escape', from: 'pin', successes: [false] }).actor.remove).toEqual(
      [],
    );
    expect(() => egManeuverOutcome({ maneuver: 'escape', successes: [true] })).toThrow(RangeError);
  });

  it('several holders: each must be beaten, one action (003:1587–1589)', () => {
    expect(beatsAll([true, true])).toBe(true);
    expect(beatsAll([true, false])).toBe(false);
    expect(() => beatsAll([])).toThrow(RangeError);
  });

  it('preconditions from the statuses: a grapple needs a grab either way; a pin the two grappling; joining a grappling target; an escape what it escapes', () => {
    expect(egManeuverMissing('grapple', [], [])).toBe('grab');
    expect(egManeuverMissing('grapple', [], ['grabbed'])).toBeNull();
    expect(egManeuverMissing('grapple', ['grabbed'], [])).toBeNull();
    expect(egManeuverMissing('pin', [], ['grappling'])).toBe('grappling');
    expect(egManeuverMissing('pin', ['grappling'], [])).toBe('targetGrappling');
    expect(egManeuverMissing('pin', ['grappling'], ['grappling'])).toBeNull();
    expect(egManeuverMissing('move-grapple', [], [])).toBe('grappling');
    expect(egManeuverMissing('join-grapple', [], ['grappling'])).toBeNull();
    expect(egManeuverMissing('join-grapple', [], [])).toBe('targetGrappling');
    expect(egManeuverMissing('escape', ['grabbed'], [], 'grab')).toBeNull();
    expect(egManeuverMissing('escape', ['grabbed'], [], 'pin')).toBe('held');
    expect(egManeuverMissing('grab', [], [])).toBeNull();
    expect(egManeuverMissing('bull-rush', ['prone'], [])).toBeNull();
  });

  it('helping an ally escape: from a grab, adjacent; from a grapple or a pin, in the grapple (003:1592, 1641, 1764)', () => {
    expect(aidEscapeMissing('grab', [], true)).toBeNull();
    expect(aidEscapeMissing('grab', [], false)).toBe('adjacent');
    expect(aidEscapeMissing('grapple', [], true)).toBe('grappling');
    expect(aidEscapeMissing('pin', ['grappling'], false)).toBeNull();
  });

  it('join: no check, the joiner grappling', () => {
    const out = egManeuverOutcome({ maneuver: 'join-grapple', successes: [] });
    expect(out.success).toBe(true);
    expect(out.actor.add).toEqual(['grappling']);
  });

  it('standing up: a move action, no check, no attack of opportunity; prone off, each adjacent enemy +1 power (003:824–826)', () => {
    expect(egManeuverSpec('stand-up')).toMatchObject({ action: 'move', provokes: false, ways: [] });
    const out = egManeuverOutcome({ maneuver: 'stand-up', successes: [] });
    expect(out.actor).toEqual({ add: [], remove: ['prone'] });
    expect(out.adjacentEnemiesPower).toBe(1);
  });

  it('items: grabbed, then taken; no status', () => {
    expect(egManeuverOutcome({ maneuver: 'grab-item', successes: [true] }).effects).toEqual(['itemGrabbed']);
    expect(egManeuverOutcome({ maneuver: 'take-item', successes: [true] }).effects).toEqual(['itemTaken']);
    expect(egManeuverOutcome({ maneuver: 'take-item', successes: [true] }).target.add).toEqual([]);
  });
});

describe('Athletics and Acrobatics on an SRD creature (decision)', () => {
  it('Athletics: the best of Climb, Jump, Swim, plus the size modifier (003:1275, 1279)', () => {
    const medium = egManeuverSkill('athletics', { climb: 3, jump: 5, swim: -1 }, 'medium');
    expect(medium).toEqual({ bonus: 5, from: 'jump', parts: [{ label: 'GNG.Skill.jump', value: 5 }] });
    // Large: +4 (the table's Athletics column); Small: −4.
    expect(egManeuverSkill('athletics', { climb: 3, jump: 5, swim: -1 }, 'large').bonus).toBe(9);
    expect(egManeuverSkill('athletics', { climb: 3 }, 'small').bonus).toBe(-1);
  });

  it('tokens before the roll: power for Athletics (Strength), speed for Acrobatics (Dexterity), at most 10 (003:395, 408, 420)', () => {
    expect(maneuverTokens('athletics')).toEqual({ type: 'power', use: 'strengthSkill', cap: 10 });
    expect(maneuverTokens('acrobatics')).toEqual({ type: 'speed', use: 'dexteritySkill', cap: 10 });
  });

  it('Acrobatics: the best of Balance, Tumble, Escape Artist; no size modifier', () => {
    const out = egManeuverSkill('acrobatics', { balance: 2, tumble: 1, escapeArtist: 6 }, 'small');
    expect(out.bonus).toBe(6);
    expect(out.from).toBe('escapeArtist');
  });
});

describe('sunder and splash weapons (003:1778–1796)', () => {
  it('sunder: damage less hardness to the item; a quarter of its hardness to the own weapon, on a hit', () => {
    // 12 damage against hardness 10: 2 to the item, ⌊10/4⌋ = 2 to the sunderer's weapon.
    expect(sunderDamage(true, 12, 10)).toEqual({ objectDamage: 2, ownWeaponDamage: 2 });
    // 5 damage against hardness 8: nothing through, still ⌊8/4⌋ = 2 to the own weapon.
    expect(sunderDamage(true, 5, 8)).toEqual({ objectDamage: 0, ownWeaponDamage: 2 });
    expect(sunderDamage(false, 12, 10)).toEqual({ objectDamage: 0, ownWeaponDamage: 0 });
  });

  it('splash: a square has Reflex 5; a miss lands on the d8’s adjacent square', () => {
    expect(SPLASH_SQUARE_REFLEX).toBe(5);
    expect(splashOutcome(true)).toEqual({ direct: true, splash: true, landsAt: null });
    expect(splashOutcome(false, 1).landsAt).toBe('n');
    expect(splashOutcome(false, 4).landsAt).toBe('se');
    expect(() => splashOutcome(false)).toThrow(RangeError);
    expect(() => splashOutcome(false, 9)).toThrow(RangeError);
  });
});
