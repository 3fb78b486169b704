/**
 * Effects of damage (GnG "EFFECTS OF DAMAGE"): trauma, injury grades, immunity to injury, disabled /
 * dying / dead by size, stabilisation; and the Appendix 1 variants "Advanced Wound Trauma" and
 * "Wounds Normally Cause Bleeding".
 */
import { rollEach } from './dice.js';
import type { DiceSource, Size } from './types.js';
import { assertInteger, assertIntegerInRange, assertNonNegativeInteger, assertSize } from './validate.js';

/** Injury grades, least severe first (GnG "INJURY"). */
export const INJURY_LEVELS = ['none', 'light', 'moderate', 'severe'] as const;
/** An injury grade. */
export type InjuryLevel = (typeof INJURY_LEVELS)[number];

/**
 * GnG "INJURY": a grade applies when current HP ≤ `atOrBelow` × max HP; penalty to attack rolls,
 * defense rolls, ability checks, skill checks and saving throws. Most severe first.
 */
export const INJURY_GRADES: readonly {
  level: Exclude<InjuryLevel, 'none'>;
  atOrBelow: number;
  penalty: number;
}[] = [
  { level: 'severe', atOrBelow: 0.25, penalty: -6 },
  { level: 'moderate', atOrBelow: 0.5, penalty: -4 },
  { level: 'light', atOrBelow: 0.75, penalty: -2 },
];

/** Injury grade and penalty of the current HP (GnG "INJURY"). Grades do not stack: only the worst applies. */
export function injury(
  current: number,
  max: number,
  options: { immune?: boolean } = {},
): { level: InjuryLevel; penalty: number } {
  assertInteger('current HP', current);
  assertNonNegativeInteger('max HP', max, 1);
  if (options.immune === true) return { level: 'none', penalty: 0 };
  for (const grade of INJURY_GRADES) {
    if (current <= grade.atOrBelow * max) return { level: grade.level, penalty: grade.penalty };
  }
  return { level: 'none', penalty: 0 };
}

/**
 * Creature types immune to critical hits in the core rules, hence to injuries (GnG "Creatures Immune
 * to Injuries"; the text names undead, oozes and constructs; elementals and plants share the trait).
 */
export const INJURY_IMMUNE_CREATURE_TYPES = ['construct', 'elemental', 'ooze', 'plant', 'undead'] as const;

/**
 * Whether a creature does not suffer injuries (GnG "Creatures Immune to Injuries"): immune to critical
 * hits, no discernible anatomy, or one of {@link INJURY_IMMUNE_CREATURE_TYPES}.
 */
export function isImmuneToInjury(i: {
  creatureType?: string;
  immuneToCriticalHits?: boolean;
  noDiscernibleAnatomy?: boolean;
}): boolean {
  if (i.immuneToCriticalHits === true || i.noDiscernibleAnatomy === true) return true;
  if (i.creatureType === undefined) return false;
  const type = String(i.creatureType)
    .toLowerCase()
    .replace(/[^a-z]/g, '');
  return (INJURY_IMMUNE_CREATURE_TYPES as readonly string[]).includes(type);
}

/**
 * Trauma (GnG "TRAUMA"): losing half or more of the current HP (before the attack) to a single lethal
 * attack allows only a partial action next turn. Nonlethal damage never causes trauma; 0 HP lost never does.
 */
export function suffersTrauma(i: { currentHp: number; hpLost: number; nonlethal?: boolean }): boolean {
  assertInteger('current HP', i.currentHp);
  assertNonNegativeInteger('HP lost', i.hpLost);
  if (i.nonlethal === true || i.hpLost === 0) return false;
  return i.hpLost * 2 >= i.currentHp;
}

/**
 * The HP at which a creature dies, by size (GnG "DISABLED, DYING, AND DEAD"): −10 for Small or
 * larger, −8 Tiny, −4 Diminutive, −2 Fine.
 */
export const DEATH_THRESHOLD_BY_SIZE: Readonly<Record<Size, number>> = {
  fine: -2,
  diminutive: -4,
  tiny: -8,
  small: -10,
  medium: -10,
  large: -10,
  huge: -10,
  gargantuan: -10,
  colossal: -10,
};

/** The negative HP total at which a creature of this size is dead (GnG "DISABLED, DYING, AND DEAD"). */
export function deathThreshold(size: Size): number {
  return DEATH_THRESHOLD_BY_SIZE[assertSize(size)];
}

