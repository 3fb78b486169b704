import { describe, expect, it } from 'vitest';
import { attackRollModifiers, conditionRollModifier, expandConditions } from '../../../src/rules/index.js';

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

describe('expandConditions', () => {
  it('suppressed brings prone; dying and dead bring unconscious; others pass through', () => {
    expect([...expandConditions(['suppressed'])].sort()).toEqual(['prone', 'suppressed']);
    expect([...expandConditions(['dying'])].sort()).toEqual(['dying', 'unconscious']);
    expect([...expandConditions(['dead', 'shaken', 'module-status'])].sort()).toEqual([
      'dead',
      'module-status',
      'shaken',
      'unconscious',
    ]);
  });
});
