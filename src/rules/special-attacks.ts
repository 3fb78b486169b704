/**
 * Firearm and energy weapon special attacks (GnG "SPECIAL ATTACKS"): accelerated pair, single target
 * bursts, multiple target (linear / strafing) bursts, continuous beam fire, multiple-barrel fire,
 * scattershot and suppressing fire. Pure functions over rolled values or a DiceSource.
 */
import { rangeIncrementNumber, TAKE_10_NATURAL } from './attack.js';
import { rollEach } from './dice.js';
import type { DiceSource, Size } from './types.js';
import {
  assertFinite,
  assertInteger,
  assertNonNegativeInteger,
  assertOneOf,
  assertSize,
} from './validate.js';

// ---------------------------------------------------------------------------------------------------
// Target size tables
// ---------------------------------------------------------------------------------------------------

/** One row of the target size tables: RD per extra shot and point blank range (null = "n/a"). */
export interface ExtraShotRow {
  relativeDegreePerExtraShot: number;
  pointBlankFeet: number | null;
}

/**
 * "Table: Accelerated Pair and Target Size" and "Table: Single Target Bursts and Target Size" — the two
 * tables of the text hold the same numbers, stored once here.
 */
const TARGET_SIZE_EXTRA_SHOTS: Record<Size, ExtraShotRow> = {
  colossal: { relativeDegreePerExtraShot: 1, pointBlankFeet: 30 },
  gargantuan: { relativeDegreePerExtraShot: 1, pointBlankFeet: 25 },
  huge: { relativeDegreePerExtraShot: 2, pointBlankFeet: 20 },
  large: { relativeDegreePerExtraShot: 3, pointBlankFeet: 15 },
  medium: { relativeDegreePerExtraShot: 5, pointBlankFeet: 10 },
  small: { relativeDegreePerExtraShot: 7, pointBlankFeet: null },
  tiny: { relativeDegreePerExtraShot: 9, pointBlankFeet: null },
  diminutive: { relativeDegreePerExtraShot: 11, pointBlankFeet: null },
  fine: { relativeDegreePerExtraShot: 13, pointBlankFeet: null },
};

/** Without the optional size rule: "Relative Degree is 5 or more" / "every 5 points"; point blank "within 5 feet". */
const DEFAULT_EXTRA_SHOTS: ExtraShotRow = { relativeDegreePerExtraShot: 5, pointBlankFeet: 5 };

/** Row of the optional target size table for a target size (both tables share these numbers). */
export function targetSizeExtraShots(size: Size): ExtraShotRow {
  return { ...TARGET_SIZE_EXTRA_SHOTS[assertSize(size, 'target size')] };
}

function extraShotRow(targetSize: Size | undefined): ExtraShotRow {
  return targetSize === undefined ? { ...DEFAULT_EXTRA_SHOTS } : targetSizeExtraShots(targetSize);
}

function isPointBlank(row: ExtraShotRow, distanceFeet: number | undefined): boolean {
  if (distanceFeet === undefined) return false;
  const d = assertFinite('distance (feet)', distanceFeet);
  if (d < 0) throw new RangeError(`distance (feet) must be ≥ 0, got ${d}`);
  return row.pointBlankFeet !== null && d <= row.pointBlankFeet;
}

function checkHit(hit: boolean, rd: number): number {
  if (typeof hit !== 'boolean') throw new RangeError(`hit must be a boolean, got ${String(hit)}`);
  assertInteger('relative degree', rd);
  if (hit && rd < 0) throw new RangeError(`a hit has relative degree ≥ 0, got ${rd}`);
  if (!hit && rd >= 0) throw new RangeError(`a miss has negative relative degree, got ${rd}`);
  return rd;
}

function checkBarrels(barrels: number | undefined): number {
  return assertNonNegativeInteger('barrels', barrels ?? 1, 1);
}

// ---------------------------------------------------------------------------------------------------
// Accelerated pair
// ---------------------------------------------------------------------------------------------------

/** "you make a single attack roll, with a -4 penalty" (negated by Improved Accelerated Pair). */
export const ACCELERATED_PAIR_PENALTY = -4;
/** "you fire two shots". */
export const ACCELERATED_PAIR_SHOTS = 2;

