/**
 * The second pass of the stat-block parser: one labelled segment's value → the record's fields,
 * with the readers of stat-block-values.ts. Also the parser's result types and its working state.
 */
import type { SrdMonsterRecord } from './srd-record.js';
import type { SegmentField } from './stat-block-labels.js';
import { firstInt, splitTop, squash, textOrNull } from './stat-block-text.js';
import {
  parseAbilities,
  parseArmorClass,
  parseBabGrapple,
  parseCr,
  parseFace,
  parseHitDice,
  parseSaves,
  parseSizeType,
  parseSpaceReach,
  signedOrDash,
  TYPES,
} from './stat-block-values.js';

export const WARNING = 'GNG.StatBlock.Warning';

/** One field read, with the segment of the paste it came from (shown to the GM beside the value). */
export interface StatBlockField {
  field: string;
  /** The segment of the paste the value was read from. */
  line: string;
  value: unknown;
}

/** A line or segment of the paste that was not read. */
export interface StatBlockUnparsed {
  /** 1-based line of the paste. */
  line: number;
  text: string;
}

/** Something the GM should check, as an i18n key and its format data. */
export interface StatBlockWarning {
  /** An i18n key, GNG.StatBlock.Warning.*. */
  key: string;
  data?: Record<string, unknown>;
}

/** What `parseStatBlock` returns: the record, what it read from where, and what it could not. */
export interface StatBlockParse {
  record: SrdMonsterRecord;
  fields: StatBlockField[];
  unparsed: StatBlockUnparsed[];
  warnings: StatBlockWarning[];
}

/** The parser's working state: the result being built, the fields read so far, the notes. */
export interface ParseState extends StatBlockParse {
  seen: Set<string>;
  notes: string[];
  sentence: boolean;
}

/** The record before any line is read: no value is invented (size Medium, the neutral size, is flagged). */
export function emptyRecord(): SrdMonsterRecord {
  return {
    id: '',
    name: '',
    size: 'Medium',
    size_text: null,
    type: '',
    subtypes: [],
    hit_dice: '',
    hd: null,
    hp: null,
    initiative: null,
    speed: null,
    ac: null,
    ac_touch: null,
    ac_flat_footed: null,
    ac_breakdown: [],
    natural_armor: 0,
    armor_worn: null,
    shield_worn: null,
    bab_grapple_text: null,
    bab: null,
    grapple: null,
    attack: null,
    full_attack: null,
    space: null,
    reach: null,
    special_attacks: null,
    special_qualities: null,
    saves: { fort: null, ref: null, will: null },
    abilities: { str: null, dex: null, con: null, int: null, wis: null, cha: null },
    skills: null,
    feats: null,
    epic_feats: null,
    environment: null,
    organization: null,
    cr: null,
    cr_value: null,
    treasure: null,
    alignment: null,
    advancement: null,
    level_adjustment: null,
    dragon: null,
    notes: null,
  };
}

/** A text value; in the sentence form a closing full stop is the sentence's, not the value's. */
function text(state: ParseState, value: string): string {
  const squashed = squash(value);
  return state.sentence && !/(?:\dft|\b(?:ft|in|lb|gp|sp|cp|etc|vs|no|sq))\.$/i.test(squashed)
    ? squashed.replace(/\.$/, '')
    : squashed;
}

