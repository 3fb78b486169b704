/**
 * The Enlightened Grognard's four defenses and six BABs (seed 003; docs/rules.md "Defenses, attacks and
 * health"). Expected values worked out by hand:
 * - Kara, fighter 3 (d20 data, no EG rates: good BAB, good Defense progression, good Fortitude, poor
 *   Reflex and Will), Str 16 (+3), Dex 14 (+2), Con 14 (+2), Wis 12 (+1), chain shirt (light, +4,
 *   check penalty −2), small shield +1, a dodge +1, a +1 on Fortitude saves, Medium:
 *   AC 10 + 4 + 1 + 3 (GnG good Defense at 3, 000:399) + 2 + 0 + 1 = 21;
 *   Fortitude 10 + 2 + 3 (good base save 2 + ⌊3/2⌋) + 0 + 1 = 16;
 *   Reflex 10 + 2 + 1 (poor ⌊3/3⌋) − 2 + 0 + 1 (dodge) = 12; Will 10 + 1 + 1 = 12.
 * - Large: AC and Reflex −1 (003:167), Fortitude +2 (the size table's column, 003:1279): 20, 18, 11, 12.
 * - Q'narra (003:194–199): rogue 3 at Dexterity 1 a level, monk 2 at Dexterity ½ a level, Dex 15 (+2):
 *   Dexterity BAB 3 + ⌊2 × ½⌋ = 4, Dexterity attack +6.
 */
import { describe, expect, it } from 'vitest';
import {
  acDexterity,
  armorClass,
  egDefenseAgainst,
  egDefenses,
  egSituation,
  fortitudeDefense,
  FORTITUDE_SIZE_MODIFIER,
} from '../../../src/rules/models/eg/defenses.js';
import { egAttackBonus, egBabs } from '../../../src/rules/models/eg/attack-bonus.js';
import { classModifiersOf } from '../../../src/rules/models/eg/class-modifiers.js';
import { parseClassRates } from '../../../src/rules/models/eg/rates.js';
import { egSizeRow } from '../../../src/rules/models/eg/size-table.js';
import { rateEntries } from '../../../src/rules/models/eg/rates-text.js';
import type { ModelClass, ModelCreature } from '../../../src/rules/models/types.js';

const ability = (score: number) => ({ score, damage: 0, mod: Math.floor(score / 2) - 5 });

const FIGHTER: ModelClass = {
  levels: 3,
  bab: 'good',
  defense: 'good',
  saves: { fort: 'good', ref: 'poor', will: 'poor' },
};

function kara(over: Partial<ModelCreature> = {}): ModelCreature {
  return {
    size: 'medium',
    defense: {
      dexMod: 2,
      classes: [{ progression: 'good', levels: 3 }],
      size: 'medium',
      shield: 1,
      armorCheckPenalty: -2,
      modifiers: { dodge: 1 },
    },
    hitPoints: { con: 14, classes: [{ progression: 'good', levels: 3, hitDie: 10 }], size: 'medium' },
    // Fortitude 3 + 2 + 1 (a +1 bonus), Reflex 1 + 2, Will 1 + 1.
    saves: { fortitude: 6, reflex: 3, will: 2 },
    statuses: new Set(),
    armor: 4,
    abilities: {
      str: ability(16),
      dex: ability(14),
      con: ability(14),
      int: ability(10),
      wis: ability(12),
      cha: ability(8),
    },
    classes: [FIGHTER],
    armorType: 'light',
    ...over,
  };
}

const parts = (d: { parts: { label: string; value: number }[] }) =>
  d.parts.map((p) => [p.label.replace('GNG.Model.EG.Defense.Part.', ''), p.value]);

