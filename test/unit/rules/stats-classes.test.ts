import { describe, expect, it } from 'vitest';
import {
  CLASS_PROGRESSIONS,
  CREATURE_TYPE_PROGRESSIONS,
  DECIDED_HP_PROGRESSIONS,
  DEFENSE_PROGRESSION_BY_CLASS,
  DEFENSE_PROGRESSION_BY_CREATURE_TYPE,
  DEFENSE_PROGRESSION_BY_MODERN_CLASS,
  defenseClassLevels,
  HP_PROGRESSION_BY_CLASS,
  HP_PROGRESSION_BY_CREATURE_TYPE,
  HP_PROGRESSION_BY_MODERN_CLASS,
  hpClassLevels,
  MODERN_CLASS_PROGRESSIONS,
  normalizeStatName,
  statProgressions,
  type ProgressionList,
} from '../../../src/rules/classes.js';
import { classDefenseBonus, classHpBonus } from '../../../src/rules/defense-hp-progression.js';

// The lists exactly as printed in GnG v4.0, split at commas.
const split = (text: string): string[] => text.split(',').map((s) => s.trim());
const PRINTED = {
  defenseByClass: {
    good: split(
      'Arcane Archer, Barbarian, Duelist, Dwarven Defender, Elocater, Fighter, Horizon Walker, Monk, Psionic Fist, Ranger, Rogue, Shadow Dancer, Slayer, Soulknife, War Mind',
    ),
    average: split(
      'Arcane Trickster, Assassin, Bard, Blackguard, Cleric, Dragon Disciple, Druid, Eldritch Knight, Paladin, Pyrokineticist, Psychic Warrior, Wilder',
    ),
    poor: split(
      'Archmage, Cerebremancer, Heirophant, Loremaster, Metamind, Mystic Theurge, Psion, Psion Uncarnate, Sorcerer, Thaumaturgist, Thrallherd, Wizard',
    ),
  },
  defenseByCreatureType: {
    good: split('Dragon, Fey, Magical Beast, Monstrous Humanoid, Outsider'),
    average: split('Aberration, Animal, Beast, Elemental, Giant, Humanoid, Shapechanger, Vermin'),
    poor: split('Construct, Ooze, Plant, Undead'),
  },
  defenseByModernClass: {
    good: split(
      'Battle Mind, Bodyguard, Daredevil, Fast Hero, Infiltrator, Martial Artist, Shadow Hunter, Swashbuckler, Thrasher',
    ),
    average: split(
      'Acolyte, Ambassador, Arcane Weaponsmaster, Dedicated Hero, Dogfighter, Dreadnaught, Explorer, Field Medic, Field Officer, Glamourist, Gunslinger, Helix Warrior, Holy/Unholy Knight, Investigator, Mage, Mystic, Shadowjack, Shadow Slayer, Soldier, Space Monkey, Speed Demon, Street Warrior, Strong Hero, Techie, Techno Savant, Tough Hero, Tracer, Wildlord',
    ),
    poor: split(
      'Arcane Arranger, Archmage, Artificer, Charismatic Hero, Ecclesiarch, Engineer, Field Scientist, Negotiator, Occultist, Personality, Smart Hero, Swindler, Techno Mage, Telepath, Xenophile',
    ),
  },
  hpByClass: {
    good: split('Barbarian, Blackguard, Dragon Disciple, Dwarven Defender, Fighter, Paladin, Soulknife'),
    average: split(
      'Arcane Archer, Assassin, Bard, Cleric, Druid, Duelist, Eldritch Knight, Heirophant, Horizon Walker, Monk, Psychic Warrior, Pyrokineticist, Psionic Fist, Ranger, Rogue, Shadow Dancer, Slayer',
    ),
    poor: split(
      'Arcane Trickster, Archmage, Cerebremancer, Elocater, Loremaster, Metamind, Mystic Theurge, Psion, Psion Uncarnate, Sorcerer, Thaumaturgist, Thrallherd, Wilder, Wizard',
    ),
  },
  hpByCreatureType: {
    good: split('Beast, Construct, Dragon, Magical Beast, Ooze, Undead'),
    average: split(
      'Aberration, Animal, Elemental, Giant, Humanoid, Monstrous Humanoid, Outsider, Plant, Shapechanger, Vermin',
    ),
    poor: ['Fey'],
  },
  hpByModernClass: {
    good: split(
      'Arcane Weaponsmaster, Bodyguard, Daredevil, Dreadnaught, Helix Warrior, Holy/Unholy Knight, Soldier, Space Monkey, Street Warrior, Thrasher, Tough Hero',
    ),
    average: split(
      'Acolyte, Battle Mind, Dogfighter, Explorer, Fast Hero, Field Medic, Field Officer, Gunslinger, Infiltrator, Martial Artist, Negotiator, Shadow Hunter, Shadow Slayer, Speed Demon, Strong Hero, Swashbuckler, Tracer, Wildlord, Xenophile',
    ),
    poor: split(
      'Ambassador, Arcane Arranger, Archmage, Artificer, Charismatic Hero, Dedicated Hero, Ecclesiarch, Engineer, Field Scientist, Glamourist, Investigator, Mage, Mystic, Occultist, Personality, Shadowjack, Smart Hero, Swindler, Techie, Techno Mage, Techno Savant, Telepath',
    ),
  },
};

