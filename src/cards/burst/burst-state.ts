/**
 * The state of one multiple target burst card (its message's `system`, subtype `burst`; `flags.gng.burst`
 * on a card from before issue #34), what it comes to as it stands
 * (hits handed out nearest first, the damage a target takes) and who may do what (burst-actions.ts is
 * the card's table).
 */
import type { AppliedLoss } from '../../combat/hp-loss.js';
import { SYSTEM_ID, systemPath } from '../../config/document-types.js';
import {
  resolveDiveForCover,
  resolveMultipleTargetBurst,
  type BurstShots,
  type MultipleTargetBurstKind,
  type Point,
  type ProtectionBypass,
  type Size,
} from '../../rules/index.js';
import type { AbortSpent } from '../../combat/action-budget.js';
import type { RoundsSpent } from '../../combat/ammunition.js';
import { owns, type UndoNote } from '../kernel/index.js';
import { migrateDives, type AbortUndo } from '../kernel/undo-fields.js';
import { shotThroughTarget } from '../attack/shot-damage.js';
import type { HitDamageInputs } from '../attack/item-properties-damage.js';

/** The card's actions (the `data-action` of its buttons). */
/** The card's GM query and template (burst-register.ts registers them on `init`). */
export const BURST_QUERY = 'gng.burstAction';
export const BURST_CARD_TEMPLATE = systemPath('templates/chat/burst-card.hbs');

export const BURST_ACTIONS = [
  'rollDefense',
  'diveForCover',
  'applyDamage',
  'undoDamage',
  'undoBurst',
] as const;
export type BurstAction = (typeof BURST_ACTIONS)[number];

/** The id of the card's whole-burst "target" (the GM's Undo of the burst). */
export const WHOLE_BURST = 'burst';

export interface BurstDefense {
  naturals: number[];
  bonus: number;
  totals: number[];
  autoRollOne: boolean;
}

export interface BurstDive {
  natural: number;
  bonus: number;
  cover: boolean;
  /** The Jump total with the no-cover penalty. */
  jumpTotal: number;
  /** Jump total − the attack total against this target (≥ 0: points that convert). */
  margin: number;
  paidWith?: AbortSpent['paidWith'];
  /** Its Undo record: the budget before it and its turn's epoch (older cards kept them on the dive). */
  undo?: AbortUndo;
}

/** One hit of a burst on a target: its rolled damage and what is left of it. */
export interface BurstHit {
  dice: number[];
  rolled: number;
  /** What the hit deals: after Protection, DR and energy resistance. */
  after: number;
  /** Set when DR, energy resistance or a property took something after Protection (cards since issue #28). */
  afterProtection?: number;
  damageReduction?: number;
  energyResistance?: number;
  /** Brilliant Energy cannot harm the target. */
  cannotHarm?: boolean;
}

export interface BurstApplied extends AppliedLoss {
  by: string;
  /** Each hit's rolled damage and what is left of it. */
  hits: BurstHit[];
  lethal: number;
  nonlethal: number;
}

export interface BurstTarget {
  id: string;
  name: string;
  actorUuid: string;
  tokenId: string;
  /** Feet from the shooter's centre to the target's centre. */
  distance: number;
  rangePenalty: number;
  /** The Take 10 total against this target (with its range penalty). */
  attackTotal: number;
  size: Size;
  /** Defense rolls it makes: the optional size table × barrels. */
  defenseRolls: number;
  defense: BurstDefense | null;
  dive: BurstDive | null;
  applied: BurstApplied | null;
  /** What the target's Undo could not take back (keys; a string on a card from before issue #34). */
  undoNotes?: (UndoNote | string)[];
  /** A GM's Undo took the Dive for Cover back: its side does not dive again. */
  diveUndone?: boolean;
}

/** The pseudo-target of the whole burst (its GM Undo). */
export interface WholeBurst {
  id: typeof WHOLE_BURST;
}

export type BurstSlot = BurstTarget | WholeBurst;

export interface BurstCardState {
  version: 1;
  kind: MultipleTargetBurstKind;
  attacker: { actorUuid: string; name: string; tokenId: string };
  weapon: {
    itemUuid: string;
    name: string;
    /** Damage of one hit: the weapon's dice and flat modifiers (no RD, no skill bonuses). */
    damage: string;
    bypass: ProtectionBypass;
    barrels: number;
    rangeIncrement: number;
  };
  area: { origin: Point; direction: number; length: number; width: number };
  template: { sceneId: string; id: string } | null;
  shots: BurstShots;
  attack: { natural: number; bonus: number; penalty: number; total: number; martialFirearms: boolean };
  spent: RoundsSpent | null;
  targets: BurstTarget[];
  undone: boolean;
  /** What the burst's Undo could not take back (keys; a string on a card from before issue #34). */
  undoNotes?: (UndoNote | string)[];
}