/** States of lethal damage (core rules, GnG thresholds). */
export type DamageCondition = 'normal' | 'disabled' | 'dying' | 'dead';

/**
 * Disabled at exactly 0 HP, dying below 0, dead at the size's threshold or lower (core rules "Hit
 * Points" with GnG "DISABLED, DYING, AND DEAD"; no instant death from massive damage).
 */
export function damageCondition(current: number, size: Size): DamageCondition {
  assertInteger('current HP', current);
  if (current <= deathThreshold(size)) return 'dead';
  if (current < 0) return 'dying';
  if (current === 0) return 'disabled';
  return 'normal';
}

/** What nonlethal damage does (core rules "Nonlethal Damage"): staggered at current HP, unconscious above. */
export type NonlethalCondition = 'normal' | 'staggered' | 'unconscious';

/**
 * Nonlethal damage taken (core rules "Nonlethal Damage"): it adds to the nonlethal total and never
 * lowers HP (temporary HP do not absorb it: decision "nonlethal and temporary HP", docs/rules.md);
 * the creature is staggered when the total equals its current HP and unconscious when it exceeds them.
 */
export function applyNonlethalDamage(i: { currentHp: number; nonlethal: number; damage: number }): {
  nonlethal: number;
  condition: NonlethalCondition;
} {
  const current = assertInteger('current HP', i.currentHp);
  const nonlethal =
    assertNonNegativeInteger('nonlethal damage total', i.nonlethal) +
    assertNonNegativeInteger('nonlethal damage', i.damage);
  return { nonlethal, condition: nonlethalCondition(current, nonlethal) };
}

/** Staggered / unconscious from the nonlethal total against current HP (core rules "Nonlethal Damage"). */
export function nonlethalCondition(currentHp: number, nonlethal: number): NonlethalCondition {
  const current = assertInteger('current HP', currentHp);
  const total = assertNonNegativeInteger('nonlethal damage total', nonlethal);
  if (total === 0) return 'normal';
  if (total > current) return 'unconscious';
  return total === current ? 'staggered' : 'normal';
}

/** Percent chance (d%) that a dying creature stabilises: its Constitution score (GnG "DISABLED, DYING, AND DEAD"). */
export function stabilizationChance(con: number): number {
  return assertNonNegativeInteger('con', con);
}

/** Rolls d% for a dying creature: stable when the roll ≤ Con (GnG "DISABLED, DYING, AND DEAD"). */
export function rollStabilization(dice: DiceSource, con: number): { roll: number; stable: boolean } {
  const chance = stabilizationChance(con);
  const roll = dice.roll(100);
  return { roll, stable: roll <= chance };
}

/**
 * GnG Appendix 1 "Table: Wound Trauma Save Modifier Based on Size" (as printed: Colossal ×1/12). The
 * table starts at Medium; smaller sizes use ×1 (decision "wound trauma below Medium").
 */
export const WOUND_TRAUMA_SIZE_FACTOR: Readonly<Record<Size, number>> = {
  fine: 1,
  diminutive: 1,
  tiny: 1,
  small: 1,
  medium: 1,
  large: 1 / 2,
  huge: 1 / 4,
  gargantuan: 1 / 8,
  colossal: 1 / 12,
};

/**
 * Fortitude DC of Advanced Wound Trauma (GnG Appendix 1): 10 + HP lost × size factor (rounded down).
 * Returns null when no HP were lost (no save is made).
 */
export function advancedWoundTraumaDC(hpLost: number, size: Size): number | null {
  assertNonNegativeInteger('HP lost', hpLost);
  const factor = WOUND_TRAUMA_SIZE_FACTOR[assertSize(size)];
  if (hpLost === 0) return null;
  return 10 + Math.floor(hpLost * factor);
}

/** Outcome of an Advanced Wound Trauma save. */
export interface WoundTraumaOutcome {
  effect: 'none' | 'dazed' | 'stunned';
  /** Rounds the effect lasts (0 for none). */
  rounds: number;
  /** How much the save failed by (0 when it succeeded). */
  failedBy: number;
}

/**
 * Resolves an Advanced Wound Trauma save (GnG Appendix 1): fail → dazed 1 round; fail by 5+ → stunned
 * 1 round; fail by 10+ → stunned 2d6 rounds (rolled on `dice`). A natural 20 always saves, a natural 1
 * always fails (core rules saving throws).
 */
