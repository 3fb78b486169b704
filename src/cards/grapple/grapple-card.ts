/**
 * The grapple card (core "Grapple"; GnG "GRAPPLING", "Advanced Grappling", "Stab and Grab"):
 * `game.gng.grapple` (the sheet, the token HUD) asks the active GM to post one card for the user's
 * single targeted token; its state lives in `flags.gng.grapple`. The start follows core "Starting a
 * Grapple": the defender's owner may take the attack of opportunity (no Improved Grapple); the
 * attacker's melee touch attack is rolled against the defender's rolled touch Defense; on a hit the
 * attacker's hold check is rolled and the defender answers with a grapple check; a won hold links
 * both actors (`grappling`, each effect's `flags.gng.grappleWith` names the other actor) and deals
 * damage. A Stab and Grab hit opens the card at the hold ({@link openGrappleOnHit}).
 *
 * Every check is opposed: the acting side's owners click an action (the GM rolls their check), then
 * the other side's owners click **Grapple check** (the GM rolls theirs) and the GM resolves it with the
 * engine. Each resolved step records what it changed, so **Undo** reverts step by step. Everything
 * runs on the GM through the `gng.grappleAction` query, which re-derives every number.
 *
 * Hooks: `gng.grapple(message)` (the card is posted).
 */
import { SYSTEM_ID, systemPath } from '../../config/document-types.js';
import type { CreatureData } from '../../data/actor/creature-data.js';
import type { WeaponData } from '../../data/item/item-data.js';
import {
  ATTACKER_CONDITIONS,
  attackRollFromValues,
  attackRollModifiers,
  canAttemptHold,
  canJoinGrapple,
  throwEndsGrapple,
  conditionRollModifier,
  criticalKindForNatural,
  defenseBonus,
  defenseRollFromValues,
  expandConditions,
  grappleCheckBonus,
  grappleDamage,
  grappleDamageSource,
  meleeAttackBonus,
  resolveAttack,
  resolveChokeSave,
  resolveEscape,
  resolveGrappleCheck,
  resolveGrappleManeuver,
  resolvePin,
  stabAndGrabRemovalDamage,
  CHOKE_EFFECT,
  conditionEffects,
  isConditionId,
  isTinyWeapon,
  attackOfOpportunityStopsGrapple,
  chokeEffectRounds,
  escapeEnds,
  type AttackerCondition,
  type GrappleWeapon,
  type Size,
} from '../../rules/index.js';
import {
  applyHitPointLoss,
  restoreHitPointLoss,
  type HitPointLoss,
  type HitPointSnapshot,
} from '../../combat/hp-loss.js';
import { actorOf } from '../kernel/index.js';
import { rollChain } from '../../combat/critical-chain.js';
import {
  askGM,
  decorateButtons,
  owns,
  Refusal,
  refusal,
  registerGMQuery,
  serialized,
  track,
  type CardActionResult,
} from '../kernel/index.js';
import { isActiveGM } from '../../documents/active-gm.js';

export const GRAPPLE_QUERY = 'gng.grappleAction';
export const GRAPPLE_CARD_TEMPLATE = systemPath('templates/chat/grapple-card.hbs');

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
/** A move; `start` is the hold check, rolled by itself after a hit (touch attack or Stab and Grab). */
export type GrappleMove = (typeof GRAPPLE_MOVES)[number] | 'start';
export const GRAPPLE_ACTIONS = [...GRAPPLE_MOVES, 'oppose', 'undo', 'aoo', 'weapon', 'throwChoice'] as const;
export type GrappleAction = (typeof GRAPPLE_ACTIONS)[number];
export type GrappleSide = 'attacker' | 'defender';
const DEFENDER_MOVES: readonly GrappleMove[] = ['escape', 'escapeArtist', 'pullWeapon'];
/**
 * Moves either side may make once grappling (core "If the Character is Grappling": "regardless of who
 * started the grapple"); a request names its `side` (default: the grappler, or the grappled for escapes).
 */
export const SIDED_MOVES = ['damage', 'pin', 'choke', 'lock', 'throw', 'escape', 'escapeArtist'] as const;
const isSided = (action: string) => (SIDED_MOVES as readonly string[]).includes(action);

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
  by: string;
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
  } | null;
  save: { dc: number; total: number; failed: boolean } | null;
  /** Throw: how far the target may be thrown, and (once chosen) how far it was, and whether the hold was kept. */
  throwMaxFeet: number;
  throwFeet: number;
  throwKept: boolean | null;
  /** Statuses set / removed, as actor uuid + status. */
  added: { actorUuid: string; status: string }[];
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
  /** The damaged actor's hit points before the step, and what the loss added (for Undo). */
  hpBefore: {
    actorUuid: string;
    snapshot: HitPointSnapshot;
    statusesAdded: string[];
    traumaBefore: boolean | null;
  } | null;
  phaseBefore: GrapplePhase;
}

/** grab: AoO and touch attack; starting: the hold check; grappling; ended. */
export type GrapplePhase = 'grab' | 'starting' | 'grappling' | 'ended';

export interface GrapplePending {
  move: GrappleMove;
  side: GrappleSide;
  by: string;
  roll: GrappleRoll;
}

export interface GrappleCardState {
  version: 2;
  /** A grapple started by hand, or by a Stab and Grab hit. */
  source: 'grapple' | 'stab-and-grab';
  attacker: { actorUuid: string; name: string; weaponId: string | null };
  defender: { actorUuid: string; name: string; tokenId: string | null; weaponId: string | null };
  /** Starting the grapple provokes (no Improved Grapple). */
  provokes: boolean;
  /** The defender took the attack of opportunity: who, and the attacker's HP then (damage → no grapple). */
  aoo: { by: string; hp: HitPointSnapshot } | null;
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
}

export interface GrappleOptions {
  /** Default: the user's single targeted token. */
  target?: Actor;
}

const t = (key: string) => game.i18n.localize(key);
const f = (key: string, data: Record<string, unknown>) => game.i18n.format(key, data);
const creature = (actor: Actor) => actor.system as CreatureData;
const other = (side: GrappleSide): GrappleSide => (side === 'attacker' ? 'defender' : 'attacker');
const hasFeat = (actor: Actor, feat: string) => creature(actor).derived.feats.includes(feat);

export function grappleState(message: ChatMessage | null | undefined): GrappleCardState | null {
  const state = message?.flags?.[SYSTEM_ID]?.grapple as GrappleCardState | undefined;
  return state && state.version === 2 && Array.isArray(state.steps) ? state : null;
}

/** A grapple card in the grappling phase that holds an actor, and the actor's side on it. */
export interface ActiveGrapple {
  message: ChatMessage;
  state: GrappleCardState;
  side: GrappleSide;
}

/** The GM-written grapple cards (but `exceptId`) whose grapple is on and holds `actorUuid`. */
export function activeGrapplesOf(actorUuid: string, exceptId?: string): ActiveGrapple[] {
  const found: ActiveGrapple[] = [];
  for (const message of game.messages.contents) {
    if (message.id === exceptId || !message.author?.isGM) continue;
    const state = grappleState(message);
    if (!state || state.phase !== 'grappling') continue;
    if (state.attacker.actorUuid === actorUuid) found.push({ message, state, side: 'attacker' });
    else if (state.defender.actorUuid === actorUuid) found.push({ message, state, side: 'defender' });
  }
  return found;
}

/* -------------------------------------------------------------------------- */
/*  Permissions and availability                                               */
/* -------------------------------------------------------------------------- */

/** The side a fixed move belongs to, and the default side of a sided move; `aoo` is the defender's. */
function moveSide(move: string): GrappleSide {
  return (DEFENDER_MOVES as readonly string[]).includes(move) || move === 'aoo' ? 'defender' : 'attacker';
}

function uuidOf(state: GrappleCardState, side: GrappleSide): string {
  return side === 'attacker' ? state.attacker.actorUuid : state.defender.actorUuid;
}

const isSide = (value: unknown): value is GrappleSide => value === 'attacker' || value === 'defender';

