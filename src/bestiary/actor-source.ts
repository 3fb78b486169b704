/**
 * One bestiary actor: a d20 stat block (an SRD 3.5 monster record, or what the stat-block parser
 * made of pasted text) and its GnG conversion (`convertMonster`) → an `npc` actor source whose data
 * model derives the converted numbers. The bestiary pack script (scripts/packs/bestiary.ts) writes
 * these as pack sources; the importer (import.ts) creates one as a world actor.
 *
 * The actor stores what a creature *is* and the model derives HP, Defense and Protection from it,
 * as for any creature: abilities, size, natural armor, the Hit Dice as `class` items (the creature
 * type's racial HD and any GnG class levels the name gives, copied from the classes pack), the feats
 * whose numbers the system uses (Toughness, Dodge …, from the feats pack), uncanny dodge as a feat
 * item, worn armor and shield, and one effect for the AC's other bonuses (deflection, dodge, insight,
 * luck, sacred/profane, an amulet's natural-armor enhancement) and a swarm's HP size. The attacks are
 * weapon items with the printed damage (Strength already in it: `strength: "none"`).
 *
 * Pure (no Foundry): what it needs from the other packs comes in `BestiaryReferences`.
 */
import type { ConvertedCreature } from '../rules/bestiary/convert.js';
import type { SrdMonsterRecord } from '../rules/bestiary/srd-record.js';
import { hpSizeMultiplier } from '../rules/sizes.js';
import { SIZES, type Size } from '../rules/types.js';
import { armorItems, classItems, featItems, uncannyDodgeItems } from './actor-items.js';
import { capitalize, escapeHtml, weaponItems } from './attack-items.js';
import type { BestiaryReferences } from './references.js';
import { signedMinus } from '../format.js';

type Doc = Record<string, unknown>;

/** Token squares by size, as the playground's map lays creatures out (Large 2×2, Huge 3×3 …). */
export const TOKEN_SQUARES: Record<Size, number> = {
  fine: 1,
  diminutive: 1,
  tiny: 1,
  small: 1,
  medium: 1,
  large: 2,
  huge: 3,
  gargantuan: 4,
  colossal: 6,
};

/** Effect modes: dodge bonuses and the swarm's HP add; typed bonuses upgrade (the best one counts: docs/active-effects.md). */
const ADD = 2;
const UPGRADE = 4;
const DEFENSE_TYPES = ['deflection', 'dodge', 'haste', 'insight', 'luck', 'sacred', 'profane'] as const;

/** "1/3", "1/2", "12": a CR as d20 writes it. */
export function crText(value: number | null): string {
  if (value === null) return '—';
  if (value >= 1) return String(value);
  return `1/${Math.round(1 / value)}`;
}

/** Darkvision range in feet from the special qualities ("Darkvision 60 ft."), 0 when none. */
export function darkvision(specialQualities: string | null): number {
  const m = /darkvision\s+(\d+)\s*ft/i.exec(specialQualities ?? '');
  return m ? Number(m[1]) : 0;
}

/** The land speed in feet: the first number of the speed line (0 when none). */
export function landSpeed(speed: string | null | undefined): number {
  const m = /(\d+)\s*ft/.exec(speed ?? '');
  return m ? Number(m[1]) : 0;
}

/**
 * The base-HP modifier that gives a swarm its HP at its space's size (decision "Swarm HP") while the
 * model multiplies by the members' size: the least `other` with ⌊(base + other) × m⌋ = the swarm's HP.
 */
export function swarmHpModifier(c: ConvertedCreature): number {
  if (c.hpSize === c.size) return 0;
  const m = hpSizeMultiplier(c.size);
  const base = c.hp.constitution + c.hp.classBonus + c.hp.toughness;
  return Math.ceil(c.hp.max / m - 1e-9) - base;
}

