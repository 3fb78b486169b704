/**
 * Issue #19 "Done when": every record of the SRD monster file (696) converts without throwing, and
 * every creature's HP, Defense and Protection fall within the text's rules — checked here by an
 * independent route (the text's tables restated from the text as closed forms, the AC line summed
 * part by part), never by calling the engine's HP/Defense code again. Plus the parsers' unit cases.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SrdMonsterRecord } from '../../src/rules/index.js';
import { convertMonster, parseAttackLine } from '../../src/rules/on-demand.js';
import { SRD_ARMOR } from '../../src/rules/bestiary/armor-table.js';
import { weaponDamageTypes } from '../../src/rules/bestiary/attacks.js';
import { convertQualities } from '../../src/rules/bestiary/qualities.js';

const read = (path: string): unknown => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const { monsters } = read('../../data/srd35/monsters.json') as { monsters: SrdMonsterRecord[] };

// The text's tables, restated from the text (GnG v4.0, HIT POINTS / DEFENSE).
const SIZE_ORDER = [
  'fine',
  'diminutive',
  'tiny',
  'small',
  'medium',
  'large',
  'huge',
  'gargantuan',
  'colossal',
];
/** "Table: Size Multiplier": each step doubles, Medium ×1. */
const multiplier = (size: string): number => 2 ** (SIZE_ORDER.indexOf(size) - 4);
/** "Table: Size Modifiers": Fine +8 … Colossal −8. */
const SIZE_MOD: Record<string, number> = {
  fine: 8,
  diminutive: 4,
  tiny: 2,
  small: 1,
  medium: 0,
  large: -1,
  huge: -2,
  gargantuan: -4,
  colossal: -8,
};
/** Progression tables as closed forms: good = level, average = ⌊¾ level⌋, poor = ⌊½ level⌋ (19th: +10 as printed). */
function progression(kind: string, level: number): number {
  const l = Math.min(level, 20);
  if (kind === 'good') return l;
  if (kind === 'average') return Math.floor((3 * l) / 4);
  return l === 19 ? 10 : Math.floor(l / 2);
}
const epicHp = (level: number): number => Math.max(0, Math.floor((level - 20) / 2));
const epicDefense = (level: number): number => Math.max(0, Math.ceil((level - 20) / 2));
const HP_BY_TYPE: Record<string, string> = {
  Dragon: 'good',
  'Magical Beast': 'good',
  Construct: 'good',
  Ooze: 'good',
  Undead: 'good',
  Fey: 'poor',
};
const DEF_BY_TYPE: Record<string, string> = {
  Dragon: 'good',
  Fey: 'good',
  'Magical Beast': 'good',
  'Monstrous Humanoid': 'good',
  Outsider: 'good',
  Construct: 'poor',
  Ooze: 'poor',
  Plant: 'poor',
  Undead: 'poor',
};
const mod = (score: number | null): number => (score === null ? 0 : Math.floor((score - 10) / 2));
function toughness(feats: string | null): number {
  let n = 0;
  for (const m of (feats ?? '').matchAll(/(?:^|,\s*)Toughness(?:\s*\(×?(\d+)\))?/g))
    n += m[1] ? Number(m[1]) : 1;
  return n;
}
const DEFENSE_LABEL = /^(deflection|ring|insight|dodge|haste|luck|sacred|profane)\b/i;
/** GnG DODGE: "You gain a +1 dodge bonus to Defense", once per "Dodge" in the feat lines (issue #28). */
function dodgeFeats(record: SrdMonsterRecord): number {
  return [record.feats, record.epic_feats ?? null]
    .flatMap((line) => (line ?? '').split(/,\s*/))
    .filter((f) => f.trim() === 'Dodge').length;
}

