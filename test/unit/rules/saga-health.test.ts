/**
 * The Saga-style model's health: damage against the threshold (A2; 001:128), nonlethal damage
 * (001:159), HP below 0 (A4, 004:147). The target: Fortitude save 5, so Fortitude Defense and damage
 * threshold 15 (A3). Worked by hand.
 */
import { describe, expect, it } from 'vitest';
import {
  lethalCondition,
  nonlethalCondition,
  nonlethalUnconsciousHours,
  sagaApplyDamage,
  sagaHealthStatus,
  wakeFromNonlethal,
} from '../../../src/rules/models/saga/health.js';
import type { ModelCreature } from '../../../src/rules/models/types.js';

const target = (step = 0): ModelCreature => ({
  size: 'medium',
  defense: { dexMod: 0, classes: [], size: 'medium' },
  hitPoints: { con: 10, classes: [], size: 'medium' },
  saves: { fortitude: 5, reflex: 0, will: 0 },
  statuses: new Set(),
  model: { saga: { conditionStep: step } },
});
const health = (value: number, temp = 0, nonlethal = 0, conditionStep = 0) => ({
  value,
  temp,
  nonlethal,
  conditionStep,
});

describe('damage against the threshold', () => {
  it('15 damage beats the threshold 15: temporary HP first, one step down', () => {
    const o = sagaApplyDamage(health(20, 3), { lethal: 15, nonlethal: 0 }, target());
    expect(o.after).toEqual(health(8, 0, 0, 1));
    expect(o.hpLost).toBe(12);
    expect(o.events).toEqual(['threshold']);
    expect(o.statuses).toEqual([]);
    expect(o.conditions).toEqual({ lethal: 'normal', nonlethal: 'normal' });
  });

  it('14 does not', () => {
    const o = sagaApplyDamage(health(20), { lethal: 14, nonlethal: 0 }, target());
    expect(o.after).toEqual(health(6));
    expect(o.events).toEqual([]);
  });

  it('ion on a mechanical target: two steps', () => {
    const o = sagaApplyDamage(health(30), { lethal: 15, nonlethal: 0 }, target(), {
      ion: true,
      mechanical: true,
    });
    expect(o.after.conditionStep).toBe(2);
    expect(o.events).toEqual(['ionThreshold']);
  });

  it("the step's penalty lowers the threshold: at step 2 it is 13, and 13 costs a step", () => {
    expect(
      sagaApplyDamage(health(30, 0, 0, 2), { lethal: 13, nonlethal: 0 }, target(2)).after.conditionStep,
    ).toBe(3);
  });

  it('Partial Defense (+2 to all defenses, 001:121) raises the threshold to 17: 16 costs no step', () => {
    const situation = { defending: 'partial' };
    expect(
      sagaApplyDamage(health(30), { lethal: 16, nonlethal: 0 }, target(), { situation }).after.conditionStep,
    ).toBe(0);
    expect(
      sagaApplyDamage(health(30), { lethal: 17, nonlethal: 0 }, target(), { situation }).after.conditionStep,
    ).toBe(1);
  });

  it('step 4 → 5: unconscious; the track ends at 5', () => {
    expect(sagaApplyDamage(health(30, 0, 0, 4), { lethal: 20, nonlethal: 0 }, target(4)).statuses).toEqual([
      'unconscious',
    ]);
    expect(
      sagaApplyDamage(health(30, 0, 0, 5), { lethal: 20, nonlethal: 0 }, target(5)).after.conditionStep,
    ).toBe(5);
  });
});

describe('HP at 0 and below (A4: 004:147)', () => {
  it('0 disabled, −1 to −9 dying, −10 dead', () => {
    expect([1, 0, -1, -9, -10, -15].map(lethalCondition)).toEqual([
      'normal',
      'disabled',
      'dying',
      'dying',
      'dead',
      'dead',
    ]);
    expect(sagaApplyDamage(health(5), { lethal: 14, nonlethal: 0 }, target())).toMatchObject({
      after: { value: -9 },
      statuses: ['dying'],
      conditions: { lethal: 'dying' },
    });
    expect(sagaApplyDamage(health(5), { lethal: 15, nonlethal: 0 }, target()).statuses).toEqual(['dead']);
  });
});

describe('nonlethal damage (001:159)', () => {
  it('adds up without taking HP, and knocks out at 0', () => {
    const o = sagaApplyDamage(health(10), { lethal: 0, nonlethal: 10 }, target());
    expect(o.after).toEqual(health(10, 0, 10, 0));
    expect(o.statuses).toEqual(['unconscious']);
    expect(o.conditions.nonlethal).toBe('unconscious');
    expect(nonlethalCondition(10, 9)).toBe('normal');
  });

  it('beats the threshold like any hit: 16 nonlethal costs a step', () => {
    expect(sagaApplyDamage(health(30), { lethal: 0, nonlethal: 16 }, target()).after.conditionStep).toBe(1);
  });

  it('1 hour per point over 0 (at least 1); woken, it counts as at 1 HP', () => {
    expect(nonlethalUnconsciousHours(10, 13)).toBe(3);
    expect(nonlethalUnconsciousHours(10, 10)).toBe(1);
    expect(nonlethalUnconsciousHours(10, 9)).toBe(0);
    expect(wakeFromNonlethal(10, 13)).toBe(9);
    expect(wakeFromNonlethal(10, 5)).toBeNull();
  });
});

describe('the statuses health calls for', () => {
  it('dying, dead, unconscious (nonlethal or step 5)', () => {
    expect(sagaHealthStatus(health(-3))).toEqual(['dying']);
    expect(sagaHealthStatus(health(-10))).toEqual(['dead']);
    expect(sagaHealthStatus(health(12, 0, 0, 5))).toEqual(['unconscious']);
    expect(sagaHealthStatus(health(12, 0, 3, 4))).toEqual([]);
  });
});
