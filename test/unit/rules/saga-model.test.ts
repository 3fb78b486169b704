/**
 * SAGA_MODEL through the seam (issue #30): it registers, offers only the condition track, stores its
 * health where the glue writes it, and its defenses are the static Reflex, Fortitude and Will.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { models } from '../../../src/rules/index.js';
import { saga } from '../../../src/rules/on-demand.js';
import type { ModelCreature } from '../../../src/rules/models/types.js';

const { SAGA_MODEL } = saga;
afterAll(() => models.unregisterCombatModel('saga'));

const creature: ModelCreature = {
  size: 'small',
  defense: { dexMod: 3, classes: [{ progression: 'good', levels: 1 }], size: 'small' },
  hitPoints: { con: 12, classes: [{ progression: 'good', levels: 1, hitDie: 8 }], size: 'small' },
  saves: { fortitude: 2, reflex: 5, will: -1 },
  statuses: new Set(),
};

describe('SAGA_MODEL', () => {
  it('registers under "saga" with only the condition track on', () => {
    models.registerCombatModel(SAGA_MODEL);
    expect(models.combatModelById('saga')).toBe(SAGA_MODEL);
    const on = models.MODEL_CAPABILITIES.filter((c) => SAGA_MODEL.capabilities[c]);
    expect(on).toEqual(['conditionTrack']);
    expect(SAGA_MODEL.label).toBe('GNG.Model.Saga.label');
    expect(SAGA_MODEL.healthFields).toEqual(['value', 'temp', 'nonlethal', 'conditionStep']);
    expect(SAGA_MODEL.healthPaths).toEqual({ conditionStep: 'model.saga.conditionStep' });
    expect(SAGA_MODEL.reactions()).toEqual([]);
  });

  it('static defenses: Reflex 10 + 1 + 3 + 1 (Small) = 15, Fortitude 12, Will 9', () => {
    const d = SAGA_MODEL.defenses(creature);
    expect(Object.keys(d)).toEqual(['reflex', 'fortitude', 'will']);
    expect(d.reflex).toMatchObject({ kind: 'static', id: 'reflex', value: 15 });
    expect(d.fortitude).toMatchObject({ kind: 'static', value: 12 });
    expect(d.will).toMatchObject({ kind: 'static', value: 9 });
  });

  it('an attack meets Reflex unless its situation names another defense', () => {
    expect(SAGA_MODEL.defenseAgainst({ mode: 'melee', touch: false }, creature)).toMatchObject({
      id: 'reflex',
      value: 15,
    });
    expect(
      SAGA_MODEL.defenseAgainst({ mode: 'melee', touch: false, situation: { defense: 'will' } }, creature),
    ).toMatchObject({ id: 'will', value: 9 });
    expect(
      SAGA_MODEL.defenseAgainst({ mode: 'ranged', touch: false, situation: { cover: 'cover' } }, creature),
    ).toMatchObject({ value: 20 });
  });

  it('max HP by the hit die: d8 + Con 12 (+1) = 9', () => {
    expect(SAGA_MODEL.maxHitPoints(creature).max).toBe(9);
  });

  it('damage and Apply go through its own rules (threshold 12)', () => {
    const dealt = SAGA_MODEL.damage({
      weaponDice: [6],
      weaponBonus: 0,
      protection: 0,
      margin: 3,
      critical: true,
    });
    expect(dealt.final).toBe(12);
    const o = SAGA_MODEL.applyDamage({ value: 20, temp: 0, nonlethal: 0, conditionStep: 0 }, dealt, creature);
    expect(o.after).toEqual({ value: 8, temp: 0, nonlethal: 0, conditionStep: 1 });
  });
});