/**
 * Moves: the acting side's owners; Grapple check: the other side's owners; Undo: the last step's
 * side; attack of opportunity: the defender's owners; weapon choice: `side`'s owners. GM: all.
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
  if (action === 'undo') {
    const last = state.steps.at(-1);
    return !!last && owns(user, uuidOf(state, last.side));
  }
  if (action === 'aoo') return owns(user, state.defender.actorUuid);
  if (action === 'throwChoice') return owns(user, uuidOf(state, state.throwChoice?.side ?? 'attacker'));
  if (action === 'weapon') return owns(user, uuidOf(state, side as GrappleSide));
  return owns(user, uuidOf(state, isSided(action) ? (side ?? moveSide(action)) : moveSide(action)));
}

/** The lodged Stab and Grab weapon is still in the defender. */
function lodged(state: GrappleCardState): boolean {
  return !!state.bonus?.weapon && !state.bonus.removed;
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
  if (action === 'aoo') return state.phase === 'grab' && state.provokes && !state.aoo;
  if (action === 'touch') return state.phase === 'grab';
  if (state.phase !== 'grappling') return false;
  if (action === 'escape' || action === 'escapeArtist') return true;
  if (held) return false;
  if (action === 'choke' || action === 'lock' || action === 'throw') return advanced;
  if (action === 'removeWeapon' || action === 'pullWeapon') return lodged(state);
  return true;
}

/**
 * What a side that can take no actions (stunned, dazed, helpless…: the engine's `noActions`) may still
 * do on the card: answer the other side's check, Undo, pick its weapon, choose a won throw's distance.
 */
const WITHOUT_ACTIONS: readonly GrappleAction[] = ['oppose', 'undo', 'weapon', 'throwChoice'];
const HELD: readonly string[] = ['pinned', 'locked'];

/**
 * The acting side's Advanced Grapple and pinned / locked state, for {@link grappleActionAvailable},
 * and the first condition that leaves it no actions (GnG CONDITIONS, e.g. Stunned "can't take
 * actions"), or null.
 */
