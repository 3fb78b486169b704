/**
 * Attack resolution (GnG "ATTACK ROLL", "RELATIVE DEGREE (RD)", "Coup de Grace", "ADDITIONAL COMBAT
 * RULES"): attack rolls with d10 chains, the hit test, Relative Degree, attack bonus formulas, range
 * penalty, touch attacks, sneak attack bonus, coup de grace and object Defense.
 */
import { criticalChain, criticalChainRoll, criticalKindForNatural, type CriticalKind } from './criticals.js';
import { sizeModifier } from './sizes.js';
import type { DiceSource, Size } from './types.js';
import { assertFinite, assertInteger, assertIntegerInRange, assertNonNegativeInteger } from './validate.js';

/**
 * Decision: a Defense roll never starts a d10 chain (ATTACK ROLL gives the chain to "an attack roll"
 * only; helpless defenders "automatically roll a 1"). Block is an opposed attack roll: use {@link rollAttack}.
 */
export const DEFENSE_ROLL_USES_CRITICAL_CHAIN = false;

/** The d20 value assumed when taking 10 (multiple target bursts: "you consider yourself to have rolled a 10"). */
export const TAKE_10_NATURAL = 10;

/** One attack roll: natural d20, chain dice, signed chain adjustment, bonus and total. */
export interface AttackRoll {
  natural: number;
  bonus: number;
  take10: boolean;
  critical: CriticalKind | null;
  chainDice: number[];
  chainAdjustment: number;
  total: number;
}

/**
 * Builds an attack roll from values already rolled (ATTACK ROLL): `chainDice` are required exactly
 * when the natural is 20 or 1, and must form one complete chain.
 */
export function attackRollFromValues(input: {
  natural: number;
  bonus: number;
  chainDice?: readonly number[];
}): AttackRoll {
  const natural = assertIntegerInRange('natural d20', input.natural, 1, 20);
  const bonus = assertInteger('attack bonus', input.bonus);
  const critical = criticalKindForNatural(natural);
  const chainDice = [...(input.chainDice ?? [])];
  let chainAdjustment = 0;
  if (critical) chainAdjustment = criticalChain(critical, chainDice);
  else if (chainDice.length > 0) {
    throw new RangeError(`chain dice given for a natural ${natural}, which starts no chain`);
  }
  return {
    natural,
    bonus,
    take10: false,
    critical,
    chainDice,
    chainAdjustment,
    total: natural + bonus + chainAdjustment,
  };
}

/**
 * Rolls an attack: d20 + bonus, plus the d10 chain on a natural 20 or 1 (ATTACK ROLL). With
 * `take10` no die is rolled and no chain applies (multiple target bursts).
 */
export function rollAttack(dice: DiceSource, bonus: number, options: { take10?: boolean } = {}): AttackRoll {
  assertInteger('attack bonus', bonus);
  if (options.take10) {
    return {
      natural: TAKE_10_NATURAL,
      bonus,
      take10: true,
      critical: null,
      chainDice: [],
      chainAdjustment: 0,
      total: TAKE_10_NATURAL + bonus,
    };
  }
  const natural = assertIntegerInRange('natural d20', dice.roll(20), 1, 20);
  const critical = criticalKindForNatural(natural);
  const chain = critical ? criticalChainRoll(critical, dice) : null;
  const chainAdjustment = chain ? chain.adjustment : 0;
  return {
    natural,
    bonus,
    take10: false,
    critical,
    chainDice: chain ? chain.d10s : [],
    chainAdjustment,
    total: natural + bonus + chainAdjustment,
  };
}

/** A Defense roll: d20 (`natural`) + Defense bonus; no d10 chain (decision above). */
export interface DefenseRoll {
  natural: number;
  bonus: number;
  /** The d20 was not rolled: the defender "automatically rolls a 1" (HELPLESS DEFENDERS). */
  autoRollOne: boolean;
  total: number;
}

/**
 * Builds a Defense roll from a rolled d20 and the Defense bonus (DEFENSE; HELPLESS DEFENDERS): with
 * `autoRollOne` the d20 is a 1 whatever was rolled (pass no `natural`); never a d10 chain.
 */
export function defenseRollFromValues(input: {
  natural?: number;
  bonus: number;
  autoRollOne?: boolean;
}): DefenseRoll {
  const bonus = assertInteger('defense bonus', input.bonus);
  const autoRollOne = input.autoRollOne === true;
  if (!autoRollOne && input.natural === undefined)
    throw new RangeError('a Defense roll needs its d20 (natural) unless it is an automatic 1');
  const natural = autoRollOne ? 1 : assertIntegerInRange('natural d20', input.natural as number, 1, 20);
  return { natural, bonus, autoRollOne, total: natural + bonus };
}

