/**
 * The grapple card's state (its message's `system`, or `flags.gng.grapple` on an older card) and the
 * rules every client reads from it: who may press what (decision G16 for Undo), and what can be done
 * now. No document is changed here.
 */
import type { HitPointRecord, HitPointSnapshot } from '../../combat/hp-loss.js';
import { conditionEffects, expandConditions, isConditionId } from '../../rules/index.js';
import { owns, isGMMessage, type UndoNote } from '../kernel/index.js';
import { woundTraumaPending, type WoundTrauma } from '../shared/wound-trauma.js';
import { hasFeat } from '../../documents/actor-feats.js';
import { cardState as attackCardState } from '../attack/attack-state.js';
import type { GrappleView } from './grapple-view.js';

export { GRAPPLE_CARD_TEMPLATE, GRAPPLE_QUERY, grappleState, singleGrappleTarget } from './grapple-state.js';

/** What the acting side may start (touch … removeWeapon: the grappler; escape … pullWeapon: the grappled). */
export const GRAPPLE_MOVES = [
  'touch',
  'damage',
  'pin',
  'choke',
  'lock',
  'throw',
  'removeWeapon',
  'escape',
  'escapeArtist',
  'pullWeapon',
] as const;
/**
 * A move; `start` is the hold check, rolled by itself after a hit (touch attack or Stab and Grab);
 * `breakPin` an ally's Break Another's Pin, made for the pinned side (grapple-break-pin.ts).
 */
export type GrappleMove = (typeof GRAPPLE_MOVES)[number] | 'start' | 'breakPin';
export const GRAPPLE_ACTIONS = [
  ...GRAPPLE_MOVES,
  'breakPin',
  'oppose',
  'undo',
  'aoo',
  'declineAoo',
  'weapon',
  'throwChoice',
  'woundTraumaSave',
] as const;
export type GrappleAction = (typeof GRAPPLE_ACTIONS)[number];
export type GrappleSide = 'attacker' | 'defender';
const DEFENDER_MOVES: readonly string[] = ['escape', 'escapeArtist', 'pullWeapon', 'aoo', 'declineAoo'];
/**
 * Moves either side may make once grappling (core "If the Character is Grappling": "regardless of who
 * started the grapple"); a request names its `side` (default: the grappler, or the grappled for escapes).
 */
export const SIDED_MOVES = ['damage', 'pin', 'choke', 'lock', 'throw', 'escape', 'escapeArtist'] as const;
export const isSided = (action: string) => (SIDED_MOVES as readonly string[]).includes(action);

/** Unarmed damage (Medium; core "Unarmed Strike"): the dice, Strength added. */
export const UNARMED_DAMAGE_DICE = '1d3';

export interface GrappleRoll {
  natural: number;
  bonus: number;
  total: number;
  /** Touch attack only: the d10 chain of a natural 20 or 1. */
  chain?: number[];
  /** Touch Defense only: the d20 was an automatic 1. */
  autoRollOne?: boolean;
}

/** A timed condition a step set (choke's stun and daze, pin, lock): an Active Effect with a duration. */
export interface GrappleTimedEffect {
  actorUuid: string;
  status: string;
  rounds: number;
  /** The rolled dice of the duration (e.g. choke's 1d4), shown on the card. */
  dice: number[];
  effectId: string | null;
}

