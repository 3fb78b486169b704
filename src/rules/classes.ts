/**
 * Which Defense and HP progression each class, prestige class, psionic class, modern/future class and
 * creature type has (GnG "Table: Defense Bonus by Class / by Creature Type / by Modern and Future
 * Class" and the matching "HP Bonus by …" tables). Names are kept exactly as printed.
 */
import type { ClassLevels, Progression } from './types.js';
import { assertNonNegativeInteger } from './validate.js';

/** One of the text's progression lists: names grouped by progression, as printed. */
export type ProgressionList = Readonly<Record<Progression, readonly string[]>>;

/** GnG "Table: Defense Bonus by Class". */
export const DEFENSE_PROGRESSION_BY_CLASS: ProgressionList = {
  good: [
    'Arcane Archer',
    'Barbarian',
    'Duelist',
    'Dwarven Defender',
    'Elocater',
    'Fighter',
    'Horizon Walker',
    'Monk',
    'Psionic Fist',
    'Ranger',
    'Rogue',
    'Shadow Dancer',
    'Slayer',
    'Soulknife',
    'War Mind',
  ],
  average: [
    'Arcane Trickster',
    'Assassin',
    'Bard',
    'Blackguard',
    'Cleric',
    'Dragon Disciple',
    'Druid',
    'Eldritch Knight',
    'Paladin',
    'Pyrokineticist',
    'Psychic Warrior',
    'Wilder',
  ],
  poor: [
    'Archmage',
    'Cerebremancer',
    'Heirophant',
    'Loremaster',
    'Metamind',
    'Mystic Theurge',
    'Psion',
    'Psion Uncarnate',
    'Sorcerer',
    'Thaumaturgist',
    'Thrallherd',
    'Wizard',
  ],
};

/** GnG "Table: Defense Bonus by Creature Type". */
export const DEFENSE_PROGRESSION_BY_CREATURE_TYPE: ProgressionList = {
  good: ['Dragon', 'Fey', 'Magical Beast', 'Monstrous Humanoid', 'Outsider'],
  average: ['Aberration', 'Animal', 'Beast', 'Elemental', 'Giant', 'Humanoid', 'Shapechanger', 'Vermin'],
  poor: ['Construct', 'Ooze', 'Plant', 'Undead'],
};

/** GnG "Table: Defense Bonus by Modern and Future Class". */
export const DEFENSE_PROGRESSION_BY_MODERN_CLASS: ProgressionList = {
  good: [
    'Battle Mind',
    'Bodyguard',
    'Daredevil',
    'Fast Hero',
    'Infiltrator',
    'Martial Artist',
    'Shadow Hunter',
    'Swashbuckler',
    'Thrasher',
  ],
  average: [
    'Acolyte',
    'Ambassador',
    'Arcane Weaponsmaster',
    'Dedicated Hero',
    'Dogfighter',
    'Dreadnaught',
    'Explorer',
    'Field Medic',
    'Field Officer',
    'Glamourist',
    'Gunslinger',
    'Helix Warrior',
    'Holy/Unholy Knight',
    'Investigator',
    'Mage',
    'Mystic',
    'Shadowjack',
    'Shadow Slayer',
    'Soldier',
    'Space Monkey',
    'Speed Demon',
    'Street Warrior',
    'Strong Hero',
    'Techie',
    'Techno Savant',
    'Tough Hero',
    'Tracer',
    'Wildlord',
  ],
  poor: [
    'Arcane Arranger',
    'Archmage',
    'Artificer',
    'Charismatic Hero',
    'Ecclesiarch',
    'Engineer',
    'Field Scientist',
    'Negotiator',
    'Occultist',
    'Personality',
    'Smart Hero',
    'Swindler',
    'Techno Mage',
    'Telepath',
    'Xenophile',
  ],
};

