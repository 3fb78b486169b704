/**
 * The grapple card (core "Grapple"; GnG "GRAPPLING", "Advanced Grappling"): `game.gng.grapple` asks
 * the active GM to post one card for the user's single targeted token; its state lives in
 * `flags.gng.grapple`. Every check is opposed: the acting side's owners click an action (the GM rolls
 * their grapple check), then the other side's owners click **Grapple check** (the GM rolls theirs)
 * and the GM resolves it with the engine (`resolveGrappleCheck`, `resolvePin`, `resolveGrappleManeuver`,
 * `resolveChokeSave`, `resolveEscape`, `grappleDamage`). A won start gives both actors the linked
 * `grappling` status (each effect's `flags.gng.grappleWith` names the other actor); escape and throw
 * clear it on both. Each resolved step records what it changed, so **Undo** reverts step by step.
 * Everything runs on the GM through the `gng.grappleAction` query, which re-derives every number.
 *
 * Hooks: `gng.grapple(message)` (the card is posted).
 */
import { SYSTEM_ID, systemPath } from '../config/document-types.js';
import type { CreatureData } from '../data/actor/creature-data.js';
import {
  grappleDamage,
  grappleDamageSource,
  resolveChokeSave,
  resolveEscape,
  resolveGrappleCheck,
  resolveGrappleManeuver,
  resolvePin,
  ADVANCED_GRAPPLE_PENALTY,
} from '../rules/index.js';
import {
  applyHitPointLoss,
  restoreHitPointLoss,
  type HitPointLoss,
  type HitPointSnapshot,
} from './hp-loss.js';
import { actorOf } from './attack-flow.js';
import {
  askGM,
  decorateButtons,
  owns,
  Refusal,
  refused,
  senderOf,
  serialized,
  type CardActionResult,
} from './gm-card.js';

export const GRAPPLE_QUERY = 'gng.grappleAction';
export const GRAPPLE_CARD_TEMPLATE = systemPath('templates/chat/grapple-card.hbs');

/** What the acting side may start (damage … throw: the grappler; escape: the grappled). */
export const GRAPPLE_MOVES = ['damage', 'pin', 'choke', 'lock', 'throw', 'escape', 'escapeArtist'] as const;
export type GrappleMove = (typeof GRAPPLE_MOVES)[number] | 'start';
export const GRAPPLE_ACTIONS = [...GRAPPLE_MOVES, 'oppose', 'undo'] as const;
export type GrappleAction = (typeof GRAPPLE_ACTIONS)[number];
export type GrappleSide = 'attacker' | 'defender';

/** Unarmed damage (Medium; core "Unarmed Strike"): the dice, Strength added. */
export const UNARMED_DAMAGE_DICE = '1d3';

export interface GrappleRoll {
  natural: number;
  bonus: number;
  total: number;
}

export interface GrappleStep {
  move: GrappleMove;
  side: GrappleSide;
  by: string;
  actor: GrappleRoll;
  opponent: GrappleRoll;
  won: boolean;
  relativeDegree: number;
  damage: { formula: string; rolled: number; total: number; protection: number; dealt: number } | null;
  save: { dc: number; total: number; failed: boolean } | null;
  throwFeet: number;
  /** Statuses set / removed, as actor uuid + status. */
  added: { actorUuid: string; status: string }[];
  removed: { actorUuid: string; status: string }[];
  /** The damaged actor's hit points before the step, and what the loss added (for Undo). */
  hpBefore: {
    actorUuid: string;
    snapshot: HitPointSnapshot;
    statusesAdded: string[];
    traumaBefore: boolean | null;
  } | null;
  phaseBefore: GrapplePhase;
}

export type GrapplePhase = 'starting' | 'grappling' | 'ended';

export interface GrappleCardState {
  version: 1;
  attacker: { actorUuid: string; name: string };
  defender: { actorUuid: string; name: string; tokenId: string | null };
  /** Starting the grapple provokes (no Improved Grapple). */
  provokes: boolean;
  phase: GrapplePhase;
  /** The acting side's roll, waiting for the other side's Grapple check. */
  pending: { move: GrappleMove; side: GrappleSide; by: string; roll: GrappleRoll } | null;
  steps: GrappleStep[];
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
  return state && state.version === 1 && Array.isArray(state.steps) ? state : null;
}

/* -------------------------------------------------------------------------- */
/*  Permissions and availability                                               */
/* -------------------------------------------------------------------------- */

