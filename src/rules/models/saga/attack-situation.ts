/**
 * The attack side of the Saga-style chapter (seed 001; issue #30, design §2.1 R8–R14): what the
 * attacker's situation adds to one attack roll (charge, flanking, a helpless or prone target, a
 * prone attacker, shooting into melee, nonlethal with a weapon lacking the tag), concealment's d%
 * roll, into melee's stray shot and the coup de grace's conditions. Pure: no Foundry, dice injected.
 * The defender's own modifiers (cover, Partial/Total Defense, flat-footed …) are its defense's, not
 * these. Decisions: docs/rules.md "### The attack card".
 */
import type { DiceSource } from '../../types.js';
import { assertIntegerInRange, assertOneOf } from '../../validate.js';
import type { ModelPart } from '../types.js';

/** "Charging … you gain a +2 bonus to attack" (001:66). */
export const CHARGE_BONUS = 2;
/** "When flanking, the flankers gain a +2 bonus to attack" (001:117). */
export const FLANKING_BONUS = 2;
/** "anyone attempting to attack them while helpless receives a +5 bonus … Ranged attacks cannot" (001:124). */
export const HELPLESS_BONUS = 5;
/** "Being prone imposes a -5 penalty to attacking with melee" (001:136). */
export const PRONE_ATTACKER_PENALTY = -5;
/** "grants enemies attacking a prone enemy a +5 bonus to hit … from range take a -5" (001:136). */
export const PRONE_TARGET_MELEE_BONUS = 5;
export const PRONE_TARGET_RANGED_PENALTY = -5;
/** "take a -5 to prevent the risk of hitting your allies" (001:149). */
export const INTO_MELEE_PENALTY = -5;
/** "those without the nonlethal tag take a -4 penalty to hit" (001:161). */
export const NONLETHAL_WITHOUT_TAG_PENALTY = -4;

/** Shooting into melee (001:149): take the −5 (`careful`), or take the risk of hitting an ally. */
export const INTO_MELEE_CHOICES = ['careful', 'risk'] as const;
export type IntoMeleeChoice = (typeof INTO_MELEE_CHOICES)[number];

/** The lang key of a part or refusal: `GNG.Model.Saga.Option.<id>` / `GNG.Model.Saga.Card.Refusal.<id>`. */
const optionLabel = (id: string) => `GNG.Model.Saga.Option.${id}`;
const refusalKey = (id: string) => `GNG.Model.Saga.Card.Refusal.${id}`;

/** What the attacker and the target are doing when the roll is made. */
export interface SagaAttackSituation {
  mode: 'melee' | 'ranged';
  /** A charge (001:66): a melee attack at the end of the move (decision: no ranged charge). */
  charge?: boolean;
  /** Flanking the target (001:117): melee (decision: the flankers stand "between" it). */
  flanking?: boolean;
  /** The attacker is prone (001:136). */
  attackerProne?: boolean;
  /** The target is prone (001:136). */
  targetProne?: boolean;
  /** The target is helpless (001:124: unconscious on the track, or otherwise unable to move). */
  targetHelpless?: boolean;
  /** A ranged attack at a target engaged in melee (001:149): the shooter's choice; absent: not into melee. */
  intoMelee?: IntoMeleeChoice | null;
  /** A nonlethal attack with a weapon that lacks the nonlethal tag (001:161). */
  nonlethalWithoutTag?: boolean;
}

/** What the situation adds to the roll: its parts (lang keys), their sum, and a refusal (lang key) or null. */
export interface SagaAttackModifiers {
  parts: ModelPart[];
  total: number;
  refusal: string | null;
}

function flag(name: string, value: unknown): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw new RangeError(`${name} must be a boolean, got ${String(value)}`);
  return value;
}

/**
 * The situation's modifiers to one attack roll. A helpless target and a prone one give melee +5
 * once, not +10 (decision A11). A ranged attack against a prone target takes −5 whether or not it is
 * helpless (helplessness gives a ranged attack nothing, 001:124). A charge or flanking with a ranged
 * attack, or shooting into melee with a melee attack, is refused (the part is not counted).
 */
