/**
 * One simulated attack, step by step as the attack card takes it, each step by the engine: the attack
 * roll with its d10 chains (`rollAttack`), the Defense roll (`defenseRollFromValues` with the Defense
 * of the moment), the hit and RD (`resolveAttack`), the defender's Block (`abortEligibility`,
 * `spendAbort`, `rollAttack`, `resolveBlock`), the damage (`damagePipeline` with
 * `strengthDamageBonus`), what it does (`applyDamageToHitPoints` / `applyNonlethalDamage`,
 * `damageConsequences`), Advanced Wound Trauma's save, Severe Bleeding, and Vital Strike's save.
 */
import { blockAttackKind, resolveBlock } from '../aborts.js';
import { abortEligibility, spendAbort, type AbortFeats } from '../abort-budget.js';
import { defenseRollFromValues, resolveAttack, rollAttack } from '../attack.js';
import { savingThrow } from '../area-damage-and-shoves.js';
import { startSevereBleeding } from '../bleeding.js';
import {
  calledShotImmunities,
  calledShotPenalty,
  conditionSaveDc,
  vitalStrikeDamage,
} from '../called-shots.js';
import { damagePipeline, strengthDamageBonus } from '../damage.js';
import { applyNonlethalDamage, damageConsequences, resolveAdvancedWoundTrauma } from '../damage-effects.js';
import { rollEach } from '../dice.js';
import { applyDamageToHitPoints } from '../hit-points.js';
import type { DiceSource } from '../types.js';
import { abortConditions, defenseNow, injuryPenalty, type Fighter } from './combatant-state.js';
import type { SidePolicy, SimAttack, SimVariants } from './types.js';

/** How an attack is made: with a called shot (Vital Strike) or not; the defender may Block or not. */
export interface AttackPlan {
  attack: SimAttack;
  vitalStrike: boolean;
  /** The defender's Block policy.  */
  block: NonNullable<SidePolicy['block']>;
}

const VITAL_STRIKE_PENALTY = calledShotPenalty(['vital-strike']);

/** The defender's anatomy makes it immune to Vital Strike (`calledShotImmunities`). */
export function vitalStrikeImmune(defender: Fighter): boolean {
  return calledShotImmunities(['vital-strike'], defender.snap.anatomy ?? []).length > 0;
}

/** Strength to damage of this attack under the variants (Strength Bonus Limitation). */
export function strengthOf(attack: SimAttack, variants: SimVariants): number {
  if (!attack.strength) return 0;
  return strengthDamageBonus({
    strengthModifier: attack.strength.modifier,
    grip: attack.strength.grip,
    ...(attack.strength.bow ? { bow: attack.strength.bow } : {}),
    strengthBonusLimitation: variants.strengthBonusLimitation === true,
  });
}

function save(dice: DiceSource, bonus: number, dc: number) {
  const natural = dice.roll(20);
  return { natural, ...savingThrow({ natural, bonus, dc }) };
}

type Situation = ReturnType<typeof situationOf>;

const situations = new WeakMap<object, Map<SimAttack, Situation>>();

/** What a Block by `defender` faces from `attack` (the engine's `blockAttackKind`), cached. */
function blockSituation(defender: Fighter, attack: SimAttack): Situation {
  let byAttack = situations.get(defender.snap);
  if (!byAttack) situations.set(defender.snap, (byAttack = new Map()));
  const known = byAttack.get(attack);
  if (known) return known;
  const made = situationOf(defender, attack);
  byAttack.set(attack, made);
  return made;
}

function situationOf(defender: Fighter, attack: SimAttack) {
  const block = defender.snap.block;
  return {
    attackKind: blockAttackKind({
      mode: attack.mode,
      ...(attack.thrown ? { thrown: true } : {}),
      ...(attack.firearm ? { firearm: true } : {}),
      ...(attack.energy ? { energy: true } : {}),
    }),
    touch: attack.touch === true,
    shield: block?.shield ?? null,
    feats: block?.feats ?? [],
  };
}

