/**
 * Abort actions and the action budget (GnG "ACTIONS IN COMBAT", "ABORT ACTIONS", "FREE ACTIONS":
 * Block, Dive for Cover, Maintain Footing, Roll with Blow, Quick Stand). Pure: callers pass rolled
 * totals; these functions add the abort's own modifiers (size, shield, feat penalties) and compare.
 */
import type { Size } from './types.js';
import { assertInteger, assertNonNegativeInteger, assertOneOf, assertSize } from './validate.js';
import { sizeSteps } from './sizes.js';
import { conditionEffects, conditionLosesDexterity } from './conditions.js';
import {
  BLOCK_ATTACK_KINDS,
  BLOCK_PROJECTILE_PENALTY,
  BREAKING_BLOCK,
  EPIC_BLOCK_PROJECTILE_PENALTY,
  FREE_ABORT_FEATS,
  assertActionFeats,
  type ActionFeatId,
  type BlockAttackKind,
} from './appendix-feats.js';

/** The four abort actions (GnG "Abort Action"). */
export const ABORT_ACTIONS = ['block', 'dive-for-cover', 'maintain-footing', 'roll-with-blow'] as const;
/** One of {@link ABORT_ACTIONS}. */
export type AbortAction = (typeof ABORT_ACTIONS)[number];

/** "+4 per difference in size category" to the larger combatant or weapon (Block, Maintain Footing, Roll with Blow). */
export const ABORT_SIZE_STEP_BONUS = 4;
/** Dive for Cover with no cover available: "-10 penalty on your Jump check". */
export const DIVE_FOR_COVER_NO_COVER_PENALTY = -10;
/** Quick Stand: "Tumble check against DC 20", once per round, provokes an attack of opportunity. */
export const QUICK_STAND_DC = 20;

/** Shield sizes, smallest first (a 3.5 light shield counts as small, heavy as large). */
export const SHIELD_SIZES = ['buckler', 'small', 'large', 'tower'] as const;
/** One of {@link SHIELD_SIZES}. */
export type ShieldSize = (typeof SHIELD_SIZES)[number];

/** The attacks Maintain Footing answers: "Bull Rush, Trip, Throw, or similar melee attack action". */
export const FORCED_MOVEMENT_ATTACKS = ['bull-rush', 'trip', 'throw', 'other'] as const;
/** One of {@link FORCED_MOVEMENT_ATTACKS}. */
export type ForcedMovementAttack = (typeof FORCED_MOVEMENT_ATTACKS)[number];

/**
 * "+4 per difference in size category" to the larger of two sizes: returns each side's bonus
 * (one of them is 0). Used for combatant sizes and for weapon sizes (GnG "Block").
 */