/** Attack roll penalty of an accelerated pair: −4, or 0 with the Improved Accelerated Pair feat. */
export function acceleratedPairAttackPenalty(improvedAcceleratedPair = false): number {
  return improvedAcceleratedPair ? 0 : ACCELERATED_PAIR_PENALTY;
}

/** Input of {@link acceleratedPair}. */
export interface AcceleratedPairInput {
  /** Rounds (or charges) in each barrel; at least 2 are needed. */
  ammo: number;
  hit: boolean;
  relativeDegree: number;
  distanceFeet?: number;
  /** Set to use the optional "Target Size" rule; omitted = RD 5 and 5 ft point blank. */
  targetSize?: Size;
  /** Multiple-barrel fire: one attack roll, each barrel fires its own pair. */
  barrels?: number;
}

/** Result of an accelerated pair. Only the first shot of each barrel adds RD. */
export interface AcceleratedPairResult {
  ammoUsed: number;
  pointBlank: boolean;
  relativeDegreeForSecondShot: number;
  hitsPerBarrel: number;
  totalHits: number;
}

/**
 * Accelerated pair (ACCELERATED PAIR): a hit lands the first shot; RD ≥ 5 (or the target size value)
 * lands the second; point blank lands both. Needs two rounds per barrel.
 */
export function acceleratedPair(input: AcceleratedPairInput): AcceleratedPairResult {
  const barrels = checkBarrels(input.barrels);
  const ammo = assertNonNegativeInteger('ammo', input.ammo);
  if (ammo < ACCELERATED_PAIR_SHOTS) {
    throw new RangeError(`an accelerated pair needs at least ${ACCELERATED_PAIR_SHOTS} rounds, got ${ammo}`);
  }
  const rd = checkHit(input.hit, input.relativeDegree);
  const row = extraShotRow(input.targetSize);
  const pointBlank = isPointBlank(row, input.distanceFeet);
  let hitsPerBarrel = 0;
  if (input.hit) hitsPerBarrel = pointBlank || rd >= row.relativeDegreePerExtraShot ? 2 : 1;
  return {
    ammoUsed: ACCELERATED_PAIR_SHOTS * barrels,
    pointBlank,
    relativeDegreeForSecondShot: row.relativeDegreePerExtraShot,
    hitsPerBarrel,
    totalHits: hitsPerBarrel * barrels,
  };
}

// ---------------------------------------------------------------------------------------------------
// Single target bursts
// ---------------------------------------------------------------------------------------------------

/** "you weapon must have at least three rounds"; "roll 2d6. This is the amount of shots fired". */
export const SINGLE_TARGET_BURST_MIN_AMMO = 3;
const SINGLE_TARGET_BURST_DICE = { count: 2, faces: 6, bonus: 0 } as const;

/** Controlled bursts: with Martial Weapon Proficiency (firearms), BAB ≤ 5 → 5 or 10; BAB ≥ 6 → 3, 5 or 10. */
const CONTROLLED_SINGLE_BURST = { lowBabMax: 5, low: [5, 10], high: [3, 5, 10] } as const;

/** Shot counts a character may choose for a controlled single target burst (SINGLE TARGET BURST › Controlled Bursts). */
export function controlledSingleBurstOptions(baseAttackBonus: number, martialFirearms: boolean): number[] {
  assertInteger('base attack bonus', baseAttackBonus);
  if (!martialFirearms) return [];
  return [
    ...(baseAttackBonus <= CONTROLLED_SINGLE_BURST.lowBabMax
      ? CONTROLLED_SINGLE_BURST.low
      : CONTROLLED_SINGLE_BURST.high),
  ];
}

/** Shots fired by a burst: the dice (if rolled), the shots fired per barrel and the ammo used. */
export interface BurstShots {
  rolled: number[];
  controlled: boolean;
  shotsFired: number;
  ammoUsed: number;
}