describe('the four defenses (003:236–302)', () => {
  it('Kara: AC 21, Fortitude 16, Reflex 12, Will 12, with their parts', () => {
    const d = egDefenses(kara());
    expect([d.ac.value, d.fortitude.value, d.reflex.value, d.will.value]).toEqual([21, 16, 12, 12]);
    expect(parts(d.ac)).toEqual([
      ['base', 10],
      ['armor', 4],
      ['shield', 1],
      ['class', 3],
      ['dexterity', 2],
      ['modifiers', 1],
    ]);
    expect(parts(d.fortitude)).toEqual([
      ['base', 10],
      ['constitution', 2],
      ['class', 3],
      ['save', 1],
    ]);
    expect(parts(d.reflex)).toEqual([
      ['base', 10],
      ['dexterity', 2],
      ['class', 1],
      ['armorCheck', -2],
      ['modifiers', 1],
    ]);
  });

  it('size: AC and Reflex take the size modifier, Fortitude the size table column (003:1279, 1286)', () => {
    const d = egDefenses(kara({ size: 'large' }));
    expect([d.ac.value, d.fortitude.value, d.reflex.value, d.will.value]).toEqual([20, 18, 11, 12]);
    expect(FORTITUDE_SIZE_MODIFIER.fine).toBe(-16);
    expect(FORTITUDE_SIZE_MODIFIER.colossal).toBe(16);
  });

  it('the size table (003:1269–1285), reach in feet (A8)', () => {
    expect(egSizeRow('large')).toEqual({
      modifier: -1,
      fortitude: 2,
      stealth: -4,
      athletics: 4,
      space: 10,
      reachTall: 10,
      reachLong: 5,
    });
    expect(egSizeRow('tiny')).toMatchObject({ modifier: 2, fortitude: -4, space: 2.5, reachTall: 0 });
    expect(egSizeRow('colossal')).toMatchObject({ stealth: -16, athletics: 16, reachLong: 20 });
    expect(() => egSizeRow('enormous' as never)).toThrow(RangeError);
  });

  it('Dexterity on AC: half a bonus in medium armor (rounded down, A6), none in heavy, a penalty always', () => {
    expect(acDexterity(3, 'medium')).toBe(1);
    expect(acDexterity(3, 'heavy')).toBe(0);
    expect(acDexterity(3, 'light')).toBe(3);
    expect(acDexterity(-1, 'heavy')).toBe(-1);
    expect(acDexterity(-1, 'medium')).toBe(-1);
    // Kara in medium armor: AC 21 − 2 + 1 = 20; her Reflex keeps the whole Dexterity.
    const medium = egDefenses(kara({ armorType: 'medium' }));
    expect(medium.ac.value).toBe(20);
    expect(medium.reflex.value).toBe(12);
  });

  it('no flat-footed (003:14): a flat-footed or helpless status takes nothing away', () => {
    const d = egDefenses(kara({ statuses: new Set(['flat-footed', 'helpless']) }));
    expect(d.ac.value).toBe(21);
  });

  it('the defense an attack meets: AC, Reflex for a touch attack (003:19), or the one it names, with tokens', () => {
    expect(egDefenseAgainst({ mode: 'melee', touch: false }, kara()).id).toBe('ac');
    expect(egDefenseAgainst({ mode: 'melee', touch: true }, kara()).id).toBe('reflex');
    const will = egDefenseAgainst(
      { mode: 'ranged', touch: false, situation: { defense: 'will', defenseTokens: 3 } },
      kara(),
    );
    expect([will.id, will.value]).toEqual(['will', 15]);
    expect(armorClass(kara(), egSituation({ defenseTokens: 2 })).value).toBe(23);
  });

  it('a bad situation is refused with its field named', () => {
    expect(() => egSituation({ defense: 'touch' })).toThrow(/defense/);
    expect(() => egSituation({ defenseTokens: -1 })).toThrow(/defense tokens/);
  });

  it('without the classes and abilities: GnG class Defense on AC, the saves whole', () => {
    const bare = kara({ classes: undefined, abilities: undefined });
    // Fortitude 10 + Con 2 (from the score 14) + the save 6 − 2 = 16; Will 10 + 0 + 2 = 12.
    expect(fortitudeDefense(bare).value).toBe(16);
    expect(egDefenses(bare).will.value).toBe(12);
    expect(egDefenses(bare).ac.value).toBe(21);
  });
});

describe('class rates and the six BABs (003:190–199, A7)', () => {
  const rogue: ModelClass = { ...FIGHTER, levels: 3, egRates: 'dex 1' };
  const monk: ModelClass = { ...FIGHTER, levels: 2, egRates: 'dex 1/2, ac 2/3' };

  it("Q'narra: Dexterity BAB 3 + ⌊2 × ½⌋ = 4, Dexterity attack +6", () => {
    const qnarra = kara({
      classes: [rogue, monk],
      abilities: { ...kara().abilities!, dex: ability(15) },
    });
    const babs = egBabs(qnarra);
    expect(babs.dex).toBe(4);
    // Her classes name Dexterity only: the other BABs are 0.
    expect(babs.str).toBe(0);
    const attack = egAttackBonus(qnarra, { ability: 'dex' });
    expect(attack.total).toBe(6);
    expect(attack.parts.map((p) => [p.label.split('.').pop(), p.value])).toEqual([
      ['bab', 4],
      ['ability', 2],
    ]);
    // The monk's AC +⅔ a level: ⌊4/3⌋ = 1; the rogue names no defense, so keeps its GnG Defense (good 3).
    expect(classModifiersOf([rogue, monk]).defense.ac).toBe(3 + 1);
  });

  it('fractions are summed exactly and floored once (A7): ½ + ½ = 1, not 0 + 0', () => {
    const a: ModelClass = { ...FIGHTER, levels: 1, egRates: 'str 1/2' };
    const b: ModelClass = { ...FIGHTER, levels: 1, egRates: 'str 1/2' };
    expect(classModifiersOf([a, b]).bab.str).toBe(1);
    // A default average BAB (¾) over two classes of 1 level: ⌊¾ + ¾⌋ = 1 (per class, d20: 0 + 0).
    const avg: ModelClass = { ...FIGHTER, levels: 1, bab: 'average' };
    expect(classModifiersOf([avg, avg]).bab.wis).toBe(1);
  });

  it("a class without rates: its d20 BAB for each of the six (Kara's good BAB: 3)", () => {
    const babs = egBabs(kara());
    expect(Object.values(babs)).toEqual([3, 3, 3, 3, 3, 3]);
    // Strength attack: 3 + 3 + 0 + 2 tokens + 1 other = 9; Large: −1.
    expect(egAttackBonus(kara(), { ability: 'str', tokens: 2, other: 1 }).total).toBe(9);
    expect(egAttackBonus(kara({ size: 'large' }), { ability: 'str' }).total).toBe(5);
  });

  it('rates text: bad entries are refused', () => {
    expect(parseClassRates('dex 1, con 1/2; will 1/3')).toEqual({
      bab: { dex: { n: 1, d: 1 }, con: { n: 1, d: 2 } },
      defense: { will: { n: 1, d: 3 } },
    });
    expect(parseClassRates('  ')).toEqual({ bab: {}, defense: {} });
    for (const bad of [
      'luck 1',
      'dex 1, dex 1/2',
      'dex 1/0',
      'dex',
      'dex -1',
      'dex 13',
      'dex 1/13',
      'dex 1 2',
    ]) {
      expect(() => parseClassRates(bad), bad).toThrow(RangeError);
      expect(rateEntries(bad), bad).toBeNull();
    }
    expect(rateEntries('Dex 12/12; WILL 2')).toEqual([
      { id: 'dex', n: 12, d: 12 },
      { id: 'will', n: 2, d: 1 },
    ]);
  });
});
