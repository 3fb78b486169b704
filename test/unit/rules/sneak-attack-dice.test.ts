/**
 * Issue #28: where the sneak attack dice come from (decision "Where the sneak attack dice come from",
 * docs/rules.md) and when a target is denied its Dexterity bonus (GnG SNEAK ATTACK: "any time your
 * target would be denied a Dexterity bonus to Defense (whether the target actually has a Dexterity
 * bonus or not)"). Expected values worked out from the class tables' progressions by hand.
 */
import { describe, expect, it } from 'vitest';
import { sneakAttackBonus, sneakAttackDice } from '../../../src/rules/attack.js';
import { deniedDexterityBonus } from '../../../src/rules/defense.js';

describe('sneak attack dice from class levels (SRD 3.5 class tables) and a creature’s own', () => {
  it('Rogue and Assassin: +1d6 at 1st level and every two levels after', () => {
    const rogue = (levels: number) => sneakAttackDice([{ identifier: 'rogue', levels }]);
    expect([1, 2, 3, 4, 5, 19, 20].map(rogue)).toEqual([1, 1, 2, 2, 3, 10, 10]);
    expect(sneakAttackDice([{ identifier: 'assassin', levels: 9 }])).toBe(5);
  });

  it('Arcane Trickster from 2nd level, Blackguard at 4th, 7th and 10th', () => {
    const trickster = (levels: number) => sneakAttackDice([{ identifier: 'arcane-trickster', levels }]);
    expect([1, 2, 3, 10].map(trickster)).toEqual([0, 1, 1, 5]);
    const blackguard = (levels: number) => sneakAttackDice([{ identifier: 'blackguard', levels }]);
    expect([3, 4, 6, 7, 10].map(blackguard)).toEqual([0, 1, 1, 2, 3]);
  });

  it('the sources add up; other classes give none; a creature’s own dice count too', () => {
    const classes = [
      { identifier: 'rogue', levels: 5 },
      { identifier: 'assassin', levels: 3 },
      { identifier: 'fighter', levels: 4 },
    ];
    expect(sneakAttackDice(classes)).toBe(3 + 2);
    expect(sneakAttackDice([], 2)).toBe(2);
    expect(sneakAttackDice([{ identifier: 'rogue', levels: 1 }], 2)).toBe(3);
    // A 5d6 sneak attack is GnG's worked example: +6.
    expect(sneakAttackBonus(sneakAttackDice([{ identifier: 'rogue', levels: 9 }]))).toBe(6);
    // Not a property of an object: no prototype name counts.
    expect(sneakAttackDice([{ identifier: 'constructor', levels: 5 }])).toBe(0);
    expect(() => sneakAttackDice([], -1)).toThrow(RangeError);
    expect(() => sneakAttackDice([{ identifier: 'rogue', levels: 1.5 }])).toThrow(RangeError);
  });
});

describe('denied its Dexterity bonus', () => {
  it('held, helpless, or a condition that loses it; an invisible attacker', () => {
    for (const state of [
      'flat-footed',
      'helpless',
      'pinned',
      'stunned',
      'blinded',
      'cowering',
      'attacker-invisible',
    ] as const)
      expect(deniedDexterityBonus([state]), state).toBe(true);
    for (const state of ['prone', 'kneeling', 'shaken', 'behind-cover', 'dazzled'] as const)
      expect(deniedDexterityBonus([state]), state).toBe(false);
    expect(deniedDexterityBonus([])).toBe(false);
  });

  it('Uncanny Dodge keeps it while flat-footed or against an invisible attacker, not when held', () => {
    expect(deniedDexterityBonus(['flat-footed'], true)).toBe(false);
    expect(deniedDexterityBonus(['attacker-invisible'], true)).toBe(false);
    expect(deniedDexterityBonus(['helpless'], true)).toBe(true);
    expect(deniedDexterityBonus(['stunned'], true)).toBe(true);
  });
});
