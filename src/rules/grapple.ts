/**
 * Grappling (GnG "GRAPPLING", "Advanced Grappling", "Locked"; core rules "Grapple": grapple checks,
 * hold, pin, escape). Pure: callers pass check totals; these functions add the GnG modifiers and
 * compare. The Relative Degree of the opposed grapple check is added to grapple damage.
 */
import type { Size } from './types.js';
import { parseDice, type DiceExpression } from './dice.js';
import { grappleSizeModifier, sizeSteps } from './sizes.js';
import { assertInteger, assertNonNegativeInteger, assertOneOf, assertSize } from './validate.js';
import { ADVANCED_GRAPPLE_PENALTY, IMPROVED_GRAPPLE_BONUS, strikeSaveDc } from './appendix-feats.js';
import { STAB_AND_GRAB } from './called-shots.js';
import { conditionEffects } from './conditions.js';

/** Weapon grapple bonuses (GnG "Grappling with Weapons"). */
export const WEAPON_GRAPPLE_BONUS = {
  /** "+2 bonus to your grapple check if it is a one-handed weapon" (light weapons included). */
  oneHanded: 2,
  /** "+4 bonus for a two-handed weapon". */
  twoHanded: 4,
  /** "If you use an edged or piercing weapon, you gain an additional +2 bonus". */
  edgedOrPiercing: 2,
  /** "You gain no bonus for tiny weapons." */
  tiny: 0,
} as const;

/** A weapon used to grapple. */
export interface GrappleWeapon {
  /** How it is wielded (light weapons are one-handed). */
  hands: 'light' | 'one-handed' | 'two-handed';
  /** A Tiny weapon: no bonus at all. */
  tiny?: boolean;
  /** Edged (slashing) or piercing. */
  edgedOrPiercing?: boolean;
}

/** Grapple-check bonus for grappling with this weapon: +2 one-handed, +4 two-handed, +2 edged/piercing, 0 if tiny. */
export function weaponGrappleBonus(weapon: GrappleWeapon): number {
  const hands = assertOneOf('hands', weapon.hands, ['light', 'one-handed', 'two-handed'] as const);
  if (weapon.tiny) return WEAPON_GRAPPLE_BONUS.tiny;
  const base = hands === 'two-handed' ? WEAPON_GRAPPLE_BONUS.twoHanded : WEAPON_GRAPPLE_BONUS.oneHanded;
  return base + (weapon.edgedOrPiercing ? WEAPON_GRAPPLE_BONUS.edgedOrPiercing : 0);
}

/** The Advanced Grapple actions (GnG "Advanced Grappling"). */
export const GRAPPLE_MANEUVERS = ['choke', 'lock', 'throw'] as const;
/** One of {@link GRAPPLE_MANEUVERS}. */
export type GrappleManeuver = (typeof GRAPPLE_MANEUVERS)[number];

/** Input of {@link grappleCheckBonus}. */
export interface GrappleCheckInput {
  baseAttackBonus: number;
  strengthModifier: number;
  size: Size;
  /** Improved Grapple: +4 on all grapple checks (and needed to grapple with a weapon). */
  improvedGrapple?: boolean;
  /** Grappling with a weapon (requires Improved Grapple). */
  weapon?: GrappleWeapon | null;
  /** Stab and Grab: `initial` check (+4) or the weapon is `lodged` in this opponent (+4). */
  stabAndGrab?: 'initial' | 'lodged' | null;
  /** Attempting an Advanced Grapple action: −4. */
  maneuver?: GrappleManeuver | null;
  /** The opponent has Unbalance Opponent against you: a Strength bonus does not count (a penalty still does). */
  strengthBonusDenied?: boolean;
}

/**
 * Grapple check bonus: BAB + Str modifier + grapple size modifier (core), + Improved Grapple,
 * weapon, Stab and Grab and Advanced Grapple modifiers (GnG "GRAPPLING", Appendix 4).
 */
