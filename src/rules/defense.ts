/**
 * Defense (GnG "DEFENSE"): Dexterity modifier + class bonus + equipment penalty + size modifier +
 * shield bonus, with the other typed modifiers, GnG "Table: Defense Roll Modifiers" (defender side),
 * "HELPLESS DEFENDERS" and the Defense effects of GnG "CONDITIONS".
 */
import { ENTANGLED_DEXTERITY_PENALTY } from './attackModifiers.js';
import {
  conditionEffects,
  isConditionId,
  conditionLosesDexterity,
  DEXTERITY_LOSS_BONUSES,
  type ConditionId,
  type DefenseBonusKind,
} from './conditions.js';
import { armorCheckDefensePenalty, encumbrancePenalty, type EncumbranceLoad } from './encumbrance.js';
import { classDefenseBonus } from './progression.js';
import { sizeModifier } from './sizes.js';
import type { ClassLevels, Size } from './types.js';
import { assertInteger, assertNonNegativeInteger, assertOneOf, assertSize } from './validate.js';

/** Melee or ranged: several Defense roll modifiers differ between the two. */
export type DefenseAttackMode = 'melee' | 'ranged';

/** Rows of GnG "Table: Defense Roll Modifiers" ("Kneeling or sitting" → `kneeling`). */
export const DEFENSE_ROLL_MODIFIER_ROWS = [
  'behind-cover',
  'blinded',
  'concealed-or-invisible',
  'cowering',
  'entangled',
  'flat-footed',
  'grappling',
  'helpless',
  'kneeling',
  'locked',
  'pinned',
  'prone',
  'squeezing',
  'stunned',
] as const;
/** A row of GnG "Table: Defense Roll Modifiers". */
export type DefenseRollModifierRow = (typeof DEFENSE_ROLL_MODIFIER_ROWS)[number];

/** One row of the table with its footnotes. */
export interface DefenseRollModifier {
  /** Modifier against melee attacks; null = "See Concealment". */
  readonly melee: number | null;
  /** Modifier against ranged attacks; null = "See Concealment". */
  readonly ranged: number | null;
  /** Footnote 1/3: the defender loses any Dexterity bonus to Defense. */
  readonly losesDexterityBonus?: boolean;
  /** Footnote 2: penalty to the Dexterity score (entangled −4). */
  readonly dexterityPenalty?: number;
  /** Footnote 3: a ranged attacker rolls randomly which grappling combatant is struck. */
  readonly rangedRandomTarget?: boolean;
  /** Footnote 4: automatically rolls a 1 and loses Dexterity, dodge, class and similar bonuses. */
  readonly autoRollOne?: boolean;
}

/**
 * A table row that is a GnG condition, read from the conditions table (its numbers live there):
 * Defense modifier + melee/ranged-only modifier, the helpless "+4 to melee attackers" as the printed
 * melee −4; footnote 4 for an automatic 1, otherwise footnote 1 when the condition loses Dexterity.
 */
function conditionRow(id: ConditionId): DefenseRollModifier {
  const e = conditionEffects(id);
  const melee = (e.defense ?? 0) + (e.defenseMelee ?? 0) - (e.meleeAttackersBonus ?? 0);
  const ranged = (e.defense ?? 0) + (e.defenseRanged ?? 0);
  if (e.defenseRollAutoOne) return { melee, ranged, autoRollOne: true };
  if (conditionLosesDexterity(id)) return { melee, ranged, losesDexterityBonus: true };
  return { melee, ranged };
}

/**
 * GnG "Table: Defense Roll Modifiers" (defender side), as printed. The condition rows come from
 * `CONDITION_TABLE` and entangled's −4 Dexterity from `ENTANGLED_DEXTERITY_PENALTY`.
 */
