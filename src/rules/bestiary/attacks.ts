/**
 * Bestiary conversion (issue #19): the attack lines of a d20 stat block ("2 claws +12 melee
 * (1d6+8/19-20 plus slime); bite +7 melee (2d8+4)", "Longsword +14/+9 melee (1d8+5/19-20) or
 * longbow +8/+3 ranged (1d8/×3)") as attack entries. GnG keeps the d20 attack and damage numbers
 * (its Relative Degree replaces the critical hit, so the threat range is kept only for reference);
 * natural weapons take the SRD's damage types (decision "natural weapon types").
 */
import { ENERGY_TYPES, type EnergyType } from '../damage-reduction.js';

/** Damage as dice + bonus ("2d6+4"; a flat "1" is 0 dice + 1). */
export interface AttackDamage {
  count: number;
  faces: number;
  bonus: number;
  /** The dice text as printed ("2d6+4"). */
  text: string;
}

/** Extra damage of another type ("plus 1d6 fire"). */
export interface ExtraDamage extends AttackDamage {
  type: string | null;
}

/** One attack of a stat block, converted. */
export interface ConvertedAttack {
  /** The text it came from. */
  text: string;
  /** The weapon as printed, without count and enhancement ("claws", "frost greataxe"). */
  name: string;
  count: number;
  /** Attack bonuses, one per iterative attack ([+14, +9]); empty for a swarm. */
  bonuses: number[];
  mode: 'melee' | 'ranged' | 'swarm';
  touch: boolean;
  kind: 'natural' | 'weapon' | 'other';
  /** The weapon's enhancement bonus ("+2 frost greataxe" → 2). */
  enhancement: number;
  /** Hit point damage; null when the attack deals none (an ability drain, entangle). */
  damage: AttackDamage | null;
  /** Lowest natural roll of the d20 threat range (20 unless printed). */
  critRange: number;
  critMultiplier: number;
  /** Damage types of the main damage (bludgeoning, piercing, slashing, or an energy); empty when unknown. */
  damageTypes: string[];
  extraDamage: ExtraDamage[];
  /** Effects named with the damage that are not hit points ("poison", "1d4 Wisdom drain"). */
  effects: string[];
  /** Reach in feet for a melee attack (the block's reach or its "with …" exception); null for ranged. */
  reach: number | null;
}

/** One full-attack option: the attacks made together. The block's "or" separates the options. */
export type AttackRoutine = ConvertedAttack[];

/**
 * Natural weapon damage types: SRD 3.5 "Natural Weapons" (bite: bludgeoning, piercing and slashing;
 * claw or talon: piercing and slashing; gore: piercing; slap or slam: bludgeoning; sting: piercing;
 * tentacle: bludgeoning) and the like-for-like rest (decision "natural weapon types").
 */
const NATURAL: readonly [RegExp, string[]][] = [
  [/\bbites?\b/, ['bludgeoning', 'piercing', 'slashing']],
  [/\b(claws?|talons?|rakes?|pincers?|tusk slash)\b/, ['piercing', 'slashing']],
  [/\b(gores?|horns?|stings?|tusks?|spikes?|quills?|beaks?)\b/, ['piercing']],
  [
    /\b(slams?|slaps?|tentacles?|hoof|hooves|wings?|buffets?|pseudopods?|arms?|fists?|butts?|tails?|crush|stamp|trample|tongue|head ?butt|kicks?|coil whip)\b/,
    ['bludgeoning'],
  ],
];

/** Attacks that are neither natural weapons nor weapons: rays, touches, spittle, webs. */
const OTHER = /\b(touch(es)?|rays?|spittle|web|breath|gaze|aura|swarm|shock|spit|beam)\b/;

/**
 * SRD 3.5 weapon damage types by the weapon's words, most specific first (compared with
 * data/srd35/weapons.json by a unit test). "P or S" weapons list both.
 */
export const WEAPON_TYPES: readonly [RegExp, string[]][] = [
  [
    /\b(short sword|rapier|punching dagger|spiked gauntlet|spiked chain|spiked armor|spiked shield|heavy pick|light pick|siangham)\b/,
    ['piercing'],
  ],
  [/\bmorningstar\b/, ['bludgeoning', 'piercing']],
  [/\b(dagger|halberd|scythe)\b/, ['piercing', 'slashing']],
  [/\bhooked hammer\b/, ['bludgeoning', 'piercing']],
  [/\burgrosh\b/, ['piercing', 'slashing']],
  [
    /\b(longsword|greatsword|bastard sword|two-bladed sword|scimitar|falchion|battleaxe|greataxe|handaxe|waraxe|double axe|throwing axe|glaive|guisarme|kukri|kama|sickle|whip|axe|sword)\b/,
    ['slashing'],
  ],
  [
    /\b(spear|longspear|shortspear|javelin|trident|lance|ranseur|pick|darts?|bow|longbow|shortbow|crossbow|arrows?|bolts?|shuriken)\b/,
    ['piercing'],
  ],
  [
    /\b(warhammer|greatclub|club|mace|flail|quarterstaff|staff|sling|hammer|rocks?|boulders?|sap|bolas|nunchaku|sai|shield|unarmed strike|gauntlet|thrown object)\b/,
    ['bludgeoning'],
  ],
];

