/**
 * `npm run packs:srd`: writes the `weapons` and `armor` pack sources from the SRD 3.5 tables in
 * `data/srd35/` (weapons.json, armor.json: copies of the shared SRD 3.5 data; Open Game Content, see its README.md).
 *
 * One JSON source per SRD record, `packs/_source/<pack>/srd-<record id>.json`, with an `_id` derived
 * from the record id (a hash), so re-running gives identical files and links to pack documents stay
 * valid. Only numbers and facts are taken from the SRD; every description is written here from
 * those facts (the SRD's own weapon descriptions are never copied). Hand-written sources in the same
 * folders (not named `srd-*`) are left alone; `srd-*` files of records that no longer exist are
 * removed.
 *
 * Mapping (GnG v4.0: armor bonus → Protection, armor check penalty → Defense, halved when proficient;
 * shield bonus → Defense):
 * - weapon rows → `weapon` items: category, use, Small and Medium damage (double weapons: the first
 *   head; the second is named in the description), damage types, range increment, weight, price,
 *   Strength rule (bows `bow`, composite bows `composite-bow`, crossbows and the net `none`) and the
 *   SRD tags as `properties` (reach, double, trip…). Rows sold by the bundle ("Shuriken (5)") become
 *   one item with that quantity and the weight and price of one.
 * - ammunition rows (arrows, bolts, sling bullets) → `equipment` items with the bundle's quantity
 *   (they are not attacks: the bow or crossbow is).
 * - armor rows → `armor` items: armor bonus (Protection), armor check penalty, light/medium/heavy.
 * - shields → `shield` items: shield bonus (Defense), armor check penalty, size buckler → buckler,
 *   light → small, heavy → large, tower → tower.
 * - the three add-ons (armor spikes, locked gauntlet, shield spikes) → `equipment` items carrying
 *   their added weight and price; attacks with spikes use the weapon rows "Spiked armor" and
 *   "Light/Heavy spiked shield bash".
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { armorCheckDefensePenalty } from '../../src/rules/index.js';
import { KIND_ICONS, gearIcon } from './icons.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Where the SRD tables live, relative to the repository root. */
export const SRD_DATA_DIR = join(ROOT, 'data/srd35');
export const PACK_SOURCE_DIR = join(ROOT, 'packs/_source');

export interface SrdWeapon {
  id: string;
  name: string;
  category: 'simple' | 'martial' | 'exotic';
  use: 'unarmed' | 'light' | 'one-handed' | 'two-handed' | 'ranged' | 'thrown' | 'ammunition';
  damage_small: string | null;
  damage_medium: string | null;
  critical: string | null;
  range_increment_ft: number | null;
  weight_lb: number | null;
  damage_types: string[];
  damage_type_mode: 'and' | 'or' | 'per_head' | null;
  cost_gp: number | null;
  special: string[];
}

export interface SrdArmor {
  id: string;
  name: string;
  type: 'light' | 'medium' | 'heavy' | 'shield' | 'extra';
  armor_bonus: number | null;
  shield_bonus: number | null;
  max_dex: number | null;
  armor_check_penalty: number | null;
  arcane_spell_failure_pct: number | null;
  speed_30: number | null;
  speed_20: number | null;
  weight_lb: number | null;
  cost_gp: number | null;
}

type Doc = Record<string, unknown>;

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 16-character alphanumeric document id derived from a stable key (same key, same id). */
export function stableId(key: string): string {
  const bytes = createHash('sha256').update(`gng:${key}`).digest();
  let id = '';
  for (let i = 0; i < 16; i++) id += ID_ALPHABET[bytes[i]! % ID_ALPHABET.length];
  return id;
}