export const DEFENSE_ROLL_MODIFIERS: Readonly<Record<DefenseRollModifierRow, DefenseRollModifier>> = {
  'behind-cover': { melee: 4, ranged: 4 },
  blinded: conditionRow('blinded'),
  'concealed-or-invisible': { melee: null, ranged: null },
  cowering: conditionRow('cowering'),
  entangled: { melee: 0, ranged: 0, dexterityPenalty: ENTANGLED_DEXTERITY_PENALTY },
  'flat-footed': conditionRow('flat-footed'),
  grappling: { ...conditionRow('grappling'), rangedRandomTarget: true },
  helpless: conditionRow('helpless'),
  kneeling: { melee: -2, ranged: 2 },
  locked: conditionRow('locked'),
  pinned: conditionRow('pinned'),
  prone: conditionRow('prone'),
  squeezing: { melee: -4, ranged: -4 },
  stunned: conditionRow('stunned'),
};

/** The modifier of one row against melee or ranged attacks (GnG "Table: Defense Roll Modifiers"). */
export function defenseRollModifier(row: DefenseRollModifierRow, attack: DefenseAttackMode): number | null {
  const entry = DEFENSE_ROLL_MODIFIERS[assertOneOf('defense roll modifier', row, DEFENSE_ROLL_MODIFIER_ROWS)];
  return entry[assertOneOf('attack', attack, ['melee', 'ranged'] as const)];
}

/**
 * Defender states understood by {@link defenseBonus}: the table rows (without concealment), the
 * DEFENSE text's `immobilized`/`unconscious`, an invisible attacker, and the conditions that change
 * Defense rolls (`all-legs-disabled` = every leg disabled).
 */
export const DEFENSE_STATES = [
  'behind-cover',
  'blinded',
  'cowering',
  'entangled',
  'flat-footed',
  'grappling',
  'helpless',
  'kneeling',
  'locked',
  'pinned',
  'prone',
  'squeezing',
  'stunned',
  'immobilized',
  'unconscious',
  'attacker-invisible',
  'dazed',
  'dazzled',
  'shaken',
  'frightened',
  'panicked',
  'sickened',
  'disabled-ear',
  'disabled-eye',
  'disabled-leg',
  'all-legs-disabled',
  'disabled-head',
] as const;
/** A defender state. */
export type DefenseState = (typeof DEFENSE_STATES)[number];

/** Typed modifiers to Defense (GnG "Other Modifiers"). */
export const DEFENSE_MODIFIER_TYPES = [
  'circumstance',
  // Tactical Aid (Appendix 4): "a +1 competence bonus on … defense rolls" (issue #18).
  'competence',
  'deflection',
  'dodge',
  'enhancement',
  'haste',
  'insight',
  'luck',
  'sacred',
  'profane',
] as const;
/** A typed modifier to Defense. */
export type DefenseModifierType = (typeof DEFENSE_MODIFIER_TYPES)[number];

/** Parts of the Defense bonus, as reported by {@link defenseBonus}. */
export type DefensePart =
  | 'dexterity'
  | 'class'
  | 'armorCheck'
  | 'encumbrance'
  | 'size'
  | 'shield'
  | 'shieldEnhancement'
  | DefenseModifierType
  | 'situation'
  | 'conditions'
  | 'injury';

/** Input of {@link defenseBonus}. */
export interface DefenseInput {
  /** Dexterity modifier (before entangled's −4 Dexterity). */
  dexMod: number;
  /** Class levels and Hit Dice with their Defense progressions. */
  classes: ClassLevels[];
  /** Armor check penalty of worn armor as printed (≤ 0). */
  armorCheckPenalty?: number;
  /** Proficient with that armor (halves the penalty, rounding up). */
  armorProficient?: boolean;
  /** Encumbrance load (armor and shield weight included). */
  load?: EncumbranceLoad;
  size: Size;
  /** Shield bonus. */
  shield?: number;
  /** Enhancement bonus of the shield. */
  shieldEnhancement?: number;
  /** Typed modifiers: dodge and circumstance values add up; for the others the best bonus counts, penalties add. */
  modifiers?: Partial<Record<DefenseModifierType, number | readonly number[]>>;
  /** Defender states (see {@link DEFENSE_STATES}); pass `grappling` only if the attacker is not in the grapple. */
  states?: Iterable<DefenseState>;
  /** Attack type the Defense is rolled against (default melee). */
  attack?: DefenseAttackMode;
  /** Touch attack: the shield bonus (and its enhancement) is ignored. */
  touch?: boolean;
  /** An ability such as Uncanny Dodge keeps the Dexterity bonus while flat-footed or against an invisible attacker. */
  retainsDexterityWhenFlatFooted?: boolean;
  /** Negative levels (energy drained). */
  negativeLevels?: number;
  /** Injury penalty (from `injury()`), ≤ 0. */
  injuryPenalty?: number;
}