function abilitiesOf(actor: Actor | null): { advanced: boolean; held: boolean; cannotAct: string | null } {
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
function mayActDespiteConditions(action: GrappleAction, who: { cannotAct: string | null }): boolean {
  return !who.cannotAct || WITHOUT_ACTIONS.includes(action);
}

/* -------------------------------------------------------------------------- */
/*  Check bonuses and weapons                                                  */
/* -------------------------------------------------------------------------- */

/** The engine's weapon description of a weapon item, for `weaponGrappleBonus`. */
export function grappleWeaponOf(item: Item): GrappleWeapon | null {
  if (item.type !== 'weapon') return null;
  const w = item.system as WeaponData;
  if (w.use !== 'light' && w.use !== 'one-handed' && w.use !== 'two-handed') return null;
  return {
    hands: w.use,
    // "You gain no bonus for tiny weapons": a weapon made for a Tiny (or smaller) wielder (decision G3).
    tiny: isTinyWeapon(w.size),
    edgedOrPiercing: w.damageTypes.includes('slashing') || w.damageTypes.includes('piercing'),
  };
}

/**
 * Weapons `actor` may grapple with (GnG "Grappling with Weapons": Improved Grapple, a proficient
 * weapon): its equipped, proficient melee weapons, but not a weapon lodged in the opponent.
 */
export function grappleWeaponChoices(actor: Actor, state?: GrappleCardState): Item[] {
  if (!hasFeat(actor, 'improved-grapple')) return [];
  const lodgedId =
    state && lodged(state) && actor.uuid === state.attacker.actorUuid ? state.bonus?.weapon?.itemId : null;
  return creature(actor)
    .derived.attacks.filter((a) => a.mode === 'melee' && a.proficient && a.itemId !== lodgedId)
    .map((a) => actor.items.get(a.itemId))
    .filter((item): item is Item => !!item && grappleWeaponOf(item) !== null);
}

function chosenWeapon(state: GrappleCardState, side: GrappleSide, actor: Actor): Item | null {
  const id = side === 'attacker' ? state.attacker.weaponId : state.defender.weaponId;
  if (!id) return null;
  return grappleWeaponChoices(actor, state).find((item) => item.id === id) ?? null;
}

/** The parts of `side`'s check for `move` (Escape Artist: the skill; otherwise the grapple check). */
export function grappleCheckParts(
  state: GrappleCardState,
  side: GrappleSide,
  actor: Actor,
  move: GrappleMove,
): { label: string; value: number }[] {
  const d = creature(actor).derived;
  if (move === 'escapeArtist')
    return [{ label: t('GNG.Grapple.Part.escapeArtist'), value: d.skills.escapeArtist.total }];
  const improvedGrapple = hasFeat(actor, 'improved-grapple');
  const base = grappleCheckBonus({
    baseAttackBonus: d.bab,
    strengthModifier: d.abilities.str.mod,
    size: creature(actor).size as Size,
    improvedGrapple,
  });
  const parts = [{ label: t('GNG.Grapple.Part.base'), value: base }];
  const weapon = chosenWeapon(state, side, actor);
  if (weapon) {
    const withWeapon = grappleCheckBonus({
      baseAttackBonus: d.bab,
      strengthModifier: d.abilities.str.mod,
      size: creature(actor).size as Size,
      improvedGrapple,
      weapon: grappleWeaponOf(weapon),
    });
    parts.push({ label: weapon.name, value: withWeapon - base });
  }
  if (side === 'attacker' && state.bonus && (!state.bonus.weapon || !state.bonus.removed))
    parts.push({ label: t('GNG.Grapple.Part.stabAndGrab'), value: state.bonus.value });
  return parts;
}

function checkBonus(state: GrappleCardState, side: GrappleSide, actor: Actor, move: GrappleMove): number {
  return grappleCheckParts(state, side, actor, move).reduce((sum, p) => sum + p.value, 0);
}

/** The melee touch attack bonus to grab (core "Grab"): BAB + Str + size, injury, conditions, effects. */
export function touchAttackBonus(actor: Actor): number {
  const sys = creature(actor);
  const d = sys.derived;
  const statuses = expandConditions(actor.statuses ?? []);
  const conditions = [...statuses].filter((s): s is AttackerCondition =>
    (ATTACKER_CONDITIONS as readonly string[]).includes(s),
  );
  return (
    meleeAttackBonus({
      baseAttackBonus: d.bab,
      strengthModifier: d.abilities.str.mod,
      size: sys.size as Size,
    }) +
    d.hp.injury.penalty +
    attackRollModifiers({ mode: 'melee', conditions, touch: true }).total +
    conditionRollModifier(statuses, 'attack', { ignoreUnknown: true }).total +
    (sys.attack?.bonuses?.melee ?? 0)
  );
}

/* -------------------------------------------------------------------------- */
/*  Rendering                                                                  */
/* -------------------------------------------------------------------------- */

function nameOf(state: GrappleCardState, uuid: string): string {
  return uuid === state.attacker.actorUuid ? state.attacker.name : state.defender.name;
}

function sideName(state: GrappleCardState, side: GrappleSide): string {
  return side === 'attacker' ? state.attacker.name : state.defender.name;
}

function stepText(state: GrappleCardState, step: GrappleStep): string[] {
  const actorName = sideName(state, step.side);
  const oppName = sideName(state, other(step.side));
  const move = t(`GNG.Grapple.Move.${step.move}`);
  const lines: string[] = [];
  if (step.reason)
    lines.push(f(`GNG.Grapple.Result.Reason.${step.reason}`, { move, name: actorName, opponent: oppName }));
  else if (step.opponent)
    lines.push(
      f(step.won ? 'GNG.Grapple.Result.Won' : 'GNG.Grapple.Result.Lost', {
        move,
        name: actorName,
        total: step.actor.total,
        opponent: oppName,
        opposing: step.opponent.total,
      }),
    );
  if (step.damage)
    lines.push(
      f(
        step.move === 'removeWeapon' || step.move === 'pullWeapon'
          ? 'GNG.Grapple.Result.Removal'
          : 'GNG.Grapple.Result.Damage',
        {
          formula: step.damage.formula,
          weapon: step.damage.weapon ?? t('GNG.Grapple.Unarmed'),
          rolled: step.damage.rolled,
          rd: step.relativeDegree,
          total: step.damage.total,
          dealt: step.damage.dealt,
        },
      ),
    );
  if (step.save)
    lines.push(
      f(step.save.failed ? 'GNG.Grapple.Result.SaveFailed' : 'GNG.Grapple.Result.SaveMade', {
        total: step.save.total,
        dc: step.save.dc,
      }),
    );
  if (step.move === 'throw' && step.won) {
    lines.push(f('GNG.Grapple.Result.Thrown', { name: oppName, feet: step.throwMaxFeet }));
    if (step.throwKept !== null)
      lines.push(
        step.throwFeet > 0
          ? f('GNG.Grapple.Result.ThrownAway', { name: oppName, feet: step.throwFeet })
          : f(step.throwKept ? 'GNG.Grapple.Result.ThrownKept' : 'GNG.Grapple.Result.ThrownLetGo', {
              name: actorName,
              opponent: oppName,
            }),
      );
  }
  for (const a of step.added)
    lines.push(
      f('GNG.Grapple.Result.Status', {
        status: t(`GNG.Status.${a.status}`),
        name: nameOf(state, a.actorUuid),
      }),
    );
  for (const e of step.timed)
    lines.push(
      f(e.dice.length ? 'GNG.Grapple.Result.TimedDice' : 'GNG.Grapple.Result.Timed', {
        status: t(`GNG.Status.${e.status}`),
        name: nameOf(state, e.actorUuid),
        rounds: e.rounds,
        dice: e.dice.join(', '),
      }),
    );
  for (const r of step.removed)
    lines.push(
      f('GNG.Grapple.Result.Cleared', {
        status: t(`GNG.Status.${r.status}`),
        name: nameOf(state, r.actorUuid),
      }),
    );
  for (const o of step.others)
    lines.push(f('GNG.Grapple.Result.Other', { name: o.name, total: o.roll.total }));
  if (step.mirrorOf) lines.push(t('GNG.Grapple.Result.Mirror'));
  if (step.weaponRemoved && state.bonus?.weapon)
    lines.push(f('GNG.Grapple.Result.WeaponOut', { weapon: state.bonus.weapon.name }));
  return lines;
}

function weaponRow(state: GrappleCardState, side: GrappleSide) {
  const actor = fromUuidSync(uuidOf(state, side)) as Actor | null;
  const choices = actor ? grappleWeaponChoices(actor, state) : [];
  if (!choices.length || state.phase === 'ended') return null;
  const current = side === 'attacker' ? state.attacker.weaponId : state.defender.weaponId;
  const disabled = !grappleActionAvailable('weapon', state, false);
  const option = (itemId: string, name: string) => ({
    itemId,
    label: name,
    pressed: (current ?? '') === itemId,
    disabled,
    aria: f('GNG.Grapple.Weapon.Use', { name: sideName(state, side), weapon: name }),
  });
  return {
    side,
    label: f('GNG.Grapple.Weapon.Label', { name: sideName(state, side) }),
    options: [
      option('', t('GNG.Grapple.Unarmed')),
      ...choices.map((item) => option(item.id as string, item.name)),
    ],
  };
}

export function grappleCardContext(state: GrappleCardState): Record<string, unknown> {
  const who = (side: GrappleSide) => abilitiesOf(fromUuidSync(uuidOf(state, side)) as Actor | null);
  const button = (action: GrappleAction, side?: GrappleSide) => {
    const w = who(side ?? moveSide(action));
    return {
      action,
      targetId: side ?? 'grapple',
      label: t(`GNG.Grapple.Action.${action}`),
      disabled:
        !grappleActionAvailable(action, state, w.advanced, w.held) || !mayActDespiteConditions(action, w),
    };
  };
  const pending = state.pending;
  const row = (side: GrappleSide) => {
    const moves: { action: GrappleAction; sided: boolean }[] = [];
    const add = (action: GrappleAction, sided = true) => moves.push({ action, sided });
    if (state.phase === 'grab') {
      if (side === 'attacker') add('touch', false);
      else if (state.provokes) add('aoo', false);
    }
    add('damage');
    add('pin');
    if (who(side).advanced) ['choke', 'lock', 'throw'].forEach((m) => add(m as GrappleAction));
    add('escape');
    add('escapeArtist');
    if (state.bonus?.weapon) add(side === 'attacker' ? 'removeWeapon' : 'pullWeapon', false);
    return {
      side,
      label: f('GNG.Grapple.Moves', { name: sideName(state, side) }),
      buttons: moves.map(({ action, sided }) =>
        sided ? button(action, side) : { ...button(action), targetId: 'grapple' },
      ),
    };
  };
  const bonus = state.bonus;
  return {
    heading: f('GNG.Grapple.Heading', { attacker: state.attacker.name, defender: state.defender.name }),
    provokes: state.provokes && state.phase === 'grab',
    aoo: state.aoo && f('GNG.Grapple.AooTaken', { name: state.defender.name, attacker: state.attacker.name }),
    stabAndGrab:
      bonus &&
      (bonus.weapon
        ? f(bonus.removed ? 'GNG.Grapple.StabAndGrab.Removed' : 'GNG.Grapple.StabAndGrab.Lodged', {
            bonus: bonus.value,
            name: state.attacker.name,
            weapon: bonus.weapon.name,
            defender: state.defender.name,
          })
        : f('GNG.Grapple.StabAndGrab.Bonus', { bonus: bonus.value, name: state.attacker.name })),
    phase: t(`GNG.Grapple.Phase.${state.phase}`),
    pending: pending && {
      text: f(pending.move === 'touch' ? 'GNG.Grapple.PendingTouch' : 'GNG.Grapple.Pending', {
        move: t(`GNG.Grapple.Move.${pending.move}`),
        name: sideName(state, pending.side),
        total: pending.roll.total,
        natural: pending.roll.natural,
        opponent: sideName(state, other(pending.side)),
      }),
    },
    steps: state.steps.map((step) => ({ lines: stepText(state, step) })),
    targetId: 'grapple',
    oppose: {
      ...button('oppose'),
      label: t(pending?.move === 'touch' ? 'GNG.Grapple.Action.touchDefense' : 'GNG.Grapple.Action.oppose'),
    },
    rows: [row('attacker'), row('defender')],
    throwChoice: state.throwChoice && {
      side: state.throwChoice.side,
      label: f('GNG.Grapple.ThrowChoice.Label', { name: sideName(state, state.throwChoice.side) }),
      options: [
        { feet: 0, keep: true, label: t('GNG.Grapple.ThrowChoice.Keep') },
        { feet: 0, keep: false, label: t('GNG.Grapple.ThrowChoice.LetGo') },
        ...Array.from({ length: state.throwChoice.maxFeet / 5 }, (_, i) => ({
          feet: (i + 1) * 5,
          keep: false,
          label: f('GNG.Grapple.ThrowChoice.Away', { feet: (i + 1) * 5 }),
        })),
      ],
    },
    weapons: (['attacker', 'defender'] as const).map((side) => weaponRow(state, side)).filter(Boolean),
    undo: button('undo'),
  };
}

export async function renderGrappleCard(state: GrappleCardState): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(GRAPPLE_CARD_TEMPLATE, grappleCardContext(state));
}

/* -------------------------------------------------------------------------- */
/*  The GM's handler                                                           */
/* -------------------------------------------------------------------------- */

const REQUEST_KEYS = new Set(['messageId', 'action']);
const SIDED_KEYS = new Set(['messageId', 'action', 'side']);
const THROW_KEYS = new Set(['messageId', 'action', 'feet', 'keep']);
const WEAPON_KEYS = new Set(['messageId', 'action', 'side', 'itemId']);
const START_KEYS = new Set(['action', 'actorUuid', 'targetUuid', 'tokenId']);