export function grappleCheckBonus(input: GrappleCheckInput): number {
  const bab = assertInteger('baseAttackBonus', input.baseAttackBonus);
  let str = assertInteger('strengthModifier', input.strengthModifier);
  if (input.strengthBonusDenied && str > 0) str = 0;
  let total = bab + str + grappleSizeModifier(assertSize(input.size));
  if (input.improvedGrapple) total += IMPROVED_GRAPPLE_BONUS;
  if (input.weapon) {
    if (!input.improvedGrapple)
      throw new RangeError('weapon: grappling with a weapon requires Improved Grapple');
    total += weaponGrappleBonus(input.weapon);
  }
  if (input.stabAndGrab != null) {
    const s = assertOneOf('stabAndGrab', input.stabAndGrab, ['initial', 'lodged'] as const);
    total += s === 'initial' ? STAB_AND_GRAB.initialGrappleBonus : STAB_AND_GRAB.lodgedGrappleBonus;
  }
  if (input.maneuver != null)
    total += ADVANCED_GRAPPLE_PENALTY[assertOneOf('maneuver', input.maneuver, GRAPPLE_MANEUVERS)];
  return total;
}

/**
 * Core "Hold": the attempt automatically fails when the target is two or more size categories
 * larger than the grappler. Returns whether a hold may be attempted.
 */
export function canAttemptHold(grapplerSize: Size, targetSize: Size): boolean {
  return sizeSteps(assertSize(grapplerSize), assertSize(targetSize)) < 2;
}

/** Core "Multiple Grapplers": at most this many (weighted) combatants grapple one opponent. */
export const MAX_GRAPPLERS_PER_TARGET = 4;

/**
 * How much one grappler counts against the limit of four (core "Multiple Grapplers"): ½ if smaller
 * than the target (one step, or more — decision), 1 if the same size, 2 if one step larger, 4 if two or more.
 */
export function grapplerWeight(grapplerSize: Size, targetSize: Size): number {
  const steps = sizeSteps(assertSize(targetSize), assertSize(grapplerSize));
  if (steps < 0) return 0.5;
  if (steps === 0) return 1;
  return steps === 1 ? 2 : 4;
}

/** Whether another grappler of this size may join: the weighted total must stay ≤ 4 (core "Multiple Grapplers"). */
export function canJoinGrapple(existing: readonly Size[], joiner: Size, targetSize: Size): boolean {
  if (!Array.isArray(existing))
    throw new RangeError(`existing grapplers must be an array, got ${String(existing)}`);
  const total = [...existing, joiner].reduce((sum, size) => sum + grapplerWeight(size, targetSize), 0);
  return total <= MAX_GRAPPLERS_PER_TARGET;
}

/** Result of an opposed grapple check. */
export interface OpposedGrappleResult {
  /** The acting grappler wins ties (as an attack roll equal to the Defense roll hits). */
  won: boolean;
  attackerTotal: number;
  defenderTotal: number;
  /** attackerTotal − defenderTotal: added to grapple damage when the attacker wins. */
  relativeDegree: number;
}

/** Opposed grapple check; the acting character wins on a tie; RD = attacker − defender (GnG "RELATIVE DEGREE: Grappling"). */
export function resolveGrappleCheck(attackerTotal: number, defenderTotal: number): OpposedGrappleResult {
  const a = assertInteger('attackerTotal', attackerTotal);
  const d = assertInteger('defenderTotal', defenderTotal);
  return { won: a >= d, attackerTotal: a, defenderTotal: d, relativeDegree: a - d };
}

function average(e: DiceExpression): number {
  return (e.count * (e.faces + 1)) / 2 + e.bonus;
}

/**
 * "you use the weapon's damage or your unarmed damage, whichever is higher": compares the two
 * expressions by average (ties → weapon) and says which to roll (GnG "Grappling with Weapons").
 */
export function grappleDamageSource(
  weaponDamage: string | DiceExpression | null,
  unarmedDamage: string | DiceExpression,
): 'weapon' | 'unarmed' {
  const unarmed = typeof unarmedDamage === 'string' ? parseDice(unarmedDamage) : unarmedDamage;
  if (weaponDamage === null) return 'unarmed';
  const weapon = typeof weaponDamage === 'string' ? parseDice(weaponDamage) : weaponDamage;
  return average(weapon) >= average(unarmed) ? 'weapon' : 'unarmed';
}