/** Damage types of a weapon by its name, or null when the name is no SRD weapon. */
export function weaponDamageTypes(name: string): string[] | null {
  const n = name.toLowerCase();
  const singular = n.replace(/([a-z]{3,}[^s])s\b/g, '$1');
  return WEAPON_TYPES.find(([re]) => re.test(n) || re.test(singular))?.[1] ?? null;
}

/** Splits at `sep` outside parentheses and brackets. */
export function splitTopLevel(text: string, sep: RegExp): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth = Math.max(0, depth - 1);
    else if (depth === 0) {
      sep.lastIndex = i;
      const m = sep.exec(text);
      if (m && m.index === i) {
        out.push(text.slice(start, i));
        start = i + m[0].length;
        i = start - 1;
      }
    }
  }
  out.push(text.slice(start));
  return out.map((s) => s.trim()).filter((s) => s !== '');
}

const DICE = /^(?:(\d+)d(\d+))?\s*([+-]\s*\d+)?$/;

/** "2d6+4" → dice; "1" → 0 dice + 1; null for anything else. */
export function parseDice(text: string): AttackDamage | null {
  const t = text.replace(/\s+/g, '').replace(/[−–]/g, '-');
  if (/^\d+$/.test(t)) return { count: 0, faces: 0, bonus: Number(t), text: t };
  const m = DICE.exec(t);
  if (!m || m[1] === undefined) return null;
  return {
    count: Number(m[1]),
    faces: Number(m[2]),
    bonus: Number((m[3] ?? '0').replace(/\s/g, '')),
    text: t,
  };
}

const ENERGY_WORD = new RegExp(`^(${ENERGY_TYPES.join('|')})(?:\\s+damage)?$`, 'i');

function energyOf(word: string): EnergyType | null {
  const m = ENERGY_WORD.exec(word.trim());
  return m ? ((m[1] ?? '').toLowerCase() as EnergyType) : null;
}

interface DamagePart {
  damage: AttackDamage | null;
  critRange: number;
  critMultiplier: number;
  types: string[];
  extra: ExtraDamage[];
  effects: string[];
}

/** The inside of "(…)": main damage with threat range and multiplier, then "plus …" parts. */
export function parseDamageText(inner: string): DamagePart {
  const out: DamagePart = {
    damage: null,
    critRange: 20,
    critMultiplier: 2,
    types: [],
    extra: [],
    effects: [],
  };
  const [main = '', ...plus] = splitTopLevel(inner.replace(/[−–]/g, '-').replace(/\*/g, ''), /\s+plus\s+/y);
  const m = /^(\d+d\d+(?:\s*[+-]\s*\d+)?|\d+)((?:\s*\/\s*(?:\d+-20|[×x]\d+))*)\s*(.*)$/i.exec(main.trim());
  if (m) {
    const damage = parseDice(m[1] ?? '');
    for (const c of (m[2] ?? '').matchAll(/(\d+)-20|[×x](\d+)/gi)) {
      if (c[1] !== undefined) out.critRange = Number(c[1]);
      if (c[2] !== undefined) out.critMultiplier = Number(c[2]);
    }
    const notes = [...(m[3] ?? '').matchAll(/\(([^()]*)\)/g)].map((n) => (n[1] ?? '').trim());
    const tail = (m[3] ?? '').replace(/\([^()]*\)/g, '').trim();
    const energy = energyOf(tail);
    if (tail === '' || energy !== null || /^nonlethal$/i.test(tail)) {
      out.damage = damage;
      if (energy) out.types = [energy];
      if (/^nonlethal$/i.test(tail)) out.effects.push('nonlethal');
      out.effects.push(...notes.filter((n) => n !== ''));
    } else {
      out.effects.push(main.trim()); // "1d4 Wisdom drain": not hit points
    }
  } else if (main.trim() !== '') {
    out.effects.push(main.trim());
  }
  for (const p of plus) {
    const e = /^(\d+d\d+(?:\s*[+-]\s*\d+)?|\d+)\s+(.+)$/.exec(p);
    const dice = e ? parseDice(e[1] ?? '') : null;
    const energy = e ? energyOf(e[2] ?? '') : null;
    if (dice && energy) out.extra.push({ ...dice, type: energy });
    else out.effects.push(p);
  }
  return out;
}