describe('bestiary: every SRD record converts (issue #19)', () => {
  const converted = monsters.map((m) => ({ record: m, creature: convertMonster(m) }));

  it('converts all 696 records without throwing', () => {
    expect(monsters).toHaveLength(696);
    expect(converted).toHaveLength(696);
  });

  it('HP: at least 1, and exactly the text formula for creatures with only racial HD', () => {
    let exact = 0;
    for (const { record, creature } of converted) {
      expect(creature.hp.max, record.name).toBeGreaterThanOrEqual(1);
      const level = record.hd !== null && record.hd >= 1 ? Math.floor(record.hd) : 0;
      const base = (record.abilities.con ?? 20) + 3 * toughness(record.feats);
      const swarm = record.subtypes.includes('Swarm');
      const size = swarm && record.space === '10 ft.' ? 'large' : record.size.toLowerCase();
      // Any mix of classes: the class bonus lies between nothing and a good progression all along.
      const lo = Math.max(1, Math.floor(base * multiplier(size)));
      const hi = Math.max(1, Math.floor((base + Math.min(level, 20) + epicHp(level)) * multiplier(size)));
      expect(creature.hp.max, record.name).toBeGreaterThanOrEqual(lo);
      expect(creature.hp.max, record.name).toBeLessThanOrEqual(hi);
      if (/\d(st|nd|rd|th)-Level/.test(record.name) || record.hd === null) continue;
      const bonus = progression(HP_BY_TYPE[record.type] ?? 'average', level) + epicHp(level);
      expect(creature.hp.max, record.name).toBe(Math.max(1, Math.floor((base + bonus) * multiplier(size))));
      exact++;
    }
    expect(exact).toBeGreaterThan(600);
  });

  it('Protection: natural armor + every armor bonus of the AC line (and never below natural armor)', () => {
    for (const { record, creature } of converted) {
      const armor = (record.armor_worn ?? []).reduce((s, a) => s + a.bonus, 0);
      const amulet = record.ac_breakdown.filter(([, l]) => /^amulet/i.test(l)).reduce((s, [b]) => s + b, 0);
      expect(creature.protection.total, record.name).toBe(record.natural_armor + armor + amulet);
      expect(creature.protection.total, record.name).toBeGreaterThanOrEqual(record.natural_armor);
    }
  });

  it('Defense: Dex modifier and size sign as the text says, class bonus within its progression', () => {
    let exact = 0;
    for (const { record, creature } of converted) {
      const size = record.size.toLowerCase();
      expect(creature.defense.parts.dexterity, record.name).toBe(mod(record.abilities.dex));
      expect(Math.sign(creature.defense.parts.size), record.name).toBe(Math.sign(SIZE_MOD[size] ?? 0));
      expect(creature.defense.parts.size, record.name).toBe(SIZE_MOD[size]);
      const level = record.hd !== null && record.hd >= 1 ? Math.floor(record.hd) : 0;
      const shields = (record.shield_worn ?? []).reduce((s, x) => s + x.bonus, 0);
      const typed = record.ac_breakdown.filter(([, l]) => DEFENSE_LABEL.test(l)).reduce((s, [b]) => s + b, 0);
      const rest = mod(record.abilities.dex) + (SIZE_MOD[size] ?? 0) + shields + typed + dodgeFeats(record);
      // Armor check penalty: the worst SRD armor is −7, halved (proficient) −4.
      const armored = (record.armor_worn ?? []).length > 0 ? 4 : 0;
      const top = Math.min(level, 20) + epicDefense(level);
      expect(creature.defense.total, record.name).toBeGreaterThanOrEqual(rest - armored);
      expect(creature.defense.total, record.name).toBeLessThanOrEqual(rest + top);
      if (/\d(st|nd|rd|th)-Level/.test(record.name) || armored > 0) continue;
      const cls = progression(DEF_BY_TYPE[record.type] ?? 'average', level) + epicDefense(level);
      expect(creature.defense.total, record.name).toBe(rest + cls);
      exact++;
    }
    expect(exact).toBeGreaterThan(600);
  });

  it('accounts for every part of every AC line: Protection, Defense, or listed as not converted', () => {
    for (const { record, creature } of converted) {
      const parts = record.ac_breakdown
        .filter(([, l]) => !/^(size|dex)/i.test(l))
        .reduce((s, [b]) => s + b, 0);
      const p = creature.defense.parts;
      const defense =
        p.shield +
        p.shieldEnhancement +
        p.deflection +
        p.dodge +
        p.haste +
        p.insight +
        p.luck +
        p.sacred +
        p.profane;
      const listed = creature.unconverted
        .filter((u) => u.startsWith('ac: '))
        .reduce((s, u) => s + Number(/^ac: ([+-]\d+)/.exec(u)?.[1] ?? 0), 0);
      // The Dodge feats' +1 each is Defense too, but not a part of the AC line (issue #28).
      expect(creature.protection.total + defense - dodgeFeats(record) + listed, record.name).toBe(parts);
    }
  });

  it('lists what it does not convert: every special attack, class levels without a GnG table, Epic Toughness', () => {
    const kinds = new Map<string, number>();
    for (const { record, creature } of converted) {
      for (const u of creature.unconverted)
        kinds.set(u.split(':')[0] as string, (kinds.get(u.split(':')[0] as string) ?? 0) + 1);
      if (record.special_attacks && record.special_attacks !== '—')
        expect(
          creature.unconverted.some((u) => u.startsWith('special-attack: ')),
          record.name,
        ).toBe(true);
    }
    const goblin = converted.find((c) => c.record.name === 'Goblin, 1st-Level Warrior')?.creature;
    expect(goblin?.unconverted).toContain('class-levels: 1 Warrior');
    const phane = converted.find((c) => c.record.name === 'Phane')?.creature;
    expect(phane?.unconverted).toContain('feat: Epic Toughness (×2)');
    const psicrystal = converted.find((c) => c.record.name === 'Psicrystal')?.creature;
    expect(psicrystal?.unconverted).toContain('hit-dice: As master’s HD');
    expect(kinds.get('special-quality')).toBeGreaterThan(500);
  });

  it('explains every conversion with a lang key of lang/en.json', () => {
    const lang = read('../../lang/en.json') as { GNG: { Bestiary: { Step: Record<string, string> } } };
    const keys = new Set<string>();
    for (const { creature } of converted) for (const s of creature.steps) keys.add(s.explanation.key);
    for (const key of keys) {
      const leaf = key.replace('GNG.Bestiary.Step.', '');
      expect(lang.GNG.Bestiary.Step[leaf], key).toBeTypeOf('string');
    }
    // Every placeholder of the string is given by the step's data.
    for (const { creature } of converted) {
      for (const s of creature.steps) {
        const text = lang.GNG.Bestiary.Step[s.explanation.key.replace('GNG.Bestiary.Step.', '')] ?? '';
        for (const m of text.matchAll(/\{(\w+)\}/g))
          expect(s.explanation.data, `${s.explanation.key} {${m[1]}}`).toHaveProperty(m[1] as string);
      }
    }
    expect(keys.size).toBeGreaterThan(20);
  });
});

