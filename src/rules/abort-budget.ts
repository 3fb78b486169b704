/**
 * Abort actions (GnG "ABORT ACTIONS"), part two: the action budget they spend (free aborts per round, the next turn's move and attack actions, trauma at the turn start, Quick Stand) and whether an abort may be taken now. Part one, aborts.ts: the block routes and the resolution of each abort.
 */
import { assertInteger, assertNonNegativeInteger, assertOneOf } from './validate.js';
import { conditionEffects, conditionLosesDexterity } from './conditions.js';
import { FREE_ABORT_FEATS, assertActionFeats, type ActionFeatId } from './appendix-feats.js';
import {
  ABORT_ACTIONS,
  QUICK_STAND_DC,
  blockRoute,
  type AbortAction,
  type BlockSituation,
  type AbortRefusal,
} from './aborts.js';

// ---------------------------------------------------------------------------------------------
// Action budget

/**
 * What a character still has for aborts (immutable). `move`/`attack`: the actions of the next
 * turn not yet spent by aborts; `freeUsed`: free aborts used this round, per abort action.
 */
export interface ActionBudget {
  readonly move: boolean;
  readonly attack: boolean;
  readonly freeUsed: Readonly<Record<AbortAction, number>>;
  readonly quickStandUsed: boolean;
}

/** The feats (from {@link ACTION_FEAT_IDS}) and Dexterity modifier that set free aborts per round. */
export interface AbortFeats {
  feats?: readonly ActionFeatId[];
  dexModifier?: number;
}

const NO_FREE_USED: Readonly<Record<AbortAction, number>> = Object.freeze({
  block: 0,
  'dive-for-cover': 0,
  'maintain-footing': 0,
  'roll-with-blow': 0,
});

/** A fresh budget: next turn's move and attack actions unspent, no free aborts used (GnG "Abort Action"). */
export function newActionBudget(): ActionBudget {
  return Object.freeze({ move: true, attack: true, freeUsed: NO_FREE_USED, quickStandUsed: false });
}

function assertBudget(budget: ActionBudget): ActionBudget {
  if (
    typeof budget !== 'object' ||
    budget === null ||
    typeof budget.move !== 'boolean' ||
    typeof budget.attack !== 'boolean' ||
    typeof budget.freeUsed !== 'object'
  ) {
    throw new RangeError(`not an action budget: ${JSON.stringify(budget)}`);
  }
  for (const abort of ABORT_ACTIONS) assertNonNegativeInteger(`freeUsed.${abort}`, budget.freeUsed[abort]);
  return budget;
}

/**
 * Free aborts of this kind per round: Improved X = 1, Advanced X = Dexterity modifier (never below
 * Improved's 1), Infinite Block = unlimited (Infinity) (GnG Appendix 4).
 */
export function freeAbortsPerRound(abort: AbortAction, feats: AbortFeats = {}): number {
  assertOneOf('abort', abort, ABORT_ACTIONS);
  let best = 0;
  for (const feat of assertActionFeats(feats.feats)) {
    const entry = FREE_ABORT_FEATS[feat];
    if (!entry || entry.abort !== abort) continue;
    const grant = entry.grant;
    if (grant.kind === 'unlimited') return Infinity;
    if (grant.kind === 'fixed') best = Math.max(best, grant.count);
    else {
      if (feats.dexModifier === undefined) throw new RangeError(`dexModifier is required for feat ${feat}`);
      best = Math.max(best, assertInteger('dexModifier', feats.dexModifier));
    }
  }
  return best;
}

/** Result of {@link spendAbort}: the new budget and what paid for the abort, or a refusal. */
export type SpendAbortResult =
  | { ok: true; budget: ActionBudget; paidWith: 'free' | 'move' | 'attack' }
  | { ok: false; reason: 'out-of-actions'; budget: ActionBudget };

/**
 * Spends one abort: a free abort from feats if any is left this round, else the next turn's move
 * action, then its attack action; refuses when none is left (GnG "Abort Action").
 */
