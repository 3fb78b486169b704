/**
 * The Saga-style condition track (seed 001, issue #30): the steps and the damage threshold are the
 * project's decisions A1, A2 and A5 (docs/rules.md); the coup de grace and ion damage are the text's
 * own (001:80, 001:128). Expected values worked out by hand from those lines.
 */
import { describe, expect, it } from 'vitest';
import {
  CONDITION_TRACK_BOTTOM,
  conditionStep,
  coupDeGraceOutcome,
  ionDamage,
  moveDown,
  recover,
  thresholdSteps,
} from '../../../src/rules/models/saga/condition-track.js';

describe('the condition track (decision A1)', () => {
  it('six steps: 0, −1, −2, −5, −10 (half speed), then unconscious and helpless', () => {
    expect([0, 1, 2, 3, 4, 5].map((s) => conditionStep(s).penalty)).toEqual([0, -1, -2, -5, -10, -10]);
    expect(conditionStep(3).halfSpeed).toBe(false);
    expect(conditionStep(4).halfSpeed).toBe(true);
    expect(conditionStep(4).helpless).toBe(false);
    expect(conditionStep(5).helpless).toBe(true);
    expect(CONDITION_TRACK_BOTTOM).toBe(5);
  });

  it('refuses a step off the track', () => {
    for (const bad of [-1, 6, 1.5, Number.NaN]) expect(() => conditionStep(bad)).toThrow(RangeError);
  });

  it('moving down stops at the bottom', () => {
    expect(moveDown(0, 1)).toBe(1);
    expect(moveDown(4, 2)).toBe(5);
    expect(moveDown(5, 1)).toBe(5);
    expect(() => moveDown(1, -1)).toThrow(RangeError);
  });
});

describe('the damage threshold (decision A2: the Fortitude Defense; 001:128)', () => {
  it('damage at or over the threshold costs a step; under it, none', () => {
    expect(thresholdSteps({ damage: 14, threshold: 15 })).toBe(0);
    expect(thresholdSteps({ damage: 15, threshold: 15 })).toBe(1);
    expect(thresholdSteps({ damage: 30, threshold: 15 })).toBe(1);
  });

  it('ion damage: a mechanical target over the threshold moves two steps; a living one takes half', () => {
    // "take full damage and are moved two steps down the condition track if the damage beats their
    // damage threshold"; "Non-mechanical beings … only take 1/2 damage".
    expect(thresholdSteps({ damage: 20, threshold: 18, ion: true, mechanical: true })).toBe(2);
    expect(thresholdSteps({ damage: 17, threshold: 18, ion: true, mechanical: true })).toBe(0);
    expect(ionDamage(20, true)).toBe(20);
    // 21 halved, rounded down: 10, under a threshold of 18: no step.
    expect(ionDamage(21, false)).toBe(10);
    expect(thresholdSteps({ damage: ionDamage(21, false), threshold: 18, ion: true })).toBe(0);
  });
});

describe('coup de grace (001:80)', () => {
  it('damage at or over the Fortitude Defense ("bypasses", decision A2) kills', () => {
    expect(coupDeGraceOutcome({ damage: 16, fortitudeDefense: 16, step: 0 })).toEqual({
      dead: true,
      step: 0,
    });
  });

  it('otherwise one step down, and a step into unconsciousness kills instead', () => {
    expect(coupDeGraceOutcome({ damage: 9, fortitudeDefense: 16, step: 1 })).toEqual({
      dead: false,
      step: 2,
    });
    // Step 4 → 5 would make it unconscious: "If this would normally make them unconscious, they instead die."
    expect(coupDeGraceOutcome({ damage: 9, fortitudeDefense: 16, step: 4 })).toEqual({ dead: true, step: 5 });
  });
});

describe('recovery (decision A5)', () => {
  it('Recover climbs one step, a night of rest returns to normal', () => {
    expect(recover(3, 'recover')).toBe(2);
    expect(recover(0, 'recover')).toBe(0);
    expect(recover(5, 'rest')).toBe(0);
  });
});