export interface BurstStartOptions {
  kind: MultipleTargetBurstKind;
  /** Degrees, 0 = east, 90 = south (the map's y grows downward). */
  direction?: number;
  /** Aim at a token (or a point on the map, in feet) instead of a direction. */
  toward?: Token | Point;
  /** Martial Weapons Proficiency (firearms): 10 or 20 (linear), 20 or 40 (strafing). */
  controlled?: number;
}

export const isTarget = (slot: BurstSlot): slot is BurstTarget => slot.id !== WHOLE_BURST;

/** A burst card posted before issue #34 (`type: 'base'`): its state in `flags.gng.burst`, or null. */
export function legacyBurstState(message: ChatMessage | null | undefined): BurstCardState | null {
  const state = message?.flags?.[SYSTEM_ID]?.burst as BurstCardState | undefined;
  if (!state || state.version !== 1 || !Array.isArray(state.targets)) return null;
  const copy = structuredClone(state);
  migrateDives(copy.targets);
  return copy;
}

/** The card state of a message: a typed card's `system` (subtype `burst`), else a legacy card's flags, or null. */
export function burstState(message: ChatMessage | null | undefined): BurstCardState | null {
  if (message?.type === 'burst') return message.system.toObject() as unknown as BurstCardState;
  return legacyBurstState(message);
}

/**
 * Hits per target as the card stands, nearest first: each target's Defense totals against its own
 * attack total (engine `resolveMultipleTargetBurst`), one shot per hit until the shots fired (×
 * barrels) run out. Null while the target, or a nearer one, has not rolled Defense; 0 for a target
 * left without shots.
 */
export function hitsOf(state: BurstCardState): (number | null)[] {
  let left = state.shots.shotsFired * state.weapon.barrels;
  let known = true;
  return state.targets.map((target) => {
    if (known && left === 0) return 0;
    if (!known || !target.defense) {
      known = false;
      return null;
    }
    const [result] = resolveMultipleTargetBurst({
      attackTotal: target.attackTotal,
      shotsFired: left,
      targets: [{ defenseTotals: target.defense.totals }],
    });
    const hits = result?.hits ?? 0;
    left -= hits;
    return hits;
  });
}

/**
 * One hit's damage: the rolled damage, no Relative Degree, through the target's side of the attack
 * card's damage step (`hitDamageInputs`: Protection with the weapon's bypass, DR, energy resistance,
 * the weapon's properties).
 */
export function burstHit(dice: number[], rolled: number, step: HitDamageInputs): BurstHit {
  const r = shotThroughTarget(rolled, 0, step);
  const hit: BurstHit = { dice, rolled, after: r.final };
  const resisted = r.steps.damageReduction > 0 || r.steps.energyResistance > 0 || step.record.cannotHarm;
  if (resisted || r.steps.multiplier)
    Object.assign(hit, {
      afterProtection: r.steps.afterProtection,
      damageReduction: r.steps.afterProtection - r.steps.afterDamageReduction,
      energyResistance: r.steps.afterDamageReduction - r.steps.final,
      ...(step.record.cannotHarm ? { cannotHarm: true } : {}),
    });
  return hit;
}

/** Lethal and nonlethal after the Dive for Cover converts up to its margin. */
export function afterDive(
  target: BurstTarget,
  total: number,
): { lethal: number; nonlethal: number; converted: number } {
  if (!target.dive) return { lethal: total, nonlethal: 0, converted: 0 };
  const dive = resolveDiveForCover({
    jumpTotal: target.dive.jumpTotal,
    reflexDc: target.attackTotal,
    damage: total,
    cover: true, // the stored total already has the no-cover penalty
  });
  return { lethal: dive.lethal, nonlethal: dive.nonlethal, converted: dive.converted };
}

/** Roll Defense, Dive for Cover: the target's owners or a GM; Apply and the Undos: a GM. */
export function burstUserMayAct(user: User, action: BurstAction, slot: BurstSlot): boolean {
  if (action === 'undoBurst') return user.isGM && !isTarget(slot);
  if (!isTarget(slot)) return false;
  if (user.isGM) return true;
  if (action === 'rollDefense') return owns(user, slot.actorUuid);
  if (action === 'diveForCover') return owns(user, slot.actorUuid) && !slot.diveUndone;
  return false;
}

/** Whether the card's state allows `action` now: each step once, nothing after Apply or the burst's Undo. */
export function burstActionAvailable(state: BurstCardState, action: BurstAction, slot: BurstSlot): boolean {
  if (state.undone) return false;
  if (!isTarget(slot)) return action === 'undoBurst';
  const index = state.targets.indexOf(slot);
  const hits = index >= 0 ? hitsOf(state)[index] : null;
  switch (action) {
    case 'rollDefense':
      return slot.defense === null && slot.applied === null && hits !== 0;
    case 'diveForCover':
      return slot.dive === null && slot.applied === null && hits !== 0;
    case 'applyDamage':
      return slot.applied === null && typeof hits === 'number' && hits > 0;
    case 'undoDamage':
      return slot.applied !== null || slot.dive !== null;
    case 'undoBurst':
      return false;
  }
}