/** Reads one field into the record; returns the value for `fields`, undefined when unreadable. */
export function readValue(state: ParseState, field: SegmentField, value: string): unknown {
  const { record } = state;
  switch (field) {
    case 'name': {
      // d20 Modern's "Species (Type): CR 2": the type in brackets repeats the size and type.
      const typed = /^(.+?)\s*\(([^()]+)\)$/.exec(value);
      const repeatsType =
        typed && TYPES.some((type) => type.toLowerCase() === (typed[2] as string).toLowerCase());
      record.name = repeatsType ? (typed[1] as string) : value;
      return record.name;
    }
    case 'size_type': {
      const sizeType = parseSizeType(value);
      if (!sizeType) return undefined;
      record.size = sizeType.size;
      record.size_text = sizeType.size_text;
      record.type = sizeType.type;
      record.subtypes = sizeType.subtypes;
      if (sizeType.alignment && record.alignment === null) record.alignment = sizeType.alignment;
      if (sizeType.unknownType)
        state.warnings.push({ key: `${WARNING}.UnknownType`, data: { type: sizeType.type } });
      return sizeType;
    }
    case 'hit_dice': {
      const hitDice = parseHitDice(value);
      if (!hitDice) return undefined;
      record.hit_dice_text = value;
      record.hit_dice = hitDice.hit_dice;
      record.hd = hitDice.hd;
      if (hitDice.hp !== null || !state.seen.has('hp')) record.hp = hitDice.hp;
      return hitDice;
    }
    case 'hp': {
      const hp = firstInt(value);
      if (hp === null) return undefined;
      record.hp = hp;
      return hp;
    }
    case 'initiative': {
      const initiative = firstInt(value);
      if (initiative === null) return undefined;
      record.initiative = initiative;
      return initiative;
    }
    case 'speed':
      record.speed = text(state, value);
      return record.speed;
    case 'ac': {
      const ac = parseArmorClass(value);
      if (!ac) return undefined;
      record.ac_text = value;
      Object.assign(record, ac);
      return ac;
    }
    case 'bab_grapple': {
      const babGrapple = parseBabGrapple(value);
      if (!babGrapple) return undefined;
      record.bab_grapple_text = value;
      record.bab = babGrapple.bab;
      record.grapple = babGrapple.grapple;
      return babGrapple;
    }
    case 'bab':
    case 'grapple': {
      const number = signedOrDash(value);
      if (number === undefined) return undefined;
      record[field] = number;
      return number;
    }
    case 'attack':
    case 'full_attack':
    case 'special_attacks':
    case 'special_qualities':
    case 'skills':
    case 'feats':
    case 'epic_feats': {
      const textValue = textOrNull(text(state, value));
      record[field] = textValue;
      return textValue;
    }
    case 'attack_and_full_attack': {
      const textValue = textOrNull(text(state, value));
      record.attack = textValue;
      record.full_attack = textValue;
      return textValue;
    }
    case 'skills_and_feats': {
      const [skills = '', ...feats] = splitTop(text(state, value), ';');
      record.skills = textOrNull(skills);
      record.feats = textOrNull(feats.join(';'));
      return { skills: record.skills, feats: record.feats };
    }
    case 'space_reach': {
      const spaceReach = parseSpaceReach(text(state, value));
      record.space_reach_text = value;
      record.space = parseFace(spaceReach.space);
      record.reach = spaceReach.reach;
      return { space: record.space, reach: record.reach };
    }
    case 'space':
    case 'face':
      record.space = parseFace(text(state, value));
      return record.space;
    case 'reach':
      record.reach = text(state, value);
      return record.reach;
    case 'saves': {
      const saves = parseSaves(value);
      if (!saves) return undefined;
      record.saves_text = value;
      record.saves = saves;
      return saves;
    }
    case 'abilities': {
      const abilities = parseAbilities(value);
      if (!abilities) return undefined;
      record.abilities = abilities.abilities;
      return abilities;
    }
    case 'cr': {
      const cr = parseCr(text(state, value));
      record.cr = cr.cr;
      record.cr_value = cr.cr_value;
      return cr;
    }
    case 'environment':
    case 'organization':
    case 'treasure':
    case 'alignment':
    case 'advancement':
    case 'level_adjustment':
      record[field] = text(state, value);
      return record[field];
    case 'massive_damage_threshold':
    case 'action_points':
    case 'reputation': {
      const number = signedOrDash(value);
      return number === undefined ? text(state, value) : number;
    }
    default:
      return text(state, value);
  }
}