function burstShots(
  kind: string,
  minAmmo: number,
  dice: { count: number; faces: number; bonus: number },
  input: {
    ammo: number;
    dice?: DiceSource;
    rolled?: readonly number[];
    controlled?: number;
    barrels?: number;
  },
  controlledOptions: readonly number[] | null,
): BurstShots {
  const barrels = checkBarrels(input.barrels);
  const ammo = assertNonNegativeInteger('ammo', input.ammo);
  if (ammo < minAmmo) throw new RangeError(`a ${kind} needs at least ${minAmmo} rounds, got ${ammo}`);
  let rolled: number[] = [];
  let wanted: number;
  if (input.controlled !== undefined) {
    const c = assertInteger('controlled shots', input.controlled);
    if (controlledOptions === null || !controlledOptions.includes(c)) {
      throw new RangeError(
        `a ${kind} cannot be controlled to ${c} shots (allowed: ${(controlledOptions ?? []).join(', ') || 'none'})`,
      );
    }
    wanted = c;
  } else {
    if (input.rolled !== undefined) {
      if (!Array.isArray(input.rolled) || input.rolled.length !== dice.count) {
        throw new RangeError(`a ${kind} needs ${dice.count} rolled d${dice.faces}`);
      }
      rolled = input.rolled.map((v, i) => {
        assertInteger(`rolled[${i}]`, v);
        if (v < 1 || v > dice.faces)
          throw new RangeError(`rolled[${i}] = ${v} does not fit a d${dice.faces}`);
        return v;
      });
    } else if (input.dice !== undefined) {
      rolled = rollEach(input.dice, dice.count, dice.faces);
    } else {
      throw new RangeError(`a ${kind} needs dice or rolled values`);
    }
    wanted = rolled.reduce((a, b) => a + b, 0) + dice.bonus;
  }
  const shotsFired = Math.min(wanted, ammo);
  return { rolled, controlled: input.controlled !== undefined, shotsFired, ammoUsed: shotsFired * barrels };
}

/** Input of {@link singleTargetBurstShots}: `ammo` is per barrel; roll with `dice`, give `rolled` 2d6, or choose `controlled`. */
export interface SingleTargetBurstShotsInput {
  ammo: number;
  dice?: DiceSource;
  rolled?: readonly number[];
  controlled?: number;
  baseAttackBonus?: number;
  martialFirearms?: boolean;
  barrels?: number;
}

/**
 * Shots fired by a single target burst (SINGLE TARGET BURST): 2d6, or a controlled 3/5/10, never more
 * than the rounds left ("it fires enough shots to empty your weapon"); needs 3 rounds.
 */
export function singleTargetBurstShots(input: SingleTargetBurstShotsInput): BurstShots {
  let options: number[] | null = null;
  if (input.controlled !== undefined) {
    if (input.baseAttackBonus === undefined)
      throw new RangeError('a controlled burst needs the base attack bonus');
    options = controlledSingleBurstOptions(input.baseAttackBonus, Boolean(input.martialFirearms));
  }
  return burstShots(
    'single target burst',
    SINGLE_TARGET_BURST_MIN_AMMO,
    SINGLE_TARGET_BURST_DICE,
    input,
    options,
  );
}

/** Input of {@link singleTargetBurstHits}. */
export interface SingleTargetBurstHitsInput {
  shotsFired: number;
  hit: boolean;
  relativeDegree: number;
  distanceFeet?: number;
  /** Set to use the optional "Target Size" rule; omitted = every 5 points and 5 ft point blank. */
  targetSize?: Size;
}

/** Hits of a single target burst (per barrel). Only the first hit adds RD. */
export interface SingleTargetBurstHits {
  hits: number;
  pointBlank: boolean;
  relativeDegreePerExtraShot: number;
}

/**
 * Hits of a single target burst (SINGLE TARGET BURST): 1 + one per full 5 RD (or the size table value),
 * never more than the shots fired; a point blank hit lands every shot.
 */
export function singleTargetBurstHits(input: SingleTargetBurstHitsInput): SingleTargetBurstHits {
  const shots = assertNonNegativeInteger('shots fired', input.shotsFired, 1);
  const rd = checkHit(input.hit, input.relativeDegree);
  const row = extraShotRow(input.targetSize);
  const pointBlank = isPointBlank(row, input.distanceFeet);
  let hits = 0;
  if (input.hit)
    hits = pointBlank ? shots : Math.min(shots, 1 + Math.floor(rd / row.relativeDegreePerExtraShot));
  return { hits, pointBlank, relativeDegreePerExtraShot: row.relativeDegreePerExtraShot };
}