const namesOf = (list: ProgressionList): string[] => [...list.good, ...list.average, ...list.poor].sort();

describe('progression lists reproduce the text', () => {
  it.each([
    ['Table: Defense Bonus by Class', DEFENSE_PROGRESSION_BY_CLASS, PRINTED.defenseByClass],
    [
      'Table: Defense Bonus by Creature Type',
      DEFENSE_PROGRESSION_BY_CREATURE_TYPE,
      PRINTED.defenseByCreatureType,
    ],
    [
      'Table: Defense Bonus by Modern and Future Class',
      DEFENSE_PROGRESSION_BY_MODERN_CLASS,
      PRINTED.defenseByModernClass,
    ],
    ['Table: HP Bonus by Class', HP_PROGRESSION_BY_CLASS, PRINTED.hpByClass],
    ['Table: HP Bonus by Creature Type', HP_PROGRESSION_BY_CREATURE_TYPE, PRINTED.hpByCreatureType],
    ['Table: HP Bonus by Modern and Future Class', HP_PROGRESSION_BY_MODERN_CLASS, PRINTED.hpByModernClass],
  ])('%s', (_name, data, printed) => {
    expect(data.good).toEqual(printed.good);
    expect(data.average).toEqual(printed.average);
    expect(data.poor).toEqual(printed.poor);
  });

  it('counts: 39 classes, 17 creature types, 52 modern and future classes', () => {
    expect(CLASS_PROGRESSIONS).toHaveLength(39);
    expect(CREATURE_TYPE_PROGRESSIONS).toHaveLength(17);
    expect(MODERN_CLASS_PROGRESSIONS).toHaveLength(52);
  });

  it('the Defense and HP lists name the same entries, except War Mind (Defense only)', () => {
    expect(namesOf(HP_PROGRESSION_BY_CREATURE_TYPE)).toEqual(namesOf(DEFENSE_PROGRESSION_BY_CREATURE_TYPE));
    expect(namesOf(HP_PROGRESSION_BY_MODERN_CLASS)).toEqual(namesOf(DEFENSE_PROGRESSION_BY_MODERN_CLASS));
    const missing = namesOf(DEFENSE_PROGRESSION_BY_CLASS).filter(
      (n) => !namesOf(HP_PROGRESSION_BY_CLASS).includes(n),
    );
    expect(missing).toEqual(['War Mind']);
    expect(
      namesOf(HP_PROGRESSION_BY_CLASS).every((n) => namesOf(DEFENSE_PROGRESSION_BY_CLASS).includes(n)),
    ).toBe(true);
  });

  it('decision "War Mind HP": good HP progression', () => {
    expect(DECIDED_HP_PROGRESSIONS['War Mind']).toBe('good');
    expect(statProgressions('War Mind')).toMatchObject({ defense: 'good', hp: 'good', kind: 'class' });
  });

  it('Archmage is printed in both the fantasy and the modern list with the same progressions', () => {
    const fantasy = CLASS_PROGRESSIONS.find((e) => e.name === 'Archmage');
    const modern = MODERN_CLASS_PROGRESSIONS.find((e) => e.name === 'Archmage');
    expect(fantasy).toMatchObject({ defense: 'poor', hp: 'poor' });
    expect(modern).toMatchObject({ defense: 'poor', hp: 'poor' });
  });
});

