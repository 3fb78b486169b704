/** The public API names and shapes promised in the rules-engine issue, exactly as specified. */
import { describe, expect, it } from 'vitest';
import * as rules from '../../../src/rules/index.js';

const EFFECT_IDS = [
  'penetration',
  'blindness',
  'daze',
  'deafness',
  'disabled-arm',
  'disabled-ear',
  'disabled-eye',
  'disabled-head',
  'disabled-leg',
  'severe-bleeding',
  'silent-kill',
  'stab-and-grab',
  'stun',
  'vital-strike',
];

describe('public API of the rules engine', () => {
  it('exports every promised function', () => {
    for (const name of [
      'sizeModifier',
      'hpSizeMultiplier',
      'progressionBonus',
      'classDefenseBonus',
      'classHpBonus',
      'maxHitPoints',
      'injury',
      'criticalChain',
      'relativeDegree',
      'damageAfterProtection',
      'calledShotPenalty',
    ]) {
      expect(typeof (rules as Record<string, unknown>)[name], name).toBe('function');
    }
  });

  it('has the promised shapes', () => {
    expect(rules.progressionBonus('good', 0)).toBe(0);
    expect(rules.progressionBonus('average', 20)).toBe(15);
    expect(rules.classDefenseBonus([{ progression: 'good', levels: 10 }])).toBe(10);
    expect(rules.classHpBonus([{ progression: 'average', levels: 9 }])).toBe(6);
    expect(rules.maxHitPoints({ con: null, classes: [], size: 'medium' })).toBe(20);
    expect(rules.maxHitPoints({ con: 14, classes: [], toughness: 1, other: 2, size: 'large' })).toBe(38);
    expect(rules.injury(5, 20)).toEqual({ level: 'severe', penalty: -6 });
    expect(rules.criticalChain('success', [9, 3])).toBe(12);
    expect(rules.criticalChain('failure', [10])).toBe(0);
    expect(rules.relativeDegree(24, 16)).toBe(8);
    expect(rules.damageAfterProtection({ rolled: 10, relativeDegree: 3, protection: 8 })).toBe(5);
    expect(rules.damageAfterProtection({ rolled: 2, relativeDegree: 0, protection: 8 })).toBe(0);
    expect(rules.calledShotPenalty(['stun'])).toBe(-4);
    expect(rules.calledShotPenalty(['penetration'], { armor: 'medium' })).toBe(-6);
  });

  it('knows every called-shot effect id and nothing else', () => {
    expect([...rules.CALLED_SHOT_EFFECTS].sort()).toEqual([...EFFECT_IDS].sort());
    for (const id of EFFECT_IDS) {
      const opts = id === 'penetration' ? { armor: 'light' as const } : {};
      expect(rules.calledShotPenalty([id], opts)).toBeLessThan(0);
    }
  });

  it.each([
    ['unknown size', () => rules.sizeModifier('enormous' as never), /enormous/],
    ['unknown effect', () => rules.calledShotPenalty(['decapitate']), /decapitate/],
    ['negative levels', () => rules.progressionBonus('good', -1), /-1/],
    ['levels over 20', () => rules.progressionBonus('good', 21), /21/],
    ['NaN Con', () => rules.maxHitPoints({ con: Number.NaN, classes: [], size: 'medium' }), /NaN/],
    ['NaN RD', () => rules.relativeDegree(Number.NaN, 3), /NaN/],
  ])('%s throws a RangeError naming the bad value', (_label, call, pattern) => {
    expect(call).toThrow(RangeError);
    expect(call).toThrow(pattern);
  });
});