// ---------------------------------------------------------------------------------------------------
// Multiple target bursts
// ---------------------------------------------------------------------------------------------------

/** The two multiple target bursts (MULTIPLE TARGET BURST: "linear and strafing"). */
export const MULTIPLE_TARGET_BURSTS = ['linear', 'strafing'] as const;
/** Linear or strafing burst. */
export type MultipleTargetBurstKind = (typeof MULTIPLE_TARGET_BURSTS)[number];

/** LINEAR BURST / STRAFING BURST: attack penalty, minimum ammo, shots fired (2d10 + 10 / + 20), controlled counts. */
const MULTIPLE_TARGET_BURST_TABLE: Record<
  MultipleTargetBurstKind,
  {
    penalty: number;
    minAmmo: number;
    dice: { count: number; faces: number; bonus: number };
    controlled: number[];
  }
> = {
  linear: { penalty: -4, minAmmo: 10, dice: { count: 2, faces: 10, bonus: 10 }, controlled: [10, 20] },
  strafing: { penalty: -8, minAmmo: 20, dice: { count: 2, faces: 10, bonus: 20 }, controlled: [20, 40] },
};

/** Linear burst: "an aisle, 5-feet wide". Strafing cone: length = max(first range increment, 30 ft), width ≤ ½ length. */
export const LINEAR_BURST_WIDTH_FEET = 5;
const STRAFING_MIN_LENGTH_FEET = 30;

/** Area of a strafing burst cone (STRAFING BURST). */
export function strafingConeFeet(rangeIncrementFeet: number): { length: number; maxWidth: number } {
  const inc = assertFinite('range increment (feet)', rangeIncrementFeet);
  if (inc <= 0) throw new RangeError(`range increment (feet) must be > 0, got ${inc}`);
  const length = Math.max(inc, STRAFING_MIN_LENGTH_FEET);
  return { length, maxWidth: length / 2 };
}

/** Input of {@link multipleTargetBurst}. `attackBonus` already includes range penalties. */
export interface MultipleTargetBurstInput {
  kind: MultipleTargetBurstKind;
  attackBonus: number;
  ammo: number;
  dice?: DiceSource;
  rolled?: readonly number[];
  controlled?: number;
  martialFirearms?: boolean;
  barrels?: number;
}

/** A multiple target burst: the "Take 10" attack total, shots fired, ammo used and most targets that can be hit. */
export interface MultipleTargetBurst extends BurstShots {
  kind: MultipleTargetBurstKind;
  natural: number;
  attackPenalty: number;
  attackTotal: number;
  maxTargets: number;
  /** Always false: "you do not apply Relative Degree to the damage of your attack". */
  appliesRelativeDegree: false;
}

/**
 * Multiple target burst (MULTIPLE TARGET BURST): Take 10, −4 linear / −8 strafing; 2d10+10 / 2d10+20
 * shots (controlled 10/20 or 20/40) capped by ammo; hits at most as many targets as shots fired.
 */
export function multipleTargetBurst(input: MultipleTargetBurstInput): MultipleTargetBurst {
  const kind = assertOneOf('burst kind', input.kind, MULTIPLE_TARGET_BURSTS);
  const row = MULTIPLE_TARGET_BURST_TABLE[kind];
  const bonus = assertInteger('attack bonus', input.attackBonus);
  const options = input.martialFirearms ? row.controlled : [];
  const shots = burstShots(
    `${kind} burst`,
    row.minAmmo,
    row.dice,
    input,
    input.controlled === undefined ? null : options,
  );
  return {
    ...shots,
    kind,
    natural: TAKE_10_NATURAL,
    attackPenalty: row.penalty,
    attackTotal: TAKE_10_NATURAL + bonus + row.penalty,
    maxTargets: shots.shotsFired,
    appliesRelativeDegree: false,
  };
}