export function spendAbort(
  budget: ActionBudget,
  abort: AbortAction,
  feats: AbortFeats = {},
): SpendAbortResult {
  assertBudget(budget);
  const free = freeAbortsPerRound(abort, feats);
  if (budget.freeUsed[abort] < free) {
    const freeUsed = Object.freeze({ ...budget.freeUsed, [abort]: budget.freeUsed[abort] + 1 });
    return { ok: true, budget: Object.freeze({ ...budget, freeUsed }), paidWith: 'free' };
  }
  if (budget.move) return { ok: true, budget: Object.freeze({ ...budget, move: false }), paidWith: 'move' };
  if (budget.attack)
    return { ok: true, budget: Object.freeze({ ...budget, attack: false }), paidWith: 'attack' };
  return { ok: false, reason: 'out-of-actions', budget };
}

/**
 * The inverse of one {@link spendAbort} that paid with `paidWith` (Undo): a free abort is counted
 * unused again; an abort paid with an action gives one action back. The spends that remain keep the
 * text's order — an abort costs the next turn's move action first, then its attack — so the attack
 * comes back while it is spent, else the move (undoing the first of two aborts leaves the second one
 * paid with the move, as if the first had never been taken). Nothing else changes.
 */
export function refundAbort(
  budget: ActionBudget,
  abort: AbortAction,
  paidWith: 'free' | 'move' | 'attack' | 'none',
): ActionBudget {
  assertBudget(budget);
  assertOneOf('abort', abort, ABORT_ACTIONS);
  assertOneOf('paidWith', paidWith, ['free', 'move', 'attack', 'none'] as const);
  switch (paidWith) {
    case 'free': {
      const freeUsed = Object.freeze({
        ...budget.freeUsed,
        [abort]: Math.max(0, budget.freeUsed[abort] - 1),
      });
      return Object.freeze({ ...budget, freeUsed });
    }
    case 'move':
    case 'attack':
      if (!budget.attack) return Object.freeze({ ...budget, attack: true });
      return Object.freeze({ ...budget, move: true });
    case 'none':
      return budget;
  }
}

/** How many more aborts of this kind the budget allows this round (Infinity with Infinite Block). */
export function abortsRemaining(budget: ActionBudget, abort: AbortAction, feats: AbortFeats = {}): number {
  assertBudget(budget);
  const free = Math.max(0, freeAbortsPerRound(abort, feats) - budget.freeUsed[abort]);
  return free + (budget.move ? 1 : 0) + (budget.attack ? 1 : 0);
}

/**
 * The character's turn begins: returns the actions left for this turn (those aborts did not spend)
 * and a fresh budget for the next round; free-abort and Quick Stand counts reset (GnG "Abort Action").
 */
export function beginTurn(budget: ActionBudget): { move: boolean; attack: boolean; budget: ActionBudget } {
  assertBudget(budget);
  return { move: budget.move, attack: budget.attack, budget: newActionBudget() };
}

/** What the turn that begins allows: the actions aborts left; `partial` — only one of them (trauma). */
export interface TurnActions {
  move: boolean;
  attack: boolean;
  /** Trauma: a partial action only — the move or the attack that is left, not both. */
  partial: boolean;
}

/**
 * The character's turn begins, with trauma taken since the last turn or not: {@link beginTurn},
 * and trauma ("allows only a partial action next turn", GnG "TRAUMA") limits the turn to one of the
 * actions the aborts left; it adds none (decision D39).
 */
export function beginTurnWithTrauma(
  budget: ActionBudget,
  trauma: boolean,
): TurnActions & { budget: ActionBudget } {
  const started = beginTurn(budget);
  const partial = trauma === true && (started.move || started.attack);
  return { move: started.move, attack: started.attack, partial, budget: started.budget };
}

/**
 * Quick Stand: a free-action Tumble check against DC 20 to stand up; once per round; provokes an
 * attack of opportunity from threatening opponents (GnG "Quick Stand").
 */
export function resolveQuickStand(
  budget: ActionBudget,
  tumbleTotal: number,
):
  | { ok: true; stood: boolean; provokesAttackOfOpportunity: true; budget: ActionBudget }
  | { ok: false; reason: 'already-used'; budget: ActionBudget } {
  assertBudget(budget);
  const total = assertInteger('tumbleTotal', tumbleTotal);
  if (budget.quickStandUsed) return { ok: false, reason: 'already-used', budget };
  return {
    ok: true,
    stood: total >= QUICK_STAND_DC,
    provokesAttackOfOpportunity: true,
    budget: Object.freeze({ ...budget, quickStandUsed: true }),
  };
}