/** Names as players say them ("Sword, short" → "Short sword"); a few need a hand. */
const NAME_OVERRIDES: Record<string, string> = {
  'crossbow-repeating-heavy': 'Heavy repeating crossbow',
  'crossbow-repeating-light': 'Light repeating crossbow',
  'bolts-10': 'Hand crossbow bolts',
  'bolts-5': 'Repeating crossbow bolts',
  'shield-light': 'Light shield bash',
  'shield-heavy': 'Heavy shield bash',
  'spiked-shield-light': 'Light spiked shield bash',
  'spiked-shield-heavy': 'Heavy spiked shield bash',
  padded: 'Padded armor',
  leather: 'Leather armor',
  hide: 'Hide armor',
};

/** The display name and the bundle size of a record ("Arrows (20)" → "Arrows", 20). */
export function displayName(record: { id: string; name: string }): { name: string; count: number } {
  const match = /^(.*?)\s*\((\d+)\)$/.exec(record.name);
  const base = match ? match[1]! : record.name;
  const count = match ? Number(match[2]) : 1;
  const override = NAME_OVERRIDES[record.id];
  if (override) return { name: override, count };
  const [head, ...rest] = base.split(', ');
  const phrase = rest.length ? `${rest.join(' ')} ${head!.toLowerCase()}` : base;
  return { name: phrase.charAt(0).toUpperCase() + phrase.slice(1), count };
}

const round = (value: number) => Math.round(value * 10000) / 10000;

/** " for 5" when the record is sold by the bundle. */
function bundle(record: { id: string; name: string }): string {
  const { count } = displayName(record);
  return count > 1 ? ` for ${count}` : '';
}

function formatPrice(gp: number | null): string {
  if (gp === null || gp === 0) return 'free';
  if (gp < 1) return `${round(gp * 10)} sp`;
  return `${gp.toLocaleString('en-US')} gp`;
}

function formatWeight(lb: number | null): string {
  if (lb === null) return 'no weight of its own';
  return lb === 0.5 ? '½ lb.' : `${lb} lb.`;
}

const USE_PHRASE: Record<string, string> = {
  unarmed: 'unarmed attack',
  light: 'light melee weapon',
  'one-handed': 'one-handed melee weapon',
  'two-handed': 'two-handed melee weapon',
  ranged: 'ranged weapon',
  thrown: 'thrown weapon',
};

/** One line per SRD tag, in our words. */
const PROPERTY_NOTES: Record<string, (w: SrdWeapon) => string> = {
  reach: () => 'Reach: strikes foes 10 feet away, but not adjacent ones.',
  double: () => 'Double weapon: both ends can attack, as when fighting with two weapons.',
  nonlethal: () => 'Deals nonlethal damage.',
  trip: () => 'Can make trip attacks; drop it to avoid being tripped back.',
  disarm: () => '+2 on disarm attempts.',
  brace: () => 'Set against a charge, it deals double damage.',
  monk: () => 'A monk weapon.',
  finesse: () => 'Works with Weapon Finesse.',
  thrown: (w) => `Can be thrown (range increment ${w.range_increment_ft} ft.).`,
  'mounted-charge': () => 'Deals double damage on a mounted charge.',
  entangle: () => 'Entangles its target instead of dealing damage.',
  'cannot-be-disarmed': () => 'Strapped on: it cannot be disarmed.',
};

function weaponStrength(record: SrdWeapon): 'normal' | 'bow' | 'composite-bow' | 'none' {
  if (/composite/.test(record.id)) return 'composite-bow';
  if (/bow/.test(record.id) && !/crossbow/.test(record.id)) return 'bow';
  if (/crossbow/.test(record.id) || !record.damage_medium) return 'none';
  return 'normal';
}

const STRENGTH_NOTES: Record<string, string> = {
  bow: 'A Strength penalty lowers its damage; a bonus does not add.',
  'composite-bow': 'Its damage gains your Strength bonus as far as the bow’s strength rating allows.',
};

/** A signed number with a typographic minus ("−6"). */
function signed(value: number): string {
  return value < 0 ? `−${-value}` : `+${value}`;
}

