/**
 * The stances (R5, 002:574–636) and the conditions (R7 paralysis, R8 petrification, 002:704–719)
 * where the Time Count model plays them: the defense an attack meets (the stance's benefit unless in
 * transition, its drawbacks always; Passive for casting, poised and the immobile — defenses.ts), the
 * sheet's defenses, and the attacker's own roll, damage and speed (the stance's attack penalty or its
 * "unable to attack"; paralysis's −hit, −damage, +SC; petrification's −hit, +SF). Pure. Decisions:
 * docs/rules.md "### Stances and conditions in play".
 */
import { assertInteger } from '../../validate.js';
import type { ModelAttack, ModelCreature, ModelPart } from '../types.js';
import { ACTION_SPEEDS, type ActionSpeedId } from './action-speeds.js';
import { tcAttackBonus } from './attack-bonus.js';
import {
  TC_DEFENSE_IDS,
  tcConditionPenalty,
  tcDefenseChoice,
  tcDefenses,
  type PassiveReason,
  type TcDefense,
  type TcDefenseId,
} from './defenses.js';
import { tcStanceAttack, tcStanceDefense, tcStanceModifiers, tcStanceNow } from './stances.js';

const STANCE_PART = 'GNG.Model.TC.Defense.Part.stance';

/** `defense` with one more part (a zero part is not shown). */
function withPart(defense: TcDefense, label: string, value: number): TcDefense {
  if (value === 0) return defense;
  return { ...defense, value: defense.value + value, parts: [...defense.parts, { label, value }] };
}

const shieldOf = (c: ModelCreature): number => (c.defense.shield ?? 0) + (c.defense.shieldEnhancement ?? 0);

/**
 * The attack bonus parry halves (002:605: "half your attack bonus … only the higher … You can use a
 * ranged weapon"): the situation's `parryAttackBonus` (the caller's best weapon), else the model's
 * own attack bonus in melee with no named category (Accuracy + Strength + size).
 */
function parryAttackBonus(attack: ModelAttack, creature: ModelCreature): number {
  const given = attack.situation?.parryAttackBonus;
  if (given !== undefined && given !== null) return assertInteger('parry attack bonus', given as number);
  return tcAttackBonus(creature, { with: null, mode: 'melee' }).total;
}

/** The Time Count now from the situation (`count`); absent or null: none (never in transition). */
function countOf(attack: ModelAttack): number | null {
  const count = attack.situation?.count;
  return count === undefined || count === null ? null : assertInteger('count', count as number);
}

/**
 * The defense `attack` meets (R1, R2) with the defender's stance (R5): Primary or Passive gains the
 * stance's change for the attack's mode — defensive +2 and parry's bonus on Primary, crouch +2 / −2
 * and prone +4 / −4 against ranged / melee on either — its benefits only once the transition ended
 * (`situation.count` ≥ `model.tc.stanceUntil`, 002:578), its drawbacks always. Other defenses untouched.
 */
export function tcDefenseMet(
  attack: ModelAttack,
  creature: ModelCreature,
): { defense: TcDefense; reasons: PassiveReason[] } {
  const choice = tcDefenseChoice(attack, creature);
  const now = tcStanceNow(creature, countOf(attack));
  const mods = tcStanceModifiers(now.stance, {
    transition: now.transition,
    ...(now.stance === 'parry'
      ? { attackBonus: parryAttackBonus(attack, creature), shieldBonus: Math.max(0, shieldOf(creature)) }
      : {}),
  });
  const change = tcStanceDefense(mods, choice.defense.id, attack.mode === 'ranged');
  return { defense: withPart(choice.defense, STANCE_PART, change), reasons: choice.reasons };
}

/**
 * The five defenses an attack of `attack.mode` meets when it names each (a maneuver's "X vs
 * Primary"): each through {@link tcDefenseMet}, so Primary is Passive when the defender must use it.
 */
export function tcDefensesMet(attack: ModelAttack, creature: ModelCreature): Record<TcDefenseId, TcDefense> {
  const out = {} as Record<TcDefenseId, TcDefense>;
  for (const id of TC_DEFENSE_IDS)
    out[id] = tcDefenseMet(
      { ...attack, situation: { ...(attack.situation ?? {}), defense: id } },
      creature,
    ).defense;
  return out;
}

