/**
 * The `classes` pack: every class of GnG's "Defense Bonus by …" and "HP Bonus by …" tables (core,
 * prestige, psionic, modern and future) and every creature type as a racial "Hit Dice" class. The
 * Defense and HP progressions are read from the rules engine (`src/rules/classes.ts`), so the pack
 * cannot disagree with it; base attack and saves come from the SRD tables listed below.
 */
import {
  CLASS_PROGRESSIONS,
  CREATURE_TYPE_PROGRESSIONS,
  DECIDED_HP_PROGRESSIONS,
  MODERN_CLASS_PROGRESSIONS,
  type StatProgressions,
} from '../../src/rules/classes.js';
import type { BabProgression, SaveProgression } from '../../src/rules/attack-save-progression.js';
import { type Doc, itemDoc, p, slug, source, stableId } from './common.js';
import { KIND_ICONS } from '../packs/icons.js';

type Saves = 'F' | 'R' | 'W' | 'FR' | 'FW' | 'RW' | 'FRW' | '-';

/**
 * Base attack and good saves. `checked`: read from the SRD table (SRD 3.5, SRD 3.5 psionics, d20
 * Modern SRD); `known`: the SRD table as we know it, not re-read; `archetype`: no SRD table at hand
 * (d20 Future, Urban Arcana and similar), the nearest archetype, said so in the description.
 */
interface BaseStats {
  bab: BabProgression;
  saves: Saves;
  basis: 'checked' | 'known' | 'archetype';
  note?: string;
}

const S = (bab: BabProgression, saves: Saves, basis: BaseStats['basis'], note?: string): BaseStats =>
  note === undefined ? { bab, saves, basis } : { bab, saves, basis, note };

/** Classes of "Table: Defense Bonus by Class" (core, prestige and psionic classes of the SRD 3.5). */
const FANTASY: Record<string, BaseStats> = {
  'Arcane Archer': S('good', 'FR', 'known'),
  Barbarian: S('good', 'F', 'known'),
  Duelist: S('good', 'R', 'known'),
  'Dwarven Defender': S('good', 'FW', 'known'),
  Elocater: S('average', 'RW', 'checked'),
  Fighter: S('good', 'F', 'known'),
  'Horizon Walker': S('good', 'F', 'known'),
  Monk: S('average', 'FRW', 'known'),
  'Psionic Fist': S('average', 'RW', 'checked'),
  Ranger: S('good', 'FR', 'known'),
  Rogue: S('average', 'R', 'known'),
  'Shadow Dancer': S('average', 'R', 'known'),
  Slayer: S('good', 'W', 'checked'),
  Soulknife: S('average', 'RW', 'known'),
  'War Mind': S('good', 'FR', 'checked'),
  'Arcane Trickster': S('poor', 'RW', 'known'),
  Assassin: S('average', 'R', 'known'),
  Bard: S('average', 'RW', 'known'),
  Blackguard: S('good', 'F', 'known'),
  Cleric: S('average', 'FW', 'known'),
  'Dragon Disciple': S('average', 'FW', 'known'),
  Druid: S('average', 'FW', 'known'),
  'Eldritch Knight': S('good', 'F', 'known'),
  Paladin: S('good', 'F', 'known'),
  Pyrokineticist: S('average', 'FR', 'checked'),
  'Psychic Warrior': S('average', 'F', 'known'),
  Wilder: S('poor', 'W', 'known'),
  Archmage: S(
    'poor',
    'W',
    'known',
    'The same item serves the Archmage of the modern table, which has the same progressions.',
  ),
  Cerebremancer: S('poor', 'W', 'checked'),
  Heirophant: S('poor', 'FW', 'known'),
  Loremaster: S('poor', 'W', 'known'),
  Metamind: S('poor', 'W', 'checked'),
  'Mystic Theurge': S('poor', 'W', 'known'),
  Psion: S('poor', 'W', 'known'),
  'Psion Uncarnate': S(
    'poor',
    'W',
    'archetype',
    'Base attack and saves of a manifesting prestige class (as Metamind).',
  ),
  Sorcerer: S('poor', 'W', 'known'),
  Thaumaturgist: S('poor', 'W', 'known'),
  Thrallherd: S('poor', 'W', 'checked'),
  Wizard: S('poor', 'W', 'known'),
};

