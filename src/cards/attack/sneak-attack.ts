/**
 * The sneak attack of one attack (GnG SNEAK ATTACK): "If your sneak attack damage dice bonus is +1d6,
 * then you gain a +2 bonus to your attack roll any time your target would be denied a Dexterity bonus
 * to Defense (whether the target actually has a Dexterity bonus or not), or when you flank your
 * target … Ranged attacks can count as sneak attacks only if the target is within 30 feet." Glue only:
 * the dice are the attacker's (`derived.sneakAttackDice`: its class levels and its own dice), the
 * situation is read from the target's documents (its defender states, Uncanny Dodge) and the attack
 * (flanking as claimed for its +2, an invisible attacker, the distance between the tokens); the rule
 * is the engine's (`deniedDexterityBonus`, `sneakAttackApplies`, `sneakAttackBonus`). Never from the
 * request: the attack dialog's preview and the GM's card both come here.
 */
import {
  attackRollModifiers,
  deniedDexterityBonus,
  expandConditions,
  sneakAttackApplies,
  sneakAttackBonus,
  type DefenseState,
} from '../../rules/index.js';
import type { AttackSummary } from '../../data/actor/derive-creature.js';
import type { AttackOptions } from './attack-options.js';
import { attackerConditionsOf } from './attacker-conditions.js';

/**
 * Why the sneak attack counts or not: `open` it counts; `guarded` the target keeps its Dexterity bonus
 * and is not flanked; `too-far` a ranged attack beyond 30 ft (or at a distance the scene does not
 * tell) without Sniper; `one-target` not a single target (one attack roll for several targets).
 */
export type SneakAttackReason = 'open' | 'guarded' | 'too-far' | 'one-target';

export interface SneakAttack {
  /** The attacker's sneak attack dice (0: it has none). */
  dice: number;
  /** The bonus to the attack roll it adds now (0 when it does not count). */
  bonus: number;
  reason: SneakAttackReason;
}

const creature = (actor: Actor) => actor.system;

/**
 * The sneak attack of `attacker`'s attack (`attack`, its weapon row; `options`, the choices) against
 * `target`, its one target (null: none, or several), `distanceFeet` away (null: unknown).
 */
export function sneakAttackOf(
  attacker: Actor,
  attack: AttackSummary,
  options: AttackOptions,
  target: Actor | null,
  distanceFeet: number | null,
): SneakAttack {
  const dice = creature(attacker).derived?.sneakAttackDice ?? 0;
  if (dice === 0) return { dice, bonus: 0, reason: 'open' };
  const derived = target ? creature(target).derived : undefined;
  if (!target || !derived) return { dice, bonus: 0, reason: 'one-target' };
  // Flanking is melee only (GnG Table: Attack Roll Modifiers), claimed as for its own +2.
  const flanking = attack.mode === 'melee' && (options.situational ?? []).includes('flanking');
  const states: DefenseState[] = [
    ...(derived.defenseInput.states ?? []),
    ...(options.defenderSituation ?? []),
  ];
  // An invisible attacker costs a seeing defender its Dexterity bonus (as on the Defense roll).
  const invisible = attackerConditionsOf(attacker).filter((c): c is 'invisible' => c === 'invisible');
  if (
    attackRollModifiers({
      mode: attack.mode,
      conditions: invisible,
      targetBlinded: expandConditions(target.statuses).has('blinded'),
    }).defenderLosesDexterity
  )
    states.push('attacker-invisible');
  const denied = deniedDexterityBonus(states, derived.feats.includes('uncanny-dodge'));
  if (!denied && !flanking) return { dice, bonus: 0, reason: 'guarded' };
  const ranged = attack.mode === 'ranged';
  const sniper = creature(attacker).derived.feats.includes('sniper');
  // A ranged attack at a distance the scene does not tell (no tokens) is not known to be within 30 ft.
  const applies =
    !(ranged && !sniper && distanceFeet === null) &&
    sneakAttackApplies({
      targetDeniedDexterity: denied,
      flanking,
      ranged,
      sniper,
      ...(distanceFeet === null ? {} : { distanceFeet }),
    });
  return applies
    ? { dice, bonus: sneakAttackBonus(dice), reason: 'open' }
    : { dice, bonus: 0, reason: 'too-far' };
}