export interface GrappleStep {
  move: GrappleMove;
  side: GrappleSide;
  /** The user whose click resolved the step (the answer, or the move itself when it failed by a rule). */
  by: string;
  /** The user who made the move (absent on older cards): with the GM, the one who may undo it (G16). */
  startedBy?: string;
  actor: GrappleRoll;
  opponent: GrappleRoll | null;
  won: boolean;
  relativeDegree: number;
  /** Why a step failed without a roll: the AoO dealt damage, or the hold is impossible by size. */
  reason: 'aooDamage' | 'holdTooLarge' | null;
  damage: {
    formula: string;
    weapon: string | null;
    rolled: number;
    total: number;
    protection: number;
    dealt: number;
    /** The target's immunities that stopped the damage (engine `damageImmunity`; absent or null: none). */
    immune?: string[] | null;
  } | null;
  save: { dc: number; total: number; failed: boolean } | null;
  /** Throw: how far the target may be thrown, and (once chosen) how far it was, and whether the hold was kept. */
  throwMaxFeet: number;
  throwFeet: number;
  throwKept: boolean | null;
  /**
   * Statuses set, as actor uuid + status, the effect the step created and its hold on it
   * (src/combat/status-holds.ts; both absent on older cards).
   */
  added: { actorUuid: string; status: string; effectId?: string; hold?: string }[];
  /** Statuses the step found set already and holds too (Undo lets go; absent on older cards). */
  held?: { actorUuid: string; status: string; hold: string }[];
  /** Cleared statuses; a timed one (pin, lock, choke) keeps its duration, so Undo recreates it as it was. */
  removed: { actorUuid: string; status: string; duration?: ActiveEffectDuration }[];
  timed: GrappleTimedEffect[];
  /** The lodged weapon came out in this step (Undo puts it back). */
  weaponRemoved: boolean;
  /**
   * An escape from several grapplers (core "Multiple Grapplers"): the other grapplers' checks (rolled
   * by the GM) and, when the escape succeeded, the other cards it ended (each got a mirrored step).
   */
  others: { messageId: string; name: string; roll: GrappleRoll; ended: boolean }[];
  /** This step was written by an escape on another card (`messageId`): only that card's Undo reverts it. */
  mirrorOf: string | null;
  /** The damaged actor's hit points before and after the step, and the effects it created (for Undo). */
  hpBefore: ({ actorUuid: string } & HitPointRecord) | null;
  /**
   * Advanced Wound Trauma (GnG Appendix 1): the Fortitude save the damaged actor (`hpBefore`) owes
   * for this step's HP loss, and once rolled the save (absent or null: none owed).
   */
  woundTrauma?: WoundTrauma | null;
  phaseBefore: GrapplePhase;
  /** Break Another's Pin: the ally who made the check (absent on every other step). */
  ally?: GrappleAlly;
}

/** grab: AoO and touch attack; starting: the hold check; grappling; ended. */
export type GrapplePhase = 'grab' | 'starting' | 'grappling' | 'ended';

export interface GrapplePending {
  move: GrappleMove;
  side: GrappleSide;
  by: string;
  roll: GrappleRoll;
  /** Break Another's Pin: the ally (not on the card) whose check this is, for the pinned `side`. */
  ally?: GrappleAlly;
}

/** The ally of a Break Another's Pin: a creature outside the grapple, acting for the pinned side. */
export interface GrappleAlly {
  actorUuid: string;
  name: string;
}

/**
 * The dice of the side that lost an undone check (decision G16): when the same move of the same side
 * is made again, the loser's d20 (and chain, and the other grapplers' d20s of a won escape) stay.
 */
export interface GrappleKeptDice {
  move: GrappleMove;
  /** The side that made the move. */
  side: GrappleSide;
  loser: GrappleSide;
  natural: number;
  chain?: number[];
  /** A won escape: the other grapplers' d20s, by their card's message id. */
  others: Record<string, number>;
}

export interface GrappleCardState {
  version: 2;
  /** A grapple started by hand, or by a Stab and Grab hit. */
  source: 'grapple' | 'stab-and-grab';
  attacker: { actorUuid: string; name: string; weaponId: string | null };
  defender: { actorUuid: string; name: string; tokenId: string | null; weaponId: string | null };
  /** Starting the grapple provokes (no Improved Grapple). */
  provokes: boolean;
  /**
   * The defender took the attack of opportunity: who, the attacker's HP then (damage → no grapple),
   * and the attack card that is that attack, once the defender made it (grapple-aoo.ts links it).
   */
  aoo: { by: string; hp: HitPointSnapshot; messageId?: string | null } | null;
  /** The defender's owner declined the attack of opportunity (absent on older cards). */
  aooDeclinedBy?: string | null;
  phase: GrapplePhase;
  /** The acting side's roll, waiting for the other side's answer. */
  pending: GrapplePending | null;
  steps: GrappleStep[];
  /** The attacker joined a grapple the defender was already in (core "Joining a Grapple"). */
  join: boolean;
  /** A won Throw waits for the thrower's choice: how far (5 ft steps up to `maxFeet`), keep or end. */
  throwChoice: { side: GrappleSide; maxFeet: number } | null;
  /** Stab and Grab: +value on the attacker's grapple checks while the weapon stays lodged. */
  bonus: {
    value: number;
    source: 'stab-and-grab';
    weapon: { itemId: string; name: string; damageDice: string } | null;
    removed: boolean;
  } | null;
  /** Undone checks, newest last, whose losers' dice stay when they are made again (G16). */
  kept?: GrappleKeptDice[];
  /** What the last Undo could not take back (keys; a string: a card's from before issue #34). */
  undoNotes?: { move: GrappleMove; notes: (UndoNote | string)[] } | null;
  /** Its two actors as it draws them, GM-written (grapple-view.ts; absent on older cards). */
  view?: GrappleView | null;
}

