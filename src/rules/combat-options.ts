/**
 * Combat options of the core rules that GnG keeps (issue #18): concealment and invisibility miss
 * chance, shooting or throwing into melee (Precise Shot, Elusive Target), fighting defensively and
 * total defense (Defensive Strike), and two-weapon fighting. GnG v4.0 sends concealment to the core
 * rules ("Concealed or invisible — See Concealment —"); the core text is the d20 Modern SRD combat
 * chapter. GnG wins where the two differ. Decisions: docs/rules.md "Combat options (issue #18, engine)".
 */
import type { DiceSource } from './types.js';
import { assertIntegerInRange, assertOneOf } from './validate.js';

/** Throws unless `value` is a boolean (or undefined when `optional`). */
function assertFlag(name: string, value: unknown, optional = true): void {
  if (optional && value === undefined) return;
  if (typeof value !== 'boolean') throw new RangeError(`${name} must be a boolean, got ${String(value)}`);
}

/** Throws unless `input` is an object whose `flags` are booleans (the first `required` of them required). */
function assertFlags(what: string, input: unknown, flags: readonly string[], required: number): void {
  if (typeof input !== 'object' || input === null)
    throw new RangeError(`${what} must be an object, got ${String(input)}`);
  flags.forEach((f, i) => assertFlag(f, (input as Record<string, unknown>)[f], i >= required));
}

// ---------------------------------------------------------------------------------------------
// Concealment and invisibility
// ---------------------------------------------------------------------------------------------

/** Rows of the core "Table: Concealment", plus `none`. */
export const CONCEALMENT_DEGREES = [
  'none',
  'one-quarter',
  'one-half',
  'three-quarters',
  'nine-tenths',
  'total',
] as const;
/** A degree of concealment ("Concealment always depends on the point of view of the attacker"). */
export type ConcealmentDegree = (typeof CONCEALMENT_DEGREES)[number];

/**
 * Core "Table: Concealment": one-quarter 10%, one-half 20%, three-quarters 30%, nine-tenths 40%,
 * "Total (attacker blind; total darkness; smoke grenade; dense fog at 10 ft.) 50% and must guess
 * target's location".
 */
export const CONCEALMENT_MISS_CHANCE: Readonly<Record<ConcealmentDegree, number>> = {
  none: 0,
  'one-quarter': 10,
  'one-half': 20,
  'three-quarters': 30,
  'nine-tenths': 40,
  total: 50,
};

/** The miss chance (percent) of one degree of concealment (core "Table: Concealment"). */
export function concealmentMissChance(degree: ConcealmentDegree): number {
  return CONCEALMENT_MISS_CHANCE[assertOneOf('concealment degree', degree, CONCEALMENT_DEGREES)];
}

/** What hides the defender from this attacker, for {@link effectiveConcealment}. */
export interface ConcealmentSituation {
  /** Degree of concealment from the surroundings (fog, foliage, darkness…); default none. */
  degrees?: readonly ConcealmentDegree[];
  /** The defender is invisible to the attacker: total concealment (decision "Invisible defender"). */
  defenderInvisible?: boolean;
  /** GnG Blinded: "Consider all opponents to have total concealment to the blinded character." */
  attackerBlinded?: boolean;
}

/**
 * The one degree that counts: core "When multiple concealment conditions apply to a defender, use the
 * one that would produce the highest miss chance. Do not add the miss chances together." An invisible
 * defender and a blinded attacker (GnG Blinded) each give total concealment.
 */
export function effectiveConcealment(situation: ConcealmentSituation): ConcealmentDegree {
  assertFlags('concealment situation', situation, ['defenderInvisible', 'attackerBlinded'], 0);
  const all: ConcealmentDegree[] = [...(situation.degrees ?? [])];
  if (situation.defenderInvisible) all.push('total');
  if (situation.attackerBlinded) all.push('total');
  let worst: ConcealmentDegree = 'none';
  for (const d of all) if (concealmentMissChance(d) > concealmentMissChance(worst)) worst = d;
  return worst;
}

/** Outcome of a concealment miss chance roll. */
export interface MissChanceResult {
  /** The d% rolled (1–100), or null when there is no concealment and nothing is rolled. */
  roll: number | null;
  /** The miss chance in percent. */
  chance: number;
  /** The attack misses because of concealment (roll ≤ chance). */
  missed: boolean;
  /** Total concealment: "must guess target's location" (the GM's call, not rolled here). */
  mustGuessLocation: boolean;
}