/** `CONFIG.queries['gng.grappleAction']`: runs on the active GM (`action: 'start'` posts a card); never throws. */
export async function handleGrappleAction(
  data: Record<string, unknown>,
  sender: User,
): Promise<CardActionResult> {
  if (typeof data !== 'object' || data === null) return { ok: false, error: 'GNG.Error.Attack.BadRequest' };
  try {
    const bad = () => new Refusal('GNG.Error.Attack.BadRequest');
    if (data.action === 'start') {
      if (Object.keys(data).some((key) => !START_KEYS.has(key))) throw bad();
      if (typeof data.actorUuid !== 'string' || typeof data.targetUuid !== 'string') throw bad();
      if (!(data.tokenId === null || typeof data.tokenId === 'string')) throw bad();
      const message = await postCard(data.actorUuid, data.targetUuid, data.tokenId, sender);
      return { ok: true, messageId: message.id } as CardActionResult;
    }
    const keys =
      data.action === 'weapon'
        ? WEAPON_KEYS
        : data.action === 'throwChoice'
          ? THROW_KEYS
          : isSided(String(data.action))
            ? SIDED_KEYS
            : REQUEST_KEYS;
    if (Object.keys(data).some((key) => !keys.has(key))) throw bad();
    if (typeof data.messageId !== 'string' || !(GRAPPLE_ACTIONS as readonly unknown[]).includes(data.action))
      throw bad();
    let weapon: { side: GrappleSide; itemId: string | null } | null = null;
    if (data.action === 'weapon') {
      if (!isSide(data.side) || !(data.itemId === null || typeof data.itemId === 'string')) throw bad();
      weapon = { side: data.side, itemId: data.itemId || null };
    }
    if ('side' in data && data.action !== 'weapon' && !isSide(data.side)) throw bad();
    let choice: { feet: number; keep: boolean } | null = null;
    if (data.action === 'throwChoice') {
      const feet = data.feet;
      if (typeof feet !== 'number' || !Number.isInteger(feet) || feet < 0 || typeof data.keep !== 'boolean')
        throw bad();
      if (feet > 0 && data.keep) throw bad();
      choice = { feet, keep: data.keep };
    }
    const side = isSide(data.side) ? data.side : undefined;
    const messageId = data.messageId;
    const action = data.action as GrappleAction;
    return serialized(messageId, () => runAction(messageId, action, sender, weapon, side, choice));
  } catch (error) {
    return refusal(error);
  }
}

async function roll(bonus: number): Promise<GrappleRoll> {
  const r = await new Roll('1d20 + @bonus', { bonus }).evaluate();
  const natural = r.dice[0]?.results[0]?.result ?? 0;
  return { natural, bonus, total: r.total as number };
}

/** The melee touch attack to grab: d20 + bonus, with the d10 chain of a natural 20 or 1. */
async function rollTouchAttack(actor: Actor): Promise<GrappleRoll> {
  const bonus = touchAttackBonus(actor);
  const r = await new Roll('1d20 + @bonus', { bonus }).evaluate();
  const natural = r.dice[0]?.results[0]?.result ?? 0;
  const kind = criticalKindForNatural(natural);
  const chain = kind ? await rollChain(kind) : null;
  const attack = attackRollFromValues({ natural, bonus, chainDice: chain?.d10s ?? [] });
  return { natural, bonus, total: attack.total, ...(chain ? { chain: chain.d10s } : {}) };
}

/** The defender's touch Defense roll (engine `defenseBonus` with `touch`; helpless → automatic 1). */
async function rollTouchDefense(defender: Actor): Promise<GrappleRoll> {
  const input = creature(defender).derived.defenseInput;
  const breakdown = defenseBonus({ ...input, attack: 'melee', touch: true });
  const natural = breakdown.autoRollOne ? undefined : ((await new Roll('1d20').evaluate()).total as number);
  const r = defenseRollFromValues({
    ...(natural === undefined ? {} : { natural }),
    bonus: breakdown.total,
    autoRollOne: breakdown.autoRollOne,
  });
  return {
    natural: r.natural,
    bonus: r.bonus,
    total: r.total,
    ...(r.autoRollOne ? { autoRollOne: true } : {}),
  };
}

function hitPoints(actor: Actor): HitPointSnapshot {
  const hp = creature(actor).hp;
  return { value: hp.value, temp: hp.temp, nonlethal: hp.nonlethal };
}

async function createCard(state: GrappleCardState, attacker: Actor): Promise<ChatMessage> {
  const message = await ChatMessage.create({
    content: await renderGrappleCard(state),
    speaker: ChatMessage.getSpeaker({ actor: attacker }),
    flags: { [SYSTEM_ID]: { type: 'grappleCard', grapple: state } },
  });
  if (!message) throw new Refusal('GNG.Error.Attack.Cancelled');
  Hooks.callAll('gng.grapple', message);
  return message;
}

async function postCard(actorUuid: string, targetUuid: string, tokenId: string | null, user: User) {
  const attacker = await actorOf(actorUuid);
  if (!attacker) throw new Refusal('GNG.Error.Attack.NoActor', { name: actorUuid });
  if (!attacker.testUserPermission(user, 'OWNER'))
    throw new Refusal('GNG.Error.Attack.NotAttackerOwner', { name: attacker.name });
  const defender = await actorOf(targetUuid);
  if (!defender || defender === attacker) throw new Refusal('GNG.Error.Attack.UnknownTarget');
  const token = tokenId ? defender.getActiveTokens().find((tk) => tk.id === tokenId) : undefined;
  if (tokenId && !token) throw new Refusal('GNG.Error.Attack.UnknownTarget');
  // Already in a grapple with someone else: the attacker joins it (within the limit of four).
  const existing = activeGrapplesOf(defender.uuid);
  if (existing.some((g) => uuidOf(g.state, other(g.side)) === attacker.uuid))
    throw new Refusal('GNG.Grapple.Error.Already', { name: attacker.name, target: defender.name });
  const joining = existing.length > 0;
  if (joining) {
    const sizes = existing.map((g) => {
      const a = fromUuidSync(uuidOf(g.state, other(g.side))) as Actor | null;
      return (a ? creature(a).size : 'medium') as Size;
    });
    if (!canJoinGrapple(sizes, creature(attacker).size as Size, creature(defender).size as Size))
      throw new Refusal('GNG.Grapple.Error.TooMany', { target: defender.name });
  }
  const provokes = !joining && !hasFeat(attacker, 'improved-grapple');
  const state = newGrappleState('grapple', attacker, defender, token, {
    provokes,
    phase: 'grab',
    // No attack of opportunity to wait for: the touch attack is rolled at once.
    pending:
      provokes || joining
        ? null
        : { move: 'touch', side: 'attacker', by: user.id as string, roll: await rollTouchAttack(attacker) },
  });
  if (joining) {
    // Core "Joining a Grapple": "the target doesn't get an attack of opportunity against the
    // character, and the character's grab automatically succeeds" — straight to the hold.
    state.join = true;
    state.phase = 'starting';
    state.pending = {
      move: 'start',
      side: 'attacker',
      by: user.id as string,
      roll: await roll(checkBonus(state, 'attacker', attacker, 'start')),
    };
  }
  return createCard(state, attacker);
}

/**
 * GM side, after a Stab and Grab hit (GnG "Stab and Grab": "You immediately perform a grapple check,
 * with a +4 bonus on your roll, to initiate a grapple … If you win the check, you are now
 * grappling"): posts a grapple card at the hold — no attack of opportunity, no touch attack (the hit
 * was the grab) — with the attacker's hold check already rolled with `+bonus`, waiting for the
 * defender's Grapple check; a won hold links both actors as any grapple does. The attacker keeps
 * `+bonus` on its grapple checks while the weapon stays lodged (`lodgedWeaponId`; without it, while the
 * card lasts), shown on the card; with `lodgedWeaponId` either side may try to remove the weapon
 * (opposed check; `stabAndGrabRemovalDamage`, ignoring Protection, with Undo). Throws a
 * {@link Refusal} on bad input (the caller's GM handler relays it to the asking user).
 */
export async function openGrappleOnHit(options: {
  attacker: Actor;
  defender: Actor;
  tokenId: string | null;
  user: User;
  bonus: number;
  source: 'stab-and-grab';
  lodgedWeaponId?: string;
}): Promise<ChatMessage | null> {
  const { attacker, defender, tokenId, user, bonus } = options;
  if (options.source !== 'stab-and-grab' || !Number.isInteger(bonus) || bonus < 0)
    throw new Refusal('GNG.Error.Attack.BadRequest');
  if (!attacker || !defender || attacker === defender) throw new Refusal('GNG.Error.Attack.UnknownTarget');
  if (!attacker.testUserPermission(user, 'OWNER'))
    throw new Refusal('GNG.Error.Attack.NotAttackerOwner', { name: attacker.name });
  const token = tokenId ? defender.getActiveTokens().find((tk) => tk.id === tokenId) : undefined;
  let weapon: NonNullable<GrappleCardState['bonus']>['weapon'] = null;
  if (options.lodgedWeaponId !== undefined) {
    const item = attacker.items.get(options.lodgedWeaponId);
    if (!item || item.type !== 'weapon') throw new Refusal('GNG.Grapple.Error.NoWeapon');
    const w = item.system as WeaponData;
    const dice = w.damage[creature(attacker).size as Size] || w.damage[w.size] || '';
    if (!dice) throw new Refusal('GNG.Grapple.Error.NoWeapon');
    weapon = { itemId: item.id as string, name: item.name, damageDice: dice };
  }
  const state = newGrappleState('stab-and-grab', attacker, defender, token, {
    phase: 'starting',
    bonus: { value: bonus, source: 'stab-and-grab', weapon, removed: false },
  });
  state.pending = {
    move: 'start',
    side: 'attacker',
    by: user.id as string,
    roll: await roll(checkBonus(state, 'attacker', attacker, 'start')),
  };
  return createCard(state, attacker);
}