/**
 * The five defenses as the sheet shows them: the conditions in Vigor and Celerity, and the stance's
 * change that holds against every attack (defensive's +2, parry's bonus on Primary) once settled —
 * the sheet knows no count, so a stance still in transition shows its benefit (decision); the ± against
 * melee or ranged is in the sheet's melee and ranged defenses (`defenseAgainst`).
 */
export function tcSheetDefenses(creature: ModelCreature): Record<TcDefenseId, TcDefense> {
  const five = tcDefenses(creature);
  const now = tcStanceNow(creature, null);
  const attack: ModelAttack = { mode: 'melee', touch: false };
  const mods = tcStanceModifiers(now.stance, {
    ...(now.stance === 'parry'
      ? { attackBonus: parryAttackBonus(attack, creature), shieldBonus: Math.max(0, shieldOf(creature)) }
      : {}),
  });
  return { ...five, primary: withPart(five.primary, STANCE_PART, mods.primary) };
}

/** Why a creature may not make an attack (lang keys `GNG.Model.TC.Card.Refusal.<why>`). */
export type TcAttackRefusal = 'immobile' | 'stance';

/** What the attacker's stance and conditions do to one of its attacks. */
export interface TcAttackerSituation {
  /** Null: it may attack; else why not. */
  refusal: TcAttackRefusal | null;
  /** To the attack roll (labels `GNG.Model.TC.Card.Part.<stance|conditions>`). */
  parts: ModelPart[];
  /** To the damage roll (paralysis, 002:710). */
  damage: number;
  /** Speed classes slower and SF added to the act's SF (paralysis 002:710, petrification 002:719). */
  classSteps: number;
  factorMod: number;
}

/**
 * The attacker's stance (002:585–636: defensive −2 to all attacks, crouch −2 and prone −4 in melee,
 * no longbows crouched, only crossbows prone, no attack parrying or casting — drawbacks, so in
 * transition too) and conditions (paralysis −1 hit and damage per step, petrification −1 hit per
 * point; immobile: no act at all, 002:714) for an attack `ranged` or not with a weapon of `bow`
 * kind ('longbow', 'crossbow' or null), at the Time Count's `count` (null: none).
 */
export function tcAttackerSituation(
  creature: ModelCreature,
  attack: { ranged: boolean; bow?: 'longbow' | 'crossbow' | null; count: number | null },
): TcAttackerSituation {
  const pen = tcConditionPenalty(creature);
  const now = tcStanceNow(creature, attack.count);
  const stance = tcStanceAttack(tcStanceModifiers(now.stance, { transition: now.transition }), {
    ranged: attack.ranged,
    longbow: attack.bow === 'longbow',
    crossbow: attack.bow === 'crossbow',
  });
  const refusal: TcAttackRefusal | null = pen.immobile ? 'immobile' : stance === null ? 'stance' : null;
  const parts: ModelPart[] = [];
  if (stance) parts.push({ label: 'GNG.Model.TC.Card.Part.stance', value: stance });
  if (pen.hit) parts.push({ label: 'GNG.Model.TC.Card.Part.conditions', value: pen.hit });
  return { refusal, parts, damage: pen.damage, classSteps: pen.classSteps, factorMod: pen.factorMod };
}

/**
 * Paralysis's and petrification's change to an act on the tracker (002:710 "all actions you take are
 * slowed by one speed class", 002:719 "+1 to SF"): the class steps on an action that has a speed class
 * (its own, the weapon's, the casting time); an action of a fixed or dice SF has no class to step and
 * takes the SF only (decision).
 */
export function tcActConditionMods(
  id: ActionSpeedId,
  creature: ModelCreature,
): { classSteps: number; factorMod: number; immobile: boolean } {
  const pen = tcConditionPenalty(creature);
  const kind = ACTION_SPEEDS[id].speed.kind;
  const stepped = kind === 'class' || kind === 'weapon' || kind === 'castingTime';
  return { classSteps: stepped ? pen.classSteps : 0, factorMod: pen.factorMod, immobile: pen.immobile };
}