/**
 * Grapple damage before Protection: the rolled damage plus the Relative Degree of the opposed
 * grapple check (GnG "Grapple Checks"). A lost check (RD < 0) deals no damage → RangeError.
 */
export function grappleDamage(rolledDamage: number, relativeDegree: number): number {
  const rolled = assertNonNegativeInteger('rolledDamage', rolledDamage);
  const rd = assertNonNegativeInteger('relativeDegree', relativeDegree);
  return rolled + rd;
}

/** Outcome of an Advanced Grapple action's check. */
export interface GrappleManeuverResult extends OpposedGrappleResult {
  maneuver: GrappleManeuver;
  /** Throw only: the farthest the target may be thrown, in feet (5 ft per 5 points beaten). */
  throwMaxFeet: number;
  /** Conditions the target gets on a win: lock → locked (1 round), throw → prone, choke → none yet (see {@link resolveChokeSave}). */
  conditions: ('locked' | 'prone')[];
  /** A win deals damage: choke (grapple damage), throw (unarmed strike damage); lock deals none. */
  dealsDamage: boolean;
}

/** Feet of Throw distance per 5 points beaten. */
export const THROW_FEET_PER_STEP = 5;
/** Points of the check margin per step of Throw distance. */
export const THROW_POINTS_PER_STEP = 5;

/**
 * Choke, Lock or Throw: opposed grapple check with −4 (added here: pass the check total without
 * it); a tie goes to the actor (GnG "Advanced Grappling").
 */
export function resolveGrappleManeuver(
  maneuver: GrappleManeuver,
  attackerCheck: number,
  defenderCheck: number,
): GrappleManeuverResult {
  const m = assertOneOf('maneuver', maneuver, GRAPPLE_MANEUVERS);
  const check = resolveGrappleCheck(
    assertInteger('attackerCheck', attackerCheck) + ADVANCED_GRAPPLE_PENALTY[m],
    defenderCheck,
  );
  const throwMaxFeet =
    m === 'throw' && check.won
      ? Math.floor(check.relativeDegree / THROW_POINTS_PER_STEP) * THROW_FEET_PER_STEP
      : 0;
  const conditions: ('locked' | 'prone')[] = !check.won
    ? []
    : m === 'lock'
      ? ['locked']
      : m === 'throw'
        ? ['prone']
        : [];
  return { ...check, maneuver: m, throwMaxFeet, conditions, dealsDamage: check.won && m !== 'lock' };
}

/**
 * Throwing the opponent any distance away ends the grapple; a throw in place lets the thrower
 * choose to end or keep it (GnG "Throw"). Distance must be a multiple of 5 within the maximum.
 */
export function throwEndsGrapple(distanceFeet: number, maxFeet: number): boolean {
  const d = assertNonNegativeInteger('distanceFeet', distanceFeet);
  const max = assertNonNegativeInteger('maxFeet', maxFeet);
  if (d % THROW_FEET_PER_STEP !== 0 || d > max) {
    throw new RangeError(`distanceFeet must be a multiple of 5 up to ${max}, got ${d}`);
  }
  return d > 0;
}

/** Choke effects on a failed Fortitude save: stunned 1 round, then dazed 1d4 rounds. */
export const CHOKE_EFFECT = { stunnedRounds: 1, dazedRounds: '1d4' } as const;

/**
 * Choke save: needs ≥ 1 HP damage; Fortitude DC 10 + ½ BAB + Str modifier; failure → stunned 1
 * round then dazed 1d4 rounds; no Constitution score or no blood flow → immune (GnG "Choke").
 */
export function resolveChokeSave(input: {
  damageDealt: number;
  baseAttackBonus: number;
  strengthModifier: number;
  fortitudeSave?: number | boolean;
  immune?: boolean;
}): { dc: number; applies: boolean; stunnedRounds: number; dazedRounds: string | null } {
  const damage = assertNonNegativeInteger('damageDealt', input.damageDealt);
  const dc = strikeSaveDc(input.baseAttackBonus, input.strengthModifier);
  const none = { dc, applies: false, stunnedRounds: 0, dazedRounds: null };
  if (input.immune || damage < 1) return none;
  if (input.fortitudeSave === undefined)
    throw new RangeError('fortitudeSave is required when the choke dealt damage');
  const saved =
    typeof input.fortitudeSave === 'boolean'
      ? input.fortitudeSave
      : assertInteger('fortitudeSave', input.fortitudeSave) >= dc;
  if (saved) return none;
  return {
    dc,
    applies: true,
    stunnedRounds: CHOKE_EFFECT.stunnedRounds,
    dazedRounds: CHOKE_EFFECT.dazedRounds,
  };
}