function moveSide(move: GrappleMove): GrappleSide {
  return move === 'escape' || move === 'escapeArtist' ? 'defender' : 'attacker';
}

function uuidOf(state: GrappleCardState, side: GrappleSide): string {
  return side === 'attacker' ? state.attacker.actorUuid : state.defender.actorUuid;
}

/** Moves: the acting side's owners; Grapple check: the other side's owners; Undo: the last step's side. GM: all. */
export function grappleUserMayAct(user: User, action: GrappleAction, state: GrappleCardState): boolean {
  if (user.isGM) return true;
  if (action === 'oppose') return !!state.pending && owns(user, uuidOf(state, other(state.pending.side)));
  if (action === 'undo') {
    const last = state.steps.at(-1);
    return !!last && owns(user, uuidOf(state, last.side));
  }
  return owns(user, uuidOf(state, moveSide(action)));
}

/** Whether `action` can be taken now (`advanced`: the grappler has Advanced Grapple). */
export function grappleActionAvailable(
  action: GrappleAction,
  state: GrappleCardState,
  advanced: boolean,
): boolean {
  if (action === 'oppose') return state.pending !== null;
  if (action === 'undo') return state.pending === null && state.steps.length > 0;
  if (state.pending || state.phase !== 'grappling') return false;
  if (action === 'choke' || action === 'lock' || action === 'throw') return advanced;
  return true;
}

/* -------------------------------------------------------------------------- */
/*  Rendering                                                                  */
/* -------------------------------------------------------------------------- */

function stepText(state: GrappleCardState, step: GrappleStep): string[] {
  const [actorName, oppName] =
    step.side === 'attacker'
      ? [state.attacker.name, state.defender.name]
      : [state.defender.name, state.attacker.name];
  const lines = [
    f(step.won ? 'GNG.Grapple.Result.Won' : 'GNG.Grapple.Result.Lost', {
      move: t(`GNG.Grapple.Move.${step.move}`),
      name: actorName,
      total: step.actor.total,
      opponent: oppName,
      opposing: step.opponent.total,
    }),
  ];
  if (step.damage)
    lines.push(
      f('GNG.Grapple.Result.Damage', {
        formula: step.damage.formula,
        rolled: step.damage.rolled,
        rd: step.relativeDegree,
        total: step.damage.total,
        dealt: step.damage.dealt,
      }),
    );
  if (step.save)
    lines.push(
      f(step.save.failed ? 'GNG.Grapple.Result.SaveFailed' : 'GNG.Grapple.Result.SaveMade', {
        total: step.save.total,
        dc: step.save.dc,
      }),
    );
  if (step.move === 'throw' && step.won)
    lines.push(f('GNG.Grapple.Result.Thrown', { name: oppName, feet: step.throwFeet }));
  for (const a of step.added)
    lines.push(
      f('GNG.Grapple.Result.Status', {
        status: t(`GNG.Status.${a.status}`),
        name: nameOf(state, a.actorUuid),
      }),
    );
  for (const r of step.removed)
    lines.push(
      f('GNG.Grapple.Result.Cleared', {
        status: t(`GNG.Status.${r.status}`),
        name: nameOf(state, r.actorUuid),
      }),
    );
  return lines;
}

function nameOf(state: GrappleCardState, uuid: string): string {
  return uuid === state.attacker.actorUuid ? state.attacker.name : state.defender.name;
}

