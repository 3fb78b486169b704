/**
 * The coup de grace's end on a creature's health (seed 001:80; issue #30): "If the damage dealt
 * bypasses their Fortitude Defense, they die. Regardless of whether it kills them or not, they're
 * brought one step down the condition track. If this would normally make them unconscious, they
 * instead die." Played on a small stand-in of the model (Fortitude Defense 12; its own applyDamage
 * costs one step at 12 or more, as decision A2 reads the threshold), the values worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import type { CombatModel, ModelCreature } from '../../../src/rules/models/types.js';
import { coupDeGraceModel } from '../../../src/rules/models/saga/coup-de-grace.js';

const FORTITUDE = 12;
const base = {
  id: 'saga',
  healthFields: ['value', 'conditionStep'],
  defenses: () => ({ fortitude: { kind: 'static', id: 'fortitude', value: FORTITUDE, parts: [] } }),
  applyDamage: (before: Record<string, number>, damage: { lethal: number; nonlethal: number }) => {
    const value = (before.value ?? 0) - damage.lethal;
    const conditionStep = Math.min(5, (before.conditionStep ?? 0) + (damage.lethal >= FORTITUDE ? 1 : 0));
    return {
      after: { value, conditionStep },
      hpLost: damage.lethal,
      statuses: conditionStep === 5 ? ['unconscious'] : [],
      events: damage.lethal >= FORTITUDE ? ['conditionStep'] : [],
      woundTraumaDC: null,
      conditions: { lethal: 'normal', nonlethal: 'normal' },
    };
  },
} as unknown as CombatModel;
const creature = {} as ModelCreature;
const cdg = coupDeGraceModel(base);

describe('a coup de grace lands', () => {
  it('keeps the model it is built on (its id and health fields)', () => {
    expect(cdg.id).toBe('saga');
    expect(cdg.healthFields).toEqual(['value', 'conditionStep']);
  });

  it('damage at the Fortitude Defense kills', () => {
    const out = cdg.applyDamage({ value: 20, conditionStep: 1 }, { lethal: 12, nonlethal: 0 }, creature);
    expect(out.statuses).toContain('dead');
    expect(out.conditions.lethal).toBe('dead');
    expect(out.after).toEqual({ value: 8, conditionStep: 2 });
    expect(out.events).toEqual(['conditionStep', 'coupDeGrace', 'coupDeGraceDeath']);
  });

  it('less damage: one step down all the same, alive', () => {
    const out = cdg.applyDamage({ value: 20, conditionStep: 1 }, { lethal: 11, nonlethal: 0 }, creature);
    expect(out.after).toEqual({ value: 9, conditionStep: 2 });
    expect(out.statuses).toEqual([]);
    expect(out.conditions.lethal).toBe('normal');
    expect(out.events).toEqual(['coupDeGrace']);
  });

  it('a step that would make it unconscious kills instead', () => {
    const out = cdg.applyDamage({ value: 20, conditionStep: 4 }, { lethal: 3, nonlethal: 0 }, creature);
    expect(out.after.conditionStep).toBe(5);
    expect(out.statuses).toContain('dead');
    expect(out.events).toEqual(['coupDeGrace', 'coupDeGraceDeath']);
  });

  it('nonlethal damage counts toward the Fortitude Defense too ("the damage dealt")', () => {
    const out = cdg.applyDamage({ value: 20, conditionStep: 0 }, { lethal: 0, nonlethal: 12 }, creature);
    expect(out.statuses).toContain('dead');
  });
});
