/**
 * The state of one suppressing fire card (GnG SPECIAL ATTACKS › SUPPRESSING FIRE), stored in the
 * chat message's `system` (subtype `suppress`; `flags.gng.suppress` on a card from before issue #34),
 * and who may do what with it (suppress-actions.ts is the table).
 *
 * The card is the area the shooter holds: its shape in feet (fire-areas.ts), the Reflex DC, the free shot's
 * penalty and cost, the rounds spent (wasted shots and each free shot, for Undo) and one **trigger**
 * per creature that entered the area, moved 5 ft in it or acted in it. A trigger runs: Reflex save →
 * (success) become suppressed or keep moving → (keep moving, or a failed save) the shooter's free
 * shot → the defender's Defense roll or Dive for Cover → the GM applies the damage; after the shot the
 * defender may still choose to become suppressed.
 */
import type { TurnActionSpent } from '../../combat/action-budget.js';
import { SYSTEM_ID, systemPath } from '../../config/document-types.js';
import type { FireArea } from '../../rules/index.js';
import type { RoundsSpent } from '../../combat/ammunition.js';
import type { AbortSpent } from '../../combat/action-budget.js';
import type { HitPointRecord } from '../../combat/hp-loss.js';
import { owns, type UndoNote } from '../kernel/index.js';

/** The card's actions (the `data-action` of its buttons). */
/** The card's GM query and template (suppress-register.ts registers them on `init`). */
export const SUPPRESS_QUERY = 'gng.suppressAction';
export const SUPPRESS_CARD_TEMPLATE = systemPath('templates/chat/suppress-card.hbs');

export const SUPPRESS_ACTIONS = [
  'actsInArea',
  'rollSave',
  'becomeSuppressed',
  'keepMoving',
  'freeShot',
  'rollDefense',
  'diveForCover',
  'applyDamage',
  'undoTrigger',
  'endArea',
  'undo',
] as const;
export type SuppressAction = (typeof SUPPRESS_ACTIONS)[number];

/** The id of the card itself as a target (the GM's End and Undo of the whole area). */
export const CARD_TARGET = 'area';

/** Why a trigger was added: the creature entered the area, moved 5 ft in it, or acted in it. */
export type TriggerCause = 'enter' | 'move' | 'act';

export interface SuppressSave {
  natural: number;
  bonus: number;
  total: number;
  success: boolean;
}

export interface FreeShot {
  natural: number;
  chainDice: number[];
  chainAdjustment: number;
  /** The shooter's ranged attack bonus with the weapon (before the penalty). */
  bonus: number;
  penalty: number;
  /** The range penalty from the shooter's token to the target's (0 in the first increment). */
  range: number;
  total: number;
  rounds: RoundsSpent | null;
  defense: { natural: number; bonus: number; total: number } | null;
  hit: boolean | null;
  relativeDegree: number | null;
  /** The Dive for Cover: no damage, suppressed (what it paid, for Undo). */
  dive: { paidWith: AbortSpent['paidWith']; epoch: number | null } | null;
  damage: {
    formula: string;
    dice: number[];
    rolled: number;
    protection: number;
    final: number;
    /** Set when DR, energy resistance or a property took something after Protection (since issue #28). */
    afterProtection?: number;
    damageReduction?: number;
    energyResistance?: number;
    /** Brilliant Energy cannot harm the target. */
    cannotHarm?: boolean;
  } | null;
  applied: (HitPointRecord & { hp: { before: number; after: number } }) | null;
}

export interface SuppressTrigger {
  id: string;
  tokenId: string | null;
  actorUuid: string;
  name: string;
  cause: TriggerCause;
  save: SuppressSave | null;
  /** The defender's answer to a successful save: cease and be suppressed, or keep moving. */
  choice: 'suppressed' | 'keepMoving' | null;
  shot: FreeShot | null;
  /** The suppressed status this trigger created (Undo deletes it). */
  suppressedEffectId: string | null;
  /** A GM undid this trigger: nothing more happens on it. */
  undone: boolean;
  /** What the card's Undo could not take back (keys; a string on a card from before issue #34). */
  undoNotes?: (UndoNote | string)[];
}

/** A creature in the area now (from the token moves the GM's client saw), by token. */
export interface Occupant {
  tokenId: string;
  actorUuid: string;
  name: string;
  /** Its last place in the area, in feet (a move of 5 ft from here calls for a save). */
  at: { x: number; y: number };
}

