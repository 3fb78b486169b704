/**
 * The readers of one stat-block value each (size and type, hit dice, armor class, attack bonuses,
 * saves, abilities, challenge rating, space and reach), filling the fields the way the SRD monster
 * data file fills them (its README, `../shared/data/srd35/README.md`). Each returns null when the
 * text cannot be read, so that the caller lists the line as unparsed.
 */
import type { AbilityKey, WornItem } from './srd-record.js';
import { isDash, splitTop, squash, titleCase } from './stat-block-text.js';

export const SIZES = [
  'Fine',
  'Diminutive',
  'Tiny',
  'Small',
  'Medium',
  'Large',
  'Huge',
  'Gargantuan',
  'Colossal',
];

/** The creature types of d20 3.5 and d20 Modern, in the data file's spelling. */
export const TYPES = [
  'Aberration',
  'Animal',
  'Construct',
  'Dragon',
  'Elemental',
  'Fey',
  'Giant',
  'Humanoid',
  'Magical Beast',
  'Monstrous Humanoid',
  'Ooze',
  'Outsider',
  'Plant',
  'Undead',
  'Vermin',
];

const SIZE_WORD =
  /^(fine|diminutive|tiny|small|medium(?:-size)?|large|huge|gargantuan|colossal)(\+?)(?=\s|$)/i;
const ALIGNMENT_WORD = /^(LG|NG|CG|LN|N|CN|LE|NE|CE)\s+/;

export interface SizeType {
  size: string;
  size_text: string | null;
  type: string;
  subtypes: string[];
  /** A leading alignment abbreviation ("NE Medium humanoid"), when the line has one. */
  alignment: string | null;
  /** The type was no d20 type name (a d20 Modern "human" is read as Humanoid (Human)). */
  unknownType: boolean;
}

/** "Huge Aberration (Aquatic)", "Small humanoid (goblinoid)", "Medium-size human", "Colossal+ Dragon (Force)". */
export function parseSizeType(text: string): SizeType | null {
  let rest = squash(text);
  let alignment: string | null = null;
  const align = ALIGNMENT_WORD.exec(rest);
  if (align && SIZE_WORD.test(rest.slice(align[0].length))) {
    alignment = align[1] as string;
    rest = rest.slice(align[0].length);
  }
  const sizeMatch = SIZE_WORD.exec(rest);
  if (!sizeMatch) return null;
  const sizeWord = (sizeMatch[1] as string).toLowerCase().replace('-size', '');
  const size = SIZES.find((name) => name.toLowerCase() === sizeWord) as string;
  const size_text = sizeMatch[2] ? `${size}+` : null;
  rest = rest.slice(sizeMatch[0].length).trim();
  const typeMatch = /^([^(]+?)\s*(?:\((.*)\))?\s*\.?$/.exec(rest);
  if (!typeMatch || !typeMatch[1]) return null;
  const typeText = titleCase(typeMatch[1]);
  let subtypes = typeMatch[2]
    ? splitTop(typeMatch[2], ',')
        .map((item) => titleCase(item))
        .filter(Boolean)
    : [];
  let type = TYPES.find((name) => name.toLowerCase() === typeText.toLowerCase()) ?? null;
  let unknownType = false;
  if (!type && /^human$/i.test(typeText)) {
    type = 'Humanoid';
    subtypes = ['Human', ...subtypes];
  }
  if (!type) {
    type = typeText;
    unknownType = true;
  }
  return { size, size_text, type, subtypes, alignment, unknownType };
}

export interface HitDice {
  hit_dice: string;
  hd: number | null;
  hp: number | null;
}

/**
 * "4d8+11 (29 hp)", "62d8+896 (1,392 hp)", "½ d10 (2 hp)", "8d8+56 plus 10d4+70 (177 hp)",
 * "22d12+110 (253)". The number of HD adds every die group ("plus" class levels too); "½ d8" is 0.5.
 */
export function parseHitDice(text: string): HitDice | null {
  const value = squash(text);
  const paren = value.indexOf(' (');
  const dicePart = (paren >= 0 ? value.slice(0, paren) : value).trim();
  const hp = paren >= 0 ? hpIn(value.slice(paren)) : null;
  const hit_dice = dicePart
    .replace(/½\s*/g, '1/2')
    .replace(/¼\s*/g, '1/4')
    .replace(/(\d\/\d)\s+d/g, '$1d')
    .replace(/(\d),(\d{3})/g, '$1$2');
  const groups = [...hit_dice.matchAll(/(?:^|[^\d/])(\d+(?:\/\d+)?)d\d+/g)];
  if (groups.length === 0) {
    return /^as\b/i.test(hit_dice) ? { hit_dice, hd: null, hp } : null;
  }
  const hd = groups.reduce((sum, group) => {
    const [num, den] = (group[1] as string).split('/').map(Number) as [number, number | undefined];
    return sum + (den ? num / den : num);
  }, 0);
  return { hit_dice, hd, hp };
}

function hpIn(text: string): number | null {
  const match = /^\s*\(\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\s*hp)?\s*\)/i.exec(text);
  return match ? Number((match[1] as string).replace(/,/g, '')) : null;
}