function html(paragraphs: string[]): string {
  return paragraphs
    .filter(Boolean)
    .map((p) => `<p>${p}</p>`)
    .join('');
}

function firstHead(damage: string | null): string {
  return damage ? damage.split('/')[0]! : '';
}

function damageTypesText(record: SrdWeapon): string {
  const types = record.damage_types;
  if (types.length < 2) return types[0] ?? '';
  if (record.damage_type_mode === 'and') return `${types.join(' and ')} at once`;
  if (record.damage_type_mode === 'per_head') return `${types.join(' or ')}, by head`;
  return `${types.join(' or ')} (wielder’s choice)`;
}

function weaponDescription(record: SrdWeapon, strength: string): string {
  const category = record.category.charAt(0).toUpperCase() + record.category.slice(1);
  const lines: string[] = [];
  if (record.damage_medium) {
    let damage = `${category} ${USE_PHRASE[record.use]}: ${firstHead(record.damage_medium)} ${damageTypesText(record)}`;
    damage += ` (${firstHead(record.damage_small)} when Small)`;
    const heads = record.damage_medium.split('/');
    if (heads.length > 1) {
      const smallHeads = (record.damage_small ?? '').split('/');
      damage += `; the other head deals ${heads[1]} (${smallHeads[1] ?? heads[1]} when Small)`;
    }
    lines.push(`${damage}.`);
  } else {
    lines.push(`${category} ${USE_PHRASE[record.use]}; it deals no damage.`);
  }
  const facts: string[] = [];
  if (record.range_increment_ft && !record.special.includes('thrown'))
    facts.push(`Range increment ${record.range_increment_ft} ft.`);
  if (record.critical)
    facts.push(
      `Core critical ${record.critical.replace(/x/g, '×').replace(/-/g, '–')} (GnG rolls its natural-20 chain instead).`,
    );
  if (record.weight_lb === null) facts.push('Weight and price come with the shield or armor.');
  else facts.push(`${formatWeight(record.weight_lb)}, ${formatPrice(record.cost_gp)}${bundle(record)}.`);
  lines.push(facts.join(' '));
  const notes = record.special
    .map((tag) => tag.replace(/_/g, '-'))
    .map((tag) => PROPERTY_NOTES[tag]?.(record) ?? '');
  if (STRENGTH_NOTES[strength]) notes.push(STRENGTH_NOTES[strength]!);
  if (strength === 'none' && record.damage_medium) notes.push('Strength does not change its damage.');
  lines.push(notes.filter(Boolean).join(' '));
  return html(lines);
}

function ammunitionDescription(record: SrdWeapon, name: string, count: number): string {
  return html([
    `${name} for the ${record.id.startsWith('arrows') ? 'bow' : record.id.startsWith('bullets') ? 'sling' : 'crossbow'}, sold by ${count} (${formatWeight(record.weight_lb)}, ${formatPrice(record.cost_gp)} the bundle).`,
    'Quantity counts single pieces; weight and price are per piece.',
  ]);
}

function sourceFlags(file: 'weapons' | 'armor', id: string): Doc {
  return { gng: { source: { book: 'SRD 3.5', file, id } } };
}

function document(file: 'weapons' | 'armor', id: string, fields: Doc): Doc {
  const _id = stableId(`srd35/${file}/${id}`);
  return {
    _id,
    _key: `!items!${_id}`,
    ...fields,
    effects: [],
    flags: sourceFlags(file, id),
    ownership: { default: 0 },
  };
}