/** Relative Degree = attack result − Defense result (RELATIVE DEGREE: "24 – 16 = 8"). May be negative (a miss). */
export function relativeDegree(attackTotal: number, defenseTotal: number): number {
  return assertInteger('attack total', attackTotal) - assertInteger('defense total', defenseTotal);
}

/** Hit test (ATTACK ROLL): the attack hits when it "equals or beats the target's Defense"; RD 0 hits. */
export function attackHits(attackTotal: number, defenseTotal: number): boolean {
  return relativeDegree(attackTotal, defenseTotal) >= 0;
}

/** Outcome of one attack against one Defense result. `relativeDegree` is negative on a miss. */
export interface AttackResolution {
  attackTotal: number;
  defenseTotal: number;
  hit: boolean;
  relativeDegree: number;
}

/** Resolves an attack total (or {@link AttackRoll}) against a Defense total: hit and RD; no automatic hits or misses. */
export function resolveAttack(attack: number | AttackRoll, defenseTotal: number): AttackResolution {
  const attackTotal = typeof attack === 'number' ? attack : attack.total;
  const rd = relativeDegree(attackTotal, defenseTotal);
  return { attackTotal, defenseTotal, hit: rd >= 0, relativeDegree: rd };
}

/** Melee attack bonus = base attack bonus + Strength modifier + size modifier (ATTACK ROLL › Attack Bonus). */
export function meleeAttackBonus(input: {
  baseAttackBonus: number;
  strengthModifier: number;
  size: Size;
}): number {
  return (
    assertInteger('base attack bonus', input.baseAttackBonus) +
    assertInteger('strength modifier', input.strengthModifier) +
    sizeModifier(input.size)
  );
}

/** Ranged attack bonus = BAB + Dexterity modifier + size modifier + range penalty (ATTACK ROLL › Attack Bonus). */
export function rangedAttackBonus(input: {
  baseAttackBonus: number;
  dexterityModifier: number;
  size: Size;
  rangePenalty?: number;
}): number {
  const range = assertInteger('range penalty', input.rangePenalty ?? 0);
  if (range > 0) throw new RangeError(`range penalty must be ≤ 0, got ${range}`);
  return (
    assertInteger('base attack bonus', input.baseAttackBonus) +
    assertInteger('dexterity modifier', input.dexterityModifier) +
    sizeModifier(input.size) +
    range
  );
}

/** Core rules Range Penalty: −2 per full range increment; thrown weapons reach 5 increments, projectiles 10. */
const RANGE_PENALTY_PER_INCREMENT = -2;
const MAX_RANGE_INCREMENTS = { thrown: 5, projectile: 10 } as const;

/**
 * Range penalty (core rules, Range Penalty): 0 within the first increment, −2 for each further
 * increment begun (decision: a target at exactly N increments is "within" N). Throws past maximum range.
 */
export function rangePenalty(input: {
  distanceFeet: number;
  rangeIncrementFeet: number;
  thrown?: boolean;
}): number {
  const increment = rangeIncrementNumber(input.distanceFeet, input.rangeIncrementFeet);
  const max = input.thrown ? MAX_RANGE_INCREMENTS.thrown : MAX_RANGE_INCREMENTS.projectile;
  if (increment > max)
    throw new RangeError(`distance ${input.distanceFeet} ft is beyond ${max} range increments`);
  return (increment - 1) * RANGE_PENALTY_PER_INCREMENT + 0;
}

/** Which range increment a distance falls in: 1 for 0…1×increment, 2 for up to 2×increment, … */
export function rangeIncrementNumber(distanceFeet: number, rangeIncrementFeet: number): number {
  const distance = assertFinite('distance (feet)', distanceFeet);
  if (distance < 0) throw new RangeError(`distance (feet) must be ≥ 0, got ${distance}`);
  const inc = assertFinite('range increment (feet)', rangeIncrementFeet);
  if (inc <= 0) throw new RangeError(`range increment (feet) must be > 0, got ${inc}`);
  return Math.max(1, Math.ceil(distance / inc));
}

/** Touch attacks: "+4 bonus to your attack roll" and the target's shield bonus is ignored (Defense › Touch Attacks). */
export const TOUCH_ATTACK_BONUS = 4;

/** Sneak attack bonus: "+1d6 … +2 bonus", "for every additional +1d6 … +1" (SNEAK ATTACK; 5d6 → +6). */
export function sneakAttackBonus(sneakAttackDice: number): number {
  const d = assertNonNegativeInteger('sneak attack dice', sneakAttackDice);
  return d === 0 ? 0 : d + 1;
}