export interface ArmorClass {
  ac: number;
  ac_touch: number | null;
  ac_flat_footed: number | null;
  ac_breakdown: [number, string][];
  natural_armor: number;
  armor_worn: WornItem[] | null;
  shield_worn: WornItem[] | null;
}

const ARMOR_LABEL =
  /(armor|leather|chain|mail|hide|plate|breastplate|barding|bracers|padded|equipment|brigandine|jacket|vest)/i;
const SHIELD_LABEL = /\b(shield|buckler)\b/i;
/** "natural", "natural armor", and an "amulet of natural armor +2" (it enhances the natural armor). */
const NATURAL_LABEL = /^natural|natural armor/i;

/** Whether a breakdown label names worn armor (not natural armor, not a shield). */
export function isArmorLabel(label: string): boolean {
  return !NATURAL_LABEL.test(label) && !SHIELD_LABEL.test(label) && ARMOR_LABEL.test(label);
}

/** Whether a breakdown label names a shield ("shield of faith" is a deflection bonus). */
export function isShieldLabel(label: string): boolean {
  return SHIELD_LABEL.test(label) && !/shield of faith/i.test(label);
}

/**
 * "16 (-1 size, -1 Dex, +5 natural, +3 hide armor), touch 8, flat-footed 16"; the d20 Modern
 * order "15, touch 11, flat-footed 14 (+1 Dex, +4 natural)"; the sentence form "AC 23 (…)".
 */
export function parseArmorClass(text: string): ArmorClass | null {
  const value = squash(text).replace(/^(AC|Defense)\s+/i, '');
  const ac = /^(\d+)\b/.exec(value);
  if (!ac) return null;
  const touch = /\btouch\s+(\d+)/i.exec(value);
  const flat = /\bflat-?\s?footed\s+(\d+)/i.exec(value);
  const group = breakdownGroup(value);
  const ac_breakdown: [number, string][] = [];
  if (group !== null) {
    for (const item of splitTop(group, ',')) {
      const part = parseBonus(item);
      if (part) ac_breakdown.push(part);
    }
  }
  const natural_armor = ac_breakdown
    .filter(([, label]) => NATURAL_LABEL.test(label))
    .reduce((sum, [bonus]) => sum + bonus, 0);
  const armor = ac_breakdown
    .filter(([, label]) => isArmorLabel(label))
    .map(([bonus, name]) => ({ name, bonus }));
  const shields = ac_breakdown
    .filter(([, label]) => isShieldLabel(label))
    .map(([bonus, name]) => ({ name, bonus }));
  return {
    ac: Number(ac[1]),
    ac_touch: touch ? Number(touch[1]) : null,
    ac_flat_footed: flat ? Number(flat[1]) : null,
    ac_breakdown,
    natural_armor,
    armor_worn: armor.length ? armor : null,
    shield_worn: shields.length ? shields : null,
  };
}

/**
 * The inside of the first parenthesis of an AC line that holds a signed number: its parts
 * ("-1 size, +5 natural, armor [+5 half plate (mithral)]"); brackets may hold parentheses. One pass
 * over the text: the regular expression it replaces backtracked exponentially over an unclosed
 * parenthesis full of brackets.
 */
function breakdownGroup(value: string): string | null {
  // The next "]" at or after each position (-1: none), so that a bracket is skipped in one step.
  const closing: number[] = new Array<number>(value.length + 1).fill(-1);
  for (let i = value.length - 1; i >= 0; i--) closing[i] = value[i] === ']' ? i : (closing[i + 1] as number);
  let start = value.indexOf('(');
  while (start >= 0) {
    let signed = false;
    let i = start + 1;
    let end = -1;
    for (; i < value.length; i++) {
      const char = value[i] as string;
      if (char === '[' && (closing[i] as number) > i) {
        const close = closing[i] as number;
        if (/[+-]\d/.test(value.slice(i, close))) signed = true;
        i = close;
      } else if (char === ')') {
        end = i;
        break;
      } else if (char === '(') break;
      else if ((char === '+' || char === '-') && /\d/.test(value[i + 1] ?? '')) signed = true;
    }
    if (end >= 0 && signed) return value.slice(start + 1, end);
    // The next start: the parenthesis that broke this one, or the first after it.
    start = end >= 0 ? value.indexOf('(', end + 1) : i < value.length ? i : -1;
  }
  return null;
}

