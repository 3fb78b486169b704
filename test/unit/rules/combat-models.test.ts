/**
 * The combat-model seam's engine side (issue #26): GnG's model gives what the engine's own functions
 * give (it only delegates), its health vector follows the text's EFFECTS OF DAMAGE (hand-worked from
 * seed 000), and the registry refuses malformed models.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  damagePipeline,
  defenseBonus,
  models,
  resolveAttack,
  type CombatModel,
  type ModelCreature,
} from '../../../src/rules/index.js';
import { TEST_MODEL } from '../../fixtures/test-combat-model.js';

const { GNG_MODEL } = models;

function creature(overrides: Partial<ModelCreature> = {}): ModelCreature {
  return {
    size: 'medium',
    defense: { dexMod: 2, classes: [{ progression: 'good', levels: 3 }] as never, size: 'medium', shield: 1 },
    hitPoints: { con: 14, classes: [], size: 'medium' },
    saves: { fortitude: 3, reflex: 1, will: 0 },
    statuses: new Set(),
    ...overrides,
  };
}

describe('GnG through the seam: the engine functions, unchanged', () => {
  it('defenseAgainst is defenseBonus with the attack mode, touch and the attack states', () => {
    const c = creature();
    for (const mode of ['melee', 'ranged'] as const)
      for (const touch of [false, true]) {
        const spec = GNG_MODEL.defenseAgainst({ mode, touch, states: ['flat-footed'] }, c);
        const direct = defenseBonus({ ...c.defense, states: ['flat-footed'], attack: mode, touch });
        expect(spec.kind).toBe('rolled');
        if (spec.kind !== 'rolled') continue;
        expect(spec.bonus).toBe(direct.total);
        expect(spec.autoRollOne).toBe(direct.autoRollOne);
        expect(spec.breakdown).toEqual(direct);
      }
  });

  it('the sheet sees a melee and a ranged Defense', () => {
    expect(Object.keys(GNG_MODEL.defenses(creature())).sort()).toEqual(['melee', 'ranged']);
  });

  it('resolve is resolveAttack: RD is the margin, a tie hits (ATTACK ROLL: "equal to or higher")', () => {
    for (const [a, d] of [
      [15, 15],
      [14, 15],
      [22, 11],
    ] as const) {
      const r = GNG_MODEL.resolve(a, d);
      const direct = resolveAttack(a, d);
      expect(r).toEqual({
        hit: direct.hit,
        margin: direct.relativeDegree,
        automatic: null,
        critical: false,
        fumble: false,
      });
    }
    expect(GNG_MODEL.resolve(15, 15)).toMatchObject({ hit: true, margin: 0 });
    expect(GNG_MODEL.resolve(14, 15)).toMatchObject({ hit: false, margin: -1 });
    // GnG's natural 20 and 1 are d10 chains already in the attack total, not a separate result.
    expect(GNG_MODEL.resolve(30, 15, 20)).toMatchObject({ critical: false, fumble: false });
    expect(GNG_MODEL.resolve(2, 15, 1)).toMatchObject({ critical: false, fumble: false, hit: false });
  });

  it('damage is damagePipeline with the margin as RD', () => {
    const input = { weaponDice: [3, 5], weaponBonus: 1, strengthBonus: 2, protection: 4, margin: 3 };
    const { margin, ...rest } = input;
    expect(GNG_MODEL.damage(input)).toEqual(damagePipeline({ ...rest, relativeDegree: margin }));
    // By hand: 3 + 5 + 1 + 2 + RD 3 = 14, − Protection 4 = 10.
    expect(GNG_MODEL.damage(input).final).toBe(10);
  });

  it('max HP: (Con 14 + 0) × 1 for a Medium creature with no classes (HIT POINTS)', () => {
    expect(GNG_MODEL.maxHitPoints(creature()).max).toBe(14);
    const large = creature({ hitPoints: { con: 14, classes: [], size: 'large' } });
    // Large doubles base HP (HIT POINTS size table, seed 000:742 "Large 2"): 14 × 2 = 28.
    expect(GNG_MODEL.maxHitPoints(large).max).toBe(28);
  });
});

describe("GnG's health vector (EFFECTS OF DAMAGE, seed 000:1126–1182)", () => {
  it('temporary HP go first; losing half or more of the current HP is trauma', () => {
    // 20 HP, 3 temporary, 12 lethal: 3 absorbed, 9 lost → 11 HP; 9 × 2 = 18 < 20: no trauma.
    const a = GNG_MODEL.applyDamage(
      { value: 20, temp: 3, nonlethal: 0 },
      { lethal: 12, nonlethal: 0 },
      creature(),
    );
    expect(a.after).toEqual({ value: 11, temp: 0, nonlethal: 0 });
    expect(a.hpLost).toBe(9);
    expect(a.events).not.toContain('trauma');
    // 20 HP, 10 lethal: "one-half or more of your current Hit Points" → trauma.
    const b = GNG_MODEL.applyDamage(
      { value: 20, temp: 0, nonlethal: 0 },
      { lethal: 10, nonlethal: 0 },
      creature(),
    );
    expect(b.events).toContain('trauma');
  });

  it('nonlethal damage never causes trauma, and adds to the nonlethal total', () => {
    const c = GNG_MODEL.applyDamage(
      { value: 10, temp: 0, nonlethal: 0 },
      { lethal: 0, nonlethal: 11 },
      creature(),
      { nonlethalAttack: true },
    );
    expect(c.after).toEqual({ value: 10, temp: 0, nonlethal: 11 });
    expect(c.events).not.toContain('trauma');
    // 11 nonlethal over 10 HP: unconscious (core rules "Nonlethal Damage").
    expect(c.statuses).toEqual(['unconscious']);
  });

  it('dying below 0, dead at −10 for Medium, at −8 for Tiny ("–8 for tiny")', () => {
    const medium = creature();
    expect(GNG_MODEL.healthStatus({ value: 0, temp: 0, nonlethal: 0 }, medium)).toEqual([]);
    expect(GNG_MODEL.healthStatus({ value: -1, temp: 0, nonlethal: 0 }, medium)).toEqual(['dying']);
    expect(GNG_MODEL.healthStatus({ value: -9, temp: 0, nonlethal: 0 }, medium)).toEqual(['dying']);
    expect(GNG_MODEL.healthStatus({ value: -10, temp: 0, nonlethal: 0 }, medium)).toEqual(['dead']);
    const tiny = creature({ size: 'tiny' });
    expect(GNG_MODEL.healthStatus({ value: -8, temp: 0, nonlethal: 0 }, tiny)).toEqual(['dead']);
    const hit = GNG_MODEL.applyDamage(
      { value: 5, temp: 0, nonlethal: 0 },
      { lethal: 13, nonlethal: 0 },
      tiny,
    );
    expect(hit.after.value).toBe(-8);
    expect(hit.statuses).toEqual(['dead']);
  });

  it('Advanced Wound Trauma replaces trauma with a save; the dead owe none', () => {
    const v = { variants: { advancedWoundTrauma: true } };
    const hurt = GNG_MODEL.applyDamage(
      { value: 20, temp: 0, nonlethal: 0 },
      { lethal: 12, nonlethal: 0 },
      creature(),
      v,
    );
    expect(hurt.events).not.toContain('trauma');
    expect(hurt.woundTraumaDC).not.toBeNull();
    const dead = GNG_MODEL.applyDamage(
      { value: 2, temp: 0, nonlethal: 0 },
      { lethal: 20, nonlethal: 0 },
      creature(),
      v,
    );
    expect(dead.statuses).toEqual(['dead']);
    expect(dead.woundTraumaDC).toBeNull();
  });

  it('its reactions are the abort actions', () => {
    expect(GNG_MODEL.reactions().map((r) => r.id)).toEqual([
      'block',
      'diveForCover',
      'maintainFooting',
      'rollWithBlow',
    ]);
  });

  it('its odds and fight load on first use, once', async () => {
    const a = await GNG_MODEL.analysis();
    expect(await GNG_MODEL.analysis()).toBe(a);
    expect(typeof a.odds).toBe('function');
    expect(typeof a.fight).toBe('function');
  });
});

describe('the registry', () => {
  afterEach(() => models.unregisterCombatModel(TEST_MODEL.id));

  it('holds GnG, the default, and a registered model until it is removed', () => {
    expect(models.DEFAULT_COMBAT_MODEL).toBe('gng');
    expect(models.combatModelById('gng')).toBe(GNG_MODEL);
    expect(models.combatModelById('test-static')).toBeNull();
    models.registerCombatModel(TEST_MODEL);
    expect(models.combatModelById('test-static')).toBe(TEST_MODEL);
    expect(models.combatModelIds()).toEqual(['gng', 'test-static']);
    models.unregisterCombatModel('test-static');
    expect(models.combatModelById('test-static')).toBeNull();
    models.unregisterCombatModel('gng');
    expect(models.combatModelById('gng')).toBe(GNG_MODEL);
  });

  it('answers null, not a throw, for ids that are not strings', () => {
    for (const id of [null, undefined, 7, {}, ['gng']]) expect(models.combatModelById(id)).toBeNull();
  });

  it('refuses malformed models and never replaces GnG', () => {
    const bad = (patch: Record<string, unknown>) => ({ ...TEST_MODEL, ...patch }) as unknown as CombatModel;
    expect(() => models.registerCombatModel(bad({ id: 'Bad Id' }))).toThrow(/lowercase slug/);
    expect(() => models.registerCombatModel(bad({ id: 'gng' }))).toThrow(/cannot be replaced/);
    const capabilities = { ...TEST_MODEL.capabilities } as Record<string, unknown>;
    delete capabilities.aborts;
    expect(() => models.registerCombatModel(bad({ capabilities }))).toThrow(/aborts/);
    expect(() => models.registerCombatModel(bad({ resolve: undefined }))).toThrow(/resolve/);
    expect(() => models.registerCombatModel(null as unknown as CombatModel)).toThrow();
    expect(models.combatModelById('test-static')).toBeNull();
  });

  it("capabilities: GnG offers rolled Defense and aborts, not the later models' tracks", () => {
    expect(models.hasCapability(GNG_MODEL, 'rolledDefense')).toBe(true);
    expect(models.hasCapability(GNG_MODEL, 'aborts')).toBe(true);
    for (const c of ['conditionTrack', 'timeCount', 'fatigue', 'tokens'] as const)
      expect(models.hasCapability(GNG_MODEL, c)).toBe(false);
    for (const c of models.MODEL_CAPABILITIES) expect(models.hasCapability(TEST_MODEL, c)).toBe(false);
  });
});
