/**
 * The Enlightened Grognard's sheet actions and the dying Fortitude save (seed 003; docs/rules.md
 * "Sheet, tracker and turns"). Worked by hand from the text:
 * - Refocus +1 speed (003:900), Total Defense +4 speed (003:759), Aid Another 2 of choice (003:744);
 * - who may act: unconscious PCs may Aid Another and Catch their Breath (003:1019), unconscious NPCs
 *   may not Aid Another (003:474), Refocus only with no adjacent enemy (003:899), Catch your Breath
 *   only when hurt (003:749), also out of combat (003:754);
 * - the dying save (003:1023–1029): Fortitude 16 → bonus ⌊16/10⌋ = 1 (003:345), so 9 + 1 = 10 saves
 *   and 8 + 1 = 9 fails (003:351); a natural 1 fails even at Fortitude 30 (bonus 3: 1 + 3 = 4 anyway),
 *   Fortitude 95 (bonus 9): 1 + 9 = 10 would reach 10 but a natural 1 "is always a failure" (003:363);
 *   a natural 20 "is always a success" (003:364): Fortitude 0, 20 + 0 = 20; a PC's natural 20 revives at
 *   level + Con modifier, 5 + 4 = 9, and at least 1: level 1, Con −3 → 1 (003:1024–1026).
 */
import { describe, expect, it } from 'vitest';
import {
  actionGain,
  actionRefusal,
  dyingSave,
  type ActionState,
} from '../../../src/rules/models/eg/combat-actions.js';
import { saveBonus } from '../../../src/rules/models/eg/saves.js';
import type { DiceSource } from '../../../src/rules/index.js';

/** Dice that answer `values` in order, and record the faces asked. */
function dice(...values: number[]): DiceSource & { faces: number[] } {
  const faces: number[] = [];
  return {
    faces,
    roll(n: number) {
      faces.push(n);
      const value = values.shift();
      if (value === undefined) throw new Error(`no d${n} queued`);
      return value;
    },
  };
}

const fit: ActionState = {
  pc: true,
  dead: false,
  unconscious: false,
  inCombat: true,
  adjacentEnemies: 0,
  hurt: true,
};

describe('what the actions gain', () => {
  it('Refocus 1 speed, Total Defense 4 speed, Aid Another the two chosen, Catch your Breath none', () => {
    expect(actionGain('refocus', ['power', 'power'])).toEqual({ power: 0, speed: 1, insight: 0 });
    expect(actionGain('totalDefense', ['power', 'power'])).toEqual({ power: 0, speed: 4, insight: 0 });
    expect(actionGain('aidAnother', ['power', 'insight'])).toEqual({ power: 1, speed: 0, insight: 1 });
    expect(actionGain('aidAnother', ['speed', 'speed'])).toEqual({ power: 0, speed: 2, insight: 0 });
    expect(actionGain('catchBreath', ['power', 'power'])).toEqual({ power: 0, speed: 0, insight: 0 });
  });
});

describe('who may take them', () => {
  it('a conscious PC in combat may take all four', () => {
    for (const action of ['catchBreath', 'refocus', 'aidAnother', 'totalDefense'] as const)
      expect(actionRefusal(action, fit)).toBeNull();
  });

  it('unconscious: a PC may still Aid Another and Catch its Breath, an NPC only Catch its Breath', () => {
    const out = { ...fit, unconscious: true };
    expect(actionRefusal('aidAnother', out)).toBeNull();
    expect(actionRefusal('catchBreath', out)).toBeNull();
    expect(actionRefusal('refocus', out)).toBe('unconscious');
    expect(actionRefusal('totalDefense', out)).toBe('unconscious');
    expect(actionRefusal('aidAnother', { ...out, pc: false })).toBe('npcUnconscious');
    expect(actionRefusal('catchBreath', { ...out, pc: false })).toBeNull();
  });

  it('Refocus not beside an enemy; Catch your Breath only when hurt, also out of combat; the dead nothing', () => {
    expect(actionRefusal('refocus', { ...fit, adjacentEnemies: 1 })).toBe('adjacentEnemy');
    expect(actionRefusal('totalDefense', { ...fit, adjacentEnemies: 1 })).toBeNull();
    expect(actionRefusal('catchBreath', { ...fit, hurt: false })).toBe('notHurt');
    expect(actionRefusal('catchBreath', { ...fit, inCombat: false })).toBeNull();
    expect(actionRefusal('refocus', { ...fit, inCombat: false })).toBe('notInCombat');
    expect(actionRefusal('aidAnother', { ...fit, inCombat: false })).toBe('notInCombat');
    expect(actionRefusal('catchBreath', { ...fit, dead: true })).toBe('dead');
  });
});

describe('the dying Fortitude save', () => {
  const input = { fortitude: 16, pc: true, level: 5, conMod: 4 };

  it('⌊defense / 10⌋ (the saves lane’s `saveBonus`, the one rule): 16 → 1, 26 → 2, 9 → 0', () => {
    expect([saveBonus(16), saveBonus(26), saveBonus(9)]).toEqual([1, 2, 0]);
    // The dying save reads the same rule: Fortitude 26 → +2, so a 8 makes 10 and saves.
    expect(dyingSave({ ...input, fortitude: 26 }, dice(8))).toMatchObject({
      bonus: 2,
      total: 10,
      saved: true,
    });
  });

  it('9 + 1 = 10 saves (no d4 rolled); 8 + 1 = 9 fails and costs the d4', () => {
    const saved = dice(9);
    expect(dyingSave(input, saved)).toEqual({
      natural: 9,
      bonus: 1,
      total: 10,
      saved: true,
      revived: false,
      hp: null,
      conDamage: 0,
    });
    expect(saved.faces).toEqual([20]);
    const failed = dice(8, 3);
    expect(dyingSave(input, failed)).toMatchObject({ total: 9, saved: false, conDamage: 3 });
    expect(failed.faces).toEqual([20, 4]);
  });

  it('a natural 1 always fails, a natural 20 always saves; a PC is revived by it, an NPC is not', () => {
    expect(dyingSave({ ...input, fortitude: 95 }, dice(1, 2))).toMatchObject({
      total: 10,
      saved: false,
      conDamage: 2,
    });
    expect(dyingSave({ ...input, fortitude: 0 }, dice(20))).toMatchObject({
      total: 20,
      saved: true,
      revived: true,
      hp: 9,
      conDamage: 0,
    });
    expect(dyingSave({ ...input, level: 1, conMod: -3 }, dice(20))).toMatchObject({ revived: true, hp: 1 });
    expect(dyingSave({ ...input, pc: false }, dice(20))).toMatchObject({
      saved: true,
      revived: false,
      hp: null,
    });
  });

  it('no save possible: a failure, the d4 only', () => {
    const roll = dice(4);
    expect(dyingSave({ ...input, canSave: false }, roll)).toMatchObject({
      natural: null,
      total: null,
      saved: false,
      conDamage: 4,
    });
    expect(roll.faces).toEqual([4]);
  });
});