/** "+5 natural" → [5, "natural"]; "+6 +3 studded leather"; "ring of protection +1" → [1, …]. */
function parseBonus(item: string): [number, string] | null {
  const text = squash(item);
  const lead = /^([+-]\d+)\s+(.+)$/.exec(text);
  if (lead) return [Number(lead[1]), lead[2] as string];
  const trail = /^(.+?)\s+([+-]\d+)$/.exec(text);
  if (trail) return [Number(trail[2]), text];
  return null;
}

/** "+3/+12", "+4/—" (no grapple), "+2/+8*", "+1/-11 (+1 when attached)". */
export function parseBabGrapple(text: string): { bab: number | null; grapple: number | null } | null {
  const value = squash(text);
  const slash = value.indexOf('/');
  if (slash < 0) return null;
  const bab = signedOrDash(value.slice(0, slash));
  const grapple = signedOrDash(value.slice(slash + 1));
  if (bab === undefined || grapple === undefined) return null;
  return { bab, grapple };
}

/** A leading signed number, null for a dash, undefined when neither. */
export function signedOrDash(text: string): number | null | undefined {
  const value = text.trim();
  const number = /^([+-]?\d+)/.exec(value);
  if (number) return Number(number[1]);
  if (/^[—-]+\*?$/.test(value) || isDash(value)) return null;
  return undefined;
}

export interface Saves {
  fort: number | null;
  ref: number | null;
  will: number | null;
}

/** "Fort +14 (+18 against poison), Ref +12, Will +12"; "Ref —"; "As master’s saves". */
export function parseSaves(text: string): Saves | null {
  const value = squash(text);
  if (/^as\b/i.test(value)) return { fort: null, ref: null, will: null };
  const one = (name: string): number | null | undefined => {
    const match = new RegExp(`\\b${name}[a-z]*\\.?\\s*([+-]?\\d+|[—-]+)`, 'i').exec(value);
    return match ? signedOrDash(match[1] as string) : undefined;
  };
  const fort = one('Fort');
  const ref = one('Ref');
  const will = one('Will');
  if (fort === undefined || ref === undefined || will === undefined) return null;
  return { fort, ref, will };
}

const ABILITY_KEYS: AbilityKey[] = ['str', 'dex', 'con', 'int', 'wis', 'cha'];

/**
 * "Str 26, Dex 12, Con —, Int 15, Wis 17, Cha 17". Returns the scores and whatever text follows the
 * Charisma score (a sentence form may run on: "Cha 6. Skills: …").
 */
export function parseAbilities(
  text: string,
): { abilities: Record<AbilityKey, number | null>; rest: string } | null {
  const value = squash(text);
  const abilities = {} as Record<AbilityKey, number | null>;
  let end = 0;
  for (const key of ABILITY_KEYS) {
    const match = new RegExp(`\\b${key}[a-z]*\\.?\\s*:?\\s*(\\d+|[—-]+)`, 'i').exec(value);
    if (!match) return null;
    abilities[key] = /\d/.test(match[1] as string) ? Number(match[1]) : null;
    if (key === 'cha') end = match.index + match[0].length;
  }
  const rest = value.slice(end).replace(/^[.,;\s]+/, '');
  return { abilities, rest };
}

/** "1/3" → 0.333…, "5 (noble 8)" → 5, "Included with master" → null. */
export function parseCr(text: string): { cr: string; cr_value: number | null } {
  const cr = squash(text);
  const match = /^(\d+)\s*\/\s*(\d+)|^(\d+)/.exec(cr);
  if (!match) return { cr, cr_value: null };
  const cr_value = match[3] !== undefined ? Number(match[3]) : Number(match[1]) / Number(match[2]);
  return { cr, cr_value };
}

/**
 * "15 ft./10 ft. (15 ft. with bite)": the data file splits at the first slash and keeps each side
 * as printed ("2½ ft.", "10 ft. (15 ft. with bite)"); "Varies (see text)" has no reach.
 */
export function parseSpaceReach(text: string): { space: string; reach: string | null } {
  const value = squash(text);
  const slash = value.indexOf('/');
  if (slash < 0) return { space: value, reach: null };
  return { space: value.slice(0, slash).trim(), reach: value.slice(slash + 1).trim() };
}

/** The d20 Modern "FS 10 ft. by 10 ft." (and the 3.0 "Face"): a square face is its side, "10 ft.". */
export function parseFace(text: string): string {
  const value = squash(text);
  const match = /^(\d+(?:½)?\s*ft\.?)\s*(?:by|x|×)\s*(\d+(?:½)?\s*ft\.?)$/i.exec(value);
  if (match && (match[1] as string).replace(/\s|\./g, '') === (match[2] as string).replace(/\s|\./g, ''))
    return match[1] as string;
  return value;
}