export interface GrappleOptions {
  /** Default: the user's single targeted token. */
  target?: Actor;
}

export const t = (key: string) => game.i18n.localize(key);
export const f = (key: string, data: Record<string, unknown>) => game.i18n.format(key, data);
export const creature = (actor: Actor) => actor.system;
export const other = (side: GrappleSide): GrappleSide => (side === 'attacker' ? 'defender' : 'attacker');
export const isSide = (value: unknown): value is GrappleSide => value === 'attacker' || value === 'defender';

/** The side a fixed move belongs to, and the default side of a sided move; `aoo` is the defender's. */
export function moveSide(move: string): GrappleSide {
  return DEFENDER_MOVES.includes(move) ? 'defender' : 'attacker';
}

/**
 * The side a request of `action` names now (its target, the button's `data-target-id`), or null when
 * it may name either: a fixed move its own side ({@link moveSide}), the attack of opportunity the
 * defender; the Grapple check the side answering the pending check, the throw's choice the thrower,
 * Undo the side whose step it undoes. A sided move and the weapon choice name either side.
 */
export function grappleActionSide(action: GrappleAction, state: GrappleCardState): GrappleSide | null {
  if (action === 'oppose') return state.pending ? other(state.pending.side) : null;
  if (action === 'throwChoice') return state.throwChoice?.side ?? null;
  if (action === 'undo') return state.steps.at(-1)?.side ?? null;
  if (action === 'woundTraumaSave') return woundTraumaSide(state);
  if (action === 'breakPin') return pinnedSide(state);
  return action === 'weapon' || isSided(action) ? null : moveSide(action);
}

/** The side a request of `action` names when the asker does not say: {@link grappleActionSide}, else `moveSide`. */
export function grappleRequestSide(action: GrappleAction, state: GrappleCardState | null): GrappleSide {
  return (state && grappleActionSide(action, state)) || moveSide(action);
}

/**
 * The side of the card that is pinned (its actor has the `pinned` status), or null: as the card's
 * view records it (GM-written, grapple-view.ts); with `now`, or on a card without a view, read from
 * the actors as they are now (what the GM's steps decide by).
 */
export function pinnedSide(state: GrappleCardState, now = false): GrappleSide | null {
  for (const side of ['defender', 'attacker'] as const) {
    const view = now ? null : state.view?.[side];
    const actor = view ? null : (fromUuidSync(uuidOf(state, side)) as Actor | null);
    if (view ? view.pinned : actor?.statuses?.has('pinned')) return side;
  }
  return null;
}

export function uuidOf(state: GrappleCardState, side: GrappleSide): string {
  return side === 'attacker' ? state.attacker.actorUuid : state.defender.actorUuid;
}

export function sideName(state: GrappleCardState, side: GrappleSide): string {
  return side === 'attacker' ? state.attacker.name : state.defender.name;
}

/**
 * Advanced Wound Trauma: the side the last step damaged when that loss called for a Fortitude save
 * (owed or rolled), or null. Only the last step's: the save is rolled before the next move.
 */
export function woundTraumaSide(state: GrappleCardState): GrappleSide | null {
  const last = state.steps.at(-1);
  if (!last?.woundTrauma || !last.hpBefore) return null;
  return last.hpBefore.actorUuid === state.attacker.actorUuid ? 'attacker' : 'defender';
}

/** The last step's wound trauma save is owed and not rolled yet: the card's moves wait for it. */
export function woundTraumaWaits(state: GrappleCardState): boolean {
  return woundTraumaPending(state.steps.at(-1)?.woundTrauma);
}

/**
 * Decision G16: the kept dice of the undone check `move` by `side` when that is the check made again
 * (the newest undone one); otherwise the card went another way and every kept die is dropped.
 */
export function keptFor(
  state: GrappleCardState,
  move: GrappleMove,
  side: GrappleSide,
): GrappleKeptDice | null {
  const top = state.kept?.at(-1);
  if (top && top.move === move && top.side === side) return top;
  if (state.kept?.length) state.kept = [];
  return null;
}

/** The kept d20 of `who` for the check `move` by `side` (only the side that lost keeps it). */
export function keptDie(
  state: GrappleCardState,
  move: GrappleMove,
  side: GrappleSide,
  who: GrappleSide,
): GrappleKeptDice | null {
  const kept = keptFor(state, move, side);
  return kept && kept.loser === who ? kept : null;
}

/* -------------------------------------------------------------------------- */
/*  Permissions and availability                                               */
/* -------------------------------------------------------------------------- */