describe('statProgressions lookup', () => {
  it('every printed entry is found by its printed name, with both progressions as printed', () => {
    const lists = [
      [PRINTED.defenseByClass, PRINTED.hpByClass],
      [PRINTED.defenseByCreatureType, PRINTED.hpByCreatureType],
      [PRINTED.defenseByModernClass, PRINTED.hpByModernClass],
    ] as const;
    for (const [def, hp] of lists) {
      for (const progression of ['good', 'average', 'poor'] as const) {
        for (const name of def[progression]) expect(statProgressions(name).defense).toBe(progression);
        for (const name of hp[progression]) expect(statProgressions(name).hp).toBe(progression);
      }
    }
  });

  it('examples: barbarian good/good, fighter good/good, monk good/average, wizard poor/poor, fey good/poor', () => {
    expect(statProgressions('Barbarian')).toMatchObject({ defense: 'good', hp: 'good' });
    expect(statProgressions('fighter')).toMatchObject({ defense: 'good', hp: 'good' });
    expect(statProgressions('MONK')).toMatchObject({ defense: 'good', hp: 'average' });
    expect(statProgressions('wizard')).toMatchObject({ defense: 'poor', hp: 'poor' });
    expect(statProgressions('fey')).toMatchObject({ defense: 'good', hp: 'poor', kind: 'creature-type' });
    expect(statProgressions('Tough Hero')).toMatchObject({
      defense: 'average',
      hp: 'good',
      kind: 'modern-class',
    });
  });

  it('names are normalized (case, spaces, punctuation) and a few spellings are aliases', () => {
    expect(normalizeStatName('Holy/Unholy Knight')).toBe('holyunholyknight');
    expect(statProgressions('shadowdancer').name).toBe('Shadow Dancer');
    expect(statProgressions('magical-beast').name).toBe('Magical Beast');
    expect(statProgressions('Hierophant').name).toBe('Heirophant');
    expect(statProgressions('Elocator').name).toBe('Elocater');
    expect(statProgressions('Unholy Knight').name).toBe('Holy/Unholy Knight');
    expect(statProgressions('warmind').name).toBe('War Mind');
  });

  it('class levels helpers feed the bonus functions (worked examples by name)', () => {
    expect(classDefenseBonus([defenseClassLevels('Bard', 4), defenseClassLevels('Wizard', 6)])).toBe(6);
    expect(classHpBonus([hpClassLevels('Fighter', 7), hpClassLevels('Sorcerer', 10)])).toBe(12);
    expect(classHpBonus([hpClassLevels('Monk', 9)])).toBe(6);
  });

  it('unknown names and bad levels throw RangeError naming the value', () => {
    expect(() => statProgressions('Necromancer')).toThrow(RangeError);
    expect(() => statProgressions('Necromancer')).toThrow(/Necromancer/);
    expect(() => statProgressions(42 as unknown as string)).toThrow(RangeError);
    expect(() => defenseClassLevels('Fighter', -1)).toThrow(RangeError);
    expect(() => hpClassLevels('Fighter', Number.NaN)).toThrow(RangeError);
  });
});
