/**
 * Recovery of disabled body parts (GnG "RECOVERY OF DISABLED BODY PARTS"): 2d4 minutes after a
 * nonlethal disabling; otherwise a daily d% against a multiple of Constitution, surgery, regeneration
 * or extraordinary healing.
 */
import { rollExpression } from './dice.js';
import type { DiceSource } from './types.js';
import { assertInteger, assertIntegerInRange, assertNonNegativeInteger } from './validate.js';

/** Minutes for a body part disabled by a nonlethal attack to recover (GnG): 2d4. */
export const NONLETHAL_BODY_PART_RECOVERY = '2d4';
/** DC of the Heal surgery check that restores a disabled body part (GnG "Surgery"). */
export const BODY_PART_SURGERY_DC = 20;
/**
 * DC of the Heal check that tends injuries. GnG says only "If a healer successfully tends your
 * injuries"; the core rules' tending for days is Long-Term Care, DC 15 (d20 3.5 SRD, Heal).
 */
export const TEND_INJURIES_DC = 15;

/** Rolls the minutes (2d4) a nonlethally disabled body part takes to recover. */
export function nonlethalBodyPartRecoveryMinutes(dice: DiceSource): number {
  return rollExpression(dice, NONLETHAL_BODY_PART_RECOVERY);
}

/** Circumstances of one day of natural recovery of a lethally disabled body part. */
export interface BodyPartRecoveryInput {
  /** Current Constitution score. */
  con: number;
  /** Complete bed rest for the entire day. */
  bedRest?: boolean;
  /** A healer successfully tended the injuries. */
  tendedByHealer?: boolean;
  /** Significant interruption of rest. */
  restInterrupted?: boolean;
  /** Any HP lost during the cycle. */
  hpLostThisCycle?: boolean;
  /** Dying and unstable (cannot recover HP). */
  dyingUnstable?: boolean;
}

/**
 * The d% chance, per disabled part, of recovering after a day (GnG "Natural Healing"): Con; 2×Con with
 * bed rest or with a healer; 3×Con with both. 0 when rest was interrupted, HP were lost, or dying and unstable.
 */
export function bodyPartRecoveryChance(i: BodyPartRecoveryInput): number {
  const con = assertNonNegativeInteger('con', i.con);
  if (i.restInterrupted === true || i.hpLostThisCycle === true || i.dyingUnstable === true) return 0;
  const bedRest = i.bedRest === true;
  const multiple = i.tendedByHealer === true ? (bedRest ? 3 : 2) : bedRest ? 2 : 1;
  return con * multiple;
}

/** Whether a rolled d% (1–100) restores the part: roll ≤ chance (GnG "Natural Healing"). */
export function bodyPartRecovers(i: BodyPartRecoveryInput, percentileRoll: number): boolean {
  assertIntegerInRange('d% roll', percentileRoll, 1, 100);
  return percentileRoll <= bodyPartRecoveryChance(i);
}

/** Rolls d% for one disabled part (make a separate roll for each part). */
export function rollBodyPartRecovery(
  dice: DiceSource,
  i: BodyPartRecoveryInput,
): { roll: number; recovers: boolean } {
  const chance = bodyPartRecoveryChance(i);
  const roll = dice.roll(100);
  return { roll, recovers: roll <= chance };
}

/** Whether a Heal surgery check restores a disabled body part: total ≥ DC 20 (GnG "Surgery"). */
export function surgeryRestoresBodyPart(healCheckTotal: number): boolean {
  return assertInteger('Heal check total', healCheckTotal) >= BODY_PART_SURGERY_DC;
}

/** Regeneration restores disabled parts as soon as all lost HP are recovered (GnG "Regeneration"). */
export function regenerationRestoresBodyPart(currentHp: number, maxHp: number): boolean {
  assertInteger('current HP', currentHp);
  assertNonNegativeInteger('max HP', maxHp);
  return currentHp >= maxHp;
}

/**
 * Extraordinary healing directed at a disabled part (GnG "Extraordinary Healing"): restored when the
 * d20 ≤ the HP the effect rolled; those HP are not restored.
 */
export function extraordinaryHealingRestoresBodyPart(hpRolled: number, d20: number): boolean {
  assertNonNegativeInteger('HP rolled', hpRolled);
  assertIntegerInRange('d20', d20, 1, 20);
  return d20 <= hpRolled;
}