const eligibility = new WeakMap<object, Map<SimAttack, Map<string, boolean>>>();

/**
 * May `defender` Block `attack` in its present conditions (`abortEligibility`, without the budget:
 * `spendAbort` then refuses an empty one)? Cached per defender, attack and conditions.
 */
function blockAllowed(defender: Fighter, attack: SimAttack, situation: Situation): boolean {
  let byAttack = eligibility.get(defender.snap);
  if (!byAttack) eligibility.set(defender.snap, (byAttack = new Map()));
  let byConditions = byAttack.get(attack);
  if (!byConditions) byAttack.set(attack, (byConditions = new Map()));
  const conditions = abortConditions(defender);
  const key = conditions.join(',');
  const known = byConditions.get(key);
  if (known !== undefined) return known;
  const dex = defender.snap.block?.dexModifier;
  const ok = abortEligibility('block', {
    ...situation,
    conditions,
    // Uncanny Dodge (the snapshot's Defense input keeps Dexterity when flat-footed): may Block flat-footed.
    uncannyDodge: defender.snap.defense.input?.retainsDexterityWhenFlatFooted === true,
    ...(dex === undefined ? {} : { dexModifier: dex }),
  }).allowed;
  byConditions.set(key, ok);
  return ok;
}

const spends = new WeakMap<object, Map<string, ReturnType<typeof spendAbort>>>();

/**
 * `spendAbort` for a Block, cached per defender and budget: budgets are immutable and in a simulated
 * fight only Blocks spend them, so the move, the attack and the free Blocks used decide the result.
 */
function spend(defender: Fighter, feats: AbortFeats): ReturnType<typeof spendAbort> {
  let byBudget = spends.get(defender.snap);
  if (!byBudget) spends.set(defender.snap, (byBudget = new Map()));
  const b = defender.budget;
  const key = `${b.move}|${b.attack}|${b.freeUsed.block}|${b.quickStandUsed}`;
  const known = byBudget.get(key);
  if (known) return known;
  const spent = spendAbort(b, 'block', feats);
  byBudget.set(key, spent);
  return spent;
}

/** The defender tries a Block when the attack would hit; true when it is blocked. */
function tryBlock(
  attacker: Fighter,
  defender: Fighter,
  plan: AttackPlan,
  attackTotal: number,
  dice: DiceSource,
): boolean {
  const block = defender.snap.block;
  if (!block || plan.block === 'never') return false;
  const situation = blockSituation(defender, plan.attack);
  const feats: AbortFeats = { feats: block.feats ?? [], dexModifier: block.dexModifier };
  if (!blockAllowed(defender, plan.attack, situation)) return false;
  const spent = spend(defender, feats);
  if (!spent.ok) return false;
  if (plan.block === 'spare' && spent.paidWith === 'attack') return false;
  defender.budget = spent.budget;
  const roll = rollAttack(dice, block.bonus + injuryPenalty(defender));
  // One fixed-shape object (no spreads): the Block is the simulator's busiest engine call.
  const sized = block.weaponSize !== undefined && plan.attack.size !== undefined;
  const result = resolveBlock({
    attackKind: situation.attackKind,
    touch: situation.touch,
    shield: situation.shield,
    feats: situation.feats,
    blockerRoll: roll.total,
    attackerRoll: attackTotal,
    blockerSize: defender.snap.size,
    attackerSize: attacker.snap.size,
    blockerWeaponSize: sized ? block.weaponSize : undefined,
    attackerWeaponSize: sized ? plan.attack.size : undefined,
    shieldBonus: block.shieldBonus ?? 0,
    shieldEnhancement: block.shieldEnhancement ?? 0,
  });
  return result.blocked;
}