/**
 * Sneak attack dice by class identifier and levels. GnG SNEAK ATTACK counts "your sneak attack damage
 * dice bonus … in the core combat rules"; the core class tables (SRD 3.5) give them (decision, docs/
 * rules.md "Where the sneak attack dice come from"): Rogue and Assassin +1d6 at 1st level and every
 * two levels after; Arcane Trickster +1d6 at 2nd and every two levels after; Blackguard +1d6 at 4th,
 * 7th and 10th. GnG Appendix 3's 1st-level rogue: "Sneak Attack (+1d6 damage)".
 */
export const SNEAK_ATTACK_CLASSES: Readonly<Record<string, (levels: number) => number>> = {
  rogue: (levels) => Math.ceil(levels / 2),
  assassin: (levels) => Math.ceil(levels / 2),
  'arcane-trickster': (levels) => Math.floor(levels / 2),
  blackguard: (levels) => (levels >= 4 ? Math.floor((levels - 1) / 3) : 0),
};

/**
 * The sneak attack dice of a creature: its classes' (they add up, as the core's sources of sneak
 * attack damage do) and `ownDice` (a creature's own "sneak attack +Nd6" without class levels).
 */
export function sneakAttackDice(
  classes: readonly { identifier: string; levels: number }[],
  ownDice = 0,
): number {
  let dice = assertNonNegativeInteger('own sneak attack dice', ownDice);
  for (const c of classes) {
    const levels = assertNonNegativeInteger('class levels', c.levels);
    const table = Object.hasOwn(SNEAK_ATTACK_CLASSES, c.identifier)
      ? SNEAK_ATTACK_CLASSES[c.identifier]
      : undefined;
    if (table) dice += table(levels);
  }
  return dice;
}

/** "Ranged attacks can count as sneak attacks only if the target is within 30 feet" (SNEAK ATTACK). */
export const SNEAK_ATTACK_RANGED_MAX_FEET = 30;

/**
 * Whether a sneak attack bonus applies (SNEAK ATTACK): target denied its Dexterity bonus (whether or
 * not it has one) or flanked; ranged only within 30 ft unless the attacker has the Sniper feat.
 */
export function sneakAttackApplies(input: {
  targetDeniedDexterity: boolean;
  flanking: boolean;
  ranged: boolean;
  distanceFeet?: number;
  sniper?: boolean;
}): boolean {
  if (!input.targetDeniedDexterity && !input.flanking) return false;
  if (!input.ranged || input.sniper) return true;
  if (input.distanceFeet === undefined)
    throw new RangeError('distanceFeet is required for a ranged sneak attack');
  const distance = assertFinite('distance (feet)', input.distanceFeet);
  if (distance < 0) throw new RangeError(`distance (feet) must be ≥ 0, got ${distance}`);
  return distance <= SNEAK_ATTACK_RANGED_MAX_FEET;
}

/** Coup de grace: "Your attack automatically hits with a Relative Degree of 20" (Coup de Grace). */
export const COUP_DE_GRACE_RELATIVE_DEGREE = 20;

/** Result of a coup de grace attempt: a full-round action that provokes attacks of opportunity. */
export interface CoupDeGrace {
  allowed: boolean;
  reason?: string;
  hit: boolean;
  relativeDegree: number;
  action: 'full-round';
  provokesAttacksOfOpportunity: true;
}

/**
 * Coup de grace (Coup de Grace): against a helpless foe, with a melee weapon or a ranged weapon when
 * adjacent; automatic hit with RD 20. Not allowed otherwise (`allowed: false`, no hit).
 */
export function coupDeGrace(input: {
  targetHelpless: boolean;
  ranged: boolean;
  adjacent?: boolean;
}): CoupDeGrace {
  const base = { action: 'full-round', provokesAttacksOfOpportunity: true } as const;
  if (!input.targetHelpless)
    return { ...base, allowed: false, reason: 'target is not helpless', hit: false, relativeDegree: 0 };
  if (input.ranged && !input.adjacent) {
    return {
      ...base,
      allowed: false,
      reason: 'a ranged coup de grace needs an adjacent target',
      hit: false,
      relativeDegree: 0,
    };
  }
  return { ...base, allowed: true, hit: true, relativeDegree: COUP_DE_GRACE_RELATIVE_DEGREE };
}

/** "If the object is stationary, you roll against a fixed value of 1 + the object's size modifier". */
const STATIONARY_OBJECT_BASE_DEFENSE = 1;

/**
 * Defense of an inanimate object (ATTACKING INANIMATE OBJECTS): stationary → 1 + size modifier;
 * moving → a Defense roll, d20 (`natural`) + size modifier.
 */
export function objectDefense(input: { size: Size; moving?: boolean; natural?: number }): number {
  const mod = sizeModifier(input.size);
  if (!input.moving) return STATIONARY_OBJECT_BASE_DEFENSE + mod;
  if (input.natural === undefined)
    throw new RangeError('a moving object needs its d20 Defense roll (natural)');
  return assertIntegerInRange('natural d20', input.natural, 1, 20) + mod;
}