export function resolveAdvancedWoundTrauma(
  i: { saveTotal: number; dc: number; natural?: number },
  dice?: DiceSource,
): WoundTraumaOutcome {
  const total = assertInteger('save total', i.saveTotal);
  const dc = assertInteger('DC', i.dc);
  const natural = i.natural === undefined ? undefined : assertIntegerInRange('natural d20', i.natural, 1, 20);
  const success = natural === 20 || (natural !== 1 && total >= dc);
  if (success) return { effect: 'none', rounds: 0, failedBy: 0 };
  const failedBy = Math.max(0, dc - total);
  if (failedBy >= 10) {
    if (!dice) throw new RangeError('a DiceSource is needed to roll 2d6 rounds of stun');
    return { effect: 'stunned', rounds: rollEach(dice, 2, 6).reduce((a, b) => a + b, 0), failedBy };
  }
  if (failedBy >= 5) return { effect: 'stunned', rounds: 1, failedBy };
  return { effect: 'dazed', rounds: 1, failedBy };
}

/** GnG Appendix 1 "Table: Damage Necessary to Cause Bleeding": slashing and other damage by size. */
export const BLEEDING_DAMAGE_THRESHOLD: Readonly<Record<Size, { slashing: number; other: number }>> = {
  fine: { slashing: 1, other: 1 },
  diminutive: { slashing: 1, other: 1 },
  tiny: { slashing: 1, other: 1 },
  small: { slashing: 2, other: 3 },
  medium: { slashing: 4, other: 6 },
  large: { slashing: 8, other: 12 },
  huge: { slashing: 16, other: 24 },
  gargantuan: { slashing: 32, other: 48 },
  colossal: { slashing: 48, other: 72 },
};

/**
 * Whether a wound causes severe bleeding under "Wounds Normally Cause Bleeding" (GnG Appendix 1):
 * HP lost ≥ the size's threshold for the damage kind.
 */
export function causesSevereBleeding(hpLost: number, size: Size, slashing: boolean): boolean {
  assertNonNegativeInteger('HP lost', hpLost);
  const row = BLEEDING_DAMAGE_THRESHOLD[assertSize(size)];
  return hpLost >= (slashing ? row.slashing : row.other);
}

/** Which of the optional rules of GnG Appendix 1 are in play. */
export interface DamageRuleOptions {
  /** "Advanced Wound Trauma" replaces standard trauma. */
  advancedWoundTrauma?: boolean;
  /** "Wounds Normally Cause Bleeding". */
  woundsCauseBleeding?: boolean;
}

/** What one attack's damage sets off. */
export interface DamageConsequences {
  /** Standard trauma: partial action only next turn (false when Advanced Wound Trauma is used). */
  trauma: boolean;
  /** Advanced Wound Trauma Fortitude DC, or null when the variant is off or no HP were lost. */
  woundTraumaDC: number | null;
  /** Severe bleeding from "Wounds Normally Cause Bleeding" (false when the variant is off). */
  severeBleeding: boolean;
  /** Damage state after the attack. */
  condition: DamageCondition;
}

/**
 * The consequences of one attack (GnG "EFFECTS OF DAMAGE" and Appendix 1 variants by `options`):
 * `currentHp` is before the attack, `hpLost` what it took off (after Protection and temporary HP).
 * Nonlethal damage causes neither trauma nor wound trauma nor bleeding.
 */
export function damageConsequences(
  i: { currentHp: number; hpLost: number; size: Size; nonlethal?: boolean; slashing?: boolean },
  options: DamageRuleOptions = {},
): DamageConsequences {
  assertInteger('current HP', i.currentHp);
  assertNonNegativeInteger('HP lost', i.hpLost);
  const nonlethal = i.nonlethal === true;
  const advanced = options.advancedWoundTrauma === true;
  const trauma = !advanced && suffersTrauma({ currentHp: i.currentHp, hpLost: i.hpLost, nonlethal });
  const woundTraumaDC = advanced && !nonlethal ? advancedWoundTraumaDC(i.hpLost, i.size) : null;
  const severeBleeding =
    options.woundsCauseBleeding === true &&
    !nonlethal &&
    causesSevereBleeding(i.hpLost, i.size, i.slashing === true);
  const condition = damageCondition(nonlethal ? i.currentHp : i.currentHp - i.hpLost, i.size);
  return { trauma, woundTraumaDC, severeBleeding, condition };
}