/** The pack source of one weapons.json record (a weapon, or equipment for ammunition). */
export function weaponSource(record: SrdWeapon): Doc {
  const { name, count } = displayName(record);
  const weight = round((record.weight_lb ?? 0) / count);
  const price = round((record.cost_gp ?? 0) / count);
  if (record.use === 'ammunition') {
    return document('weapons', record.id, {
      name,
      type: 'equipment',
      img: gearIcon(record.id) ?? KIND_ICONS.gear,
      system: { description: ammunitionDescription(record, name, count), quantity: count, weight, price },
    });
  }
  const strength = weaponStrength(record);
  return document('weapons', record.id, {
    name,
    type: 'weapon',
    img: gearIcon(record.id) ?? 'icons/svg/sword.svg',
    system: {
      description: weaponDescription(record, strength),
      category: record.category,
      use: record.use,
      size: 'medium',
      damage: { small: firstHead(record.damage_small), medium: firstHead(record.damage_medium) },
      damageTypes: [...record.damage_types],
      rangeIncrement: record.range_increment_ft ?? 0,
      strength,
      properties: record.special.map((tag) => tag.replace(/_/g, '-')),
      quantity: count,
      weight,
      price,
    },
  });
}

const SHIELD_SIZES: Record<string, 'buckler' | 'small' | 'large' | 'tower'> = {
  buckler: 'buckler',
  'shield-light-wooden': 'small',
  'shield-light-steel': 'small',
  'shield-heavy-wooden': 'large',
  'shield-heavy-steel': 'large',
  'shield-tower': 'tower',
};

const EXTRA_NOTES: Record<string, string> = {
  'armor-spikes':
    'Spikes fitted to a suit of armor; their weight and price add to the armor’s. Attack with them as the Spiked armor weapon.',
  'gauntlet-locked':
    'An armored gauntlet that locks a weapon in your hand: +10 on rolls to avoid being disarmed; locking or freeing the weapon is a full-round action. The locked hand cannot cast spells or use skills. Like a gauntlet, it makes unarmed strikes lethal. Its armor check penalty is special (core rules).',
  'shield-spikes':
    'Spikes fitted to a light or heavy shield; their weight and price add to the shield’s. Bash with it as the Light or Heavy spiked shield bash weapon.',
};

/** The pack source of one armor.json record (armor, shield, or equipment for the add-ons). */
export function armorSource(record: SrdArmor): Doc {
  const { name } = displayName(record);
  const weight = record.weight_lb ?? 0;
  const price = record.cost_gp ?? 0;
  const acp = record.armor_check_penalty ?? 0;
  const cost = `${formatWeight(record.weight_lb)}, ${formatPrice(record.cost_gp)}.`;
  const core = [
    record.max_dex !== null ? `max Dex +${record.max_dex}` : '',
    record.arcane_spell_failure_pct ? `arcane spell failure ${record.arcane_spell_failure_pct}%` : '',
    record.speed_30 !== null ? `speed ${record.speed_30} ft. (${record.speed_20} ft. for 20 ft. speeds)` : '',
  ].filter(Boolean);
  const coreLine = core.length ? `Core rules: ${core.join(', ')}.` : '';
  if (record.type === 'extra') {
    return document('armor', record.id, {
      name,
      type: 'equipment',
      img: gearIcon(record.id) ?? KIND_ICONS.gear,
      system: { description: html([EXTRA_NOTES[record.id] ?? '', `Adds ${cost}`]), weight, price },
    });
  }
  if (record.type === 'shield') {
    const shieldSize = SHIELD_SIZES[record.id];
    if (!shieldSize) throw new Error(`armor.json: no shield size known for "${record.id}"`);
    const lines = [
      `GnG: +${record.shield_bonus} shield bonus to Defense. Its armor check penalty (${signed(acp)}) applies to Strength- and Dexterity-based skills, and to attacks when you are not proficient with it. ${cost}`,
      record.id === 'shield-tower'
        ? 'Needs Tower Shield Proficiency; it can grant cover instead of its shield bonus.'
        : record.id === 'buckler'
          ? 'Strapped to the forearm, leaving the hand partly free.'
          : '',
      coreLine,
    ];
    return document('armor', record.id, {
      name,
      type: 'shield',
      img: gearIcon(record.id) ?? 'icons/svg/shield.svg',
      system: {
        description: html(lines),
        shieldBonus: record.shield_bonus ?? 0,
        armorCheckPenalty: acp,
        shieldSize,
        weight,
        price,
      },
    });
  }
  const proficient = armorCheckDefensePenalty(acp, true);
  const defense = acp
    ? `armor check penalty ${signed(acp)} to Defense (${signed(proficient)} when proficient) and to Strength- and Dexterity-based skills`
    : 'no armor check penalty';
  const lines = [
    `${record.type.charAt(0).toUpperCase() + record.type.slice(1)} armor. GnG: Protection ${record.armor_bonus}; ${defense}. ${cost}`,
    coreLine,
    record.type === 'heavy' ? 'Running in heavy armor is limited to three times your speed.' : '',
  ];
  return document('armor', record.id, {
    name,
    type: 'armor',
    img: gearIcon(record.id) ?? 'icons/svg/shield.svg',
    system: {
      description: html(lines),
      armorBonus: record.armor_bonus ?? 0,
      armorCheckPenalty: acp,
      type: record.type,
      weight,
      price,
    },
  });
}