/** GnG "Table: HP Bonus by Class" (War Mind is missing from it: see {@link DECIDED_HP_PROGRESSIONS}). */
export const HP_PROGRESSION_BY_CLASS: ProgressionList = {
  good: ['Barbarian', 'Blackguard', 'Dragon Disciple', 'Dwarven Defender', 'Fighter', 'Paladin', 'Soulknife'],
  average: [
    'Arcane Archer',
    'Assassin',
    'Bard',
    'Cleric',
    'Druid',
    'Duelist',
    'Eldritch Knight',
    'Heirophant',
    'Horizon Walker',
    'Monk',
    'Psychic Warrior',
    'Pyrokineticist',
    'Psionic Fist',
    'Ranger',
    'Rogue',
    'Shadow Dancer',
    'Slayer',
  ],
  poor: [
    'Arcane Trickster',
    'Archmage',
    'Cerebremancer',
    'Elocater',
    'Loremaster',
    'Metamind',
    'Mystic Theurge',
    'Psion',
    'Psion Uncarnate',
    'Sorcerer',
    'Thaumaturgist',
    'Thrallherd',
    'Wilder',
    'Wizard',
  ],
};

/** GnG "Table: HP Bonus by Creature Type". */
export const HP_PROGRESSION_BY_CREATURE_TYPE: ProgressionList = {
  good: ['Beast', 'Construct', 'Dragon', 'Magical Beast', 'Ooze', 'Undead'],
  average: [
    'Aberration',
    'Animal',
    'Elemental',
    'Giant',
    'Humanoid',
    'Monstrous Humanoid',
    'Outsider',
    'Plant',
    'Shapechanger',
    'Vermin',
  ],
  poor: ['Fey'],
};

/** GnG "Table: HP Bonus by Modern and Future Class". */
export const HP_PROGRESSION_BY_MODERN_CLASS: ProgressionList = {
  good: [
    'Arcane Weaponsmaster',
    'Bodyguard',
    'Daredevil',
    'Dreadnaught',
    'Helix Warrior',
    'Holy/Unholy Knight',
    'Soldier',
    'Space Monkey',
    'Street Warrior',
    'Thrasher',
    'Tough Hero',
  ],
  average: [
    'Acolyte',
    'Battle Mind',
    'Dogfighter',
    'Explorer',
    'Fast Hero',
    'Field Medic',
    'Field Officer',
    'Gunslinger',
    'Infiltrator',
    'Martial Artist',
    'Negotiator',
    'Shadow Hunter',
    'Shadow Slayer',
    'Speed Demon',
    'Strong Hero',
    'Swashbuckler',
    'Tracer',
    'Wildlord',
    'Xenophile',
  ],
  poor: [
    'Ambassador',
    'Arcane Arranger',
    'Archmage',
    'Artificer',
    'Charismatic Hero',
    'Dedicated Hero',
    'Ecclesiarch',
    'Engineer',
    'Field Scientist',
    'Glamourist',
    'Investigator',
    'Mage',
    'Mystic',
    'Occultist',
    'Personality',
    'Shadowjack',
    'Smart Hero',
    'Swindler',
    'Techie',
    'Techno Mage',
    'Techno Savant',
    'Telepath',
  ],
};

/**
 * HP progressions the text does not print, decided by the project (decision "War Mind HP"): the
 * War Mind appears only in the Defense table; good, like the other d10 fighting classes it lists.
 */
export const DECIDED_HP_PROGRESSIONS: Readonly<Record<string, Progression>> = { 'War Mind': 'good' };

/** Spellings accepted besides the printed ones (normalized name → printed name). */
export const CLASS_NAME_ALIASES: Readonly<Record<string, string>> = {
  hierophant: 'Heirophant',
  elocator: 'Elocater',
  holyknight: 'Holy/Unholy Knight',
  unholyknight: 'Holy/Unholy Knight',
  dreadnought: 'Dreadnaught',
};

/** Which list a name comes from. */
export type StatEntryKind = 'class' | 'creature-type' | 'modern-class';

/** Defense and HP progression of one class or creature type. */
export interface StatProgressions {
  /** The name as printed in the text. */
  readonly name: string;
  readonly kind: StatEntryKind;
  readonly defense: Progression;
  readonly hp: Progression;
}

/** Lower-case, letters only: "Holy/Unholy Knight" → "holyunholyknight", "Shadow Dancer" → "shadowdancer". */
export function normalizeStatName(name: string): string {
  if (typeof name !== 'string') throw new RangeError(`class name must be a string, got ${String(name)}`);
  return KNOWN_KEYS.get(name) ?? normalizeSpelling(name);
}

function normalizeSpelling(name: string): string {
  return name.toLowerCase().replace(/[^a-z]/g, '');
}