/** Classes of "Table: Defense Bonus by Modern and Future Class". */
const MODERN: Record<string, BaseStats> = {
  'Battle Mind': S('average', 'F', 'archetype', 'As a psionic warrior (Psychic Warrior).'),
  Bodyguard: S('average', 'FR', 'checked'),
  Daredevil: S('poor', 'F', 'checked'),
  'Fast Hero': S('average', 'R', 'checked'),
  Infiltrator: S('poor', 'R', 'checked'),
  'Martial Artist': S('good', 'R', 'checked'),
  'Shadow Hunter': S('average', 'FR', 'archetype', 'As a hunter (Ranger-like skirmisher).'),
  Swashbuckler: S('average', 'R', 'archetype', 'As a nimble fighter (Fast Hero).'),
  Thrasher: S('good', 'F', 'archetype', 'As a brawler (Strong Hero).'),
  Acolyte: S('average', 'FW', 'archetype', 'As a divine caster (Dedicated Hero, Cleric).'),
  Ambassador: S('poor', 'RW', 'archetype', 'As a diplomat (Charismatic Hero).'),
  'Arcane Weaponsmaster': S('good', 'F', 'archetype', 'As a warrior (Soldier, Fighter).'),
  'Dedicated Hero': S('average', 'FW', 'checked'),
  Dogfighter: S('average', 'R', 'archetype', 'As a pilot (Fast Hero).'),
  Dreadnaught: S('good', 'F', 'archetype', 'As a heavy warrior (Strong Hero).'),
  Explorer: S('average', 'FR', 'archetype', 'As an explorer (Ranger-like).'),
  'Field Medic': S('poor', 'FW', 'checked'),
  'Field Officer': S('average', 'FW', 'archetype', 'As a leader (Dedicated Hero).'),
  Glamourist: S('poor', 'W', 'archetype', 'As an arcane caster (Mage).'),
  Gunslinger: S('average', 'RW', 'checked'),
  'Helix Warrior': S('good', 'F', 'archetype', 'As a warrior (Strong Hero).'),
  'Holy/Unholy Knight': S('good', 'FW', 'archetype', 'As a holy warrior (Paladin-like).'),
  Investigator: S('average', 'W', 'archetype', 'As an investigator (Dedicated Hero).'),
  Mage: S('poor', 'W', 'archetype', 'As an arcane caster (Smart Hero, Wizard).'),
  Mystic: S('poor', 'FW', 'archetype', 'As a divine caster (Cleric-like).'),
  Shadowjack: S('average', 'R', 'archetype', 'As an infiltrator (Fast Hero).'),
  'Shadow Slayer': S('good', 'FW', 'archetype', 'As a monster hunter (Paladin-like).'),
  Soldier: S('average', 'FR', 'checked'),
  'Space Monkey': S('average', 'FR', 'archetype', 'As a spacer (Fast Hero, Tough Hero).'),
  'Speed Demon': S('average', 'R', 'archetype', 'As a driver (Fast Hero).'),
  'Street Warrior': S('good', 'F', 'archetype', 'As a brawler (Strong Hero).'),
  'Strong Hero': S('good', 'F', 'checked'),
  Techie: S('poor', 'W', 'checked'),
  'Techno Savant': S('poor', 'W', 'archetype', 'As a technician (Techie).'),
  'Tough Hero': S('average', 'F', 'checked'),
  Tracer: S('average', 'R', 'archetype', 'As a tracker (Fast Hero).'),
  Wildlord: S('average', 'FW', 'archetype', 'As a nature priest (Druid-like).'),
  'Arcane Arranger': S('poor', 'W', 'archetype', 'As an arcane caster (Mage).'),
  Artificer: S('poor', 'W', 'archetype', 'As an arcane crafter (Mage).'),
  'Charismatic Hero': S('poor', 'FR', 'checked'),
  Ecclesiarch: S('poor', 'W', 'archetype', 'As a scholar priest (Smart Hero).'),
  Engineer: S('poor', 'W', 'archetype', 'As a technician (Techie).'),
  'Field Scientist': S('poor', 'FR', 'checked'),
  Negotiator: S('poor', 'W', 'archetype', 'As a talker (Charismatic Hero, Personality).'),
  Occultist: S('poor', 'W', 'archetype', 'As an arcane scholar (Mage).'),
  Personality: S('poor', 'W', 'archetype', 'As a talker (Charismatic Hero).'),
  'Smart Hero': S('poor', 'W', 'checked'),
  Swindler: S('poor', 'RW', 'archetype', 'As a con artist (Charismatic Hero, Rogue).'),
  'Techno Mage': S('poor', 'W', 'archetype', 'As an arcane caster (Mage).'),
  Telepath: S('poor', 'W', 'archetype', 'As a psionic mind (Psion).'),
  Xenophile: S('poor', 'W', 'archetype', 'As a scholar (Smart Hero).'),
};