/** Pin (core): opposed grapple check; a win pins the opponent for 1 round (the pinned condition's `typicalRounds`). */
export function resolvePin(
  attackerTotal: number,
  defenderTotal: number,
): OpposedGrappleResult & { pinnedRounds: number } {
  const check = resolveGrappleCheck(attackerTotal, defenderTotal);
  return { ...check, pinnedRounds: check.won ? (conditionEffects('pinned').typicalRounds ?? 0) : 0 };
}

/**
 * Escape from a grapple, pin or lock (core "Escape from Grapple/Pin", GnG "Locked"): the escaper's
 * grapple check (or Escape Artist check) must beat every opponent's grapple check.
 */
export function resolveEscape(
  escaperTotal: number,
  opponentTotals: readonly number[],
): { escaped: boolean; margin: number } {
  const e = assertInteger('escaperTotal', escaperTotal);
  if (!Array.isArray(opponentTotals) || opponentTotals.length === 0) {
    throw new RangeError('opponentTotals must list at least one opponent check');
  }
  const best = Math.max(...opponentTotals.map((t, i) => assertInteger(`opponentTotals[${i}]`, t)));
  return { escaped: e > best, margin: e - best };
}

/**
 * Core "Starting a Grapple", step 1: "If the attack of opportunity deals the character damage, the
 * character fails to start the grapple." Compares the grappler's hit points before the attack of
 * opportunity and now: fewer (HP + temporary HP) or more nonlethal damage → the start fails.
 */
export function attackOfOpportunityStopsGrapple(
  before: { value: number; temp: number; nonlethal: number },
  now: { value: number; temp: number; nonlethal: number },
): boolean {
  const hp = (label: string, h: { value: number; temp: number; nonlethal: number }) => ({
    standing: assertInteger(`${label}.value`, h.value) + assertNonNegativeInteger(`${label}.temp`, h.temp),
    nonlethal: assertNonNegativeInteger(`${label}.nonlethal`, h.nonlethal),
  });
  const b = hp('before', before);
  const n = hp('now', now);
  return n.standing < b.standing || n.nonlethal > b.nonlethal;
}

/**
 * Choke durations as Active Effects that start together (decision G5): "stunned for one round and
 * dazed for 1d4 rounds after that" → stunned `stunnedRounds`, dazed `stunnedRounds` + the 1d4 rolled
 * (dazed under the stun changes nothing: a stunned creature cannot act either).
 */
export function chokeEffectRounds(dazedRoll: number): { stunned: number; dazed: number } {
  const rolled = assertInteger('dazedRoll', dazedRoll);
  const faces = parseDice(CHOKE_EFFECT.dazedRounds);
  if (rolled < faces.count || rolled > faces.count * faces.faces)
    throw new RangeError(`dazedRoll must be a roll of ${CHOKE_EFFECT.dazedRounds}, got ${rolled}`);
  return { stunned: CHOKE_EFFECT.stunnedRounds, dazed: CHOKE_EFFECT.stunnedRounds + rolled };
}

/**
 * What a won escape ends (core "Escape from Pin": "The character is still being grappled"; GnG
 * "Locked": "you escape the lock, but you are still grappling"): a pinned or locked escaper only
 * gets out of the pin / lock; otherwise the grapple ends.
 */
export function escapeEnds(escaper: { pinned: boolean; locked: boolean }): 'hold' | 'grapple' {
  return escaper.pinned || escaper.locked ? 'hold' : 'grapple';
}

/**
 * "You gain no bonus for tiny weapons": a weapon made for a Tiny or smaller wielder (decision G3;
 * the text gives no other measure of a weapon's size).
 */
export function isTinyWeapon(weaponSize: Size): boolean {
  return sizeSteps(assertSize(weaponSize), 'tiny') >= 0;
}
