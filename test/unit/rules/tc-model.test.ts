/**
 * TC_MODEL, the Time Count and Threshold of Pain model behind the combat-model seam (issue #32, lane
 * core): its fixed points, the five defenses (R1) and Passive in place of Primary (R2), the d20
 * against them (R3, R11, R12, R17), and max HP. Expected values worked by hand from seed 002.
 */
import { describe, expect, it } from 'vitest';
import { TC_MODEL } from '../../../src/rules/models/tc/model.js';
import * as tc from '../../../src/rules/models/tc/index.js';
import * as onDemand from '../../../src/rules/on-demand.js';
import {
  MODEL_CAPABILITIES,
  type ModelAbility,
  type ModelCreature,
} from '../../../src/rules/models/types.js';

const ab = (mod: number): ModelAbility => ({ score: 10 + 2 * mod, damage: 0, mod });

/**
 * A fighter: Str +1, Dex +2, Con +2, Wis +1; chain shirt (armor 4) and a buckler (shield 1); Fortitude
 * 1, Agility 3, Willpower 2, Persona 2; 3 levels of a d8 class.
 */
function fighter(tcFields: Record<string, unknown> = {}, more: Partial<ModelCreature> = {}): ModelCreature {
  return {
    size: 'medium',
    defense: { dexMod: 2, classes: [{ progression: 'average', levels: 3 }], size: 'medium', shield: 1 },
    hitPoints: { con: 14, classes: [{ progression: 'average', levels: 3, hitDie: 8 }], size: 'medium' },
    saves: { fortitude: 3, reflex: 3, will: 2 },
    statuses: new Set(),
    armor: 4,
    abilities: { str: ab(1), dex: ab(2), con: ab(2), int: ab(0), wis: ab(1), cha: ab(0) },
    model: {
      tc: {
        attributes: { fortitude: 1, agility: 3, willpower: 2, persona: 2, power: 1, accuracy: 0, topBase: 3 },
        ...tcFields,
      },
    } as unknown as ModelCreature['model'],
    ...more,
  };
}

const melee = { mode: 'melee' as const, touch: false };