/** Creature types of "Table: Defense Bonus by Creature Type" (SRD 3.5 types; Beast and Shapechanger are 3.0 types). */
const CREATURE_TYPES: Record<string, BaseStats> = {
  Dragon: S('good', 'FRW', 'known'),
  Fey: S('poor', 'RW', 'known'),
  'Magical Beast': S('good', 'FR', 'known'),
  'Monstrous Humanoid': S('good', 'RW', 'known'),
  Outsider: S('good', 'FRW', 'known', 'Some outsiders have only two good saves.'),
  Aberration: S('average', 'W', 'known'),
  Animal: S('average', 'FR', 'known', 'Some animals also have a good Will save.'),
  Beast: S('average', 'FR', 'archetype', 'A 3.0 creature type with no 3.5 counterpart; as an animal.'),
  Elemental: S(
    'average',
    'R',
    'known',
    'Air and fire elementals have a good Reflex save, earth and water a good Fortitude save instead: edit it.',
  ),
  Giant: S('average', 'F', 'known'),
  Humanoid: S('average', 'R', 'known', 'A humanoid’s one good save varies (usually Reflex).'),
  Shapechanger: S('average', 'FRW', 'archetype', 'A 3.0 creature type with no 3.5 counterpart.'),
  Vermin: S('average', 'F', 'known'),
  Construct: S('average', '-', 'known'),
  Ooze: S('average', '-', 'known'),
  Plant: S('average', 'F', 'known'),
  Undead: S('poor', 'W', 'known'),
};

/** Printed names spelled as the SRD spells them (the engine accepts both: `CLASS_NAME_ALIASES`). */
const DISPLAY_NAME: Record<string, string> = { Heirophant: 'Hierophant' };

/** Prestige classes (the rest of the fantasy list are base classes). */
const FANTASY_BASE = new Set([
  'Barbarian',
  'Bard',
  'Cleric',
  'Druid',
  'Fighter',
  'Monk',
  'Paladin',
  'Ranger',
  'Rogue',
  'Sorcerer',
  'Wizard',
  'Psion',
  'Psychic Warrior',
  'Soulknife',
  'Wilder',
]);
const MODERN_BASE = new Set([
  'Strong Hero',
  'Fast Hero',
  'Tough Hero',
  'Smart Hero',
  'Dedicated Hero',
  'Charismatic Hero',
]);

const PROGRESSION_WORD = { good: 'good', average: 'average', poor: 'poor' } as const;
const BAB_WORD: Record<BabProgression, string> = {
  good: 'good (+1 per level)',
  average: 'average (+3 per 4 levels)',
  poor: 'poor (+1 per 2 levels)',
};

function saves(s: Saves): { fort: SaveProgression; ref: SaveProgression; will: SaveProgression } {
  return {
    fort: s.includes('F') ? 'good' : 'poor',
    ref: s.includes('R') ? 'good' : 'poor',
    will: s.includes('W') ? 'good' : 'poor',
  };
}

function goodSaves(s: Saves): string {
  const names = [
    s.includes('F') && 'Fortitude',
    s.includes('R') && 'Reflex',
    s.includes('W') && 'Will',
  ].filter(Boolean);
  return names.length ? names.join(', ') : 'none';
}

const TABLES = {
  class: ['Table: Defense Bonus by Class', 'Table: HP Bonus by Class'],
  'modern-class': [
    'Table: Defense Bonus by Modern and Future Class',
    'Table: HP Bonus by Modern and Future Class',
  ],
  'creature-type': ['Table: Defense Bonus by Creature Type', 'Table: HP Bonus by Creature Type'],
} as const;