/** A new card's state: `attacker` grapples `defender` (shown by its token's name), nothing rolled yet. */
function newGrappleState(
  source: GrappleCardState['source'],
  attacker: Actor,
  defender: Actor,
  token: Token | null | undefined,
  start: Pick<GrappleCardState, 'phase'> & Partial<Pick<GrappleCardState, 'provokes' | 'pending' | 'bonus'>>,
): GrappleCardState {
  return {
    version: 2,
    source,
    attacker: { actorUuid: attacker.uuid, name: attacker.name, weaponId: null },
    defender: {
      actorUuid: defender.uuid,
      name: token?.document.name || defender.name,
      tokenId: token?.id ?? null,
      weaponId: null,
    },
    provokes: false,
    aoo: null,
    pending: null,
    steps: [],
    join: false,
    throwChoice: null,
    bonus: null,
    ...start,
  };
}

async function setStatus(actor: Actor, status: string, active: boolean, other?: Actor): Promise<boolean> {
  if (actor.statuses.has(status) === active) return false;
  if (!active) {
    // Timed grapple effects (pin, lock, choke) are Active Effects of their own: delete them.
    const ids = actor.effects
      .filter((e) => e.statuses.has(status) && e.getFlag(SYSTEM_ID, 'grappleTimed') === true)
      .map((e) => e.id as string);
    if (ids.length) await actor.deleteEmbeddedDocuments('ActiveEffect', ids);
    if (!actor.statuses.has(status)) return true;
  }
  const effect = await actor.toggleStatusEffect(status, { active });
  if (active && other && effect && typeof effect === 'object')
    await (effect as ActiveEffect).setFlag(SYSTEM_ID, 'grappleWith', other.uuid);
  return true;
}

/** Creates a timed condition (an Active Effect with `duration.rounds`; conditions-timer.ts expires it). */
async function addTimed(
  step: GrappleStep,
  target: Actor,
  status: string,
  rounds: number,
  dice: number[],
  messageId: string,
): Promise<void> {
  const [created] = await target.createEmbeddedDocuments('ActiveEffect', [
    {
      name: t(`GNG.Status.${status}`),
      img: 'icons/svg/net.svg',
      statuses: [status],
      // In combat the duration starts now (Foundry fills this in too; written here so it never waits).
      duration: game.combat
        ? { rounds, startRound: game.combat.round, startTurn: game.combat.turn }
        : { rounds },
      flags: { [SYSTEM_ID]: { grappleTimed: true, message: messageId } },
    },
  ]);
  step.timed.push({
    actorUuid: target.uuid,
    status,
    rounds,
    dice,
    effectId: (created?.id as string | undefined) ?? null,
  });
}

async function runAction(
  messageId: string,
  action: GrappleAction,
  user: User,
  weapon: { side: GrappleSide; itemId: string | null } | null,
  requestedSide?: GrappleSide,
  choice: { feet: number; keep: boolean } | null = null,
): Promise<void> {
  const message = game.messages.get(messageId);
  const stored = grappleState(message);
  // Only the GM writes grapple cards: a card another user wrote is not trusted.
  if (!message || !stored || !message.author?.isGM) throw new Refusal('GNG.Grapple.Error.NoCard');
  const state = structuredClone(stored);
  const attacker = await actorOf(state.attacker.actorUuid);
  const defender = await actorOf(state.defender.actorUuid);
  if (!attacker || !defender) throw new Refusal('GNG.Error.Attack.NoActor', { name: state.defender.name });
  const actorFor = (side: GrappleSide) => (side === 'attacker' ? attacker : defender);
  const actingSide = isSided(action) ? (requestedSide ?? moveSide(action)) : moveSide(action);
  if (!grappleUserMayAct(user, action, state, weapon?.side ?? (isSided(action) ? actingSide : undefined)))
    throw new Refusal('GNG.Grapple.Error.NotAllowed', { name: user.name });
  const who = abilitiesOf(actorFor(actingSide));
  if (!grappleActionAvailable(action, state, who.advanced, who.held))
    throw new Refusal(`GNG.Grapple.Error.Unavailable.${action}`);
  if (!mayActDespiteConditions(action, who))
    throw new Refusal('GNG.Grapple.Error.CannotAct', {
      name: actorFor(actingSide).name,
      condition: t(`GNG.Status.${who.cannotAct}`),
    });

  if (action === 'undo') await undo(state, state.steps.pop() as GrappleStep, messageId);
  else if (action === 'throwChoice')
    await chooseThrow(state, choice as { feet: number; keep: boolean }, attacker, defender, messageId);
  else if (action === 'weapon') {
    const { side, itemId } = weapon as { side: GrappleSide; itemId: string | null };
    if (itemId && !grappleWeaponChoices(actorFor(side), state).some((item) => item.id === itemId))
      throw new Refusal('GNG.Grapple.Error.NoWeapon');
    const current = side === 'attacker' ? state.attacker : state.defender;
    if (current.weaponId === itemId) throw new Refusal('GNG.Grapple.Error.SameWeapon');
    current.weaponId = itemId;
  } else if (action === 'aoo') {
    state.aoo = { by: user.id as string, hp: hitPoints(attacker) };
  } else if (action === 'oppose') {
    const pending = state.pending as GrapplePending;
    const opponent = actorFor(other(pending.side));
    state.pending = null;
    if (pending.move === 'touch') {
      const defense = await rollTouchDefense(opponent);
      const r = resolveAttack(pending.roll.total, defense.total);
      const step = newStep(state, pending, user);
      step.opponent = defense;
      step.won = r.hit;
      step.relativeDegree = r.relativeDegree;
      state.steps.push(step);
      if (r.hit) await afterGrab(state, attacker, defender, user);
      else state.phase = 'ended';
    } else {
      // The opponent always answers with its grapple check (Escape Artist is the escaper's option).
      const opp = await roll(checkBonus(state, other(pending.side), opponent, 'start'));
      const escaping = pending.move === 'escape' || pending.move === 'escapeArtist';
      const others = escaping ? await rollOtherGrapplers(actorFor(pending.side), messageId) : [];
      state.steps.push(
        await resolve(state, pending, opp, actorFor(pending.side), opponent, user, messageId, others),
      );
    }
  } else if (
    action === 'touch' &&
    state.aoo &&
    attackOfOpportunityStopsGrapple(state.aoo.hp, hitPoints(attacker))
  ) {
    // Core "Attack of Opportunity": "If the attack of opportunity deals the character damage, the
    // character fails to start the grapple."
    const step = newStep(
      state,
      { move: 'touch', side: 'attacker', by: user.id as string, roll: zeroRoll() },
      user,
    );
    step.reason = 'aooDamage';
    state.steps.push(step);
    state.phase = 'ended';
  } else {
    const side = actingSide;
    state.pending = {
      move: action,
      side,
      by: user.id as string,
      roll:
        action === 'touch'
          ? await rollTouchAttack(attacker)
          : await roll(checkBonus(state, side, actorFor(side), action)),
    };
  }
  await message.update({ content: await renderGrappleCard(state), [`flags.${SYSTEM_ID}.grapple`]: state });
}

const zeroRoll = (): GrappleRoll => ({ natural: 0, bonus: 0, total: 0 });