describe('TC_MODEL', () => {
  it("is 'tc' with only timeCount and fatigue on, counts of ½ s, no reactions", () => {
    expect(TC_MODEL.id).toBe('tc');
    expect(TC_MODEL.label).toBe('GNG.Model.TC.label');
    expect(MODEL_CAPABILITIES.filter((c) => TC_MODEL.capabilities[c])).toEqual(['timeCount', 'fatigue']);
    expect(TC_MODEL.turns).toEqual({ kind: 'time-count', secondsPerUnit: 0.5 });
    expect(TC_MODEL.reactions()).toEqual([]);
  });

  it('health fields and where the model stores its own', () => {
    expect(TC_MODEL.healthFields).toEqual([
      'value',
      'temp',
      'fatigue',
      'invigoration',
      'topLost',
      'impB',
      'impP',
      'impS',
      'paralysis',
      'petrification',
    ]);
    expect(TC_MODEL.healthPaths).toEqual({
      fatigue: 'model.tc.fatigue',
      invigoration: 'model.tc.invigoration',
      topLost: 'model.tc.topLost',
      impB: 'model.tc.impairments.bludgeoning',
      impP: 'model.tc.impairments.piercing',
      impS: 'model.tc.impairments.slashing',
      paralysis: 'model.tc.paralysis',
      petrification: 'model.tc.petrification',
    });
  });

  it('five static defenses (002:116–136)', () => {
    const d = TC_MODEL.defenses(fighter());
    expect(Object.keys(d)).toEqual(['primary', 'passive', 'vigor', 'celerity', 'spirit']);
    // Primary 10 + armor 4 + shield 1 + size 0 + Agility 3 (the highest of 1, 3, 2) = 18.
    expect(d.primary).toMatchObject({ kind: 'static', id: 'primary', value: 18 });
    // Passive 10 + armor 4 + size 0 = 14 (no shield).
    expect(d.passive).toMatchObject({ value: 14 });
    // Vigor 10 + Con 2 + Fortitude 1 = 13; Celerity 10 + Dex 2 + Agility 3 = 15; Spirit 10 + Wis 1 + Willpower 2 = 13.
    expect(d.vigor).toMatchObject({ value: 13 });
    expect(d.celerity).toMatchObject({ value: 15 });
    expect(d.spirit).toMatchObject({ value: 13 });
    const primary = d.primary as { parts: { label: string; value: number }[] };
    expect(primary.parts.map((p) => [p.label.split('.').pop(), p.value])).toEqual([
      ['base', 10],
      ['armor', 4],
      ['shield', 1],
      ['agility', 3],
    ]);
  });

  it('a Small defender adds +1 to Primary and Passive (002:15)', () => {
    const d = tc.tcDefenses(fighter({}, { size: 'small' }));
    expect(d.primary.value).toBe(19);
    expect(d.passive.value).toBe(15);
  });

  it('impairments lower the attributes: two slashing leave Agility 1, so Willpower 2 is the best (002:84–90)', () => {
    const d = tc.tcDefenses(fighter({ impairments: { slashing: 2 } }));
    expect(d.primary.value).toBe(17);
    expect(d.celerity.value).toBe(13);
  });

  it('Primary, or Passive when surprised, unsteady, immobile, casting, or meleed without a melee weapon (R2)', () => {
    const c = fighter();
    expect(TC_MODEL.defenseAgainst(melee, c)).toMatchObject({ id: 'primary', value: 18 });
    for (const flag of ['surprised', 'unsteady', 'immobile', 'noMeleeWeapon', 'unarmedUntrained']) {
      const choice = tc.tcDefenseChoice({ ...melee, situation: { [flag]: true } }, c);
      expect(choice.defense).toMatchObject({ id: 'passive', value: 14 });
      expect(choice.reasons).toEqual([flag]);
    }
    // Without a melee weapon, a ranged attack still meets Primary (002:120 "targeted in melee").
    const ranged = { mode: 'ranged' as const, touch: false, situation: { noMeleeWeapon: true } };
    expect(TC_MODEL.defenseAgainst(ranged, c).id).toBe('primary');
    // A flat-footed state is surprise; an unconscious defender is immobile; the casting stance (002:636).
    expect(tc.tcDefenseChoice({ ...melee, states: ['flat-footed'] }, c).reasons).toEqual(['surprised']);
    const out = fighter({}, { statuses: new Set(['unconscious']) });
    expect(tc.tcDefenseChoice(melee, out).reasons).toEqual(['immobile']);
    expect(tc.tcDefenseChoice(melee, fighter({ stance: 'casting' })).reasons).toEqual(['casting']);
  });

  it('an attack that names a defense meets it; a touch attack Celerity (002:131)', () => {
    const c = fighter();
    expect(TC_MODEL.defenseAgainst({ ...melee, situation: { defense: 'spirit' } }, c)).toMatchObject({
      id: 'spirit',
      value: 13,
    });
    expect(TC_MODEL.defenseAgainst({ mode: 'ranged', touch: true }, c)).toMatchObject({
      id: 'celerity',
      value: 15,
    });
    // Vigor stays Vigor when surprised (Passive replaces Primary only).
    const vigor = { ...melee, situation: { defense: 'vigor', surprised: true } };
    expect(TC_MODEL.defenseAgainst(vigor, c).id).toBe('vigor');
    // A stance's modifier the caller worked out: +2 to Primary.
    expect(TC_MODEL.defenseAgainst({ ...melee, situation: { modifier: 2 } }, c)).toMatchObject({ value: 20 });
    expect(() => TC_MODEL.defenseAgainst({ ...melee, situation: { defense: 'ac' } }, c)).toThrow(RangeError);
    expect(() => TC_MODEL.defenseAgainst({ ...melee, situation: { surprised: 'yes' } }, c)).toThrow(
      RangeError,
    );
  });

  it('resolve: hit on ≥; natural 1 a fumble; natural 20 hits, a critical only with a margin of 1 (R3, R11, R12)', () => {
    expect(TC_MODEL.resolve(15, 15, 10)).toMatchObject({ hit: true, margin: 0, critical: false });
    expect(TC_MODEL.resolve(14, 15, 10)).toMatchObject({ hit: false, margin: -1 });
    expect(TC_MODEL.resolve(30, 10, 1)).toMatchObject({ hit: false, automatic: 'miss', fumble: true });
    // Natural 20 against a defense it does not reach: a hit, no critical.
    expect(TC_MODEL.resolve(25, 30, 20)).toMatchObject({ hit: true, automatic: 'hit', critical: false });
    // Natural 20 equal to the defense: no critical (002:62 "at least 1 point greater").
    expect(TC_MODEL.resolve(20, 20, 20)).toMatchObject({ hit: true, critical: false });
    expect(TC_MODEL.resolve(21, 20, 20)).toMatchObject({ hit: true, critical: true });
    // Precise: 19 or 20 (002:62); a 19 is no automatic hit.
    expect(tc.resolveTc(22, 20, 19, { precise: true })).toMatchObject({ critical: true, automatic: null });
    expect(tc.resolveTc(22, 20, 19)).toMatchObject({ hit: true, critical: false });
    expect(tc.resolveTc(18, 20, 19, { precise: true })).toMatchObject({ hit: false, critical: false });
    // Spells (002:670): a 1 misses, a 20 hits, neither a fumble nor a critical unless the spell says so.
    expect(tc.resolveTc(30, 10, 1, { spell: true })).toMatchObject({ hit: false, fumble: false });
    expect(tc.resolveTc(30, 10, 20, { spell: true })).toMatchObject({ hit: true, critical: false });
    expect(tc.resolveTc(30, 10, 20, { spell: true, spellCriticals: true })).toMatchObject({ critical: true });
    expect(() => TC_MODEL.resolve(10, 10, 21)).toThrow(RangeError);
  });

  it('max HP: d8 at 3 levels, Con 14: 8 + 5 + 5 + 3 × 2 = 24 (decision: the hit-die HP of Saga A15)', () => {
    const hp = TC_MODEL.maxHitPoints(fighter());
    expect(hp.max).toBe(24);
    expect(hp.parts.every((p) => p.label.startsWith('GNG.Model.TC.Health.Hp.'))).toBe(true);
  });

  it('analysis() loads once; +5 against 15 hits on naturals 10–20 (11/20, 002:7, 49)', async () => {
    const a = await TC_MODEL.analysis();
    expect(await TC_MODEL.analysis()).toBe(a);
    const health = { value: 20, temp: 0, fatigue: 0, invigoration: 0, topLost: 0 };
    const odds = a.odds({
      attack: { bonus: 5 },
      defense: { bonus: 15 },
      damage: { weaponDice: { count: 1, faces: 8 }, weaponBonus: 0, protection: 0 },
      target: { hp: { value: 20, max: 20 }, size: 'medium' },
      model: { health, creature: fighter() },
    });
    expect(odds.hit.hit).toBeCloseTo(0.55, 12);
    expect(typeof a.fight).toBe('function');
  });

  it('game.gng.rules.tc exports the model and its engine', () => {
    expect(onDemand.tc.TC_MODEL).toBe(TC_MODEL);
    expect(tc.TC_MODEL).toBe(TC_MODEL);
    expect(typeof tc.tcApplyDamage).toBe('function');
    expect(typeof tc.tcThreshold).toBe('function');
  });
});