/** The actor's own effect: the AC's other bonuses and a swarm's HP size, or none. */
function effects(actorId: string, c: ConvertedCreature, refs: BestiaryReferences): Doc[] {
  const changes: Doc[] = [];
  // The AC line's bonuses: the Dodge feats' are their items' effects (featItems).
  for (const t of DEFENSE_TYPES) {
    const value = c.statBlockDefense[t] ?? 0;
    if (value)
      changes.push({
        key: `system.defense.bonuses.${t}`,
        mode: t === 'dodge' || value < 0 ? ADD : UPGRADE,
        value: String(value),
        priority: null,
      });
  }
  const naturalEnhancement = c.protection.enhancement - c.armor.reduce((s, a) => s + a.enhancement, 0);
  if (naturalEnhancement)
    changes.push({
      key: 'system.protection.bonuses.enhancement',
      mode: UPGRADE,
      value: String(naturalEnhancement),
      priority: null,
    });
  const swarm = swarmHpModifier(c);
  if (swarm)
    changes.push({ key: 'system.hp.bonuses.other', mode: ADD, value: String(swarm), priority: null });
  if (!changes.length) return [];
  const id = refs.id(`srd35/monsters/${c.id}/effect`);
  return [
    {
      _id: id,
      _key: `!actors.effects!${actorId}.${id}`,
      name: 'Stat block bonuses',
      img: 'icons/svg/aura.svg',
      type: 'base',
      system: {},
      changes,
      disabled: false,
      transfer: false,
      duration: {},
      description: `<p>The Armor Class bonuses of the stat block that GnG counts on Defense or Protection${swarm ? `, and the swarm's HP at the size of its ${escapeHtml(c.space ?? '')} space (${signedMinus(swarm)} base HP)` : ''}.</p>`,
      origin: null,
      statuses: [],
      tint: '#ffffff',
      flags: {},
    },
  ];
}

/**
 * Our own short description: facts only (size, type, CR, environment), then what was not converted.
 * `origin` names where the block came from (default: the record's SRD source).
 */
export function biography(record: SrdMonsterRecord, c: ConvertedCreature, origin?: string): string {
  const subtypes = c.subtypes.length ? ` (${c.subtypes.map((s) => s.toLowerCase()).join(', ')})` : '';
  const where = record.environment ? ` It is met in ${escapeHtml(record.environment.toLowerCase())}.` : '';
  const cr =
    c.cr.value === null
      ? ''
      : ` of challenge rating ${crText(c.cr.value)}${c.cr.suggested !== null && c.cr.suggested !== c.cr.value ? ` (GnG suggests ${crText(c.cr.suggested)} for its size)` : ''}`;
  const from = origin ?? `the SRD 3.5 stat block (${record.source ?? 'SRD 3.5'})`;
  const parts = [
    `<p>${escapeHtml(capitalize(c.size))} ${escapeHtml(c.type.toLowerCase())}${escapeHtml(subtypes)}${cr}.${where}</p>`,
    `<p>GnG: ${c.hp.max} HP, Protection ${c.protection.total}, Defense ${signedMinus(c.defense.total)}. Converted from ${escapeHtml(from)}.</p>`,
  ];
  if (c.unconverted.length)
    parts.push(
      `<p>Not converted (play these from the stat block):</p><ul>${c.unconverted.map((u) => `<li>${escapeHtml(u)}</li>`).join('')}</ul>`,
    );
  return parts.join('');
}

/** The stat block's lines kept for reference (`flags.gng.srd`). */
function srdReference(r: SrdMonsterRecord): Doc {
  return {
    id: r.id,
    source: r.source ?? null,
    size: r.size_text ?? r.size,
    type: r.type,
    subtypes: r.subtypes,
    hitDice: r.hit_dice_text ?? r.hit_dice,
    hp: r.hp,
    ac: r.ac_text ?? null,
    babGrapple: r.bab_grapple_text ?? null,
    attack: r.attack,
    fullAttack: r.full_attack,
    spaceReach: r.space_reach_text ?? null,
    specialAttacks: r.special_attacks,
    specialQualities: r.special_qualities,
    saves: r.saves_text ?? null,
    abilities: r.abilities,
    cr: r.cr,
    crValue: r.cr_value,
  };
}