describe('bestiary: the parsers', () => {
  it('reads "2 claws +12 melee (1d6+8/19-20 plus slime); bite +7 melee (2d8+4)" as one routine of two attacks', () => {
    const { routines, unreadable } = parseAttackLine(
      '2 claws +12 melee (1d6+8/19-20 plus slime); bite +7 melee (2d8+4)',
      '10 ft. (5 ft. with bite)',
    );
    expect(unreadable).toEqual([]);
    expect(routines).toHaveLength(1);
    expect(routines[0]?.[0]).toMatchObject({
      name: 'claws',
      count: 2,
      bonuses: [12],
      mode: 'melee',
      kind: 'natural',
      damage: { count: 1, faces: 6, bonus: 8 },
      critRange: 19,
      critMultiplier: 2,
      damageTypes: ['piercing', 'slashing'],
      effects: ['slime'],
      reach: 10,
    });
    expect(routines[0]?.[1]).toMatchObject({ name: 'bite', count: 1, bonuses: [7], reach: 5 });
  });

  it('reads iterative weapons, enhancement, ×3, energy extras and "or" options', () => {
    const { routines } = parseAttackLine(
      '+2 frost greataxe +30/+25/+20/+15 melee (3d6+18/×3 plus 1d6 cold) or rock +18 ranged (2d6+11)',
    );
    expect(routines).toHaveLength(2);
    expect(routines[0]?.[0]).toMatchObject({
      name: 'frost greataxe',
      enhancement: 2,
      bonuses: [30, 25, 20, 15],
      kind: 'weapon',
      critMultiplier: 3,
      damageTypes: ['slashing'],
      extraDamage: [{ count: 1, faces: 6, bonus: 0, type: 'cold' }],
    });
    expect(routines[1]?.[0]).toMatchObject({
      name: 'rock',
      mode: 'ranged',
      damageTypes: ['bludgeoning'],
      reach: null,
    });
  });

  it('reads touch attacks, ability drain (no HP damage) and swarms', () => {
    const touch = parseAttackLine('Incorporeal touch +3 melee (1d4 Wisdom drain)').routines[0]?.[0];
    expect(touch).toMatchObject({ kind: 'other', damage: null, effects: ['1d4 Wisdom drain'] });
    const ray = parseAttackLine('Electricity ray +9 ranged touch (2d6)').routines[0]?.[0];
    expect(ray).toMatchObject({ touch: true, mode: 'ranged', damageTypes: ['electricity'] });
    const swarm = parseAttackLine('Swarm (2d6 plus poison)').routines[0]?.[0];
    expect(swarm).toMatchObject({
      mode: 'swarm',
      bonuses: [],
      damage: { count: 2, faces: 6 },
      effects: ['poison'],
    });
    expect(parseAttackLine('Slam+2 melee, (1d6+1)').unreadable).toEqual(['(1d6+1)']);
  });

  it('reads DR, energy resistance lists, immunities, regeneration, fast healing and SR; keeps the rest', () => {
    const q = convertQualities(
      'Blindsight 240 ft., DR 10/epic, fast healing 10, SR 32, scent, acid, cold, electricity, fire, and sonic resistance 20, immunity to acid, cold, and petrification, regeneration 5 (fire), damage reduction 10/byeshk',
    );
    expect(q.damageReductionText).toBe('10/epic');
    expect(q.energyResistance).toEqual({ acid: 20, cold: 20, electricity: 20, fire: 20, sonic: 20 });
    expect(q.immunities).toEqual(['acid', 'cold', 'petrification']);
    expect(q).toMatchObject({
      regeneration: 5,
      regenerationText: 'fire',
      fastHealing: 10,
      spellResistance: 32,
    });
    expect(q.unconverted).toEqual(['Blindsight 240 ft', 'scent', 'damage reduction 10/byeshk']);
  });

  it('the armor check penalties and weapon damage types are the SRD tables of data/srd35', () => {
    const armor = (
      read('../../data/srd35/armor.json') as {
        armor: { name: string; armor_bonus: number | null; armor_check_penalty: number | null }[];
      }
    ).armor;
    for (const [key, value] of Object.entries(SRD_ARMOR)) {
      const row = armor.find((a) => a.name.toLowerCase().replace(/ armor$/, '') === key);
      expect(row, key).toBeDefined();
      expect({ bonus: row?.armor_bonus, checkPenalty: row?.armor_check_penalty }, key).toEqual(value);
    }
    const weapons = (
      read('../../data/srd35/weapons.json') as {
        weapons: { name: string; use: string; damage_types: string[] }[];
      }
    ).weapons;
    for (const w of weapons.filter((x) => x.use !== 'ammunition' && x.damage_types.length > 0)) {
      const name = w.name
        .replace(/\s*\(\d+\)$/, '')
        .split(', ')
        .reverse()
        .join(' ');
      expect([...(weaponDamageTypes(name) ?? [])].sort(), name).toEqual([...w.damage_types].sort());
    }
  });

  it('never throws on odd blocks: no HD, no Con, unknown size and type, no attacks', () => {
    const odd: SrdMonsterRecord = {
      id: 'odd',
      name: 'Oddity, 3rd-Level Smart Hero',
      size: 'Enormous',
      type: 'Mutant',
      subtypes: ['Swarm'],
      hit_dice: 'see text',
      hd: null,
      hp: null,
      ac: null,
      ac_breakdown: [[3, 'mystery']],
      natural_armor: 0,
      armor_worn: [{ name: 'weird plates', bonus: 5 }],
      shield_worn: null,
      bab: null,
      grapple: null,
      attack: null,
      full_attack: 'gibberish',
      space: null,
      reach: null,
      special_attacks: null,
      special_qualities: 'DR 5/unobtanium',
      saves: { fort: null, ref: null, will: null },
      abilities: { str: null, dex: null, con: null, int: null, wis: null, cha: null },
      skills: null,
      feats: null,
      cr: null,
      cr_value: null,
    };
    const c = convertMonster(odd);
    // No Con → 20; no HD; unknown size → Medium ×1.
    expect(c.hp.max).toBe(20);
    expect(c.unconverted).toEqual(
      expect.arrayContaining([
        'size: Enormous',
        'type: Mutant',
        'hit-dice: see text',
        'ac: +3 mystery',
        'armor: weird plates (armor check penalty unknown)',
        'attack: gibberish',
        'special-quality: DR 5/unobtanium',
      ]),
    );
    expect(c.cr.suggested).toBeNull();
  });
});
