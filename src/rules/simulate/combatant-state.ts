/**
 * A combatant during one simulated fight: HP, nonlethal damage, condition, the action budget, trauma,
 * Advanced Wound Trauma's daze and stun, Severe Bleeding — and the numbers that follow from them
 * (injury penalty, Defense re-derived by `defenseBonus`), each from the engine.
 */
import { newActionBudget, type ActionBudget } from '../abort-budget.js';
import { nonlethalCondition, injury, damageCondition, type DamageCondition } from '../damage-effects.js';
import { defenseBonus, type DefenseState } from '../defense.js';
import type { SevereBleedingState } from '../bleeding.js';
import type { CombatantSnapshot, EndState, SideId } from './types.js';

/** A combatant's mutable state in one fight. */
export interface Fighter {
  snap: CombatantSnapshot;
  side: SideId;
  hp: number;
  temp: number;
  nonlethal: number;
  condition: DamageCondition;
  /** A dying creature that stabilized (it rolls no more). */
  stable: boolean;
  budget: ActionBudget;
  /** Trauma taken since its last turn: a partial action only (`beginTurnWithTrauma`). */
  trauma: boolean;
  /** Rounds of daze / stun left (Advanced Wound Trauma, counted down at its turn starts). */
  dazed: number;
  stunned: number;
  bleeding: SevereBleedingState | null;
  /** An attack of opportunity used this round. */
  opportunityUsed: boolean;
  /** Has had a turn: until then it is flat-footed (core "Flat-Footed"). */
  acted: boolean;
  attacks: number;
  hits: number;
}

export function newFighter(snap: CombatantSnapshot, side: SideId): Fighter {
  const hp = snap.hp.value;
  return {
    snap,
    side,
    hp,
    temp: snap.hp.temp ?? 0,
    nonlethal: snap.hp.nonlethal ?? 0,
    condition: damageCondition(hp, snap.size),
    stable: false,
    budget: newActionBudget(),
    trauma: false,
    dazed: 0,
    stunned: 0,
    bleeding: null,
    opportunityUsed: false,
    acted: false,
    attacks: 0,
    hits: 0,
  };
}

/** GnG INJURY's penalty of the moment (attacks, Defense, saves). */
export function injuryPenalty(f: Fighter): number {
  const max = f.snap.hp.max;
  if (max < 1) return 0;
  return injury(Math.min(f.hp, max), max, { immune: f.snap.immuneToInjury === true }).penalty;
}

/** Knocked out by nonlethal damage (core "Nonlethal Damage": more than current HP). */
export function unconscious(f: Fighter): boolean {
  return nonlethalCondition(Math.max(f.hp, 0), f.nonlethal) === 'unconscious';
}

/**
 * Still in the fight: conscious with positive HP. Disabled (0 HP) counts as out — its one action
 * would cost 1 HP and leave it dying (decision); dying, stable and dead are out.
 */
export function fighting(f: Fighter): boolean {
  return f.condition === 'normal' && !unconscious(f);
}

/** States the Defense is rolled in (`defenseBonus`'s defender states). */
function defenderStates(f: Fighter): DefenseState[] {
  const states: DefenseState[] = [];
  if (!f.acted) states.push('flat-footed');
  if (f.stunned > 0) states.push('stunned');
  else if (f.dazed > 0) states.push('dazed');
  if (!fighting(f)) states.push('helpless');
  return states;
}

const defenseCache = new WeakMap<CombatantSnapshot, Map<string, { total: number; autoRollOne: boolean }>>();

/** The Defense bonus (and automatic 1) against a melee or ranged attack, by the engine, cached. */
export function defenseNow(
  f: Fighter,
  mode: 'melee' | 'ranged',
  touch: boolean,
): { total: number; autoRollOne: boolean } {
  const penalty = injuryPenalty(f);
  const input = f.snap.defense.input;
  if (!input) return { total: f.snap.defense[mode] + penalty, autoRollOne: false };
  const states = defenderStates(f);
  const key = `${mode}|${touch}|${penalty}|${states.join(',')}`;
  let cache = defenseCache.get(f.snap);
  if (!cache) defenseCache.set(f.snap, (cache = new Map()));
  const known = cache.get(key);
  if (known) return known;
  const b = defenseBonus({
    ...input,
    states: [...(input.states ?? []), ...states],
    attack: mode,
    touch,
    injuryPenalty: penalty,
  });
  const value = { total: b.total, autoRollOne: b.autoRollOne };
  cache.set(key, value);
  return value;
}

/** Conditions of the moment for `abortEligibility` (flat-footed, stunned and dazed take away aborts). */
export function abortConditions(f: Fighter): string[] {
  const conditions = f.acted ? [] : ['flat-footed'];
  if (f.stunned > 0) conditions.push('stunned');
  else if (f.dazed > 0) conditions.push('dazed');
  return conditions;
}

/** Where the combatant ends the fight. */
export function endState(f: Fighter): EndState {
  if (f.condition === 'dead') return 'dead';
  if (f.condition === 'dying') return f.stable ? 'stable' : 'dying';
  if (f.condition === 'disabled') return 'disabled';
  return unconscious(f) ? 'unconscious' : 'standing';
}
