/**
 * Abort actions and the action budget (GnG "ACTIONS IN COMBAT", "ABORT ACTIONS", "FREE ACTIONS":
 * Block, Dive for Cover, Maintain Footing, Roll with Blow, Quick Stand). Pure: callers pass rolled
 * totals; these functions add the abort's own modifiers (size, shield, feat penalties) and compare.
 */
import type { Size } from './types.js';
import { assertInteger, assertNonNegativeInteger, assertOneOf, assertSize } from './validate.js';
import { sizeSteps } from './sizes.js';
import {
  BLOCK_ATTACK_KINDS,
  BLOCK_PROJECTILE_PENALTY,
  BREAKING_BLOCK,
  EPIC_BLOCK_PROJECTILE_PENALTY,
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