/** Takes `damage` off (temporary HP first) and what it sets off; returns the HP lost. */
function loseHp(
  defender: Fighter,
  damage: number,
  plan: AttackPlan,
  variants: SimVariants,
  dice: DiceSource,
) {
  const before = defender.hp;
  const after = applyDamageToHitPoints({ current: before, temporary: defender.temp, damage });
  defender.hp = after.current;
  defender.temp = after.temporary;
  const c = damageConsequences(
    {
      currentHp: before,
      hpLost: after.hpLost,
      size: defender.snap.size,
      slashing: plan.attack.slashing === true,
    },
    variants,
  );
  defender.condition = c.condition;
  if (c.condition === 'dead') return after.hpLost;
  if (c.trauma) defender.trauma = true;
  if (c.woundTraumaDC !== null) {
    const natural = dice.roll(20);
    const total = natural + defender.snap.saves.fortitude + injuryPenalty(defender);
    const w = resolveAdvancedWoundTrauma({ saveTotal: total, dc: c.woundTraumaDC, natural }, dice);
    if (w.effect === 'stunned') defender.stunned = Math.max(defender.stunned, w.rounds);
    else if (w.effect === 'dazed') defender.dazed = Math.max(defender.dazed, w.rounds);
  }
  if (c.severeBleeding && defender.bleeding?.status !== 'active') defender.bleeding = startSevereBleeding();
  return after.hpLost;
}

/**
 * `attacker` attacks `defender` once by `plan`. Returns whether it hit (before a Block), for the
 * simulator's hit rate.
 */
export function resolveOneAttack(
  attacker: Fighter,
  defender: Fighter,
  plan: AttackPlan,
  variants: SimVariants,
  dice: DiceSource,
): boolean {
  const a = plan.attack;
  const bonus = a.bonus + injuryPenalty(attacker) + (plan.vitalStrike ? VITAL_STRIKE_PENALTY : 0);
  const roll = rollAttack(dice, bonus);
  const d = defenseNow(defender, a.mode, a.touch === true);
  const defense = d.autoRollOne
    ? defenseRollFromValues({ bonus: d.total, autoRollOne: true })
    : defenseRollFromValues({ natural: dice.roll(20), bonus: d.total });
  const hit = resolveAttack(roll, defense.total);
  attacker.attacks += 1;
  if (!hit.hit) return false;
  attacker.hits += 1;
  if (tryBlock(attacker, defender, plan, roll.total, dice)) return true;

  const dealt = damagePipeline({
    weaponDice: rollEach(dice, a.dice.count, a.dice.faces),
    weaponBonus: a.weaponBonus,
    strengthBonus: strengthOf(a, variants),
    relativeDegree: hit.relativeDegree,
    protection: defender.snap.protection,
    bypass: a.bypass ?? 'none',
    fortification: defender.snap.fortification ?? 'none',
    damageReduction: defender.snap.damageReduction ?? 0,
    nonlethal: a.nonlethal === true,
  });
  if (dealt.final === 0) return true;
  if (a.nonlethal) {
    defender.nonlethal = applyNonlethalDamage({
      currentHp: Math.max(defender.hp, 0),
      nonlethal: defender.nonlethal,
      damage: dealt.final,
    }).nonlethal;
    return true;
  }
  const lost = loseHp(defender, dealt.final, plan, variants, dice);
  if (!plan.vitalStrike || defender.condition === 'dead' || lost === 0) return true;
  // Vital Strike (a condition effect): Fortitude vs 10 + damage dealt; failed → the damage is lost again.
  const dc = conditionSaveDc(dealt.final);
  if (vitalStrikeImmune(defender) || dc === null) return true;
  if (save(dice, defender.snap.saves.fortitude + injuryPenalty(defender), dc).success) return true;
  const again = vitalStrikeDamage(dealt.final) - dealt.final;
  const before = defender.hp;
  const second = applyDamageToHitPoints({ current: before, temporary: defender.temp, damage: again });
  defender.hp = second.current;
  defender.temp = second.temporary;
  defender.condition = damageConsequences({
    currentHp: before,
    hpLost: second.hpLost,
    size: defender.snap.size,
  }).condition;
  return true;
}