/**
 * Decision G16: why `user` may not undo the card's last step, as a lang key and its data, or null.
 * "Who did a step (or the GM) may undo it; no one undoes another side's abort; an undone contested
 * roll is not re-rolled by the side that lost it": only the user who made the move, and only when its
 * side won the step; a lost (or failed) step only a GM undoes. Nor once the damaged side has rolled
 * its wound trauma save against the step (Undo and the step again would roll it again), as on the
 * attack card. A GM undoes anything.
 */
export function undoRefusal(
  user: User,
  state: GrappleCardState,
): { key: string; data: Record<string, unknown> } | null {
  const last = state.steps.at(-1);
  if (!last || user.isGM) return null;
  const data = { name: sideName(state, last.side), move: t(`GNG.Grapple.Move.${last.move}`) };
  const did = last.startedBy ? last.startedBy === user.id : owns(user, uuidOf(state, last.side));
  if (!did) return { key: 'GNG.Grapple.Error.UndoNotYours', data };
  if (!last.won) return { key: 'GNG.Grapple.Error.UndoLost', data };
  const damaged = woundTraumaSide(state);
  if (damaged && last.woundTrauma?.save)
    return { key: 'GNG.Grapple.Error.UndoSaved', data: { ...data, name: sideName(state, damaged) } };
  return null;
}

/**
 * Moves: the acting side's owners; Grapple check: the other side's owners; Undo: decision G16
 * ({@link undoRefusal}); attack of opportunity (take or decline): the defender's owners; weapon
 * choice: `side`'s owners; the wound trauma save: the damaged side's owners. GM: all.
 */
export function grappleUserMayAct(
  user: User,
  action: GrappleAction,
  state: GrappleCardState,
  side?: GrappleSide,
): boolean {
  if (action === 'weapon' && !isSide(side)) return false;
  if (side !== undefined && !isSide(side)) return false;
  if (user.isGM) return true;
  if (action === 'oppose') return !!state.pending && owns(user, uuidOf(state, other(state.pending.side)));
  if (action === 'undo') return state.steps.length > 0 && undoRefusal(user, state) === null;
  if (action === 'aoo' || action === 'declineAoo') return owns(user, state.defender.actorUuid);
  if (action === 'throwChoice') return owns(user, uuidOf(state, state.throwChoice?.side ?? 'attacker'));
  if (action === 'weapon') return owns(user, uuidOf(state, side as GrappleSide));
  // Break Another's Pin: an ally, so anyone but the pinner's owners (the GM checks the ally's owner).
  if (action === 'breakPin') return !owns(user, uuidOf(state, other(side ?? 'defender')));
  if (action === 'woundTraumaSave') {
    const damaged = woundTraumaSide(state);
    return damaged !== null && (side ?? damaged) === damaged && owns(user, uuidOf(state, damaged));
  }
  return owns(user, uuidOf(state, isSided(action) ? (side ?? moveSide(action)) : moveSide(action)));
}

/** The lodged Stab and Grab weapon is still in the defender. */
export function lodged(state: GrappleCardState): boolean {
  return !!state.bonus?.weapon && !state.bonus.removed;
}

/** The provoked attack of opportunity is neither taken nor declined yet: the grappler waits for it. */
export function aooOpen(state: GrappleCardState): boolean {
  return state.phase === 'grab' && state.provokes && !state.aoo && !state.aooDeclinedBy;
}

/** What the grapple card reads of an attack card (its flags, a GM's message): no attack folder imported. */
interface AttackCardView {
  type?: unknown;
  attack?: {
    fire?: { withdrawn?: unknown } | null;
    targets?: { actorUuid?: unknown; result?: { hit?: unknown } | null; applied?: unknown }[];
  };
}

/**
 * The taken attack of opportunity's attack card against the grappler, as it is now: null while there
 * is none (not made yet, deleted, or taken back); `resolved` once it missed the grappler or its
 * damage to the grappler was applied.
 */
export function aooAttack(state: GrappleCardState): { messageId: string; resolved: boolean } | null {
  const id = state.aoo?.messageId;
  const message = id ? game.messages.get(id) : undefined;
  if (!id || !message || !isGMMessage(message)) return null;
  // A typed attack card's state is its `system` (issue #34), an older one's its flags.
  const attack: AttackCardView['attack'] | null = attackCardState(message);
  const target = attack?.targets?.find((t) => t.actorUuid === state.attacker.actorUuid);
  if (!attack || attack.fire?.withdrawn || !target) return null;
  const result = target.result;
  return { messageId: id, resolved: Boolean(result && (result.hit === false || target.applied)) };
}