const BASIS: Record<BaseStats['basis'], (kind: StatProgressions['kind']) => string> = {
  checked: (k) => `as the ${k === 'modern-class' ? 'd20 Modern SRD' : 'SRD 3.5'} class table gives them`,
  known: (k) => `as in the ${k === 'creature-type' ? 'SRD 3.5 creature type' : 'SRD 3.5 class table'}`,
  archetype: () =>
    'those of the nearest archetype, as the class’s own table is not in the SRD: check them against the book that publishes the class',
};

export const classId = (identifier: string): string => stableId(`classes:${identifier}`);

function classDoc(entry: StatProgressions, stats: BaseStats): { file: string; doc: Doc } {
  const display = DISPLAY_NAME[entry.name] ?? entry.name;
  const racial = entry.kind === 'creature-type';
  const name = racial ? `${display} Hit Dice` : display;
  const identifier = slug(display);
  const id = classId(identifier);
  const kind = racial
    ? 'racial'
    : FANTASY_BASE.has(entry.name) || MODERN_BASE.has(entry.name)
      ? 'class'
      : 'prestige';
  const [defTable, hpTable] = TABLES[entry.kind];
  const decidedHp = DECIDED_HP_PROGRESSIONS[entry.name] !== undefined;
  const what = racial
    ? `Racial Hit Dice of a creature of the <strong>${display}</strong> type. Set <em>Levels</em> to its Hit Dice.`
    : `${entry.kind === 'modern-class' ? (kind === 'prestige' ? 'Advanced or prestige class of the modern and future rules' : 'Basic class of the modern rules') : kind === 'prestige' ? 'Prestige class' : 'Base class'}. Set <em>Levels</em> to your levels in it.`;
  const description =
    p(
      what,
      `<strong>Defense progression:</strong> ${PROGRESSION_WORD[entry.defense]} (GnG ${defTable}). <strong>HP progression:</strong> ${PROGRESSION_WORD[entry.hp]} (${decidedHp ? 'missing from the GnG HP table; rated like the other fighting classes with a d10 hit die' : `GnG ${hpTable}`}). GnG adds these class bonuses to Defense and to base HP instead of rolling hit dice.`,
      `<strong>Base attack:</strong> ${BAB_WORD[stats.bab]}. <strong>Good saves:</strong> ${goodSaves(stats.saves)}. These are ${BASIS[stats.basis](entry.kind)}.${stats.note ? ` ${stats.note}` : ''}`,
    ) + source(`GnG v4.0, Defense and Hit Points (${defTable}; ${hpTable})`);
  const system = {
    description,
    identifier,
    kind,
    levels: 1,
    defenseProgression: entry.defense,
    hpProgression: entry.hp,
    babProgression: stats.bab,
    saves: saves(stats.saves),
  };
  const img = racial ? KIND_ICONS.creatureType : KIND_ICONS.classHeroic;
  const folder = racial ? 'creature' : entry.kind === 'modern-class' ? 'modern' : 'fantasy';
  return {
    file: `${folder}-${identifier}`,
    doc: itemDoc(id, name, 'class', img, system, [], {
      gng: { statName: entry.name, statKind: entry.kind, baseStatsBasis: stats.basis },
    }),
  };
}

/** Every document of the classes pack (Archmage once: it is in both the fantasy and modern lists). */
export function classDocs(): { file: string; doc: Doc }[] {
  const docs: { file: string; doc: Doc }[] = [];
  const seen = new Set<string>();
  const add = (entries: readonly StatProgressions[], table: Record<string, BaseStats>) => {
    for (const entry of entries) {
      if (seen.has(entry.name)) continue;
      const stats = table[entry.name];
      if (!stats) throw new Error(`no base attack/saves for ${entry.name}`);
      seen.add(entry.name);
      docs.push(classDoc(entry, stats));
    }
  };
  add(CLASS_PROGRESSIONS, FANTASY);
  add(MODERN_CLASS_PROGRESSIONS, MODERN);
  add(CREATURE_TYPE_PROGRESSIONS, CREATURE_TYPES);
  return docs;
}