/** The grab hit: the hold check is rolled at once (core "Hold": a free action), or fails by size. */
async function afterGrab(
  state: GrappleCardState,
  attacker: Actor,
  defender: Actor,
  user: User,
): Promise<void> {
  if (!canAttemptHold(creature(attacker).size as Size, creature(defender).size as Size)) {
    const step = newStep(
      state,
      { move: 'start', side: 'attacker', by: user.id as string, roll: zeroRoll() },
      user,
    );
    step.reason = 'holdTooLarge';
    state.steps.push(step);
    state.phase = 'ended';
    return;
  }
  state.phase = 'starting';
  state.pending = {
    move: 'start',
    side: 'attacker',
    by: user.id as string,
    roll: await roll(checkBonus(state, 'attacker', attacker, 'start')),
  };
}

function newStep(state: GrappleCardState, pending: GrapplePending, user: User): GrappleStep {
  return {
    move: pending.move,
    side: pending.side,
    by: user.id as string,
    actor: pending.roll,
    opponent: null,
    won: false,
    relativeDegree: 0,
    reason: null,
    damage: null,
    save: null,
    throwMaxFeet: 0,
    throwFeet: 0,
    throwKept: null,
    added: [],
    removed: [],
    timed: [],
    weaponRemoved: false,
    others: [],
    mirrorOf: null,
    hpBefore: null,
    phaseBefore: state.phase,
  };
}

async function resolve(
  state: GrappleCardState,
  pending: GrapplePending,
  opp: GrappleRoll,
  actor: Actor,
  opponent: Actor,
  user: User,
  messageId: string,
  others: OtherGrappler[] = [],
): Promise<GrappleStep> {
  const { move, side } = pending;
  const step = newStep(state, pending, user);
  step.opponent = opp;
  const add = async (target: Actor, status: string, partner?: Actor) => {
    if (await setStatus(target, status, true, partner)) step.added.push({ actorUuid: target.uuid, status });
  };
  const clear = (target: Actor, status: string) => clearInto(step.removed, target, status, messageId);
  const endGrapple = async () => {
    for (const status of ['grappling', 'pinned', 'locked']) {
      await clear(actor, status);
      await clear(opponent, status);
    }
    state.phase = 'ended';
  };
  // The side the grapple damages (the defender) and who deals it (the attacker).
  const attackerActor = side === 'attacker' ? actor : opponent;
  const defenderActor = side === 'attacker' ? opponent : actor;

  if (move === 'escape' || move === 'escapeArtist') {
    // Core "Multiple Grapplers": "to escape, a character's grapple check must beat the check results of all opponents".
    const r = resolveEscape(pending.roll.total, [opp.total, ...others.map((o) => o.roll.total)]);
    step.won = r.escaped;
    step.relativeDegree = r.margin;
    step.others = others.map((o) => ({
      messageId: o.grapple.message.id as string,
      name: o.actor.name,
      roll: o.roll,
      ended: false,
    }));
    if (!r.escaped) return step;
    // Core "Escape from Pin" / GnG "Locked": escaping a pin or lock leaves the grapple on.
    if (
      escapeEnds({ pinned: actor.statuses.has('pinned'), locked: actor.statuses.has('locked') }) === 'hold'
    ) {
      await clear(actor, 'pinned');
      await clear(actor, 'locked');
    } else {
      for (const [index, o] of others.entries()) {
        await endOtherGrapple(o, step, user, messageId);
        (step.others[index] as GrappleStep['others'][number]).ended = true;
      }
      await endGrapple();
    }
    return step;
  }
  if (move === 'removeWeapon' || move === 'pullWeapon') {
    const r = resolveGrappleCheck(pending.roll.total, opp.total);
    step.won = r.won;
    step.relativeDegree = r.relativeDegree;
    if (!r.won) return step;
    await removeLodgedWeapon(state, step, defenderActor);
    return step;
  }
  if (move === 'choke' || move === 'lock' || move === 'throw') {
    const r = resolveGrappleManeuver(move, pending.roll.total, opp.total);
    step.won = r.won;
    step.relativeDegree = r.relativeDegree;
    step.actor = { ...pending.roll, total: r.attackerTotal };
    if (!r.won) return step;
    if (r.dealsDamage) await dealDamage(state, step, actor, opponent, move === 'throw');
    if (move === 'choke') {
      const d = creature(actor).derived;
      const dealt = step.damage?.dealt ?? 0;
      let fort: number | undefined;
      const immune = hasAnatomy(opponent, 'no-constitution') || hasAnatomy(opponent, 'no-circulatory-system');
      if (dealt >= 1 && !immune) fort = (await roll(creature(opponent).derived.saves.fort.total)).total;
      const save = resolveChokeSave({
        damageDealt: dealt,
        baseAttackBonus: d.bab,
        strengthModifier: d.abilities.str.mod,
        fortitudeSave: fort,
        immune,
      });
      if (fort !== undefined) step.save = { dc: save.dc, total: fort, failed: save.applies };
      if (save.applies) {
        // "stunned for one round and dazed for 1d4 rounds after that" (engine `chokeEffectRounds`).
        const dazed = await new Roll(save.dazedRounds ?? CHOKE_EFFECT.dazedRounds).evaluate();
        const dice = dazed.dice.flatMap((term) => term.results.map((res) => res.result));
        const rounds = chokeEffectRounds(dazed.total as number);
        await addTimed(step, opponent, 'stunned', rounds.stunned, [], messageId);
        await addTimed(step, opponent, 'dazed', rounds.dazed, dice, messageId);
      }
    }
    if (move === 'lock') await addTimed(step, opponent, 'locked', lockRounds(), [], messageId);
    for (const status of r.conditions) if (status !== 'locked') await add(opponent, status);
    if (move === 'throw') {
      // "you can choose to throw him 5 feet away … Otherwise, you can choose to end or maintain your grapple".
      step.throwMaxFeet = r.throwMaxFeet;
      state.throwChoice = { side, maxFeet: r.throwMaxFeet };
    }
    return step;
  }
  // start, damage, pin: the plain opposed grapple check.
  const pin = move === 'pin' ? resolvePin(pending.roll.total, opp.total) : null;
  const r = pin ?? resolveGrappleCheck(pending.roll.total, opp.total);
  step.won = r.won;
  step.relativeDegree = r.relativeDegree;
  if (!r.won) {
    // A lost hold ends the attempt (core "Hold": "If the character loses, he or she fails to start the grapple").
    if (move === 'start') state.phase = 'ended';
    return step;
  }
  if (move === 'start') {
    await add(attackerActor, 'grappling', defenderActor);
    await add(defenderActor, 'grappling', attackerActor);
    state.phase = 'grappling';
    // Core "Hold": "deals damage to the target as if with an unarmed strike" (+ RD, GnG).
    await dealDamage(state, step, actor, opponent, false);
  } else if (move === 'pin') {
    await addTimed(step, opponent, 'pinned', (pin as { pinnedRounds: number }).pinnedRounds, [], messageId);
  } else await dealDamage(state, step, actor, opponent, false);
  return step;
}

/** Lock: "you hold him immobile for one round" (the locked condition's typical duration). */
function lockRounds(): number {
  return conditionEffects('locked').typicalRounds ?? 1;
}

function hasAnatomy(actor: Actor, flag: string): boolean {
  return (creature(actor).creatureTraits().anatomy as readonly string[]).includes(flag);
}

/** Takes `lethal` damage off `target` through the shared HP pipeline and records it for Undo. */
async function loseHitPoints(step: GrappleStep, target: Actor, lethal: number): Promise<void> {
  if (lethal <= 0) return;
  // Grapple damage is taken like any other: temporary HP first, trauma, dying/dead by size.
  const loss = (await applyHitPointLoss(target, { lethal, nonlethal: 0 }, () => true)) as HitPointLoss;
  step.hpBefore = {
    actorUuid: target.uuid,
    snapshot: loss.before,
    statusesAdded: loss.statusesAdded,
    traumaBefore: loss.traumaBefore,
  };
}

/**
 * Rolls the higher of the chosen weapon's and the unarmed damage (unarmed only: `unarmedOnly`, as
 * Throw), + RD, − Protection, and applies it (GnG "Grappling with Weapons", "Grapple Checks").
 */
