/**
 * Area-effect damage and the forced-movement maneuvers (core rules "Saving Throws" and "Area
 * Effects"; "Bull Rush", "Trip"; GnG "GRAPPLING › Throw", "PROTECTION"). Pure: callers pass rolled
 * values; the abort actions that answer these attacks (Dive for Cover, Maintain Footing) live in
 * `aborts.ts`.
 */
import { assertInteger, assertIntegerInRange, assertNonNegativeInteger, assertOneOf } from './validate.js';
import type { ForcedMovementAttack } from './aborts.js';
import { THROW_FEET_PER_STEP, THROW_POINTS_PER_STEP } from './grapple.js';
import { IMPROVED_GRAPPLE_BONUS } from './appendix-feats.js';

/** Input of {@link savingThrow}. */
export interface SaveRollInput {
  /** The d20. */
  natural: number;
  /** The save bonus added to it. */
  bonus: number;
  dc: number;
}

/**
 * A saving throw (core "Saving Throws"): succeeds when d20 + bonus ≥ DC; a natural 20 always
 * succeeds and a natural 1 always fails.
 */
export function savingThrow(input: SaveRollInput): { total: number; success: boolean } {
  const natural = assertIntegerInRange('natural', input.natural, 1, 20);
  const total = natural + assertInteger('bonus', input.bonus);
  const dc = assertInteger('dc', input.dc);
  return { total, success: natural === 20 || (natural !== 1 && total >= dc) };
}

/** Input of {@link areaDamage}. */
export interface AreaDamageInput {
  /** The damage rolled once for the whole area. */
  rolled: number;
  /** The target made its Reflex save ("half damage"). */
  saved: boolean;
  /** The target's Protection ("regardless of the source (This includes area-effect attacks.)"). */
  protection: number;
}

/** The steps of {@link areaDamage}. */
export interface AreaDamageSteps {
  rolled: number;
  /** After the save: halved (rounded down) on a success. */
  afterSave: number;
  protection: number;
  /** max(0, afterSave − protection): the lethal damage the target would take. */
  final: number;
}

/**
 * One target's share of area damage: a successful Reflex save halves it (rounded down, core "Area
 * Effects"), then Protection is subtracted (GnG "PROTECTION": "from all damage, regardless of the
 * source"), never below 0. Dive for Cover then converts part of `final` (`resolveDiveForCover`).
 */
export function areaDamage(input: AreaDamageInput): AreaDamageSteps {
  const rolled = assertNonNegativeInteger('rolled', input.rolled);
  const protection = assertNonNegativeInteger('protection', input.protection);
  const afterSave = input.saved ? Math.floor(rolled / 2) : rolled;
  return { rolled, afterSave, protection, final: Math.max(0, afterSave - protection) };
}

/** The maneuvers a maneuver card starts (Maintain Footing answers them). */
export const MANEUVERS = ['bull-rush', 'trip', 'throw'] as const satisfies readonly ForcedMovementAttack[];
/** One of {@link MANEUVERS}. */
export type Maneuver = (typeof MANEUVERS)[number];

/** Core Bull Rush: "+2 bonus if you are charging". */
export const BULL_RUSH_CHARGE_BONUS = 2;
/** GnG Throw: "an opposed grapple check with a -4 penalty". */
export const THROW_CHECK_PENALTY = -4;
/** Core Bull Rush: pushed back 5 feet, plus 5 feet for every 5 points the check beats the defender's. */
export const BULL_RUSH_FEET = 5;

/** Input of {@link maneuverCheckParts}. */
export interface ManeuverCheckInput {
  strengthModifier: number;
  /** Base attack bonus (Throw is a grapple check). */
  baseAttackBonus: number;
  /** Bull Rush: the attacker charged. */
  charging?: boolean;
  /** Throw: the attacker has Improved Grapple. */
  improvedGrapple?: boolean;
}

/**
 * The attacker's opposed check of a maneuver, as `{ label, value }` parts (labels are part ids):
 * Bull Rush and Trip — a Strength check (+2 charging for a Bull Rush); Throw — a grapple check
 * (BAB + Strength, Improved Grapple +4) with −4. Size is left out on purpose: Maintain Footing adds
 * +4 per size step to the larger combatant itself (`resolveMaintainFooting`), so adding the core size
 * modifier here would count size twice.
 */
export function maneuverCheckParts(
  maneuver: Maneuver,
  input: ManeuverCheckInput,
): { part: 'strength' | 'baseAttackBonus' | 'charging' | 'improvedGrapple' | 'throw'; value: number }[] {
  const kind = assertOneOf('maneuver', maneuver, MANEUVERS);
  const str = assertInteger('strengthModifier', input.strengthModifier);
  const bab = assertInteger('baseAttackBonus', input.baseAttackBonus);
  if (kind === 'throw') {
    return [
      { part: 'baseAttackBonus', value: bab },
      { part: 'strength', value: str },
      ...(input.improvedGrapple ? [{ part: 'improvedGrapple' as const, value: IMPROVED_GRAPPLE_BONUS }] : []),
      { part: 'throw', value: THROW_CHECK_PENALTY },
    ];
  }
  return [
    { part: 'strength', value: str },
    ...(kind === 'bull-rush' && input.charging
      ? [{ part: 'charging' as const, value: BULL_RUSH_CHARGE_BONUS }]
      : []),
  ];
}

/**
 * How far a defender who failed to Maintain Footing is moved, from how much the maneuver's check beat
 * the Balance check (`margin` ≥ 0): Bull Rush 5 ft + 5 ft per 5 points (core "Bull Rush"); Throw 5 ft
 * per 5 points (GnG "Throw", as `resolveGrappleManeuver`); Trip moves nobody (0).
 */
export function forcedMovementFeet(maneuver: Maneuver, margin: number): number {
  const kind = assertOneOf('maneuver', maneuver, MANEUVERS);
  const m = assertNonNegativeInteger('margin', margin);
  if (kind === 'trip') return 0;
  if (kind === 'throw') return Math.floor(m / THROW_POINTS_PER_STEP) * THROW_FEET_PER_STEP;
  return BULL_RUSH_FEET + Math.floor(m / 5) * BULL_RUSH_FEET;
}

/**
 * The conditions a maneuver leaves on a defender who did not keep its footing: Trip → prone (core
 * "Trip"), Throw → prone (GnG "Throw", as `resolveGrappleManeuver`), Bull Rush → none (moved only).
 */
export function maneuverConditions(maneuver: Maneuver): 'prone'[] {
  return assertOneOf('maneuver', maneuver, MANEUVERS) === 'bull-rush' ? [] : ['prone'];
}