export interface SuppressCardState {
  version: 1;
  shooter: { actorUuid: string; name: string; tokenId: string | null };
  weapon: { uuid: string; name: string };
  fullyAutomatic: boolean;
  area: FireArea;
  /** The die (dice) of the wasted shots and how many were wasted. */
  rolled: number[];
  shotsWasted: number;
  reflexDc: number;
  freeAttackPenalty: number;
  shotsPerFreeAttack: number;
  /** The wasted shots taken off the weapon (Undo returns them). */
  spent: RoundsSpent | null;
  /** The shooter's turn before the full-round action (null out of combat), for Undo. */
  turn: TurnActionSpent | null;
  /** The round the area was claimed in (it is held until the shooter's next turn start). */
  round: number | null;
  active: boolean;
  /** The measured template that shows the area (null without a scene); deleted when the area ends. */
  template: { sceneId: string; id: string } | null;
  /**
   * The area's scene: the shooter's token's, recorded when the card is created (cards from before
   * have none: their template's scene counts, else any scene).
   */
  sceneId?: string | null;
  endedBy: 'turn' | 'ammo' | 'gm' | 'undo' | null;
  occupants: Occupant[];
  triggers: SuppressTrigger[];
  undone: boolean;
  /** What the trigger's Undo could not take back (keys, or text from shared code and older cards). */
  undoNotes?: (UndoNote | string)[];
}

/** The card state of a message, or null. */
export function suppressState(message: ChatMessage | null | undefined): SuppressCardState | null {
  if (message?.type === 'suppress') return message.system.toObject() as unknown as SuppressCardState;
  return legacySuppressState(message);
}

/** A suppressing fire card posted before issue #34 (`type: 'base'`): its state in `flags.gng.suppress`. */
export function legacySuppressState(message: ChatMessage | null | undefined): SuppressCardState | null {
  const state = message?.flags?.[SYSTEM_ID]?.suppress as SuppressCardState | undefined;
  return state && state.version === 1 && Array.isArray(state.triggers) ? structuredClone(state) : null;
}

/** Whether the trigger's creature is suppressed by it (no more free shots at it). */
export function isSuppressed(trigger: SuppressTrigger): boolean {
  return trigger.suppressedEffectId !== null;
}

/** The shooter gets its free shot: a failed save, or a defender that kept moving. */
export function shotOwed(trigger: SuppressTrigger): boolean {
  if (!trigger.save) return false;
  return !trigger.save.success || trigger.choice === 'keepMoving';
}

/* -------------------------------------------------------------------------- */
/*  Who may, and when                                                          */
/* -------------------------------------------------------------------------- */

/** Which side of the card an action belongs to. */
const SIDE: Record<SuppressAction, 'gm' | 'shooter' | 'defender'> = {
  actsInArea: 'gm',
  rollSave: 'defender',
  becomeSuppressed: 'defender',
  keepMoving: 'defender',
  freeShot: 'shooter',
  rollDefense: 'defender',
  diveForCover: 'defender',
  applyDamage: 'gm',
  undoTrigger: 'gm',
  endArea: 'gm',
  undo: 'gm',
};

/** The defender's owners act for it, the shooter's owners shoot, the GM does the rest (and may do all). */
export function suppressUserMay(
  user: User,
  action: SuppressAction,
  state: SuppressCardState,
  actorUuid: string | null,
): boolean {
  if (user.isGM) return true;
  const side = SIDE[action];
  if (side === 'shooter') return owns(user, state.shooter.actorUuid);
  if (side === 'defender') return actorUuid !== null && owns(user, actorUuid);
  return false;
}

/** Whether the card's state allows `action` on `trigger` now (each step once). */
export function triggerActionAvailable(
  action: SuppressAction,
  state: SuppressCardState,
  trigger: SuppressTrigger,
): boolean {
  if (trigger.undone || state.undone) return false;
  const shot = trigger.shot;
  switch (action) {
    case 'rollSave':
      return state.active && trigger.save === null && !isSuppressed(trigger);
    case 'becomeSuppressed':
      // After a successful save (instead of the shot), or after the free shot (hit or miss).
      if (isSuppressed(trigger)) return false;
      if (shot) return shot.hit !== null || shot.dive !== null;
      return trigger.save?.success === true && trigger.choice === null;
    case 'keepMoving':
      return trigger.save?.success === true && trigger.choice === null && !isSuppressed(trigger);
    case 'freeShot':
      return state.active && shotOwed(trigger) && shot === null && !isSuppressed(trigger);
    case 'rollDefense':
      return shot !== null && shot.defense === null && shot.dive === null;
    case 'diveForCover':
      return shot !== null && shot.dive === null && shot.applied === null && !isSuppressed(trigger);
    case 'applyDamage':
      return shot?.hit === true && shot.dive === null && shot.applied === null;
    case 'undoTrigger':
      return trigger.save !== null || isSuppressed(trigger);
    default:
      return false;
  }
}