async function dealDamage(
  state: GrappleCardState,
  step: GrappleStep,
  actor: Actor,
  target: Actor,
  unarmedOnly: boolean,
): Promise<void> {
  const d = creature(actor).derived;
  const unarmed = `${UNARMED_DAMAGE_DICE} + ${d.abilities.str.mod}`;
  const weaponItem = unarmedOnly ? null : chosenWeapon(state, step.side, actor);
  const row = weaponItem ? (d.attacks.find((a) => a.itemId === weaponItem.id) ?? null) : null;
  const useWeapon = !!row && grappleDamageSource(row.damageDice, UNARMED_DAMAGE_DICE) === 'weapon';
  const r = await new Roll(useWeapon ? (row as { damage: string }).damage : unarmed).evaluate();
  const rolled = Math.max(0, r.total as number);
  const total = grappleDamage(rolled, Math.max(0, step.relativeDegree));
  const protection = creature(target).derived.protection.total;
  const dealt = Math.max(0, total - protection);
  step.damage = {
    formula: r.formula,
    weapon: useWeapon && weaponItem ? weaponItem.name : null,
    rolled,
    total,
    protection,
    dealt,
  };
  await loseHitPoints(step, target, dealt);
}

/** Removing the lodged Stab and Grab weapon: its dice only (doubled if barbed), ignoring Protection. */
async function removeLodgedWeapon(state: GrappleCardState, step: GrappleStep, victim: Actor): Promise<void> {
  const bonus = state.bonus as NonNullable<GrappleCardState['bonus']>;
  const weapon = bonus.weapon as NonNullable<typeof bonus.weapon>;
  // No weapon property says "barbed" yet: barbed weapons are not doubled (decision G7).
  const damage = stabAndGrabRemovalDamage(weapon.damageDice, { barbed: false });
  const formula = `${damage.dice.count}d${damage.dice.faces}`;
  const r = await new Roll(formula).evaluate();
  const rolled = Math.max(0, r.total as number);
  step.damage = {
    formula: r.formula,
    weapon: weapon.name,
    rolled,
    total: rolled,
    protection: 0,
    dealt: rolled,
  };
  bonus.removed = true;
  step.weaponRemoved = true;
  await loseHitPoints(step, victim, rolled);
}

async function undo(state: GrappleCardState, step: GrappleStep, messageId: string): Promise<void> {
  for (const e of [...step.timed].reverse()) {
    const a = await actorOf(e.actorUuid);
    if (a && e.effectId && a.effects.get(e.effectId))
      await a.deleteEmbeddedDocuments('ActiveEffect', [e.effectId]);
  }
  for (const { actorUuid, status } of [...step.added].reverse()) {
    const a = await actorOf(actorUuid);
    if (a) await setStatus(a, status, false);
  }
  for (const { actorUuid, status, duration } of step.removed) {
    const a = await actorOf(actorUuid);
    const partner = await actorOf(
      actorUuid === state.attacker.actorUuid ? state.defender.actorUuid : state.attacker.actorUuid,
    );
    if (a && duration && !a.statuses.has(status))
      await a.createEmbeddedDocuments('ActiveEffect', [
        {
          name: t(`GNG.Status.${status}`),
          img: 'icons/svg/net.svg',
          statuses: [status],
          duration,
          flags: { [SYSTEM_ID]: { grappleTimed: true, message: messageId } },
        },
      ]);
    else if (a) await setStatus(a, status, true, status === 'grappling' ? (partner ?? undefined) : undefined);
  }
  if (step.hpBefore) {
    const a = await actorOf(step.hpBefore.actorUuid);
    if (a) await restoreHitPointLoss(a, step.hpBefore);
  }
  if (step.weaponRemoved && state.bonus) state.bonus.removed = false;
  if (step.move === 'throw') state.throwChoice = null;
  state.phase = step.phaseBefore;
  // Undoing a touch attack or a hold: the acting side's roll waits for the answer again.
  if ((step.move === 'start' || step.move === 'touch') && !step.reason)
    state.pending = { move: step.move, side: 'attacker', by: step.by, roll: step.actor };
  // An escape from several grapplers: the other cards it ended come back too.
  for (const o of step.others.filter((x) => x.ended)) {
    const message = game.messages.get(o.messageId);
    const stored = grappleState(message);
    const mirror = stored?.steps.at(-1);
    if (!message || !stored || mirror?.mirrorOf !== messageId) continue;
    const otherState = structuredClone(stored);
    await undo(otherState, otherState.steps.pop() as GrappleStep, o.messageId);
    await message.update({
      content: await renderGrappleCard(otherState),
      [`flags.${SYSTEM_ID}.grapple`]: otherState,
    });
  }
}

/**
 * The thrower's choice after a won Throw (GnG "Throw"): any distance (a multiple of 5 ft up to the
 * maximum) ends the grapple (`throwEndsGrapple`); in place, the thrower keeps or ends it. What ends
 * is recorded on the throw's step, so its Undo reverts the whole throw.
 */
async function chooseThrow(
  state: GrappleCardState,
  choice: { feet: number; keep: boolean },
  attacker: Actor,
  defender: Actor,
  messageId: string,
): Promise<void> {
  const pendingChoice = state.throwChoice as NonNullable<GrappleCardState['throwChoice']>;
  const step = state.steps.at(-1) as GrappleStep;
  let away: boolean;
  try {
    away = throwEndsGrapple(choice.feet, pendingChoice.maxFeet);
  } catch {
    throw new Refusal('GNG.Grapple.Error.ThrowDistance', { max: pendingChoice.maxFeet });
  }
  step.throwFeet = choice.feet;
  step.throwKept = !away && choice.keep;
  state.throwChoice = null;
  if (step.throwKept) return;
  for (const status of ['grappling', 'pinned', 'locked']) {
    await clearInto(step.removed, attacker, status, messageId);
    await clearInto(step.removed, defender, status, messageId);
  }
  state.phase = 'ended';
}

/** Clears `status` on `target` (recorded in `list`), but `grappling` stays while another grapple holds it. */
async function clearInto(
  list: GrappleStep['removed'],
  target: Actor,
  status: string,
  messageId: string,
): Promise<void> {
  if (status === 'grappling' && activeGrapplesOf(target.uuid, messageId).length > 0) return;
  const timedEffect = target.effects.find(
    (e) => e.statuses.has(status) && e.getFlag(SYSTEM_ID, 'grappleTimed') === true,
  );
  const duration = timedEffect ? structuredClone(timedEffect.duration) : undefined;
  if (await setStatus(target, status, false))
    list.push({ actorUuid: target.uuid, status, ...(duration ? { duration } : {}) });
}

interface OtherGrappler {
  grapple: ActiveGrapple;
  actor: Actor;
  roll: GrappleRoll;
}

/** The GM rolls the grapple check of every other grappler holding `escaper` (on other cards). */
async function rollOtherGrapplers(escaper: Actor, messageId: string): Promise<OtherGrappler[]> {
  const found: OtherGrappler[] = [];
  for (const grapple of activeGrapplesOf(escaper.uuid, messageId)) {
    const side = other(grapple.side);
    const actor = await actorOf(uuidOf(grapple.state, side));
    if (!actor) continue;
    found.push({ grapple, actor, roll: await roll(checkBonus(grapple.state, side, actor, 'start')) });
  }
  return found;
}

/**
 * A won escape from several grapplers ends the other cards too: each gets a mirrored step (its
 * statuses cleared there, its phase ended) that only the escape's own Undo reverts.
 */
async function endOtherGrapple(
  o: OtherGrappler,
  main: GrappleStep,
  user: User,
  mainMessageId: string,
): Promise<void> {
  const otherId = o.grapple.message.id as string;
  const state = structuredClone(o.grapple.state);
  const escaperSide = o.grapple.side;
  const mirror = newStep(
    state,
    { move: main.move, side: escaperSide, by: user.id as string, roll: main.actor },
    user,
  );
  mirror.opponent = o.roll;
  mirror.won = true;
  mirror.relativeDegree = main.actor.total - o.roll.total;
  mirror.mirrorOf = mainMessageId;
  state.phase = 'ended';
  const escaper = await actorOf(uuidOf(state, escaperSide));
  for (const status of ['pinned', 'locked', 'grappling']) {
    await clearInto(mirror.removed, o.actor, status, otherId);
    // The escaper's own `grappling` goes with the last card (the escape's card).
    if (escaper && status !== 'grappling') await clearInto(mirror.removed, escaper, status, otherId);
  }
  state.steps.push(mirror);
  await o.grapple.message.update({
    content: await renderGrappleCard(state),
    [`flags.${SYSTEM_ID}.grapple`]: state,
  });
}

