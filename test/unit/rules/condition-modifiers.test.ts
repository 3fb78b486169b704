import { describe, expect, it } from 'vitest';
import {
  isConditionId,
  attackRollModifiers,
  conditionAbilityPenalty,
  conditionRollModifier,
  expandConditions,
  imposeFatigue,
  runOrChargeBlockers,
  worstFatigue,
} from '../../../src/rules/index.js';

describe('conditionRollModifier (GnG CONDITIONS)', () => {
  it('shaken: −2 on saves, skills and ability checks', () => {
    for (const roll of ['fort', 'ref', 'will', 'ability-check'] as const)
      expect(conditionRollModifier(['shaken'], roll).total).toBe(-2);
    expect(conditionRollModifier(['shaken'], { skill: 'tumble' }).total).toBe(-2);
    expect(conditionRollModifier(['shaken'], 'weapon-damage').total).toBe(0);
  });

  it('fear does not stack: shaken and frightened together give −2 once', () => {
    expect(conditionRollModifier(['shaken', 'frightened'], 'will')).toEqual({
      total: -2,
      parts: [{ condition: 'shaken', value: -2 }],
    });
  });

  it('sickened: −2 to weapon damage and to attack rolls (not printed in the attacker table)', () => {
    expect(conditionRollModifier(['sickened'], 'weapon-damage').total).toBe(-2);
    expect(conditionRollModifier(['sickened'], 'attack').total).toBe(-2);
  });

  it('attack: printed attacker-table conditions are left to attackRollModifiers, so nothing counts twice', () => {
    expect(conditionRollModifier(['dazzled', 'shaken', 'prone'], 'attack').total).toBe(0);
    expect(attackRollModifiers({ mode: 'melee', conditions: ['dazzled', 'shaken', 'prone'] }).total).toBe(-7);
  });

  it('disabled leg: −2 Reflex and leg skills, not Will', () => {
    expect(conditionRollModifier(['disabled-leg'], 'ref').total).toBe(-2);
    expect(conditionRollModifier(['disabled-leg'], 'will').total).toBe(0);
    expect(conditionRollModifier(['disabled-leg'], { skill: 'moveSilently' }).total).toBe(-2);
    expect(conditionRollModifier(['disabled-leg'], { skill: 'heal' }).total).toBe(0);
  });

  it('disabled head: −2 on every roll except damage', () => {
    expect(conditionRollModifier(['disabled-head'], 'initiative').total).toBe(-2);
    expect(conditionRollModifier(['disabled-head'], 'attack').total).toBe(-2);
    expect(conditionRollModifier(['disabled-head'], 'weapon-damage').total).toBe(0);
  });

  it('energy drained: per negative level', () => {
    expect(conditionRollModifier(['energy-drained'], 'fort', { negativeLevels: 3 }).total).toBe(-3);
  });

  it('blinded: −4 on Str- and Dex-based skills and Search', () => {
    expect(conditionRollModifier(['blinded'], { skill: 'climb' }).total).toBe(-4);
    expect(conditionRollModifier(['blinded'], { skill: 'search' }).total).toBe(-4);
    expect(conditionRollModifier(['blinded'], { skill: 'diplomacy' }).total).toBe(0);
  });

  it('unknown conditions throw unless ignored', () => {
    expect(() => conditionRollModifier(['bewitched'], 'will')).toThrow(/unknown condition: bewitched/);
    expect(conditionRollModifier(['bewitched', 'shaken'], 'will', { ignoreUnknown: true }).total).toBe(-2);
    expect(() => conditionRollModifier([], 'luck' as never)).toThrow(RangeError);
  });
});

describe('isConditionId', () => {
  it('knows the conditions of the table and nothing else', () => {
    expect(['stunned', 'pinned', 'fatigued', 'disabled-arm'].every(isConditionId)).toBe(true);
    expect(['injury-moderate', 'dead-ish', '', 'STUNNED'].some(isConditionId)).toBe(false);
  });
});

describe('expandConditions', () => {
  it('suppressed brings prone; dying, stable and dead bring unconscious; others pass through', () => {
    expect([...expandConditions(['suppressed'])].sort()).toEqual(['prone', 'suppressed']);
    expect([...expandConditions(['dying'])].sort()).toEqual(['dying', 'unconscious']);
    // Core rules: a stable character below 0 HP is still unconscious.
    expect([...expandConditions(['stable'])].sort()).toEqual(['stable', 'unconscious']);
    expect([...expandConditions(['dead', 'shaken', 'module-status'])].sort()).toEqual([
      'dead',
      'module-status',
      'shaken',
      'unconscious',
    ]);
  });
});

describe('fatigue and exhaustion (core rules; decisions "fatigue numbers", "fatigue does not stack")', () => {
  it('fatigued: effective −2 Strength and Dexterity; exhausted: −6', () => {
    expect(conditionAbilityPenalty(['fatigued'], 'str')).toEqual({
      total: -2,
      parts: [{ condition: 'fatigued', value: -2 }],
    });
    expect(conditionAbilityPenalty(['fatigued'], 'dex').total).toBe(-2);
    expect(conditionAbilityPenalty(['exhausted'], 'str').total).toBe(-6);
    expect(conditionAbilityPenalty(['exhausted'], 'dex').total).toBe(-6);
    expect(conditionAbilityPenalty(['shaken', 'disabled-leg', 'some-module-status'], 'dex').total).toBe(0);
  });

  it('fatigue does not stack: fatigued and exhausted together are −6, not −8', () => {
    expect(conditionAbilityPenalty(['fatigued', 'exhausted'], 'str')).toEqual({
      total: -6,
      parts: [{ condition: 'exhausted', value: -6 }],
    });
    expect(worstFatigue(['fatigued', 'exhausted'])).toBe('exhausted');
    expect(worstFatigue(['fatigued'])).toBe('fatigued');
    expect(worstFatigue(['shaken'])).toBeNull();
  });

  it('refuses an ability it does not know', () => {
    expect(() => conditionAbilityPenalty(['fatigued'], 'con' as 'str')).toThrow(RangeError);
  });

  it('fatigue and ability checks: no separate penalty (the lower score does it)', () => {
    expect(conditionRollModifier(['exhausted'], 'str-check').total).toBe(0);
    expect(conditionRollModifier(['exhausted'], 'ref').total).toBe(0);
  });

  it('imposeFatigue: exhausted replaces fatigued and a status never gets lighter', () => {
    expect(imposeFatigue([], 'fatigued')).toBe('fatigued');
    expect(imposeFatigue(['fatigued'], 'fatigued')).toBe('fatigued');
    expect(imposeFatigue(['fatigued'], 'exhausted')).toBe('exhausted');
    expect(imposeFatigue(['exhausted'], 'fatigued')).toBe('exhausted');
  });
});

describe('runOrChargeBlockers', () => {
  it('disabled leg, entangled, fatigued and exhausted forbid running and charging; others do not', () => {
    expect(runOrChargeBlockers(['disabled-leg'])).toEqual(['disabled-leg']);
    expect(runOrChargeBlockers(['exhausted', 'fatigued', 'prone'])).toEqual(['exhausted', 'fatigued']);
    expect(runOrChargeBlockers(['entangled'])).toEqual(['entangled']);
    expect(runOrChargeBlockers(['disabled-arm', 'shaken', 'some-module-status'])).toEqual([]);
  });
});
