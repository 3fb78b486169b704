/**
 * One simulated fight (issue #20): initiative rolled for each fight, then rounds of turns until one
 * side has no one left fighting, or the round cap (a draw). The simulation decides only the turn
 * order and who attacks whom (the policies); every rule is the engine's. Decisions: docs/rules.md
 * "The fight simulator (issue #20)".
 */
import { beginTurnWithTrauma } from '../abort-budget.js';
import { savingThrow } from '../area-damage-and-shoves.js';
import { advanceSevereBleeding } from '../bleeding.js';
import { dyingRound } from '../dying.js';
import { weightedSum } from '../odds/distribution.js';
import { attackOdds } from '../odds/attack-odds.js';
import type { DiceSource } from '../types.js';
import { endState, fighting, injuryPenalty, newFighter, type Fighter } from './combatant-state.js';
import { resolveOneAttack, strengthOf, vitalStrikeImmune, type AttackPlan } from './resolve-attack.js';
import { combatantOutcome, initiativeOrder, playRounds } from './rounds.js';
import { cachedBestAttack, type BestAttackCache } from './best-attack.js';
import type {
  CombatantSnapshot,
  FightResult,
  FightSides,
  SidePolicy,
  SimAttack,
  SimVariants,
} from './types.js';

/** A fight still going after this many rounds is a draw (decision). */
export const DEFAULT_ROUND_CAP = 100;

/** Each side's policy. */
export interface FightPolicies {
  a?: SidePolicy;
  b?: SidePolicy;
}

/** Options of {@link simulateFight}. */
export interface FightOptions {
  roundCap?: number;
}

const bestCache: BestAttackCache = new WeakMap();

/**
 * "The best weapon" against `target`: the attack with the highest expected damage by the exact odds
 * (`attackOdds`, the target at full state as the fight begins), ties to the first listed. Cached per
 * attacker, target and variants (the same snapshots run thousands of fights).
 */
export function bestAttack(
  attacker: CombatantSnapshot,
  target: CombatantSnapshot,
  variants: SimVariants,
): SimAttack | null {
  const key = `${target.id}|${variants.strengthBonusLimitation === true}`;
  return cachedBestAttack(bestCache, attacker, key, (attack) => {
    const o = attackOdds({
      attack: { bonus: attack.bonus },
      defense: { bonus: target.defense[attack.mode] },
      damage: {
        weaponDice: attack.dice,
        weaponBonus: attack.weaponBonus,
        strengthBonus: strengthOf(attack, variants),
        protection: target.protection,
        bypass: attack.bypass ?? 'none',
        fortification: target.fortification ?? 'none',
        damageReduction: target.damageReduction ?? 0,
        nonlethal: attack.nonlethal === true,
      },
      target: { hp: target.hp, size: target.size },
      chainDepth: 3,
    });
    return weightedSum(o.damage.final);
  });
}

/** "Attack the nearest": with no map, the first foe (in the side's order) still fighting. */
function targetOf(attacker: Fighter, fighters: readonly Fighter[]): Fighter | null {
  return fighters.find((f) => f.side !== attacker.side && fighting(f)) ?? null;
}

function planFor(
  attacker: Fighter,
  defender: Fighter,
  policies: FightPolicies,
  variants: SimVariants,
  opportunity: boolean,
): AttackPlan | null {
  const attack = bestAttack(attacker.snap, defender.snap, variants);
  if (!attack) return null;
  const own = policies[attacker.side] ?? {};
  const theirs = policies[defender.side] ?? {};
  const vitalStrike = !opportunity && own.calledShot === 'vital-strike' && !vitalStrikeImmune(defender);
  return { attack, vitalStrike, block: theirs.block ?? 'spare' };
}

/** Start of a turn: the dying roll, Severe Bleeding's save, daze and stun counting down. False: no action. */
function startTurn(f: Fighter, dice: DiceSource): boolean {
  f.opportunityUsed = false;
  f.acted = true;
  if (f.condition === 'dying' && !f.stable) {
    const r = dyingRound({ currentHp: f.hp, con: f.snap.con, size: f.snap.size }, dice);
    f.hp = r.current;
    f.condition = r.condition;
    f.stable = r.stable;
  }
  if (f.bleeding?.status === 'active' && f.condition !== 'dead') {
    const natural = dice.roll(20);
    const bonus = f.snap.saves.fortitude + injuryPenalty(f);
    const made = savingThrow({ natural, bonus, dc: f.bleeding.dc }).success;
    f.bleeding = advanceSevereBleeding(f.bleeding, made);
    if (f.bleeding.status === 'dead') f.condition = 'dead';
  }
  if (!fighting(f)) return false;
  if (f.stunned > 0 || f.dazed > 0) {
    f.stunned = Math.max(0, f.stunned - 1);
    f.dazed = Math.max(0, f.dazed - 1);
    return false;
  }
  return true;
}

/**
 * One fight between `sides` under `policies` and `variants`, every die from `dice`. The winner is the
 * side with someone still fighting when the other has no one; a draw at the round cap.
 */
export function simulateFight(
  sides: FightSides,
  policies: FightPolicies,
  variants: SimVariants,
  dice: DiceSource,
  options: FightOptions = {},
): FightResult {
  const cap = options.roundCap ?? DEFAULT_ROUND_CAP;
  const fighters = [...sides.a.map((s) => newFighter(s, 'a')), ...sides.b.map((s) => newFighter(s, 'b'))];
  const turnOf = (f: Fighter): void => {
    if (!startTurn(f, dice)) return;
    const turn = beginTurnWithTrauma(f.budget, f.trauma);
    f.budget = turn.budget;
    f.trauma = false;
    if (!turn.attack) return;
    const target = targetOf(f, fighters);
    if (!target) return;
    const plan = planFor(f, target, policies, variants, false);
    if (!plan) return;
    // A called shot provokes the target's attack of opportunity (GnG CALLED SHOTS), once per round.
    if (
      plan.vitalStrike &&
      !target.opportunityUsed &&
      fighting(target) &&
      target.stunned + target.dazed === 0
    ) {
      const aoo = planFor(target, f, policies, variants, true);
      if (aoo && aoo.attack.mode === 'melee') {
        target.opportunityUsed = true;
        resolveOneAttack(target, f, aoo, variants, dice);
        if (!fighting(f)) return;
      }
    }
    resolveOneAttack(f, target, plan, variants, dice);
  };
  const { winner, rounds } = playRounds(initiativeOrder(fighters, dice), fighting, cap, turnOf);
  return {
    winner,
    rounds,
    combatants: fighters.map((f) =>
      combatantOutcome(f, { hp: f.hp, nonlethal: f.nonlethal, state: endState(f) }),
    ),
  };
}