/** "Table: Multiple Target Bursts and Target Size": Defense rolls per target (Medium or smaller: 1). */
const MULTIPLE_TARGET_DEFENSE_ROLLS: Partial<Record<Size, number>> = {
  colossal: 5,
  gargantuan: 4,
  huge: 3,
  large: 2,
};
const MULTIPLE_TARGET_DEFENSE_ROLLS_SMALL = 1;

/**
 * Defense rolls a target makes against a multiple target burst: by size with the optional rule
 * (else 1), times the barrels fired ("a defense roll against a shot from each barrel").
 */
export function multipleTargetDefenseRolls(input: { targetSize?: Size; barrels?: number } = {}): number {
  const barrels = checkBarrels(input.barrels);
  const perBarrel =
    input.targetSize === undefined
      ? MULTIPLE_TARGET_DEFENSE_ROLLS_SMALL
      : (MULTIPLE_TARGET_DEFENSE_ROLLS[assertSize(input.targetSize, 'target size')] ??
        MULTIPLE_TARGET_DEFENSE_ROLLS_SMALL);
  return perBarrel * barrels;
}

/** Hits on one target of a multiple target burst (each hit: one shot, normal damage, no RD). */
export interface MultipleTargetHit {
  index: number;
  hits: number;
}

/**
 * Resolves a multiple target burst against targets ordered nearest first, each with its Defense totals
 * (attack ≥ Defense hits; one shot per hit). Decision: hits are handed out nearest first until the
 * shots fired (× barrels) run out, so at most that many targets are hit ("You may only hit a number of
 * targets equal to the shots fired").
 */
export function resolveMultipleTargetBurst(input: {
  attackTotal: number;
  shotsFired: number;
  barrels?: number;
  targets: readonly { defenseTotals: readonly number[] }[];
}): MultipleTargetHit[] {
  const attack = assertInteger('attack total', input.attackTotal);
  let shotsLeft = assertNonNegativeInteger('shots fired', input.shotsFired) * checkBarrels(input.barrels);
  const targets: readonly { defenseTotals: readonly number[] }[] = input.targets;
  if (!Array.isArray(targets)) throw new RangeError('targets must be an array');
  return targets.map((target, index) => {
    const totals: readonly number[] = target.defenseTotals;
    if (!Array.isArray(totals) || totals.length === 0) {
      throw new RangeError(`targets[${index}] needs at least one defense total`);
    }
    const beaten = totals.filter(
      (d: number, j: number) => attack >= assertInteger(`targets[${index}].defenseTotals[${j}]`, d),
    ).length;
    const hits = Math.min(beaten, shotsLeft);
    shotsLeft -= hits;
    return { index, hits };
  });
}

// ---------------------------------------------------------------------------------------------------
// Damage instances of multi-shot attacks (continuous beam, multiple barrels)
// ---------------------------------------------------------------------------------------------------

/**
 * The separate damage amounts (before Protection) of an accelerated pair or single target burst, from
 * each hitting shot's rolled damage per barrel. Normal fire: the first shot of each barrel adds RD, the
 * others are separate hits. Continuous beam: each barrel's shots are lumped into one hit + RD
 * (CONTINUOUS BEAM FIRE; MULTIPLE-BARREL FIRE). Pass each amount through damageAfterProtection.
 */
export function multiShotDamageInstances(input: {
  perBarrel: readonly (readonly number[])[];
  relativeDegree: number;
  continuousBeam?: boolean;
}): number[] {
  const rd = assertNonNegativeInteger('relative degree', input.relativeDegree);
  if (!Array.isArray(input.perBarrel) || input.perBarrel.length === 0) {
    throw new RangeError('perBarrel needs at least one barrel');
  }
  const out: number[] = [];
  input.perBarrel.forEach((shots, b) => {
    if (!Array.isArray(shots)) throw new RangeError(`perBarrel[${b}] must be an array`);
    const values = shots.map((v, s) => assertInteger(`perBarrel[${b}][${s}]`, v));
    if (values.length === 0) return;
    if (input.continuousBeam) {
      out.push(values.reduce((a, v) => a + v, 0) + rd);
    } else {
      values.forEach((v, s) => out.push(s === 0 ? v + rd : v));
    }
  });
  return out;
}

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