/**
 * The defender took the attack of opportunity and it is not resolved yet (core "Starting a Grapple":
 * "If the attack of opportunity deals the character damage, the character fails to start the
 * grapple"): the grappler waits for it, as for an open one.
 */
export function aooUnresolved(state: GrappleCardState): boolean {
  return state.phase === 'grab' && !!state.aoo && !aooAttack(state)?.resolved;
}

/**
 * Whether `action` can be taken now by the acting side: `advanced` (it has Advanced Grapple), `held`
 * (it is pinned or locked: core "A pinned character can't take any action except to attempt to
 * escape from the pin"; GnG Locked "held immobile").
 */
export function grappleActionAvailable(
  action: GrappleAction,
  state: GrappleCardState,
  advanced: boolean,
  held = false,
): boolean {
  // Advanced Wound Trauma: the last step's save, once (also while a won Throw waits for its choice).
  if (action === 'woundTraumaSave') return woundTraumaWaits(state);
  // A won Throw: only the thrower's choice (or Undo) until it is made.
  if (state.throwChoice) return action === 'throwChoice' || action === 'undo';
  if (action === 'throwChoice') return false;
  if (action === 'oppose') return state.pending !== null;
  if (action === 'undo')
    return state.pending === null && state.steps.length > 0 && !state.steps.at(-1)?.mirrorOf;
  // The weapon may be chosen while the touch attack waits (the grab is made with a hand; decision G4).
  if (action === 'weapon')
    return state.phase !== 'ended' && (!state.pending || state.pending.move === 'touch');
  if (state.pending) return false;
  // "you must immediately perform a Fortitude saving throw": the next move waits for it.
  if (woundTraumaWaits(state)) return false;
  if (action === 'aoo') return aooOpen(state);
  // Declined before it is taken, or given up after it was taken as long as no attack is made.
  if (action === 'declineAoo')
    return aooOpen(state) || (state.phase === 'grab' && !!state.aoo && !aooAttack(state));
  // The provoked attack of opportunity comes first: declined, or taken and resolved, before the touch
  // attack (G17).
  if (action === 'touch') return state.phase === 'grab' && !aooOpen(state) && !aooUnresolved(state);
  if (state.phase !== 'grappling') return false;
  if (action === 'escape' || action === 'escapeArtist') return true;
  // Break Another's Pin is the ally's, made for a pinned side (the card checks the pin).
  if (action === 'breakPin') return held;
  if (held) return false;
  if (action === 'choke' || action === 'lock' || action === 'throw') return advanced;
  if (action === 'removeWeapon' || action === 'pullWeapon') return lodged(state);
  return true;
}

/**
 * What a side that can take no actions (stunned, dazed, helpless…: the engine's `noActions`) may still
 * do on the card: answer the other side's check, Undo, pick its weapon, choose a won throw's distance,
 * decline the attack of opportunity, roll its wound trauma save.
 */
const WITHOUT_ACTIONS: readonly GrappleAction[] = [
  'oppose',
  'undo',
  'weapon',
  'throwChoice',
  'declineAoo',
  'woundTraumaSave',
  // The ally breaks the pin: the pinned side does nothing.
  'breakPin',
];
const HELD: readonly string[] = ['pinned', 'locked'];

export interface GrappleAbilities {
  advanced: boolean;
  held: boolean;
  cannotAct: string | null;
}

/**
 * The acting side's Advanced Grapple and pinned / locked state, for {@link grappleActionAvailable},
 * and the first condition that leaves it no actions (GnG CONDITIONS, e.g. Stunned "can't take
 * actions"), or null.
 */
export function abilitiesOf(actor: Actor | null): GrappleAbilities {
  if (!actor) return { advanced: false, held: false, cannotAct: null };
  const cannotAct =
    [...expandConditions(actor.statuses)].find(
      (id) =>
        // A pin (or lock) leaves the escapes: `held` above (core "except to attempt to escape").
        !HELD.includes(id) && isConditionId(id) && conditionEffects(id).noActions === true,
    ) ?? null;
  return {
    advanced: hasFeat(actor, 'advanced-grapple'),
    held: HELD.some((id) => actor.statuses.has(id)),
    cannotAct,
  };
}

/** Whether a side with these abilities may take `action` now as far as its conditions go. */
export function mayActDespiteConditions(action: GrappleAction, who: { cannotAct: string | null }): boolean {
  return !who.cannotAct || WITHOUT_ACTIONS.includes(action);
}