// ---------------------------------------------------------------------------------------------
// Eligibility

/** Everything {@link abortEligibility} looks at; omitted flags are false. */
export interface AbortContext extends BlockSituation {
  /** The defender's current conditions (ids of the conditions table). */
  conditions?: readonly string[];
  /** Uncanny Dodge or another ability that keeps Dexterity to Defense while flat-footed. */
  uncannyDodge?: boolean;
  /** Aware of the attack and perceives it with a primary sense (default true). */
  aware?: boolean;
  /** The attacker is the opponent the defender is grappling (grappling keeps Dex against him). */
  attackerIsGrappleOpponent?: boolean;
  /** Dive for Cover: the attack is an area effect that permits a Reflex save. */
  reflexAreaEffect?: boolean;
  /** Maintain Footing: the attack is a Bull Rush, Trip, Throw or similar melee attack action. */
  forcedMovement?: boolean;
  /** This abort was already used against this attack ("only once"). */
  alreadyUsed?: boolean;
  /** The budget to pay with; when given, an empty budget refuses with `out-of-actions`. */
  budget?: ActionBudget;
  /** Dexterity modifier, for Advanced X feats. */
  dexModifier?: number;
}

/** Result of {@link abortEligibility}. */
export type AbortEligibility = { allowed: true; modifier: number } | { allowed: false; reason: AbortRefusal };

/**
 * May the defender take this abort against this attack? Returns the abort's roll modifier (Block
 * route penalty) or the first reason it is refused, checked in the order of the GnG requirement
 * list: flat-footed, no actions, held, entangled, Dex loss, unaware, attack-specific, once per
 * attack, budget (GnG "ABORT ACTIONS").
 */
export function abortEligibility(abort: AbortAction, ctx: AbortContext = {}): AbortEligibility {
  assertOneOf('abort', abort, ABORT_ACTIONS);
  const conditions = ctx.conditions ?? [];
  for (const id of conditions) conditionEffects(id);
  if (conditions.includes('flat-footed') && !ctx.uncannyDodge)
    return { allowed: false, reason: 'flat-footed' };
  for (const id of conditions) {
    if (conditionEffects(id).noActions) return { allowed: false, reason: 'no-actions' };
  }
  for (const id of conditions) if (conditionEffects(id).held) return { allowed: false, reason: 'held' };
  if (conditions.includes('entangled')) return { allowed: false, reason: 'entangled' };
  for (const id of conditions) {
    if (id === 'flat-footed') continue;
    if (conditionLosesDexterity(id, ctx.attackerIsGrappleOpponent ?? false)) {
      return { allowed: false, reason: 'loses-dexterity' };
    }
  }
  if (ctx.aware === false) return { allowed: false, reason: 'unaware' };

  let modifier = 0;
  const melee = (ctx.attackKind ?? 'melee') === 'melee';
  switch (abort) {
    case 'block': {
      const route = blockRoute(ctx);
      if (!route.allowed) return route;
      modifier = route.modifier;
      break;
    }
    case 'roll-with-blow':
      if (ctx.touch) return { allowed: false, reason: 'touch-attack' };
      if (ctx.flanked) return { allowed: false, reason: 'flanked' };
      if (!melee) return { allowed: false, reason: 'not-melee' };
      break;
    case 'maintain-footing':
      if (ctx.flanked) return { allowed: false, reason: 'flanked' };
      if (!ctx.forcedMovement) return { allowed: false, reason: 'not-forced-movement' };
      break;
    case 'dive-for-cover':
      if (!ctx.reflexAreaEffect) return { allowed: false, reason: 'not-reflex-area' };
      break;
  }
  if (ctx.alreadyUsed) return { allowed: false, reason: 'already-used' };
  if (ctx.budget) {
    const feats: AbortFeats = { feats: ctx.feats ?? [] };
    if (ctx.dexModifier !== undefined) feats.dexModifier = ctx.dexModifier;
    if (abortsRemaining(ctx.budget, abort, feats) <= 0) return { allowed: false, reason: 'out-of-actions' };
  }
  return { allowed: true, modifier };
}