export function sagaAttackModifiers(situation: SagaAttackSituation): SagaAttackModifiers {
  const mode = assertOneOf('attack mode', situation.mode, ['melee', 'ranged'] as const);
  const melee = mode === 'melee';
  const parts: ModelPart[] = [];
  let refusal: string | null = null;
  const add = (id: string, value: number) => parts.push({ label: optionLabel(id), value });
  const refuse = (id: string) => {
    refusal ??= refusalKey(id);
  };

  if (flag('charge', situation.charge)) {
    if (melee) add('charge', CHARGE_BONUS);
    else refuse('chargeRanged');
  }
  if (flag('flanking', situation.flanking)) {
    if (melee) add('flanking', FLANKING_BONUS);
    else refuse('flankingRanged');
  }
  const helpless = flag('targetHelpless', situation.targetHelpless);
  const prone = flag('targetProne', situation.targetProne);
  if (melee) {
    // A11: +5 once for a helpless target, a prone one, or both.
    if (helpless) add('targetHelpless', HELPLESS_BONUS);
    else if (prone) add('targetProne', PRONE_TARGET_MELEE_BONUS);
  } else if (prone) add('targetProne', PRONE_TARGET_RANGED_PENALTY);
  if (flag('attackerProne', situation.attackerProne) && melee) add('attackerProne', PRONE_ATTACKER_PENALTY);

  const into = situation.intoMelee ?? null;
  if (into !== null) {
    assertOneOf('into melee choice', into, INTO_MELEE_CHOICES);
    if (melee) refuse('intoMeleeMelee');
    else if (into === 'careful') add('intoMeleeCareful', INTO_MELEE_PENALTY);
  }
  if (flag('nonlethalWithoutTag', situation.nonlethalWithoutTag))
    add('nonlethalWithoutTag', NONLETHAL_WITHOUT_TAG_PENALTY);

  return { parts, total: parts.reduce((sum, p) => sum + p.value, 0), refusal };
}

/**
 * Into melee with the risk taken (001:149): "If the latter is chosen and the shooter misses the
 * target's Reflex Defense by 5 or more, or rolls a natural 1, they instead hit someone they're engaged
 * in melee with (GM's choice)". `margin` is the attack total minus the defense (negative on a miss).
 * A miss by concealment's d% is no miss of the Reflex Defense: the card does not ask.
 */
export function intoMeleeStray(input: {
  choice: IntoMeleeChoice | null;
  hit: boolean;
  margin: number;
  natural: number | null;
}): boolean {
  if (input.choice !== 'risk') return false;
  if (input.natural === 1) return true;
  return !input.hit && input.margin <= -5;
}

/** The chapter's two degrees of concealment (001:69–73), and none. */
export const SAGA_CONCEALMENT = ['none', 'concealment', 'total'] as const;
export type SagaConcealment = (typeof SAGA_CONCEALMENT)[number];

/** "a 20% chance of failure (1-20 on a d% = failure)"; total "a 50% chance (1-50 on a d% = failure)". */
export const SAGA_CONCEALMENT_CHANCE: Readonly<Record<SagaConcealment, number>> = {
  none: 0,
  concealment: 20,
  total: 50,
};

/** The worse of several degrees (an invisible defender or a blinded attacker: total). */
export function worstConcealment(degrees: readonly SagaConcealment[]): SagaConcealment {
  let worst: SagaConcealment = 'none';
  for (const d of degrees) {
    assertOneOf('concealment', d, SAGA_CONCEALMENT);
    if (SAGA_CONCEALMENT_CHANCE[d] > SAGA_CONCEALMENT_CHANCE[worst]) worst = d;
  }
  return worst;
}

/**
 * Concealment's d% (001:69–73): the attack fails on a roll at or under the chance. No concealment,
 * no die read. Total concealment also forbids attacks of opportunity against the target (001:73).
 */
export function sagaConcealmentRoll(
  degree: SagaConcealment,
  dice: DiceSource,
): { chance: number; roll: number | null; missed: boolean } {
  const chance = SAGA_CONCEALMENT_CHANCE[assertOneOf('concealment', degree, SAGA_CONCEALMENT)];
  if (chance === 0) return { chance, roll: null, missed: false };
  const roll = assertIntegerInRange('d% roll', dice.roll(100), 1, 100);
  return { chance, roll, missed: roll <= chance };
}

/**
 * Whether a coup de grace may be made (001:80): "only … against opponents who are helpless,
 * paralyzed, or unconscious". The attack then meets the target's flat-footed Reflex Defense and a
 * hit counts as a critical hit (the card's; its end is `coupDeGraceOutcome`, condition-track.ts).
 */
export function coupDeGraceAllowed(target: {
  helpless?: boolean;
  paralyzed?: boolean;
  unconscious?: boolean;
}): { allowed: boolean; reason: string | null } {
  const ok =
    flag('helpless', target.helpless) ||
    flag('paralyzed', target.paralyzed) ||
    flag('unconscious', target.unconscious);
  return ok
    ? { allowed: true, reason: null }
    : { allowed: false, reason: refusalKey('coupDeGraceNotHelpless') };
}