/** A part taken away by a state, with why. */
export interface RemovedDefensePart {
  part: DefensePart;
  value: number;
  reasons: string[];
}

/** Result of {@link defenseBonus}. */
export interface DefenseBreakdown {
  /** The Defense bonus added to the d20 of the Defense roll. */
  total: number;
  /** The d20 of the Defense roll is automatically a 1. */
  autoRollOne: boolean;
  /** Value of each part after removals (0 when removed or absent). */
  parts: Record<DefensePart, number>;
  /** Non-zero parts that states removed, and which states removed them. */
  removed: RemovedDefensePart[];
  /** Each situational/condition modifier applied (summed into `situation` and `conditions`). */
  modifiers: { source: string; value: number }[];
  /** Reminders that are not numbers (e.g. random target when shooting into a grapple). */
  notes: string[];
}

/** States that hold the defender immobile: auto 1, and Dexterity (±), class, equipment, shield, dodge, haste, insight go. */
const IMMOBILE_STATES: readonly DefenseState[] = [
  'helpless',
  'immobilized',
  'unconscious',
  'pinned',
  'locked',
];
const IMMOBILE_REMOVES: readonly DefensePart[] = [
  'dexterity',
  'class',
  'armorCheck',
  'encumbrance',
  'shield',
  'shieldEnhancement',
  'dodge',
  'haste',
  'insight',
  // Tactical Aid's competence bonus is the character's own trained response: lost like insight (issue #18).
  'competence',
];
const BONUS_PART: Readonly<Record<DefenseBonusKind, DefensePart>> = {
  dex: 'dexterity',
  class: 'class',
  dodge: 'dodge',
};
/** Losing the Dexterity bonus takes the conditions table's Dex, class and dodge, and haste (GnG "Haste"). */
const DEX_LOSS_REMOVES: readonly DefensePart[] = [
  ...DEXTERITY_LOSS_BONUSES.map((k) => BONUS_PART[k]),
  'haste',
];
/**
 * States that deny the Dexterity bonus without holding the defender: the conditions whose table entry
 * loses Dexterity (so `conditionLosesDexterity` and this function agree), an invisible attacker and
 * all legs disabled (GnG "Disabled Leg").
 */
const DEX_LOSS_STATES: readonly DefenseState[] = [
  ...DEFENSE_STATES.filter(
    (s) => isConditionId(s) && conditionLosesDexterity(s) && !IMMOBILE_STATES.includes(s),
  ),
  'attacker-invisible',
  'all-legs-disabled',
];
/**
 * Whether a defender in `states` is denied its Dexterity bonus to Defense, whether or not it has one
 * (GnG SNEAK ATTACK: "any time your target would be denied a Dexterity bonus to Defense (whether the
 * target actually has a Dexterity bonus or not)"): the states {@link defenseBonus} takes the
 * Dexterity bonus away for — held or helpless, or a condition that loses it, an invisible attacker —
 * except flat-footed and an invisible attacker for a defender that keeps it (Uncanny Dodge).
 */
export function deniedDexterityBonus(
  states: Iterable<DefenseState>,
  retainsDexterityWhenFlatFooted = false,
): boolean {
  for (const state of states) {
    if (IMMOBILE_STATES.includes(state)) return true;
    if (!DEX_LOSS_STATES.includes(state)) continue;
    if (retainsDexterityWhenFlatFooted && (state === 'flat-footed' || state === 'attacker-invisible'))
      continue;
    return true;
  }
  return false;
}

