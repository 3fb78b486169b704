/**
 * Scattershot and suppressing fire (GnG "SPECIAL ATTACKS"): the scattershot table by range increment and the suppressing fire's area, saves and free attack. The other special attacks: special-attacks.ts.
 */
import { rangeIncrementNumber } from './attack.js';
import { rollEach } from './dice.js';
import type { DiceSource } from './types.js';
import { assertInteger, assertNonNegativeInteger } from './validate.js';

// ---------------------------------------------------------------------------------------------------
// Scattershot
// ---------------------------------------------------------------------------------------------------

/** One range increment of a scattershot weapon. `maxTargets` 'aisle' = every defender in a 5 ft aisle. */
export interface ScattershotRow {
  increment: number;
  damageDice: number;
  maxTargets: 1 | 2 | 'aisle';
  /** Penalty when hitting two targets (only at three increments). */
  twoTargetPenalty: number;
}

/** SCATTERSHOT, by range increment: 4d / 3d / 2d (two targets at −4) / 1d (two targets) / 1d (aisle). */
const SCATTERSHOT_TABLE: readonly ScattershotRow[] = [
  { increment: 1, damageDice: 4, maxTargets: 1, twoTargetPenalty: 0 },
  { increment: 2, damageDice: 3, maxTargets: 1, twoTargetPenalty: 0 },
  { increment: 3, damageDice: 2, maxTargets: 2, twoTargetPenalty: -4 },
  { increment: 4, damageDice: 1, maxTargets: 2, twoTargetPenalty: 0 },
  { increment: 5, damageDice: 1, maxTargets: 'aisle', twoTargetPenalty: 0 },
];

/** "All scattershot weapons have a maximum effective range of five range increments." */
export const SCATTERSHOT_MAX_INCREMENTS = SCATTERSHOT_TABLE.length;

/** Result of {@link scattershot}: no range penalty ("Scattershot weapons do not suffer range penalties"). */
export interface ScattershotResult extends ScattershotRow {
  attackPenalty: number;
  rangePenalty: 0;
}

/**
 * Scattershot at a distance (SCATTERSHOT): damage dice and targets by range increment; `targets: 2` at
 * three increments costs −4. Throws beyond five increments or for more targets than allowed.
 */
export function scattershot(input: {
  distanceFeet: number;
  rangeIncrementFeet: number;
  targets?: number;
}): ScattershotResult {
  const increment = rangeIncrementNumber(input.distanceFeet, input.rangeIncrementFeet);
  const row = SCATTERSHOT_TABLE[increment - 1];
  if (!row)
    throw new RangeError(
      `scattershot reaches ${SCATTERSHOT_MAX_INCREMENTS} range increments, target is at ${increment}`,
    );
  const targets = assertNonNegativeInteger('targets', input.targets ?? 1, 1);
  if (row.maxTargets !== 'aisle' && targets > row.maxTargets) {
    throw new RangeError(
      `scattershot at ${increment} increments hits at most ${row.maxTargets} target(s), got ${targets}`,
    );
  }
  return { ...row, attackPenalty: targets === 2 ? row.twoTargetPenalty : 0, rangePenalty: 0 };
}

// ---------------------------------------------------------------------------------------------------
// Suppressing fire
// ---------------------------------------------------------------------------------------------------

/**
 * SUPPRESSING FIRE: shots wasted (1d10 + 10; fully automatic 2d10 + 20), free attack penalty (−8; −4)
 * and shots expended per free attack (2; 4).
 */
const SUPPRESSING_FIRE_TABLE = {
  single: { dice: { count: 1, faces: 10, bonus: 10 }, freeAttackPenalty: -8, shotsPerFreeAttack: 2 },
  automatic: { dice: { count: 2, faces: 10, bonus: 20 }, freeAttackPenalty: -4, shotsPerFreeAttack: 4 },
} as const;
/** Reflex DC = 10 + ½ base attack bonus + Dexterity (decision: modifier, see docs). */
const SUPPRESSING_FIRE_DC_BASE = 10;

/**
 * The shots suppressing fire wastes (SUPPRESSING FIRE): the dice as a formula (`1d10 + 10`, automatic
 * `2d10 + 20`), and the shots `rolled` ask for before the ammunition caps them.
 */