/* -------------------------------------------------------------------------- */
/*  The asking client                                                          */
/* -------------------------------------------------------------------------- */

/** The user's single targeted token that is not `actor`'s, or null. */
export function singleGrappleTarget(actor: Actor, user: User = game.user): Token | null {
  const tokens = [...user.targets].filter((token) => token.actor && token.actor !== actor);
  return tokens.length === 1 ? (tokens[0] as Token) : null;
}

/**
 * `game.gng.grapple(actor, options)`: `actor` (owned by the user) starts a grapple against
 * `options.target` or the user's single targeted token; the GM posts the card.
 */
export async function startGrapple(actor: Actor, options: GrappleOptions = {}): Promise<ChatMessage | null> {
  if (!actor.isOwner) {
    ui.notifications.warn(f('GNG.Error.Attack.NotAttackerOwner', { name: actor.name }));
    return null;
  }
  let target: { actorUuid: string; tokenId: string | null };
  if (options.target) target = { actorUuid: options.target.uuid, tokenId: null };
  else {
    const token = singleGrappleTarget(actor);
    if (!token) {
      ui.notifications.warn(t('GNG.Grapple.Error.OneTarget'));
      return null;
    }
    target = { actorUuid: (token.actor as Actor).uuid, tokenId: token.id };
  }
  const result = (await askGM(GRAPPLE_QUERY, {
    action: 'start',
    actorUuid: actor.uuid,
    targetUuid: target.actorUuid,
    tokenId: target.tokenId,
  })) as CardActionResult & { messageId?: string };
  return result.ok && result.messageId ? (game.messages.get(result.messageId) ?? null) : null;
}

export function requestGrappleAction(
  messageId: string,
  action: GrappleAction,
  extra: Record<string, unknown> = {},
): Promise<CardActionResult> {
  return askGM(GRAPPLE_QUERY, { messageId, action, ...extra });
}

/** `renderChatMessageHTML` on a grapple card: hides the buttons the user may not use. */
export function decorateGrappleCard(message: ChatMessage, html: HTMLElement): void {
  const state = grappleState(message);
  if (!state) {
    // A card of an older version of the system (its state is not read any more): it stays in the
    // log as a record, its buttons disabled with the reason.
    if (message.flags?.[SYSTEM_ID]?.grapple) {
      for (const button of html.querySelectorAll<HTMLButtonElement>('button[data-action]')) {
        button.disabled = true;
        button.title = t('GNG.Grapple.Error.OldCard');
      }
    }
    return;
  }
  decorateButtons(
    html,
    (action, targetId) =>
      (GRAPPLE_ACTIONS as readonly string[]).includes(action) &&
      grappleUserMayAct(game.user, action as GrappleAction, state, isSide(targetId) ? targetId : undefined),
    (action, targetId, button) =>
      action === 'throwChoice'
        ? requestGrappleAction(message.id as string, 'throwChoice', {
            feet: Number(button.dataset.feet),
            keep: button.dataset.keep === 'true',
          })
        : action === 'weapon'
          ? requestGrappleAction(message.id as string, 'weapon', {
              side: targetId,
              itemId: button.dataset.itemId || null,
            })
          : isSided(action) && isSide(targetId)
            ? requestGrappleAction(message.id as string, action as GrappleAction, { side: targetId })
            : requestGrappleAction(message.id as string, action as GrappleAction),
  );
}

/** One grapple as the actor's sheet offers it: the legal moves of the actor's side that the user may make. */
export interface SheetGrapple {
  messageId: string;
  label: string;
  /** The opposed check is waiting for this side. */
  waiting: string;
  buttons: { move: GrappleAction; side: string; label: string }[];
}

/**
 * The sheet's grapple moves (issue 7: "the grappler's sheet and the card offer the legal options"):
 * for each grapple card that holds `actor`, the buttons of the actor's row of the card that are
 * available now and that `user` may press, plus the Grapple check when the other side waits for it.
 * The sheet sends them through {@link requestGrappleAction}, exactly as the card does.
 */
export function sheetGrapples(actor: Actor, user: User): SheetGrapple[] {
  // Every sheet render asks: skip the scan of the chat log unless the actor is grappling at all.
  if (!actor.statuses.has('grappling')) return [];
  return activeGrapplesOf(actor.uuid).map(({ message, state, side }) => {
    const context = grappleCardContext(state) as {
      rows: {
        side: GrappleSide;
        buttons: { action: GrappleAction; targetId: string; label: string; disabled: boolean }[];
      }[];
      oppose: { label: string; disabled: boolean };
    };
    const row = context.rows.find((r) => r.side === side);
    const buttons = (row?.buttons ?? [])
      .filter(
        (b) =>
          !b.disabled &&
          grappleUserMayAct(user, b.action, state, isSide(b.targetId) ? b.targetId : undefined),
      )
      .map((b) => ({ move: b.action, side: b.targetId, label: b.label }));
    const mayOppose =
      state.pending !== null && state.pending.side !== side && grappleUserMayAct(user, 'oppose', state);
    if (mayOppose) buttons.unshift({ move: 'oppose', side: 'grapple', label: context.oppose.label });
    return {
      messageId: message.id as string,
      label: f('GNG.Grapple.SheetLabel', { opponent: sideName(state, other(side)) }),
      waiting: mayOppose ? '' : state.pending ? t('GNG.Grapple.SheetWaiting') : '',
      buttons,
    };
  });
}

/** A move pressed on a sheet: the same request as the card's button (sided moves name their side). */
export function requestSheetGrappleMove(
  messageId: string,
  move: string,
  side: string,
): Promise<CardActionResult> {
  // An unknown move is refused (with its warning) by the GM's handler, as a forged card request is.
  return isSided(move) && isSide(side)
    ? requestGrappleAction(messageId, move as GrappleAction, { side })
    : requestGrappleAction(messageId, move as GrappleAction);
}

/** Open sheets of the actors of a grapple card render again when the card changes (their moves change). */
function renderGrapplersSheets(message: ChatMessage): void {
  const state = grappleState(message);
  if (!state) return;
  const uuids = new Set([state.attacker.actorUuid, state.defender.actorUuid]);
  for (const app of foundry.applications.instances.values()) {
    const document = (app as ApplicationV2 & { document?: FoundryDocument }).document;
    if (document && uuids.has(document.uuid)) void app.render(false);
  }
}

/**
 * Active GM: the grapple cards holding `actor` are rendered again when its conditions change (a pin
 * or a stun running out enables buttons the card showed disabled). Queued behind the card's own
 * actions, and reading the state then, so it never writes an older card over a newer one.
 */
function refreshGrappleCardsOf(actor: Actor): void {
  // An ongoing grapple card holds only actors with the linked `grappling` status.
  if (!isActiveGM() || !actor.statuses.has('grappling')) return;
  for (const { message } of activeGrapplesOf(actor.uuid)) {
    const id = message.id as string;
    void track(
      serialized(id, async () => {
        const current = game.messages.get(id);
        const state = grappleState(current);
        if (!current || !state) return;
        const content = await renderGrappleCard(state);
        if (content !== current.content) await current.update({ content });
      }),
    );
  }
}

function onEffectChanged(effect: ActiveEffect): void {
  const actor = effect.parent;
  if (actor && actor.documentName === 'Actor') refreshGrappleCardsOf(actor as Actor);
}

export function registerGrappleCard(): void {
  registerGMQuery(GRAPPLE_QUERY, handleGrappleAction);
  Hooks.on('renderChatMessageHTML', (message: ChatMessage, html: HTMLElement) =>
    decorateGrappleCard(message, html),
  );
  Hooks.on('createChatMessage', (message: ChatMessage) => renderGrapplersSheets(message));
  for (const hook of ['createActiveEffect', 'updateActiveEffect', 'deleteActiveEffect'])
    Hooks.on(hook, (effect: ActiveEffect) => onEffectChanged(effect));
  Hooks.on('updateChatMessage', (message: ChatMessage) => renderGrapplersSheets(message));
  void foundry.applications.handlebars.loadTemplates([GRAPPLE_CARD_TEMPLATE]);
}