function readTable<T>(dataDir: string, file: string, key: string): T[] {
  const path = join(dataDir, file);
  if (!existsSync(path)) {
    throw new Error(
      `SRD data not found: ${path}\n` +
        `  packs:srd reads data/srd35/{weapons,armor}.json.\n` +
        `  The generated sources are committed, so the build does not need them.`,
    );
  }
  const data = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  const records = data[key];
  if (!Array.isArray(records)) throw new Error(`${path}: expected a "${key}" list`);
  if (typeof data.count === 'number' && data.count !== records.length)
    throw new Error(`${path}: "count" is ${data.count} but ${records.length} records are listed`);
  return records as T[];
}

export interface GenerateOptions {
  /** Folder with weapons.json and armor.json (default `data/srd35`). */
  dataDir?: string;
  /** Pack source root; writes `<outDir>/weapons` and `<outDir>/armor` (default `packs/_source`). */
  outDir?: string;
}

/** Writes every source; returns the files written, by pack. */
export function generateSrdGear(options: GenerateOptions = {}): Record<'weapons' | 'armor', string[]> {
  const dataDir = options.dataDir ?? SRD_DATA_DIR;
  const outDir = options.outDir ?? PACK_SOURCE_DIR;
  const weapons = readTable<SrdWeapon>(dataDir, 'weapons.json', 'weapons');
  const armor = readTable<SrdArmor>(dataDir, 'armor.json', 'armor');
  const written: Record<'weapons' | 'armor', string[]> = { weapons: [], armor: [] };
  const sources: [pack: 'weapons' | 'armor', id: string, doc: Doc][] = [
    ...weapons.map((r) => ['weapons', r.id, weaponSource(r)] as ['weapons', string, Doc]),
    ...armor.map((r) => ['armor', r.id, armorSource(r)] as ['armor', string, Doc]),
  ];
  for (const pack of ['weapons', 'armor'] as const) mkdirSync(join(outDir, pack), { recursive: true });
  for (const [pack, id, doc] of sources) {
    const file = join(outDir, pack, `srd-${id}.json`);
    writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
    written[pack].push(file);
  }
  // Drop generated files of records that are gone; hand-written sources are not named srd-*.
  for (const pack of ['weapons', 'armor'] as const) {
    const keep = new Set(written[pack]);
    for (const entry of readdirSync(join(outDir, pack))) {
      const file = join(outDir, pack, entry);
      if (entry.startsWith('srd-') && !keep.has(file)) rmSync(file);
    }
  }
  return written;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    const written = generateSrdGear();
    console.log(
      `packs:srd: wrote ${written.weapons.length} weapons and ${written.armor.length} armor sources to ${PACK_SOURCE_DIR}`,
    );
  } catch (error) {
    console.error(`packs:srd: ${(error as Error).message}`);
    process.exit(1);
  }
}