export function suppressingFireShots(
  fullyAutomatic: boolean,
  rolled: readonly number[] = [],
): { formula: string; wanted: number } {
  const { count, faces, bonus } = SUPPRESSING_FIRE_TABLE[fullyAutomatic ? 'automatic' : 'single'].dice;
  return { formula: `${count}d${faces} + ${bonus}`, wanted: rolled.reduce((a, b) => a + b, 0) + bonus };
}

/** Input of {@link suppressingFire}. */
export interface SuppressingFireInput {
  fullyAutomatic: boolean;
  ammo: number;
  baseAttackBonus: number;
  dexterityModifier: number;
  martialFirearms: boolean;
  dice?: DiceSource;
  rolled?: readonly number[];
}

/** State of a suppressing fire action. */
export interface SuppressingFire {
  rolled: number[];
  shotsWasted: number;
  ammoLeft: number;
  /** False when the weapon ran dry ("If you run out of ammunition, you cease suppressing"). */
  active: boolean;
  reflexDc: number;
  freeAttackPenalty: number;
  shotsPerFreeAttack: number;
}

/**
 * Suppressing fire (SUPPRESSING FIRE): a full-round action needing Martial Weapons Proficiency
 * (firearms); wastes the rolled shots (capped by ammo) and sets the Reflex DC and free attack terms.
 */
export function suppressingFire(input: SuppressingFireInput): SuppressingFire {
  if (!input.martialFirearms)
    throw new RangeError('suppressing fire needs Martial Weapons Proficiency (firearms)');
  const row = SUPPRESSING_FIRE_TABLE[input.fullyAutomatic ? 'automatic' : 'single'];
  const ammo = assertNonNegativeInteger('ammo', input.ammo, 1);
  const bab = assertInteger('base attack bonus', input.baseAttackBonus);
  const dex = assertInteger('dexterity modifier', input.dexterityModifier);
  let rolled: number[];
  if (input.rolled !== undefined) {
    if (!Array.isArray(input.rolled) || input.rolled.length !== row.dice.count) {
      throw new RangeError(`suppressing fire needs ${row.dice.count} rolled d10`);
    }
    rolled = input.rolled.map((v, i) => {
      assertInteger(`rolled[${i}]`, v);
      if (v < 1 || v > row.dice.faces)
        throw new RangeError(`rolled[${i}] = ${v} does not fit a d${row.dice.faces}`);
      return v;
    });
  } else if (input.dice !== undefined) {
    rolled = rollEach(input.dice, row.dice.count, row.dice.faces);
  } else {
    throw new RangeError('suppressing fire needs dice or rolled values');
  }
  const { wanted } = suppressingFireShots(input.fullyAutomatic, rolled);
  const shotsWasted = Math.min(wanted, ammo);
  const ammoLeft = ammo - shotsWasted;
  return {
    rolled,
    shotsWasted,
    ammoLeft,
    active: ammoLeft > 0,
    reflexDc: SUPPRESSING_FIRE_DC_BASE + Math.floor(bab / 2) + dex,
    freeAttackPenalty: row.freeAttackPenalty,
    shotsPerFreeAttack: row.shotsPerFreeAttack,
  };
}

/**
 * One free attack against an unsuppressed target in the area (SUPPRESSING FIRE): −8 (−4 automatic),
 * expending 2 (4) shots; with fewer rounds left the weapon empties (decision) and suppression ends.
 */
export function suppressingFireFreeAttack(input: { fullyAutomatic: boolean; ammoLeft: number }): {
  attackPenalty: number;
  ammoUsed: number;
  ammoLeft: number;
  active: boolean;
} {
  const row = SUPPRESSING_FIRE_TABLE[input.fullyAutomatic ? 'automatic' : 'single'];
  const left = assertNonNegativeInteger('ammo left', input.ammoLeft, 1);
  const ammoUsed = Math.min(row.shotsPerFreeAttack, left);
  return {
    attackPenalty: row.freeAttackPenalty,
    ammoUsed,
    ammoLeft: left - ammoUsed,
    active: left - ammoUsed > 0,
  };
}
