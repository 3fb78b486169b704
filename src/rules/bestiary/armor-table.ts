/**
 * Bestiary conversion (issue #19): the worn armor, shields and other Armor Class parts of a d20 stat
 * block, sorted into GnG Protection (armor, natural armor and their enhancement: GnG "PROTECTION")
 * and GnG Defense (shield, deflection, dodge, haste, insight, luck, sacred/profane: GnG "DEFENSE",
 * "Note: Deflection, dodge, haste, insight, and luck modifiers affect Defense, not Protection").
 *
 * The armor check penalties are the SRD 3.5 "Table: Armor and Shields" (the same table the armor
 * pack is built from: `data/srd35/armor.json`; a unit test compares the two), so that the Defense's
 * equipment penalty of a monster in armor can be worked out as for a character.
 */
import type { DefenseModifierType } from '../defense.js';
import type { WornItem } from './srd-record.js';

/** SRD armor by the words its name uses: armor bonus and armor check penalty (as printed, ≤ 0). */
export const SRD_ARMOR: Readonly<Record<string, { bonus: number; checkPenalty: number }>> = {
  padded: { bonus: 1, checkPenalty: 0 },
  leather: { bonus: 2, checkPenalty: 0 },
  'studded leather': { bonus: 3, checkPenalty: -1 },
  'chain shirt': { bonus: 4, checkPenalty: -2 },
  hide: { bonus: 3, checkPenalty: -3 },
  'scale mail': { bonus: 4, checkPenalty: -4 },
  chainmail: { bonus: 5, checkPenalty: -5 },
  breastplate: { bonus: 5, checkPenalty: -4 },
  'splint mail': { bonus: 6, checkPenalty: -7 },
  'banded mail': { bonus: 6, checkPenalty: -6 },
  'half-plate': { bonus: 7, checkPenalty: -7 },
  'full plate': { bonus: 8, checkPenalty: -6 },
};

/** Armor bonuses made of force (no weight, no check penalty): bracers of armor, inertial armor, mage armor. */
const FORCE_ARMOR = /\b(bracers|inertial armor|mage armor)\b/i;

/** SRD: masterwork (and so every magic) armor lessens the check penalty by 1, mithral by 3. */
export const MASTERWORK_CHECK_PENALTY_RELIEF = 1;
export const MITHRAL_CHECK_PENALTY_RELIEF = 3;

/** One worn armor as GnG reads it. */
export interface ConvertedArmor {
  /** The name as the AC line prints it. */
  name: string;
  /** The SRD armor it is (table key), 'force' for force armor, null when unknown. */
  base: string | null;
  /** Armor bonus to Protection without the enhancement. */
  armor: number;
  /** Enhancement bonus ("+3 full plate armor"), added to Protection. */
  enhancement: number;
  /** Armor check penalty as printed on the table after masterwork/mithral (≤ 0); null when unknown. */
  checkPenalty: number | null;
}

/** One worn shield as GnG reads it: shield bonus and its enhancement, both to Defense. */
export interface ConvertedShield {
  name: string;
  shield: number;
  enhancement: number;
}

function leadingEnhancement(name: string): { enhancement: number; rest: string } {
  const m = /^\s*(?:armor\s*\[)?\s*\+(\d+)\s+(.*?)\]?\s*$/i.exec(name);
  if (!m) return { enhancement: 0, rest: name.replace(/^armor\s*\[|\]$/gi, '').trim() };
  return { enhancement: Number(m[1]), rest: (m[2] ?? '').trim() };
}

/** The SRD armor a name is ("+2 half-plate armor" → half-plate), or null. */
export function srdArmorKey(name: string): string | null {
  const n = name.toLowerCase().replace(/half plate/, 'half-plate');
  const keys = Object.keys(SRD_ARMOR).sort((a, b) => b.length - a.length);
  return keys.find((k) => n.includes(k)) ?? null;
}

/** "plate barding" +8 → full plate: an SRD armor sharing a word of the name and its bonus. */
function armorByWordAndBonus(name: string, bonus: number): string | null {
  const words = name
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length > 3);
  const found = Object.entries(SRD_ARMOR).find(
    ([key, a]) => a.bonus === bonus && words.some((w) => key.includes(w)),
  );
  return found ? found[0] : null;
}

/** A worn armor of the stat block → its Protection parts and its check penalty. */
export function convertArmor(item: WornItem): ConvertedArmor {
  const { enhancement, rest } = leadingEnhancement(item.name);
  if (FORCE_ARMOR.test(rest)) {
    return { name: item.name, base: 'force', armor: item.bonus, enhancement: 0, checkPenalty: 0 };
  }
  const armor = Math.max(0, item.bonus - enhancement);
  const key = srdArmorKey(rest) ?? armorByWordAndBonus(rest, armor);
  if (key === null) return { name: item.name, base: null, armor, enhancement, checkPenalty: null };
  const table = SRD_ARMOR[key] as { checkPenalty: number };
  const relief = /mithral/i.test(rest)
    ? MITHRAL_CHECK_PENALTY_RELIEF
    : enhancement > 0 || /masterwork/i.test(rest)
      ? MASTERWORK_CHECK_PENALTY_RELIEF
      : 0;
  const checkPenalty = Math.min(0, table.checkPenalty + relief);
  return {
    name: item.name,
    base: key,
    armor,
    enhancement,
    checkPenalty: checkPenalty === 0 ? 0 : checkPenalty,
  };
}

/** A worn shield of the stat block → its Defense bonus and enhancement ("+3 heavy shield" 5 → 2 + 3). */
export function convertShield(item: WornItem): ConvertedShield {
  const { enhancement } = leadingEnhancement(item.name);
  return {
    name: item.name,
    shield: Math.max(0, item.bonus - enhancement),
    enhancement: Math.min(enhancement, item.bonus),
  };
}

/** What one "[bonus, label]" part of an AC line becomes in GnG. */
export type AcPartKind =
  | 'size'
  | 'dexterity'
  | 'natural'
  | 'armor'
  | 'shield'
  | 'natural-enhancement'
  | DefenseModifierType
  | 'unknown';

const DEFENSE_LABELS: readonly [RegExp, DefenseModifierType][] = [
  [/^(deflection|ring( of protection)?)\b/i, 'deflection'],
  [/^insight\b/i, 'insight'],
  [/^dodge\b/i, 'dodge'],
  [/^haste\b/i, 'haste'],
  [/^luck\b/i, 'luck'],
  [/^sacred\b/i, 'sacred'],
  [/^profane\b/i, 'profane'],
];

/**
 * Sorts an AC part by its label. Armor and shields are recognised by the worn lists of the record;
 * an amulet (of natural armor) is an enhancement of natural armor (decision "AC parts").
 */
export function classifyAcPart(
  label: string,
  worn: { armor: readonly WornItem[]; shields: readonly WornItem[] },
): AcPartKind {
  const l = label.trim();
  if (/^size$/i.test(l)) return 'size';
  if (/^dex\b/i.test(l)) return 'dexterity';
  if (/^natural( armor)?$/i.test(l)) return 'natural';
  if (worn.armor.some((a) => a.name === l)) return 'armor';
  if (worn.shields.some((s) => s.name === l)) return 'shield';
  if (/^amulet\b/i.test(l)) return 'natural-enhancement';
  for (const [re, kind] of DEFENSE_LABELS) if (re.test(l)) return kind;
  return 'unknown';
}