/** Options of {@link monsterActor}. */
export interface MonsterActorOptions {
  /** The compendium folder's id (pack sources), or null. */
  folder: string | null;
  /** Where the block came from, for the biography ("a pasted stat block"); default the SRD source. */
  origin?: string;
}

/** The `npc` actor source of one monster. */
export function monsterActor(
  record: SrdMonsterRecord,
  c: ConvertedCreature,
  refs: BestiaryReferences,
  options: MonsterActorOptions,
): Doc {
  const _id = refs.id(`srd35/monsters/${record.id}`);
  const squares = TOKEN_SQUARES[c.size];
  const dark = darkvision(record.special_qualities);
  const abilities: Doc = {};
  for (const [k, v] of Object.entries(c.abilities)) abilities[k] = { value: v ?? 10 };
  const energy: Record<string, number> = {};
  for (const [type, value] of Object.entries(c.resistances.energyResistance)) if (value) energy[type] = value;
  const exotic = new Set<string>();
  const items = [
    ...classItems(_id, c, refs),
    ...featItems(_id, c, refs),
    ...uncannyDodgeItems(_id, c, refs),
    ...armorItems(_id, c, refs),
    ...weaponItems(_id, c, refs),
  ];
  for (const item of items)
    if (item.type === 'weapon' && (item.system as Doc).category === 'exotic') exotic.add(String(item.name));
  const anatomy: string[] = [];
  if (c.abilities.con === null) anatomy.push('no-constitution');
  if (c.resistances.immunities.some((i) => /critical hits/i.test(i)) || c.hpSize !== c.size)
    anatomy.push('immune-to-critical-hits');
  const armorTypes = new Set(items.filter((i) => i.type === 'armor').map((i) => (i.system as Doc).type));
  const shields = items.filter((i) => i.type === 'shield').map((i) => (i.system as Doc).shieldSize);
  const img = c.type === 'Undead' ? 'icons/svg/skull.svg' : 'icons/svg/mystery-man.svg';
  return {
    _id,
    _key: `!actors!${_id}`,
    name: record.name,
    type: 'npc',
    img,
    folder: options.folder,
    prototypeToken: {
      name: record.name,
      actorLink: false,
      disposition: -1,
      displayName: 20,
      displayBars: 20,
      width: squares,
      height: squares,
      bar1: { attribute: 'hp' },
      bar2: { attribute: null },
      sight: { enabled: true, range: dark, visionMode: dark > 0 ? 'darkvision' : 'basic' },
      texture: { src: img },
    },
    system: {
      abilities,
      size: c.size,
      hp: { value: c.hp.max, nonlethal: 0, temp: 0 },
      naturalArmor: Math.max(0, c.protection.naturalArmor),
      speed: landSpeed(c.speed),
      regeneration: c.resistances.regeneration,
      resistances: {
        dr: c.resistances.damageReductionText,
        energy,
        // The printed immunities (issue #33): the damage step honours the damage ones.
        immunities: c.resistances.immunities.join(', '),
      },
      proficiencies: {
        armor: {
          light: armorTypes.has('light'),
          medium: armorTypes.has('medium'),
          heavy: armorTypes.has('heavy'),
          shield: shields.some((s) => s !== 'tower'),
          tower: shields.includes('tower'),
        },
        weapons: { simple: true, martial: true },
        exotic: [...exotic].sort(),
      },
      biography: biography(record, c, options.origin),
      creatureType: c.type,
      subtypes: c.subtypes,
      anatomy,
    },
    items,
    effects: effects(_id, c, refs),
    flags: {
      gng: {
        bestiary: {
          hp: c.hp.max,
          protection: c.protection.total,
          defense: c.defense.total,
          cr: c.cr.text,
          crValue: c.cr.value,
          crSuggested: c.cr.suggested,
          type: c.type,
          size: c.size,
        },
        conversion: { steps: c.steps, unconverted: c.unconverted },
        srd: srdReference(record),
      },
    },
    ownership: { default: 0 },
  };
}

/** Sizes in order, for sorting tables. */
export const SIZE_ORDER: readonly Size[] = SIZES;