/**
 * Rolls the concealment miss chance (core "Concealment Miss Chance": "the defender must make a miss
 * chance percentile roll to avoid being struck … it doesn't matter who makes the roll or whether it's
 * rolled before or after the attack roll"). We roll it before the Defense roll; a d% result at or
 * under the chance is a miss (20% → 1–20 miss). No concealment: no die is read.
 */
export function missChance(degree: ConcealmentDegree, dice: DiceSource): MissChanceResult {
  const chance = concealmentMissChance(degree);
  const mustGuessLocation = degree === 'total';
  if (chance === 0) return { roll: null, chance, missed: false, mustGuessLocation };
  const roll = assertIntegerInRange('d% roll', dice.roll(100), 1, 100);
  return { roll, chance, missed: roll <= chance, mustGuessLocation };
}

// ---------------------------------------------------------------------------------------------
// Shooting or throwing into melee
// ---------------------------------------------------------------------------------------------

/** Core "Shooting or Throwing into a Melee": "the character takes a –4 penalty on his or her attack roll". */
export const SHOOTING_INTO_MELEE_PENALTY = -4;
/** GnG Elusive Target: "other opponents attempting to target you with ranged attacks take a -4 penalty". */
export const ELUSIVE_TARGET_PENALTY = -4;

/** The situation of a ranged attack (shot or thrown) for {@link shootingIntoMeleePenalty}. */
export interface ShootingIntoMeleeInput {
  /** The target is engaged in melee (adjacent to an enemy of it, who is the shooter's ally). */
  targetInMelee: boolean;
  /** Core: "part of it is 10 feet or farther from the nearest ally" — the core −4 is avoided. */
  targetClearOfAllies?: boolean;
  /** The shooter has Precise Shot (no −4 for shooting or throwing into melee). */
  preciseShot?: boolean;
  /** The target has Elusive Target. */
  elusiveTarget?: boolean;
}

/** One line of a penalty breakdown. */
export interface CombatOptionPart {
  source: string;
  value: number;
}

/**
 * Attack roll penalty of a ranged attack against a target in melee: core −4 ("Shooting or Throwing
 * into a Melee"), removed by Precise Shot; Elusive Target's further −4 ("making the penalty to target
 * you -8"; "An opponent with the Precise Shot feat reduces the total penalty to -4"). Not in melee: 0.
 */
export function shootingIntoMeleePenalty(input: ShootingIntoMeleeInput): {
  total: number;
  parts: CombatOptionPart[];
} {
  assertFlags(
    'shooting into melee input',
    input,
    ['targetInMelee', 'targetClearOfAllies', 'preciseShot', 'elusiveTarget'],
    1,
  );
  const parts: CombatOptionPart[] = [];
  if (input.targetInMelee) {
    if (!input.preciseShot && !input.targetClearOfAllies) {
      parts.push({ source: 'shooting into melee', value: SHOOTING_INTO_MELEE_PENALTY });
    }
    if (input.elusiveTarget) parts.push({ source: 'elusive target', value: ELUSIVE_TARGET_PENALTY });
  }
  return { total: parts.reduce((sum, p) => sum + p.value, 0), parts };
}

// ---------------------------------------------------------------------------------------------
// Fighting defensively and total defense
// ---------------------------------------------------------------------------------------------

/** How the character defends this round (core "Fighting Defensively", "Total Defense"). */
export const DEFENSIVE_OPTIONS = ['none', 'fighting-defensively', 'total-defense'] as const;
/** One of {@link DEFENSIVE_OPTIONS}. */
export type DefensiveOption = (typeof DEFENSIVE_OPTIONS)[number];

/** What a defensive option does: to every attack of the round, and to every Defense roll until the next turn. */
export interface DefensiveOptionEffect {
  /** Penalty on every attack roll in the round (0 if none). */
  attackPenalty: number;
  /** Dodge bonus to every Defense roll until the start of the character's next turn. */
  dodgeBonus: number;
  /** False for total defense: "The character doesn't get to attack or perform any other activity". */
  canAttack: boolean;
}

/**
 * Core "Fighting Defensively" (melee, ranged or full attack): "a –4 penalty on … attack[s] in a
 * round to gain a +2 dodge bonus to Defense in the same round". Core "Total Defense": "doesn't get to
 * attack … but does get a +4 dodge bonus to his or her Defense for 1 round". In GnG Defense is rolled:
 * the dodge bonus goes into each Defense roll (pass it as `modifiers.dodge` to `defenseBonus`, which
 * drops it whenever the Dexterity bonus is lost — GnG Dodge).
 */