/** Position rows that describe the same thing (lying down, held): only the worst one applies. */
const POSTURE_ROWS = ['prone', 'kneeling', 'helpless', 'pinned', 'locked'] as const;
const FEAR_STATES = ['shaken', 'frightened', 'panicked'] as const;

function combine(type: DefenseModifierType, value: number | readonly number[] | undefined): number {
  if (value === undefined) return 0;
  const values = typeof value === 'number' ? [value] : [...value];
  values.forEach((v) => assertInteger(`${type} modifier`, v));
  if (type === 'dodge' || type === 'circumstance') return values.reduce((a, b) => a + b, 0);
  const best = Math.max(0, ...values.filter((v) => v > 0));
  const penalties = values.filter((v) => v < 0).reduce((a, b) => a + b, 0);
  return best + penalties;
}

/** Defense penalty of a condition from the conditions table (its `defense` or `allRollsExceptDamage`). */
type DefenseConditionId =
  | 'dazzled'
  | 'shaken'
  | 'frightened'
  | 'panicked'
  | 'sickened'
  | 'energy-drained'
  | 'disabled-ear'
  | 'disabled-eye'
  | 'disabled-leg'
  | 'disabled-head';
function conditionDefense(id: DefenseConditionId): number {
  const effects = conditionEffects(id);
  return (effects.defense ?? 0) + (effects.allRollsExceptDamage ?? 0);
}

/**
 * The Defense bonus with every part, what states removed and why, and whether the d20 is an automatic 1
 * (GnG "DEFENSE", "Table: Defense Roll Modifiers", "HELPLESS DEFENDERS", "CONDITIONS").
 */
