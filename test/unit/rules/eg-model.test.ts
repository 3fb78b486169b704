/**
 * EG_MODEL, the Enlightened Grognard behind the combat-model seam (issue #31): its fixed points (id,
 * capabilities, health fields and paths) and that its methods are the engine's.
 */
import { describe, expect, it } from 'vitest';
import { EG_MODEL } from '../../../src/rules/models/eg/model.js';
import * as eg from '../../../src/rules/models/eg/index.js';
import { MODEL_CAPABILITIES, type ModelCreature } from '../../../src/rules/models/types.js';

const creature: ModelCreature = {
  size: 'medium',
  defense: { dexMod: 1, classes: [{ progression: 'average', levels: 2 }], size: 'medium' },
  hitPoints: { con: 12, classes: [{ progression: 'average', levels: 2, hitDie: 8 }], size: 'medium' },
  saves: { fortitude: 4, reflex: 1, will: 0 },
  statuses: new Set(),
};

describe('EG_MODEL', () => {
  it("is 'eg' with every capability off but tokens", () => {
    expect(EG_MODEL.id).toBe('eg');
    expect(EG_MODEL.label).toBe('GNG.Model.EG.label');
    const on = MODEL_CAPABILITIES.filter((c) => EG_MODEL.capabilities[c]);
    expect(on).toEqual(['tokens']);
    expect(EG_MODEL.reactions()).toEqual([]);
  });

  it('health fields and where the model stores its own', () => {
    expect(EG_MODEL.healthFields).toEqual(['value', 'temp', 'nonlethal', 'conDamage', 'bloodied']);
    expect(EG_MODEL.healthPaths).toEqual({
      conDamage: 'abilities.con.damage',
      bloodied: 'model.eg.bloodied',
    });
  });

  it('four static defenses; AC unless the attack names another', () => {
    const d = EG_MODEL.defenses(creature);
    expect(Object.keys(d)).toEqual(['ac', 'fortitude', 'reflex', 'will']);
    // AC: 10 + class (GnG average at 2: 1, 000:399) + Dex 1 = 12. Fortitude: 10 + Con 1 + (save 4 − 1) = 14.
    expect(d.ac).toMatchObject({ kind: 'static', id: 'ac', value: 12 });
    expect(d.fortitude).toMatchObject({ kind: 'static', id: 'fortitude', value: 14 });
    expect(EG_MODEL.defenseAgainst({ mode: 'melee', touch: false }, creature).id).toBe('ac');
    const fort = EG_MODEL.defenseAgainst(
      { mode: 'melee', touch: false, situation: { defense: 'fortitude' } },
      creature,
    );
    expect(fort).toMatchObject({ id: 'fortitude', value: 14 });
  });

  it('max HP (d8: 8 + 5 + 2 × 1 = 15), resolve, damage and health through the seam', () => {
    expect(EG_MODEL.maxHitPoints(creature).max).toBe(15);
    expect(EG_MODEL.resolve(5, 30, 20)).toMatchObject({ hit: true, critical: true });
    expect(EG_MODEL.damage({ weaponDice: [2], protection: 0, margin: 0, strengthBonus: -5 }).final).toBe(1);
    // 15 → 7: 14 < 15, bloodied: 1 Constitution damage.
    const out = EG_MODEL.applyDamage(
      { value: 15, temp: 0, nonlethal: 0, conDamage: 0, bloodied: 0 },
      { lethal: 8, nonlethal: 0 },
      creature,
    );
    expect(out.after).toEqual({ value: 7, temp: 0, nonlethal: 0, conDamage: 1, bloodied: 1 });
    expect(EG_MODEL.healthStatus({ value: -1, conDamage: 1 }, creature)).toEqual(['dying', 'unconscious']);
  });

  it('game.gng.rules.eg exports the model and its engine', () => {
    expect(eg.EG_MODEL).toBe(EG_MODEL);
    expect(typeof eg.egDefenses).toBe('function');
    expect(typeof eg.egBabs).toBe('function');
    expect(typeof eg.egApplyDamage).toBe('function');
  });
});