export function grappleCardContext(state: GrappleCardState): Record<string, unknown> {
  const advanced = (() => {
    const actor = fromUuidSync(state.attacker.actorUuid) as Actor | null;
    return !!actor && hasFeat(actor, 'advanced-grapple');
  })();
  const button = (action: GrappleAction) => ({
    action,
    label: t(`GNG.Grapple.Action.${action}`),
    disabled: !grappleActionAvailable(action, state, advanced),
  });
  const pending = state.pending;
  return {
    heading: f('GNG.Grapple.Heading', { attacker: state.attacker.name, defender: state.defender.name }),
    provokes: state.provokes,
    phase: t(`GNG.Grapple.Phase.${state.phase}`),
    pending: pending && {
      text: f('GNG.Grapple.Pending', {
        move: t(`GNG.Grapple.Move.${pending.move}`),
        name: pending.side === 'attacker' ? state.attacker.name : state.defender.name,
        total: pending.roll.total,
        natural: pending.roll.natural,
        opponent: pending.side === 'attacker' ? state.defender.name : state.attacker.name,
      }),
    },
    steps: state.steps.map((step) => ({ lines: stepText(state, step) })),
    targetId: 'grapple',
    oppose: button('oppose'),
    attackerButtons: (['damage', 'pin', 'choke', 'lock', 'throw'] as const)
      .filter((a) => advanced || !(a in ADVANCED_GRAPPLE_PENALTY))
      .map(button),
    defenderButtons: (['escape', 'escapeArtist'] as const).map(button),
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
const START_KEYS = new Set(['action', 'actorUuid', 'targetUuid', 'tokenId']);

/** `CONFIG.queries['gng.grappleAction']`: runs on the active GM (`action: 'start'` posts a card); never throws. */
export async function handleGrappleAction(
  data: Record<string, unknown>,
  context: { user: User },
): Promise<CardActionResult> {
  const sender = senderOf(context);
  if (!sender) return { ok: false, error: 'GNG.Error.Attack.UnknownSender' };
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
    if (Object.keys(data).some((key) => !REQUEST_KEYS.has(key))) throw bad();
    if (typeof data.messageId !== 'string' || !(GRAPPLE_ACTIONS as readonly unknown[]).includes(data.action))
      throw bad();
    const messageId = data.messageId;
    const action = data.action as GrappleAction;
    return serialized(messageId, () => runAction(messageId, action, sender));
  } catch (error) {
    return refused(error);
  }
}

async function roll(bonus: number): Promise<GrappleRoll> {
  const r = await new Roll('1d20 + @bonus', { bonus }).evaluate();
  const natural = r.dice[0]?.results[0]?.result ?? 0;
  return { natural, bonus, total: r.total as number };
}

/** The check bonus for `move` (Escape Artist: the skill; otherwise the derived grapple bonus). */
function checkBonus(actor: Actor, move: GrappleMove): number {
  const d = creature(actor).derived;
  return move === 'escapeArtist' ? d.skills.escapeArtist.total : d.grapple;
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
  const state: GrappleCardState = {
    version: 1,
    attacker: { actorUuid: attacker.uuid, name: attacker.name },
    defender: {
      actorUuid: defender.uuid,
      name: token?.document.name || defender.name,
      tokenId: token?.id ?? null,
    },
    provokes: !hasFeat(attacker, 'improved-grapple'),
    phase: 'starting',
    pending: {
      move: 'start',
      side: 'attacker',
      by: user.id as string,
      roll: await roll(checkBonus(attacker, 'start')),
    },
    steps: [],
  };
  const message = await ChatMessage.create({
    content: await renderGrappleCard(state),
    speaker: ChatMessage.getSpeaker({ actor: attacker }),
    flags: { [SYSTEM_ID]: { type: 'grappleCard', grapple: state } },
  });
  if (!message) throw new Refusal('GNG.Error.Attack.Cancelled');
  Hooks.callAll('gng.grapple', message);
  return message;
}

async function setStatus(actor: Actor, status: string, active: boolean, other?: Actor): Promise<boolean> {
  if (actor.statuses.has(status) === active) return false;
  const effect = await actor.toggleStatusEffect(status, { active });
  if (active && other && effect && typeof effect === 'object')
    await (effect as ActiveEffect).setFlag(SYSTEM_ID, 'grappleWith', other.uuid);
  return true;
}

async function runAction(messageId: string, action: GrappleAction, user: User): Promise<void> {
  const message = game.messages.get(messageId);
  const stored = grappleState(message);
  // Only the GM writes grapple cards: a card another user wrote is not trusted.
  if (!message || !stored || !message.author?.isGM) throw new Refusal('GNG.Grapple.Error.NoCard');
  const state = structuredClone(stored);
  const attacker = await actorOf(state.attacker.actorUuid);
  const defender = await actorOf(state.defender.actorUuid);
  if (!attacker || !defender) throw new Refusal('GNG.Error.Attack.NoActor', { name: state.defender.name });
  if (!grappleUserMayAct(user, action, state))
    throw new Refusal('GNG.Grapple.Error.NotAllowed', { name: user.name });
  if (!grappleActionAvailable(action, state, hasFeat(attacker, 'advanced-grapple')))
    throw new Refusal(`GNG.Grapple.Error.Unavailable.${action}`);
  const actorFor = (side: GrappleSide) => (side === 'attacker' ? attacker : defender);

  if (action === 'undo') await undo(state, state.steps.pop() as GrappleStep);
  else if (action === 'oppose') {
    const pending = state.pending as NonNullable<GrappleCardState['pending']>;
    const opponent = actorFor(other(pending.side));
    // The opponent always answers with its grapple check (Escape Artist is the escaper's option).
    const opp = await roll(checkBonus(opponent, 'start'));
    state.steps.push(await resolve(state, pending, opp, actorFor(pending.side), opponent, user));
    state.pending = null;
  } else {
    const side = moveSide(action);
    state.pending = {
      move: action,
      side,
      by: user.id as string,
      roll: await roll(checkBonus(actorFor(side), action)),
    };
  }
  await message.update({ content: await renderGrappleCard(state), [`flags.${SYSTEM_ID}.grapple`]: state });
}

async function resolve(
  state: GrappleCardState,
  pending: NonNullable<GrappleCardState['pending']>,
  opp: GrappleRoll,
  actor: Actor,
  opponent: Actor,
  user: User,
): Promise<GrappleStep> {
  const { move, side } = pending;
  const step: GrappleStep = {
    move,
    side,
    by: user.id as string,
    actor: pending.roll,
    opponent: opp,
    won: false,
    relativeDegree: 0,
    damage: null,
    save: null,
    throwFeet: 0,
    added: [],
    removed: [],
    hpBefore: null,
    phaseBefore: state.phase,
  };
  const add = async (target: Actor, status: string, partner?: Actor) => {
    if (await setStatus(target, status, true, partner)) step.added.push({ actorUuid: target.uuid, status });
  };
  const clear = async (target: Actor, status: string) => {
    if (await setStatus(target, status, false)) step.removed.push({ actorUuid: target.uuid, status });
  };
  const endGrapple = async () => {
    for (const status of ['grappling', 'pinned', 'locked']) {
      await clear(actor, status);
      await clear(opponent, status);
    }
    state.phase = 'ended';
  };

  if (move === 'escape' || move === 'escapeArtist') {
    const r = resolveEscape(pending.roll.total, [opp.total]);
    step.won = r.escaped;
    step.relativeDegree = r.margin;
    if (r.escaped) await endGrapple();
    return step;
  }
  if (move === 'choke' || move === 'lock' || move === 'throw') {
    const r = resolveGrappleManeuver(move, pending.roll.total, opp.total);
    step.won = r.won;
    step.relativeDegree = r.relativeDegree;
    step.actor = { ...pending.roll, total: r.attackerTotal };
    if (!r.won) return step;
    if (r.dealsDamage) await dealDamage(step, actor, opponent, move === 'throw');
    if (move === 'choke') {
      const d = creature(actor).derived;
      const dealt = step.damage?.dealt ?? 0;
      let fort: number | undefined;
      if (dealt >= 1) fort = (await roll(creature(opponent).derived.saves.fort.total)).total;
      const save = resolveChokeSave({
        damageDealt: dealt,
        baseAttackBonus: d.bab,
        strengthModifier: d.abilities.str.mod,
        fortitudeSave: fort,
        immune: hasAnatomy(opponent, 'no-constitution'),
      });
      if (fort !== undefined) step.save = { dc: save.dc, total: fort, failed: save.applies };
      if (save.applies) {
        await add(opponent, 'stunned');
        await add(opponent, 'dazed');
      }
    }
    for (const status of r.conditions) await add(opponent, status);
    if (move === 'throw') {
      step.throwFeet = r.throwMaxFeet;
      await endGrapple();
    }
    return step;
  }
  // start, damage, pin: the plain opposed grapple check.
  const r =
    move === 'pin'
      ? resolvePin(pending.roll.total, opp.total)
      : resolveGrappleCheck(pending.roll.total, opp.total);
  step.won = r.won;
  step.relativeDegree = r.relativeDegree;
  if (!r.won) return step;
  if (move === 'start') {
    await add(actor, 'grappling', opponent);
    await add(opponent, 'grappling', actor);
    state.phase = 'grappling';
  } else if (move === 'pin') await add(opponent, 'pinned');
  else await dealDamage(step, actor, opponent, false);
  return step;
}

function hasAnatomy(actor: Actor, flag: string): boolean {
  return (creature(actor).creatureTraits().anatomy as readonly string[]).includes(flag);
}

/** Rolls the higher of weapon and unarmed damage (unarmed only: `unarmedOnly`), + RD, − Protection, and applies it. */
async function dealDamage(
  step: GrappleStep,
  actor: Actor,
  target: Actor,
  unarmedOnly: boolean,
): Promise<void> {
  const d = creature(actor).derived;
  const unarmed = `${UNARMED_DAMAGE_DICE} + ${d.abilities.str.mod}`;
  const weapon =
    unarmedOnly || !hasFeat(actor, 'improved-grapple')
      ? null
      : (d.attacks.find((a) => a.mode === 'melee') ?? null);
  const formula =
    weapon && grappleDamageSource(weapon.damageDice, UNARMED_DAMAGE_DICE) === 'weapon'
      ? weapon.damage
      : unarmed;
  const r = await new Roll(formula).evaluate();
  const rolled = Math.max(0, r.total as number);
  const total = grappleDamage(rolled, Math.max(0, step.relativeDegree));
  const protection = creature(target).derived.protection.total;
  const dealt = Math.max(0, total - protection);
  step.damage = { formula: r.formula, rolled, total, protection, dealt };
  if (dealt > 0) {
    // Grapple damage is taken like any other: temporary HP first, trauma, dying/dead by size.
    const loss = (await applyHitPointLoss(
      target,
      { lethal: dealt, nonlethal: 0 },
      () => true,
    )) as HitPointLoss;
    step.hpBefore = {
      actorUuid: target.uuid,
      snapshot: loss.before,
      statusesAdded: loss.statusesAdded,
      traumaBefore: loss.traumaBefore,
    };
  }
}

async function undo(state: GrappleCardState, step: GrappleStep): Promise<void> {
  for (const { actorUuid, status } of [...step.added].reverse()) {
    const a = await actorOf(actorUuid);
    if (a) await setStatus(a, status, false);
  }
  for (const { actorUuid, status } of step.removed) {
    const a = await actorOf(actorUuid);
    const partner = await actorOf(
      actorUuid === state.attacker.actorUuid ? state.defender.actorUuid : state.attacker.actorUuid,
    );
    if (a) await setStatus(a, status, true, status === 'grappling' ? (partner ?? undefined) : undefined);
  }
  if (step.hpBefore) {
    const a = await actorOf(step.hpBefore.actorUuid);
    if (a) await restoreHitPointLoss(a, step.hpBefore);
  }
  state.phase = step.phaseBefore;
  // Undoing the start: the attacker's check waits for the defender again.
  if (step.move === 'start')
    state.pending = { move: 'start', side: 'attacker', by: step.by, roll: step.actor };
}

/* -------------------------------------------------------------------------- */
/*  The asking client                                                          */
/* -------------------------------------------------------------------------- */

/**
 * `game.gng.grapple(actor, options)`: `actor` (owned by the user) starts a grapple against
 * `options.target` or the user's single targeted token; the GM rolls the attacker's check and posts the card.
 */
export async function startGrapple(actor: Actor, options: GrappleOptions = {}): Promise<ChatMessage | null> {
  if (!actor.isOwner) {
    ui.notifications.warn(f('GNG.Error.Attack.NotAttackerOwner', { name: actor.name }));
    return null;
  }
  let target: { actorUuid: string; tokenId: string | null };
  if (options.target) target = { actorUuid: options.target.uuid, tokenId: null };
  else {
    const tokens = [...game.user.targets].filter((token) => token.actor && token.actor !== actor);
    if (tokens.length !== 1) {
      ui.notifications.warn(t('GNG.Grapple.Error.OneTarget'));
      return null;
    }
    const token = tokens[0] as Token;
    target = { actorUuid: (token.actor as Actor).uuid, tokenId: token.id };
  }
  const result = (await askGM(GRAPPLE_QUERY, handleGrappleAction, {
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
  return askGM(GRAPPLE_QUERY, handleGrappleAction, { messageId, action, ...extra });
}

/** `renderChatMessageHTML` on a grapple card: hides the buttons the user may not use. */
export function decorateGrappleCard(message: ChatMessage, html: HTMLElement): void {
  const state = grappleState(message);
  if (!state) return;
  decorateButtons(
    html,
    (action) =>
      (GRAPPLE_ACTIONS as readonly string[]).includes(action) &&
      grappleUserMayAct(game.user, action as GrappleAction, state),
    (action) => requestGrappleAction(message.id as string, action as GrappleAction),
  );
}

export function registerGrappleCard(): void {
  CONFIG.queries[GRAPPLE_QUERY] = (data, context) => handleGrappleAction(data, context);
  Hooks.on('renderChatMessageHTML', (message: ChatMessage, html: HTMLElement) =>
    decorateGrappleCard(message, html),
  );
  void foundry.applications.handlebars.loadTemplates([GRAPPLE_CARD_TEMPLATE]);
}