function kindAndTypes(name: string): { kind: ConvertedAttack['kind']; types: string[] } {
  const n = name.toLowerCase();
  const weapon = weaponDamageTypes(n);
  if (weapon) return { kind: 'weapon', types: weapon };
  if (OTHER.test(n)) {
    const energy = ENERGY_TYPES.find((e) => n.includes(e));
    return { kind: 'other', types: energy ? [energy] : [] };
  }
  for (const [re, types] of NATURAL) if (re.test(n)) return { kind: 'natural', types };
  return { kind: 'other', types: [] };
}

/** Reach of the block: "10 ft. (20 ft. with vine)" → base 10, exceptions [{ 20, "vine" }]. */
export function parseReach(reach: string | null): {
  base: number | null;
  with: { feet: number; what: string }[];
} {
  const text = reach ?? '';
  const base = /^\s*(\d+)/.exec(text);
  const exceptions = [...text.matchAll(/(\d+)\s*ft\.?\s+with\s+([^,)]+)/gi)].map((m) => ({
    feet: Number(m[1]),
    what: (m[2] ?? '').trim().toLowerCase(),
  }));
  return { base: base ? Number(base[1]) : null, with: exceptions };
}

function reachFor(name: string, reach: ReturnType<typeof parseReach>): number | null {
  const n = name.toLowerCase();
  for (const e of reach.with) {
    const words = e.what.split(/\s+or\s+/).map((w) => w.replace(/^\+\d+\s+/, '').replace(/s$/, ''));
    if (words.some((w) => w !== '' && n.includes(w))) return e.feet;
  }
  return reach.base;
}

const COMPONENT =
  /^(?:(\d+)\s+(?=[A-Za-z]))?(.*?)\s*([+-]\s?\d+(?:\s*\/\s*[+-]\d+)*)\s+(melee|ranged)\*?(\s+touch)?\s*(?:\((.*)\))?\s*(?:\/\s*[×x](\d+))?(\s+touch attack)?$/i;

/** One component ("2 claws +12 melee (1d6+8)"); null when it cannot be read. */
export function parseAttack(text: string, reach: string | null = null): ConvertedAttack | null {
  const t = text.replace(/[−–]/g, '-').replace(/\s+/g, ' ').trim();
  const swarm = /^swarm\s*\((.*)\)$/i.exec(t);
  if (swarm) {
    const d = parseDamageText(swarm[1] ?? '');
    return {
      text,
      name: 'swarm',
      count: 1,
      bonuses: [],
      mode: 'swarm',
      touch: false,
      kind: 'other',
      enhancement: 0,
      damage: d.damage,
      critRange: 20,
      critMultiplier: 2,
      damageTypes: d.types,
      extraDamage: d.extra,
      effects: d.effects,
      reach: 0,
    };
  }
  const m = COMPONENT.exec(t);
  if (!m) return null;
  let name = (m[2] ?? '').trim() || 'attack';
  let enhancement = 0;
  const enh = /^\+(\d+)\s+(.*)$/.exec(name);
  if (enh) {
    enhancement = Number(enh[1]);
    name = enh[2] ?? name;
  }
  name = name.replace(/^(primary|secondary)\s+/i, '');
  const bonuses = (m[3] ?? '').split('/').map((b) => Number(b.replace(/\s/g, '')));
  if (bonuses.some((b) => !Number.isFinite(b))) return null;
  const mode = (m[4] ?? '').toLowerCase() as 'melee' | 'ranged';
  const d = m[6] === undefined ? null : parseDamageText(m[6]);
  const { kind, types } = kindAndTypes(name);
  return {
    text,
    name,
    count: m[1] === undefined ? 1 : Number(m[1]),
    bonuses,
    mode,
    touch: m[5] !== undefined || m[8] !== undefined,
    kind,
    enhancement,
    damage: d?.damage ?? null,
    critRange: d?.critRange ?? 20,
    critMultiplier: m[7] !== undefined ? Number(m[7]) : (d?.critMultiplier ?? 2),
    damageTypes: d && d.types.length > 0 ? d.types : d?.damage ? types : [],
    extraDamage: d?.extra ?? [],
    effects: d?.effects ?? [],
    reach: mode === 'melee' ? reachFor(name, parseReach(reach)) : null,
  };
}

/** Every routine of a full-attack (or attack) line, with the parts that could not be read. */
export function parseAttackLine(
  line: string | null,
  reach: string | null = null,
): { routines: AttackRoutine[]; unreadable: string[] } {
  const routines: AttackRoutine[] = [];
  const unreadable: string[] = [];
  if (line === null || line.trim() === '' || /^[-—–]$/.test(line.trim())) return { routines, unreadable };
  for (const option of splitTopLevel(line, /;?\s+or\s+/y)) {
    const routine: AttackRoutine = [];
    for (const part of splitTopLevel(option, /,?\s+and\s+|[,;]\s*/y)) {
      const attack = parseAttack(part, reach);
      if (attack) routine.push(attack);
      else unreadable.push(part);
    }
    if (routine.length > 0) routines.push(routine);
  }
  return { routines, unreadable };
}