function invert(list: ProgressionList): Map<string, Progression> {
  const map = new Map<string, Progression>();
  for (const progression of ['good', 'average', 'poor'] as const) {
    for (const name of list[progression]) map.set(name, progression);
  }
  return map;
}

function buildEntries(
  kind: StatEntryKind,
  defense: ProgressionList,
  hp: ProgressionList,
): StatProgressions[] {
  const hpMap = invert(hp);
  return [...invert(defense)].map(([name, def]) => {
    const hpProgression = hpMap.get(name) ?? DECIDED_HP_PROGRESSIONS[name];
    if (hpProgression === undefined) throw new Error(`no HP progression for ${name}`);
    return { name, kind, defense: def, hp: hpProgression };
  });
}

/** Every class (fantasy, prestige, psionic) with its progressions, in the order of the Defense table. */
export const CLASS_PROGRESSIONS: readonly StatProgressions[] = buildEntries(
  'class',
  DEFENSE_PROGRESSION_BY_CLASS,
  HP_PROGRESSION_BY_CLASS,
);
/** Every creature type with its progressions. */
export const CREATURE_TYPE_PROGRESSIONS: readonly StatProgressions[] = buildEntries(
  'creature-type',
  DEFENSE_PROGRESSION_BY_CREATURE_TYPE,
  HP_PROGRESSION_BY_CREATURE_TYPE,
);
/** Every modern and future class with its progressions. */
export const MODERN_CLASS_PROGRESSIONS: readonly StatProgressions[] = buildEntries(
  'modern-class',
  DEFENSE_PROGRESSION_BY_MODERN_CLASS,
  HP_PROGRESSION_BY_MODERN_CLASS,
);

const ALL_ENTRIES = [...CLASS_PROGRESSIONS, ...CREATURE_TYPE_PROGRESSIONS, ...MODERN_CLASS_PROGRESSIONS];

/**
 * The spellings data uses most — each printed name as printed, in lower case, as an item identifier
 * ("shadow-dancer") and normalized, and each alias — with their normalized key, indexed once at
 * module load so that a lookup is one Map read instead of a regular expression. Other spellings are
 * normalized as they come; every key here is what that normalization gives.
 */
const KNOWN_KEYS = new Map<string, string>();
for (const spelling of [...ALL_ENTRIES.map((entry) => entry.name), ...Object.keys(CLASS_NAME_ALIASES)]) {
  const lower = spelling.toLowerCase();
  const identifier = lower.replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  for (const form of [spelling, lower, identifier, normalizeSpelling(spelling)])
    KNOWN_KEYS.set(form, normalizeSpelling(form));
}

const BY_NAME = new Map<string, StatProgressions>();
for (const entry of ALL_ENTRIES) {
  // Archmage is in both the fantasy and the modern list, with the same progressions; keep the first.
  const key = normalizeStatName(entry.name);
  if (!BY_NAME.has(key)) BY_NAME.set(key, entry);
}

function entryOf(name: string): StatProgressions | undefined {
  const key = normalizeStatName(name);
  const alias = CLASS_NAME_ALIASES[key];
  return BY_NAME.get(alias === undefined ? key : normalizeStatName(alias));
}

/** Every known spelling (see {@link KNOWN_KEYS}) → its entry, resolved once at module load. */
const BY_SPELLING = new Map<string, StatProgressions>();
for (const spelling of KNOWN_KEYS.keys()) {
  const entry = entryOf(spelling);
  if (entry) BY_SPELLING.set(spelling, entry);
}

/**
 * Progressions of a class or creature type by name (case, spaces and punctuation ignored; a few
 * aliases such as "Hierophant"). Unknown name → RangeError.
 */
export function statProgressions(name: string): StatProgressions {
  const entry = BY_SPELLING.get(name) ?? entryOf(name);
  if (!entry) throw new RangeError(`unknown class or creature type: ${String(name)}`);
  return entry;
}

/** Levels in a named class or creature type → the Defense {@link ClassLevels} for classDefenseBonus. */
export function defenseClassLevels(name: string, levels: number): ClassLevels {
  return { progression: statProgressions(name).defense, levels: assertNonNegativeInteger('levels', levels) };
}

/** Levels in a named class or creature type → the HP {@link ClassLevels} for classHpBonus. */
export function hpClassLevels(name: string, levels: number): ClassLevels {
  return { progression: statProgressions(name).hp, levels: assertNonNegativeInteger('levels', levels) };
}