export function defenseBonus(input: DefenseInput): DefenseBreakdown {
  if (typeof input !== 'object' || input === null)
    throw new RangeError(`Defense input must be an object, got ${String(input)}`);
  const attack = assertOneOf('attack', input.attack ?? 'melee', ['melee', 'ranged'] as const);
  const states = new Set<DefenseState>();
  for (const state of input.states ?? []) states.add(assertOneOf('defense state', state, DEFENSE_STATES));
  // Conditions: "A helpless character is paralyzed, held, bound, sleeping, unconscious, …".
  if (states.has('unconscious')) states.add('helpless');
  if (states.has('all-legs-disabled')) states.add('disabled-leg');
  const touch = input.touch === true;
  const retainsDex = input.retainsDexterityWhenFlatFooted === true;

  const entangledDex = states.has('entangled')
    ? (DEFENSE_ROLL_MODIFIERS.entangled.dexterityPenalty ?? 0) / 2
    : 0;
  const raw: Record<DefensePart, number> = {
    dexterity: assertInteger('dexMod', input.dexMod) + entangledDex,
    class: classDefenseBonus(input.classes),
    armorCheck: armorCheckDefensePenalty(input.armorCheckPenalty ?? 0, input.armorProficient ?? false),
    encumbrance: encumbrancePenalty(input.load ?? 'none'),
    size: sizeModifier(assertSize(input.size)),
    shield: assertNonNegativeInteger('shield bonus', input.shield ?? 0),
    shieldEnhancement: assertNonNegativeInteger('shield enhancement', input.shieldEnhancement ?? 0),
    circumstance: 0,
    competence: 0,
    deflection: 0,
    dodge: 0,
    enhancement: 0,
    haste: 0,
    insight: 0,
    luck: 0,
    sacred: 0,
    profane: 0,
    situation: 0,
    conditions: 0,
    injury: assertInteger('injury penalty', input.injuryPenalty ?? 0),
  };
  if (raw.injury > 0) throw new RangeError(`injury penalty must be ≤ 0, got ${raw.injury}`);
  for (const [type, value] of Object.entries(input.modifiers ?? {})) {
    const t = assertOneOf('Defense modifier type', type, DEFENSE_MODIFIER_TYPES);
    raw[t] = combine(t, value);
  }

  // Which parts go, and why.
  const reasons = new Map<DefensePart, string[]>();
  const remove = (parts: readonly DefensePart[], why: string, onlyPositiveDex: boolean): void => {
    for (const part of parts) {
      if (part === 'dexterity' && onlyPositiveDex && raw.dexterity <= 0) continue; // "If you do not have a Dexterity bonus, nothing happens."
      reasons.set(part, [...(reasons.get(part) ?? []), why]);
    }
  };
  for (const state of IMMOBILE_STATES) if (states.has(state)) remove(IMMOBILE_REMOVES, state, false);
  for (const state of DEX_LOSS_STATES) {
    if (!states.has(state)) continue;
    if (retainsDex && (state === 'flat-footed' || state === 'attacker-invisible')) continue;
    remove(DEX_LOSS_REMOVES, state, true);
  }
  if (touch) remove(['shield', 'shieldEnhancement'], 'touch attack', false);

  const parts = { ...raw };
  const removed: RemovedDefensePart[] = [];
  for (const [part, why] of reasons) {
    if (raw[part] !== 0) removed.push({ part, value: raw[part], reasons: why });
    parts[part] = 0;
  }

  // Situational modifiers: Table: Defense Roll Modifiers.
  const modifiers: { source: string; value: number }[] = [];
  const notes: string[] = [];
  const postures = POSTURE_ROWS.filter((row) => states.has(row));
  if (postures.length > 0) {
    const worst = postures.reduce((a, b) =>
      (DEFENSE_ROLL_MODIFIERS[b][attack] as number) < (DEFENSE_ROLL_MODIFIERS[a][attack] as number) ? b : a,
    );
    modifiers.push({ source: worst, value: DEFENSE_ROLL_MODIFIERS[worst][attack] as number });
  }
  for (const row of DEFENSE_ROLL_MODIFIER_ROWS) {
    if (
      row === 'concealed-or-invisible' ||
      (POSTURE_ROWS as readonly string[]).includes(row) ||
      !states.has(row as DefenseState)
    )
      continue;
    modifiers.push({ source: row, value: DEFENSE_ROLL_MODIFIERS[row][attack] as number });
  }
  if (states.has('grappling') && attack === 'ranged') {
    notes.push('Roll randomly to see which grappling combatant the attack strikes.');
  }
  parts.situation = modifiers.reduce((sum, m) => sum + m.value, 0);

  // Conditions that change Defense rolls (GnG "CONDITIONS", called-shot body parts).
  const conditionModifiers: { source: string; value: number }[] = [];
  const fears = FEAR_STATES.filter((s) => states.has(s));
  if (fears.length > 0) {
    const worst = fears.reduce((a, b) => (conditionDefense(b) < conditionDefense(a) ? b : a));
    conditionModifiers.push({ source: worst, value: conditionDefense(worst) });
  }
  for (const id of [
    'dazzled',
    'sickened',
    'disabled-ear',
    'disabled-eye',
    'disabled-leg',
    'disabled-head',
  ] as const) {
    if (states.has(id)) conditionModifiers.push({ source: id, value: conditionDefense(id) });
  }
  const negativeLevels = assertNonNegativeInteger('negative levels', input.negativeLevels ?? 0);
  if (negativeLevels > 0) {
    conditionModifiers.push({
      source: 'energy-drained',
      value: negativeLevels * conditionDefense('energy-drained'),
    });
  }
  parts.conditions = conditionModifiers.reduce((sum, m) => sum + m.value, 0);
  modifiers.push(...conditionModifiers);

  const total = Object.values(parts).reduce((sum, v) => sum + v, 0);
  const autoRollOne = IMMOBILE_STATES.some((s) => states.has(s));
  return { total: total === 0 ? 0 : total, autoRollOne, parts, removed, modifiers, notes };
}