export function largerSizeBonus(a: Size, b: Size): { a: number; b: number } {
  const steps = sizeSteps(assertSize(b), assertSize(a)); // > 0 when a is larger
  return {
    a: steps > 0 ? steps * ABORT_SIZE_STEP_BONUS : 0,
    b: steps < 0 ? -steps * ABORT_SIZE_STEP_BONUS : 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Block routes

/** The attack being blocked and what the blocker has to block it with (GnG "Block"). */
export interface BlockSituation {
  /** Melee (default) or the kind of ranged attack. */
  attackKind?: BlockAttackKind;
  /** The attack is a touch attack ("You may not Block touch attacks"). */
  touch?: boolean;
  /** The attacker has flanked the blocker. */
  flanked?: boolean;
  /** The shield wielded, if any. */
  shield?: ShieldSize | null;
  /** Feats: block-projectile, epic-block-projectile, breaking-block, riposte… */
  feats?: readonly ActionFeatId[];
  /** The shield has Projectile Deflection (or Infinite Projectile Deflection): as Block Projectile, no sling/bow/crossbow penalty. */
  projectileDeflection?: boolean;
  /** A Breaking Block (the feat): −4, melee only, deals damage without RD when it wins. */
  breaking?: boolean;
}

/** Why an abort action is refused. */
export type AbortRefusal =
  | 'flat-footed'
  | 'no-actions'
  | 'held'
  | 'entangled'
  | 'loses-dexterity'
  | 'unaware'
  | 'touch-attack'
  | 'flanked'
  | 'not-melee'
  | 'cannot-block-ranged'
  | 'breaking-block-melee-only'
  | 'needs-breaking-block'
  | 'not-reflex-area'
  | 'not-forced-movement'
  | 'already-used'
  | 'out-of-actions';

/** Whether and how an attack can be blocked: the roll modifier of the best route, or a refusal. */
export type BlockRoute =
  { allowed: true; modifier: number; via: BlockVia } | { allowed: false; reason: AbortRefusal };

/** How an attack is blocked: bare melee Block, a shield, a feat, or a Breaking Block. */
export type BlockVia =
  'melee' | 'shield' | 'tower-shield' | 'block-projectile' | 'epic-block-projectile' | 'breaking-block';

const SHIELD_RANK: Record<ShieldSize, number> = { buckler: 0, small: 1, large: 2, tower: 3 };

/**
 * The best way to block this attack and its roll modifier (GnG "Block", "Wielding a Shield",
 * "Block Projectile", "Epic Block Projectile", "Breaking Block").
 */
export function blockRoute(situation: BlockSituation): BlockRoute {
  const kind = assertOneOf('attackKind', situation.attackKind ?? 'melee', BLOCK_ATTACK_KINDS);
  const feats = assertActionFeats(situation.feats);
  const shield = situation.shield == null ? null : assertOneOf('shield', situation.shield, SHIELD_SIZES);
  if (situation.touch) return { allowed: false, reason: 'touch-attack' };
  if (situation.flanked) return { allowed: false, reason: 'flanked' };
  if (situation.breaking) {
    if (!feats.includes('breaking-block')) return { allowed: false, reason: 'needs-breaking-block' };
    if (kind !== 'melee') return { allowed: false, reason: 'breaking-block-melee-only' };
    return { allowed: true, modifier: BREAKING_BLOCK.penalty, via: 'breaking-block' };
  }
  if (kind === 'melee') return { allowed: true, modifier: 0, via: 'melee' };

  const routes: { modifier: number; via: BlockVia }[] = [];
  if (shield === 'tower') routes.push({ modifier: 0, via: 'tower-shield' });
  else if (
    shield &&
    SHIELD_RANK[shield] >= SHIELD_RANK.small &&
    (kind === 'thrown' || kind === 'projectile')
  ) {
    routes.push({ modifier: 0, via: 'shield' });
  }
  const deflect = (table: Partial<Record<BlockAttackKind, number>>): number | undefined => {
    const value = table[kind];
    if (value === undefined) return undefined;
    return situation.projectileDeflection && kind === 'projectile' ? 0 : value;
  };
  if (feats.includes('block-projectile') || situation.projectileDeflection) {
    const m = deflect(BLOCK_PROJECTILE_PENALTY);
    if (m !== undefined) routes.push({ modifier: m, via: 'block-projectile' });
  }
  if (feats.includes('epic-block-projectile')) {
    const m = deflect(EPIC_BLOCK_PROJECTILE_PENALTY);
    if (m !== undefined) routes.push({ modifier: m, via: 'epic-block-projectile' });
  }
  if (routes.length === 0) return { allowed: false, reason: 'cannot-block-ranged' };
  const best = routes.reduce((a, b) => (b.modifier > a.modifier ? b : a));
  return { allowed: true, modifier: best.modifier, via: best.via };
}

/** What the attacking weapon is, as {@link blockAttackKind} reads it. */
export interface BlockWeapon {
  mode: 'melee' | 'ranged';
  /** Thrown weapon (a weapon used thrown). */
  thrown?: boolean;
  /** A firearm (bullets: "fast" projectiles). */
  firearm?: boolean;
  /** An energy weapon (beams). */
  energy?: boolean;
}

/**
 * The kind of attack a Block faces, from the weapon: melee; energy weapons `energy`; firearms
 * `fast`; thrown weapons `thrown`; any other ranged weapon (sling, bow, crossbow) `projectile`
 * (GnG "Block", "Block Projectile", "Epic Block Projectile"; decision D40).
 */
export function blockAttackKind(weapon: BlockWeapon): BlockAttackKind {
  if (assertOneOf('mode', weapon.mode, ['melee', 'ranged'] as const) === 'melee') return 'melee';
  if (weapon.energy) return 'energy';
  if (weapon.firearm) return 'fast';
  if (weapon.thrown) return 'thrown';
  return 'projectile';
}

// ---------------------------------------------------------------------------------------------
// Resolution

/** Input of {@link resolveBlock}. Rolls are totals before the Block modifiers this function adds. */
export interface BlockInput extends BlockSituation {
  /** The blocker's attack roll total (d20 + attack bonus), before size, shield and feat modifiers. */
  blockerRoll: number;
  /** The attacker's opposed attack roll total, before size modifiers. */
  attackerRoll: number;
  /** Relative Degree of the original attack roll (stands if the Block fails). */
  originalRelativeDegree?: number;
  blockerSize?: Size;
  attackerSize?: Size;
  blockerWeaponSize?: Size;
  attackerWeaponSize?: Size;
  /** Shield bonus of the wielded shield (added with its enhancement bonus). */
  shieldBonus?: number;
  /** Enhancement bonus of the wielded shield. */
  shieldEnhancement?: number;
}

/** Outcome of a Block. */
export interface BlockResult {
  /** "If you roll equal to or higher than your opponent does, the attack is blocked." */
  blocked: boolean;
  blockerTotal: number;
  attackerTotal: number;
  /** blockerTotal − attackerTotal. */
  margin: number;
  /** When the attack still hits: the original attack's RD (null when blocked or not given). */
  relativeDegree: number | null;
  /** Riposte: a successful melee block allows an attack of opportunity. */
  riposte: boolean;
  /** Breaking Block won: the blocker deals weapon/unarmed damage, without Relative Degree. */
  breakingBlockDamage: boolean;
  /** "If you fail to Block a melee attack, you may attempt to roll with it." */
  mayRollWithBlow: boolean;
}

/**
 * Resolves a Block: opposed attack rolls, +4 per size step to the larger combatant and to the
 * larger weapon, shield + enhancement to the blocker, ties to the blocker (GnG "Block").
 * Throws a RangeError when the attack cannot be blocked this way (check {@link abortEligibility}).
 */
export function resolveBlock(input: BlockInput): BlockResult {
  const route = blockRoute(input);
  if (!route.allowed) throw new RangeError(`cannot Block this attack: ${route.reason}`);
  const blockerRoll = assertInteger('blockerRoll', input.blockerRoll);
  const attackerRoll = assertInteger('attackerRoll', input.attackerRoll);
  const shield = assertNonNegativeInteger('shieldBonus', input.shieldBonus ?? 0);
  const enhancement = assertNonNegativeInteger('shieldEnhancement', input.shieldEnhancement ?? 0);
  const bodies = largerSizeBonus(input.blockerSize ?? 'medium', input.attackerSize ?? 'medium');
  const weapons =
    input.blockerWeaponSize !== undefined || input.attackerWeaponSize !== undefined
      ? largerSizeBonus(input.blockerWeaponSize ?? 'medium', input.attackerWeaponSize ?? 'medium')
      : { a: 0, b: 0 };
  const rd =
    input.originalRelativeDegree === undefined
      ? null
      : assertInteger('originalRelativeDegree', input.originalRelativeDegree);
  const blockerTotal = blockerRoll + bodies.a + weapons.a + shield + enhancement + route.modifier;
  const attackerTotal = attackerRoll + bodies.b + weapons.b;
  const blocked = blockerTotal >= attackerTotal;
  const melee = (input.attackKind ?? 'melee') === 'melee';
  const feats = input.feats ?? [];
  return {
    blocked,
    blockerTotal,
    attackerTotal,
    margin: blockerTotal - attackerTotal,
    relativeDegree: blocked ? null : rd,
    riposte: blocked && melee && feats.includes('riposte'),
    breakingBlockDamage: blocked && route.via === 'breaking-block',
    mayRollWithBlow: !blocked && melee,
  };
}

/** A lethal → nonlethal conversion: `lethal + nonlethal = damage`, `nonlethal ≤ damage`. */
export interface DamageConversion {
  /** How far the check beat the target number (may be ≤ 0). */
  margin: number;
  /** Points converted: max(0, margin), capped at the damage. */
  converted: number;
  lethal: number;
  nonlethal: number;
}

function convert(margin: number, damage: number): DamageConversion {
  const converted = Math.min(damage, Math.max(0, margin));
  return { margin, converted, lethal: damage - converted, nonlethal: converted };
}

/** Input of {@link resolveRollWithBlow}. */
export interface RollWithBlowInput {
  /** Tumble check total, before the size bonus. */
  tumbleTotal: number;
  /** The attacker's attack roll total, before the size bonus. */
  attackRoll: number;
  /** Lethal damage of the hit after totaling damage, Relative Degree and Protection. */
  damage: number;
  defenderSize?: Size;
  attackerSize?: Size;
}

/**
 * Roll with Blow: Tumble opposed by the attack roll (+4 per size step to the larger); each point
 * beaten converts one point of lethal damage (after RD and Protection) to nonlethal (GnG "Roll with Blow").
 */
export function resolveRollWithBlow(input: RollWithBlowInput): DamageConversion & {
  tumbleTotal: number;
  attackTotal: number;
} {
  const damage = assertNonNegativeInteger('damage', input.damage);
  const sizes = largerSizeBonus(input.defenderSize ?? 'medium', input.attackerSize ?? 'medium');
  const tumbleTotal = assertInteger('tumbleTotal', input.tumbleTotal) + sizes.a;
  const attackTotal = assertInteger('attackRoll', input.attackRoll) + sizes.b;
  return { ...convert(tumbleTotal - attackTotal, damage), tumbleTotal, attackTotal };
}

/** Input of {@link resolveDiveForCover}. */
export interface DiveForCoverInput {
  /** Jump check total, before the no-cover penalty. */
  jumpTotal: number;
  /** The Reflex save DC of the area-effect attack. */
  reflexDc: number;
  /** Lethal damage the attack would inflict. */
  damage: number;
  /** Cover is available (default true); without it the Jump check takes −10. */
  cover?: boolean;
}

/**
 * Dive for Cover: Jump check against the attack's Reflex DC; each point beaten converts one point
 * of lethal damage to nonlethal; −10 with no cover (GnG "Dive for Cover").
 */
export function resolveDiveForCover(input: DiveForCoverInput): DamageConversion & { jumpTotal: number } {
  const damage = assertNonNegativeInteger('damage', input.damage);
  const dc = assertInteger('reflexDc', input.reflexDc);
  const jumpTotal =
    assertInteger('jumpTotal', input.jumpTotal) +
    (input.cover === false ? DIVE_FOR_COVER_NO_COVER_PENALTY : 0);
  return { ...convert(jumpTotal - dc, damage), jumpTotal };
}

/** Input of {@link resolveMaintainFooting}. */
export interface MaintainFootingInput {
  /** Balance check total, before the size bonus. */
  balanceTotal: number;
  /** The enemy's attack roll total, before the size bonus. */
  attackRoll: number;
  /** What the enemy is doing (default `other`). */
  attack?: ForcedMovementAttack;
  defenderSize?: Size;
  attackerSize?: Size;
}

/**
 * Maintain Footing: Balance opposed by the attack roll (+4 per size step to the larger); the
 * defender must roll higher; against a Throw it also avoids the damage (GnG "Maintain Footing").
 */
export function resolveMaintainFooting(input: MaintainFootingInput): {
  maintained: boolean;
  balanceTotal: number;
  attackTotal: number;
  margin: number;
  damageAvoided: boolean;
} {
  const attack = assertOneOf('attack', input.attack ?? 'other', FORCED_MOVEMENT_ATTACKS);
  const sizes = largerSizeBonus(input.defenderSize ?? 'medium', input.attackerSize ?? 'medium');
  const balanceTotal = assertInteger('balanceTotal', input.balanceTotal) + sizes.a;
  const attackTotal = assertInteger('attackRoll', input.attackRoll) + sizes.b;
  const maintained = balanceTotal > attackTotal;
  return {
    maintained,
    balanceTotal,
    attackTotal,
    margin: balanceTotal - attackTotal,
    damageAvoided: maintained && attack === 'throw',
  };
}

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
