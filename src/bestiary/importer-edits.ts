/**
 * The importer's corrections (issue #19): the main numbers of a parsed stat block as editable
 * fields — size, type, Hit Dice, hp, the six abilities, natural armor, the AC parts GnG reads
 * (armor, shield, deflection …), base attack, the attack lines, the special qualities (DR, energy
 * resistance), feats (Toughness) and CR — each with the parsed field it came from, and `applyEdit`,
 * which reads a corrected value into a copy of the record (the conversion then runs again). Pure.
 */
import type { AbilityKey, SrdMonsterRecord } from '../rules/bestiary/srd-record.js';
import type { StatBlockField } from '../rules/bestiary/stat-block-parse.js';
import { parseCr, parseHitDice, SIZES } from '../rules/bestiary/stat-block-values.js';

export const ABILITIES: readonly AbilityKey[] = ['str', 'dex', 'con', 'int', 'wis', 'cha'];

/** How a field is edited: a number, a line of text, or the size list. */
export type EditKind = 'number' | 'text' | 'size';

/** One editable field as the dialog shows it. */
export interface EditableField {
  /** The edit's key (`size`, `abilities.str`, `ac.2` …). */
  key: string;
  kind: EditKind;
  /** Its label: an i18n key and its data. */
  label: { key: string; data?: Record<string, string> };
  /** The value now, as the input shows it ('' for none). */
  value: string;
  /** The parsed line it was read from, or null when the paste has none. */
  line: string | null;
}

/** The parser's fields each edit's value may have been read from, in order of preference. */
const FROM: Record<string, readonly string[]> = {
  size: ['size_type'],
  type: ['size_type'],
  hit_dice: ['hit_dice'],
  hp: ['hp', 'hit_dice'],
  abilities: ['abilities'],
  natural_armor: ['ac'],
  ac: ['ac'],
  bab: ['bab_grapple', 'bab'],
  attack: ['attack', 'attack_and_full_attack'],
  full_attack: ['full_attack', 'attack_and_full_attack'],
  special_qualities: ['special_qualities'],
  feats: ['feats', 'skills_and_feats'],
  cr: ['cr'],
};

/** AC parts that another field decides (size, Dexterity, natural armor): not edited as parts. */
const DERIVED_AC_PART = /^(size|dex\b.*|natural( armor)?)$/i;

/** The edit key of the AC part `index` labelled `label` (`ac.2`), or null when another field decides it. */
export function acPartKey(label: string, index: number): string | null {
  return DERIVED_AC_PART.test(label.trim()) ? null : `ac.${index}`;
}

/** A number as its input shows it: none, and a number too large to read (import-checks.ts says so), are ''. */
const numberText = (n: number | null | undefined): string =>
  n === null || n === undefined || !Number.isFinite(n) ? '' : String(n);

/** The editable fields of a record, with the lines of `fields` they came from. */
export function editableFields(record: SrdMonsterRecord, fields: readonly StatBlockField[]): EditableField[] {
  const lineOf = (key: string): string | null => {
    for (const name of FROM[key] ?? []) {
      const found = fields.find((f) => f.field === name);
      if (found) return found.line;
    }
    return null;
  };
  const edit = (key: string, kind: EditKind, value: string, from = key): EditableField => ({
    key,
    kind,
    label: { key: `GNG.Importer.Edit.${key}` },
    value,
    line: lineOf(from),
  });
  const list: EditableField[] = [
    edit('size', 'size', record.size),
    edit('type', 'text', record.type),
    edit('hit_dice', 'text', record.hit_dice),
    edit('hp', 'number', numberText(record.hp)),
    ...ABILITIES.map((k) => ({
      ...edit(`abilities.${k}`, 'number', numberText(record.abilities[k]), 'abilities'),
      label: { key: `GNG.Ability.${k}.long` },
    })),
    edit('natural_armor', 'number', numberText(record.natural_armor)),
  ];
  record.ac_breakdown.forEach(([bonus, label], i) => {
    const key = acPartKey(label, i);
    if (key === null) return;
    list.push({
      ...edit(key, 'number', numberText(bonus), 'ac'),
      label: { key: 'GNG.Importer.Edit.acPart', data: { label } },
    });
  });
  list.push(
    edit('bab', 'number', numberText(record.bab)),
    edit('attack', 'text', record.attack ?? ''),
    edit('full_attack', 'text', record.full_attack ?? ''),
    edit('special_qualities', 'text', record.special_qualities ?? ''),
    edit('feats', 'text', record.feats ?? ''),
    edit('cr', 'text', record.cr ?? ''),
  );
  return list;
}

/** "+3", "-2", "−2" → the integer; '' or a dash → null; anything else → undefined. */
function readInteger(raw: string): number | null | undefined {
  const text = raw.trim().replace(/[−–]/g, '-');
  if (text === '' || text === '-' || text === '—') return null;
  return /^[+-]?\d+$/.test(text) ? Number(text) : undefined;
}

/**
 * Reads `raw` as the new value of the field `key` into a copy of `record`. Returns the copy, or null
 * when the value cannot be read (the record is unchanged).
 */
export function applyEdit(record: SrdMonsterRecord, key: string, raw: string): SrdMonsterRecord | null {
  const r = structuredClone(record);
  const text = raw.trim();
  const [head, sub] = key.split('.') as [string, string | undefined];
  const integer = readInteger(raw);
  switch (head) {
    case 'size': {
      const size = SIZES.find((s) => s.toLowerCase() === text.toLowerCase());
      if (!size) return null;
      r.size = size;
      r.size_text = null;
      return r;
    }
    case 'type':
      if (!text) return null;
      r.type = text;
      return r;
    case 'hit_dice': {
      const hd = parseHitDice(text);
      if (!hd || hd.hd === null) return null;
      r.hit_dice = hd.hit_dice;
      r.hit_dice_text = text;
      r.hd = hd.hd;
      if (hd.hp !== null) r.hp = hd.hp;
      return r;
    }
    case 'hp':
      if (integer === undefined || (integer !== null && integer < 0)) return null;
      r.hp = integer;
      return r;
    case 'abilities': {
      if (!ABILITIES.includes(sub as AbilityKey)) return null;
      if (integer === undefined || (integer !== null && integer < 0)) return null;
      r.abilities[sub as AbilityKey] = integer;
      return r;
    }
    case 'natural_armor': {
      if (integer === undefined || integer === null) return null;
      r.natural_armor = integer;
      const part = r.ac_breakdown.find(([, label]) => /^natural( armor)?$/i.test(label.trim()));
      if (part) part[0] = integer;
      // An AC without its parts now has one: the GM's natural armor, not the touch AC's inference.
      else if (r.ac_breakdown.length === 0) r.ac_breakdown.push([integer, 'natural']);
      return r;
    }
    case 'ac': {
      const part = r.ac_breakdown[Number(sub)];
      if (!part || integer === undefined || integer === null) return null;
      part[0] = integer;
      for (const worn of [...(r.armor_worn ?? []), ...(r.shield_worn ?? [])])
        if (worn.name === part[1]) worn.bonus = integer;
      return r;
    }
    case 'bab':
      if (integer === undefined) return null;
      r.bab = integer;
      return r;
    case 'attack':
    case 'full_attack':
    case 'special_qualities':
    case 'feats':
      r[head] = text === '' ? null : text;
      return r;
    case 'cr': {
      const cr = text === '' ? { cr: null, cr_value: null } : parseCr(text);
      r.cr = cr.cr;
      r.cr_value = cr.cr_value;
      return r;
    }
    default:
      return null;
  }
}