export const DEFENSIVE_OPTION_EFFECTS: Readonly<Record<DefensiveOption, DefensiveOptionEffect>> = {
  none: { attackPenalty: 0, dodgeBonus: 0, canAttack: true },
  'fighting-defensively': { attackPenalty: -4, dodgeBonus: 2, canAttack: true },
  'total-defense': { attackPenalty: 0, dodgeBonus: 4, canAttack: false },
};

/** The effect of a defensive option (see {@link DEFENSIVE_OPTION_EFFECTS}). */
export function defensiveOption(option: DefensiveOption): DefensiveOptionEffect {
  return { ...DEFENSIVE_OPTION_EFFECTS[assertOneOf('defensive option', option, DEFENSIVE_OPTIONS)] };
}

/** GnG Defensive Strike: "with a +4 bonus on your attack roll". */
export const DEFENSIVE_STRIKE_BONUS = 4;

/** What happened while the feat's owner was defending, for {@link defensiveStrikeBonus}. */
export interface DefensiveStrikeInput {
  /** The owner has the Defensive Strike feat. */
  feat: boolean;
  /** The owner was using total defense when the opponent attacked. */
  totalDefense: boolean;
  /** That opponent made a melee attack against the owner and missed. */
  opponentMeleeAttackMissed: boolean;
}

/**
 * GnG Defensive Strike: "If an opponent makes a melee attack against you and misses while you are
 * using the total defense option, you can attack that opponent on your next turn (as an attack action)
 * with a +4 bonus on your attack roll. You gain no bonus against an opponent who does not attack you
 * or against an opponent who makes a successful attack." Fighting defensively gives nothing.
 */
export function defensiveStrikeBonus(input: DefensiveStrikeInput): number {
  assertFlags('Defensive Strike input', input, ['feat', 'totalDefense', 'opponentMeleeAttackMissed'], 3);
  return input.feat && input.totalDefense && input.opponentMeleeAttackMissed ? DEFENSIVE_STRIKE_BONUS : 0;
}

// ---------------------------------------------------------------------------------------------
// Two-weapon fighting
// ---------------------------------------------------------------------------------------------

/** Core "Attacking with Two Weapons": "a –6 penalty on the regular attack or attacks with his or her primary hand". */
export const TWO_WEAPON_PRIMARY_PENALTY = -6;
/** Core: "and a –10 penalty on the attack with his or her off hand". */
export const TWO_WEAPON_OFF_HAND_PENALTY = -10;
/** Core: "If the off-hand weapon is light, the penalties are reduced by 2 each." */
export const LIGHT_OFF_HAND_REDUCTION = 2;
/** Core: "The Two-Weapon Fighting feat lessens the primary hand penalty by 2, and the off-hand penalty by 6." */
export const TWO_WEAPON_FIGHTING_FEAT_REDUCTION = { primary: 2, offHand: 6 } as const;
/** Core: "the character can get one extra attack per round with that weapon". */
export const OFF_HAND_ATTACKS_PER_ROUND = 1;

/** The weapons and feats of a two-weapon attack, for {@link twoWeaponPenalties}. */
export interface TwoWeaponInput {
  /** The off-hand weapon is light ("An unarmed strike is always considered light"). */
  offHandLight: boolean;
  /** The attacker has the Two-Weapon Fighting feat. */
  twoWeaponFighting?: boolean;
  /** A double weapon: "The penalties apply as if the off-hand weapon were light." */
  doubleWeapon?: boolean;
}

/**
 * Attack penalties when fighting with two weapons (core "Attacking with Two Weapons" and "Table:
 * Two-Weapon Fighting Penalties": −6/−10; light off hand −4/−8; feat −4/−4; both −2/−2). The off-hand
 * attack's damage adds only ½ Strength bonus (GnG Off-Hand Weapons: `strengthDamageBonus` grip
 * 'off-hand').
 */
export function twoWeaponPenalties(input: TwoWeaponInput): { primary: number; offHand: number } {
  assertFlags('two-weapon input', input, ['offHandLight', 'twoWeaponFighting', 'doubleWeapon'], 1);
  let primary = TWO_WEAPON_PRIMARY_PENALTY;
  let offHand = TWO_WEAPON_OFF_HAND_PENALTY;
  if (input.offHandLight || input.doubleWeapon) {
    primary += LIGHT_OFF_HAND_REDUCTION;
    offHand += LIGHT_OFF_HAND_REDUCTION;
  }
  if (input.twoWeaponFighting) {
    primary += TWO_WEAPON_FIGHTING_FEAT_REDUCTION.primary;
    offHand += TWO_WEAPON_FIGHTING_FEAT_REDUCTION.offHand;
  }
  return { primary, offHand };
}
