/**
 * The tables and the vocabulary of Defense (GnG "Table: Defense Roll Modifiers", defender side; the
 * defender states, typed modifiers and parts of the Defense bonus). Public through defense.ts, which
 * re-exports this module; the rule itself is defense-core.ts.
 */
import { ENTANGLED_DEXTERITY_PENALTY } from './attack-modifiers.js';
import { conditionEffects, conditionLosesDexterity, type ConditionId } from './conditions.js';
import type { EncumbranceLoad } from './encumbrance.js';
import type { ClassLevels, Size } from './types.js';

/** Melee or ranged: several Defense roll modifiers differ between the two. */
export type DefenseAttackMode = 'melee' | 'ranged';

/** The rows of the table after concealment's, each a defender state too ({@link DEFENSE_STATES}). */
const ROWS_AFTER_CONCEALMENT = [
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

/** Rows of GnG "Table: Defense Roll Modifiers" ("Kneeling or sitting" → `kneeling`). */
export const DEFENSE_ROLL_MODIFIER_ROWS = [
  'behind-cover',
  'blinded',
  'concealed-or-invisible',
  ...ROWS_AFTER_CONCEALMENT,
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

/**
 * Defender states understood by `defenseBonus`: the table rows (without concealment), the
 * DEFENSE text's `immobilized`/`unconscious`, an invisible attacker, and the conditions that change
 * Defense rolls (`all-legs-disabled` = every leg disabled).
 */
export const DEFENSE_STATES = [
  'behind-cover',
  'blinded',
  ...ROWS_AFTER_CONCEALMENT,
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

/** Parts of the Defense bonus, as reported by `defenseBonus`. */
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

/** Input of `defenseBonus`. */
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

/** Result of `defenseBonus`. */
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
