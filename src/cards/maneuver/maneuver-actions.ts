/**
 * The maneuver card (core "Bull Rush", "Trip"; GnG "Throw", "Maintain Footing"): `game.gng.maneuver`
 * asks the active GM to roll the attacker's opposed check (engine `maneuverCheckParts`) and post one
 * card, a typed message (subtype `maneuver`, its state in `system`: maneuver-data.ts, drawn on each
 * client in its language; a card posted before issue #34 keeps `flags.gng.maneuver`). The card is the GM's message, so nobody else can
 * write it. Each defender's owners may **Maintain Footing** (an abort: Balance vs the check, +4 per size
 * step to the larger, the defender must roll higher — engine `resolveMaintainFooting`) or answer **No
 * Maintain Footing**; the attacker's owners (and the GM) **Apply** the maneuver's effect to a defender
 * who did not keep its footing (Trip/Throw: prone; Bull Rush/Throw: a note with the distance), once it
 * answered while Maintain Footing is open to it, and **Undo** it. Every action runs on
 * the active GM through the `gng.maneuverAction` query, which re-derives every number and checks the
 * sender; each step once.
 *
 * Hooks: `gng.maneuver(message)` (the card is posted), `gng.applyManeuver(message, target, actor)`.
 */
import {
  expandConditions,
  forcedMovementFeet,
  maneuverCheckParts,
  maneuverConditions,
  MANEUVERS,
  resolveMaintainFooting,
  runOrChargeBlockers,
  type Maneuver,
  type Size,
} from '../../rules/index.js';
import type { CardPart } from '../attack/attack-state.js';
import { takeAbort } from '../../combat/abort-gate.js';
import { footingAwaited, footingOpen, unanswered } from './maneuver-footing.js';
import { holdStatuses, releaseStatuses } from '../../combat/status-holds.js';
import {
  actorOf,
  partActor,
  askGM,
  defineCard,
  noTargetWarning,
  owns,
  postCard as postTypedCard,
  Refusal,
  showRolls,
  type CardActionResult,
  noteUndo,
  undoNoteLines,
  withRollMode,
  type RollMode,
  payload,
} from '../kernel/index.js';
import { maneuverTargets } from '../shared/maneuver-actors.js';
import { tokenOf } from '../../combat/scene-lookup.js';

import {
  MANEUVER_CARD_TEMPLATE,
  MANEUVER_QUERY,
  legacyManeuverCard,
  type ManeuverAction,
  type ManeuverApplied,
  type ManeuverCardState,
  type ManeuverOptions,
  type ManeuverTarget,
} from './maneuver-state.js';
import { capabilityGuard, refusedHere, requireCapability } from '../model-guard.js';
import { t, f, signed } from '../../format.js';

export {
  MANEUVER_ACTIONS,
  MANEUVER_CARD_TEMPLATE,
  MANEUVER_QUERY,
  maneuverState,
  type ManeuverAction,
  type ManeuverApplied,
  type ManeuverCardState,
  type ManeuverFooting,
  type ManeuverOptions,
  type ManeuverTarget,
} from './maneuver-state.js';

const creature = (actor: Actor) => actor.system;

/* -------------------------------------------------------------------------- */
/*  Permissions                                                                */
/* -------------------------------------------------------------------------- */

/** Maintain Footing or not: the defender's owners; Apply, Undo: the attacker's owners. A GM may do everything. */
export function maneuverUserMayAct(
  user: User,
  action: ManeuverAction,
  state: ManeuverCardState,
  target: ManeuverTarget,
): boolean {
  if (user.isGM) return true;
  if (action === 'maintainFooting' || action === 'declineFooting') return owns(user, target.actorUuid);
  return owns(user, state.attacker.actorUuid);
}

/**
 * Maintain Footing (or not) once, before Apply; Apply once, only if the footing was not kept and the
 * defender answered ({@link footingAwaited}); Undo after Apply.
 */
export function maneuverActionAvailable(action: ManeuverAction, target: ManeuverTarget): boolean {
  switch (action) {
    case 'maintainFooting':
    case 'declineFooting':
      return unanswered(target) && target.applied === null;
    case 'applyManeuver':
      return target.applied === null && target.footing?.maintained !== true && !footingAwaited(target);
    case 'undoManeuver':
      return target.applied !== null;
  }
}

/* -------------------------------------------------------------------------- */
/*  Rendering                                                                  */
/* -------------------------------------------------------------------------- */

/** How far the defender is moved: by how much the check beat the Balance (0 without a Balance check). */
function feetFor(state: ManeuverCardState, target: ManeuverTarget): number {
  const beaten = target.footing ? Math.max(0, target.footing.attackTotal - target.footing.balanceTotal) : 0;
  return forcedMovementFeet(state.maneuver, beaten);
}

function targetContext(state: ManeuverCardState, target: ManeuverTarget) {
  // Every label names the defender: Maintain Footing is its owners', Apply / Undo act on it.
  const button = (action: ManeuverAction) => ({
    action,
    disabled: !maneuverActionAvailable(action, target),
    label: f(`GNG.Maneuver.Action.${action}`, { name: target.name }),
  });
  const fo = target.footing;
  const a = target.applied;
  return {
    id: target.id,
    name: target.name,
    footing: fo && {
      ...fo,
      text: f(fo.maintained ? 'GNG.Maneuver.Maintained' : 'GNG.Maneuver.NotMaintained', {
        balance: fo.balanceTotal,
        attack: fo.attackTotal,
      }),
    },
    // The answer in words: no footing tried; what the card waits for (issue #33): the answer, or Apply.
    declined: target.footingDeclinedBy ? f('GNG.Maneuver.FootingDeclined', { name: target.name }) : null,
    awaited: footingAwaited(target)
      ? f('GNG.Maneuver.FootingAwaited', { name: target.name })
      : maneuverActionAvailable('applyManeuver', target)
        ? f('GNG.Maneuver.ApplyAwaited', {
            name: target.name,
            attacker: state.attacker.name,
            maneuver: t(`GNG.Maneuver.Kind.${state.maneuver}`),
          })
        : null,
    applied: a && {
      statuses: a.statusesAdded.length
        ? f('GNG.Attack.Applied.Statuses', {
            statuses: a.statusesAdded.map((s) => t(`GNG.Status.${s}`)).join(', '),
          })
        : null,
      moved: a.feet > 0 ? f('GNG.Maneuver.Moved', { name: target.name, feet: a.feet }) : null,
    },
    undoNotes: undoNoteLines(target.undoNotes),
    buttons: {
      maintainFooting: button('maintainFooting'),
      declineFooting: button('declineFooting'),
      applyManeuver: button('applyManeuver'),
      undoManeuver: button('undoManeuver'),
    },
  };
}

export function maneuverCardContext(state: ManeuverCardState): Record<string, unknown> {
  const c = state.check;
  return {
    heading: f('GNG.Maneuver.Heading', {
      attacker: state.attacker.name,
      maneuver: t(`GNG.Maneuver.Kind.${state.maneuver}`),
    }),
    total: c.total,
    formula: c.formula,
    natural: c.natural,
    lines: c.parts.map((p) => ({ label: t(p.label), value: signed(p.value) })),
    targets: state.targets.map((target) => targetContext(state, target)),
  };
}

export async function renderManeuverCard(state: ManeuverCardState): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(MANEUVER_CARD_TEMPLATE, maneuverCardContext(state));
}

/* -------------------------------------------------------------------------- */
/*  The GM's handler                                                           */
/* -------------------------------------------------------------------------- */

/** A target of a start request: an actor's uuid and its token id (null: its first active token or none). */
const targetEntry = payload(
  { actorUuid: 'str', tokenId: { kind: 'str', nullable: true } },
  'GNG.Error.Attack.BadRequest',
);

/** The start request: the attacker, the maneuver, a charge, its targets (1 to 50). */
const parseManeuverStart = payload(
  {
    actorUuid: 'str',
    maneuver: MANEUVERS,
    charging: 'bool?',
    targets: { kind: targetEntry, list: true, min: 1, max: 50 },
  },
  'GNG.Error.Attack.BadRequest',
);

interface StartRequest {
  actorUuid: string;
  maneuver: Maneuver;
  charging: boolean;
  /** Actor uuids and their token ids (null: the actor's first active token or none). */
  targets: { actorUuid: string; tokenId: string | null }[];
}

/** The checked request's fields. */
function parsedStart(d: Record<string, unknown>): StartRequest {
  const targets = d.targets as StartRequest['targets'];
  return {
    actorUuid: d.actorUuid as string,
    maneuver: d.maneuver as Maneuver,
    charging: d.charging === true,
    targets: targets.map(({ actorUuid, tokenId }) => ({ actorUuid, tokenId })),
  };
}

/** The attacker's check parts (engine `maneuverCheckParts`), labelled with lang keys. */
function checkParts(attacker: Actor, maneuver: Maneuver, charging: boolean): CardPart[] {
  const d = creature(attacker).derived;
  return maneuverCheckParts(maneuver, {
    strengthModifier: d.abilities.str.mod,
    baseAttackBonus: d.bab,
    charging,
    improvedGrapple: d.feats.includes('improved-grapple'),
  }).map((p) => ({ label: `GNG.Maneuver.Part.${p.part}`, value: p.value }));
}

async function postManeuverCard(request: StartRequest, user: User, rollMode: RollMode): Promise<ChatMessage> {
  const attacker = await actorOf(request.actorUuid);
  if (!attacker) throw new Refusal('GNG.Error.Attack.NoActor', { name: request.actorUuid });
  if (!attacker.testUserPermission(user, 'OWNER'))
    throw new Refusal('GNG.Error.Attack.NotAttackerOwner', { name: attacker.name });
  // A disabled leg, fatigue, exhaustion or entanglement forbids charging: no charge bonus to claim.
  const blockers = request.charging ? runOrChargeBlockers(expandConditions(attacker.statuses)) : [];
  if (blockers.length)
    throw new Refusal('GNG.Maneuver.Error.CannotCharge', {
      name: attacker.name,
      conditions: blockers.map((id) => t(`GNG.Status.${id}`)).join(', '),
    });
  const targets: ManeuverTarget[] = [];
  for (const entry of request.targets) {
    const actor = await actorOf(entry.actorUuid);
    if (!actor) throw new Refusal('GNG.Error.Attack.UnknownTarget');
    const token = entry.tokenId ? tokenOf(actor, { tokenId: entry.tokenId }) : undefined;
    if (entry.tokenId && !token) throw new Refusal('GNG.Error.Attack.UnknownTarget');
    const id = token?.id ?? actor.id ?? actor.uuid;
    if (targets.some((existing) => existing.id === id)) continue;
    targets.push({
      id,
      name: token?.name || actor.name,
      actorUuid: actor.uuid,
      tokenId: token?.id ?? null,
      size: creature(actor).size as Size,
      footing: null,
      applied: null,
    });
  }
  const parts = checkParts(attacker, request.maneuver, request.charging);
  const bonus = parts.reduce((sum, p) => sum + p.value, 0);
  const roll = await new Roll('1d20 + @bonus', { bonus }).evaluate();
  const natural = roll.dice[0]?.results[0]?.result ?? 0;
  const state: ManeuverCardState = {
    version: 1,
    maneuver: request.maneuver,
    attacker: { actorUuid: attacker.uuid, name: attacker.name, size: creature(attacker).size as Size },
    options: { charging: request.charging },
    check: { formula: roll.formula, natural, bonus, parts, total: roll.total as number },
    targets,
  };
  const message = await postTypedCard(
    'maneuver',
    state,
    withRollMode({ rolls: [roll], speaker: ChatMessage.getSpeaker({ actor: attacker }) }, rollMode, user),
  );
  if (!message) throw new Refusal('GNG.Error.Attack.Cancelled');
  Hooks.callAll('gng.maneuver', message);
  return message;
}

const may = (action: ManeuverAction) => (user: User, state: ManeuverCardState, target: ManeuverTarget) =>
  maneuverUserMayAct(user, action, state, target);
const available = (action: ManeuverAction) => (_state: ManeuverCardState, target: ManeuverTarget) =>
  maneuverActionAvailable(action, target);

/** The defender's answer buttons: shown to its owners while the abort is open to it (disabled once answered). */
const footingButtonShown =
  (action: 'maintainFooting' | 'declineFooting') =>
  (user: User, state: ManeuverCardState, target: ManeuverTarget) =>
    maneuverUserMayAct(user, action, state, target) &&
    (!maneuverActionAvailable(action, target) || footingOpen(target));

/** The kernel's save (typed: `system`; legacy: `flags.gng.maneuver`), for a step that saves before its hook. */
const saveCard = (message: ChatMessage, state: ManeuverCardState) => maneuverCard.spec.save(message, state);

/** The maneuver card as a table: who may press what, when, and what it does on the GM's client. */
export const maneuverCard = defineCard<ManeuverCardState, ManeuverTarget, ManeuverAction>({
  query: MANEUVER_QUERY,
  guard: capabilityGuard('maneuvers', 'GNG.Model.Action.maneuver', ['undoManeuver']),
  type: 'maneuver',
  render: renderManeuverCard,
  legacy: legacyManeuverCard,
  legacyFlag: 'maneuver',
  targets: (state) => state.targets,
  actors: (state) => [state.attacker.actorUuid, ...state.targets.map((target) => target.actorUuid)],
  refusals: {
    badRequest: 'GNG.Error.Attack.BadRequest',
    noCard: 'GNG.Maneuver.Error.NoCard',
    unknownTarget: 'GNG.Error.Attack.UnknownTarget',
    notAllowed: 'GNG.Maneuver.Error.NotAllowed',
    unavailable: (action, state, target) =>
      action === 'applyManeuver' && footingAwaited(target)
        ? new Refusal('GNG.Maneuver.Error.FootingPending', {
            name: target.name,
            maneuver: t(`GNG.Maneuver.Kind.${state.maneuver}`),
          })
        : `GNG.Maneuver.Error.Unavailable.${action}`,
  },
  start: (data, sender, rollMode) => {
    requireCapability('maneuvers', 'GNG.Model.Action.maneuver');
    return postManeuverCard(parsedStart(data), sender, rollMode);
  },
  parseStart: parseManeuverStart,
  actions: {
    maintainFooting: {
      may: may('maintainFooting'),
      available: available('maintainFooting'),
      shown: footingButtonShown('maintainFooting'),
      async run({ message, state, target }) {
        const actor = await partActor(target);
        const bonus = creature(actor).derived.skills.balance.total;
        const spent = await takeAbort(actor, 'maintain-footing', { forcedMovement: true });
        const roll = await new Roll('1d20').evaluate();
        const natural = roll.total as number;
        const r = resolveMaintainFooting({
          balanceTotal: natural + bonus,
          attackRoll: state.check.total,
          attack: state.maneuver,
          defenderSize: creature(actor).size as Size,
          attackerSize: state.attacker.size,
        });
        target.footing = {
          natural,
          bonus,
          balanceTotal: r.balanceTotal,
          attackTotal: r.attackTotal,
          maintained: r.maintained,
          budgetBefore: spent.before && structuredClone({ ...spent.before }),
        };
        showRolls(message, [roll]);
      },
    },
    // The defender's owners answer that it does not try (once; Apply goes on, nothing is spent).
    declineFooting: {
      may: may('declineFooting'),
      available: available('declineFooting'),
      shown: footingButtonShown('declineFooting'),
      async run({ target, user }) {
        target.footingDeclinedBy = user.id as string;
      },
    },
    applyManeuver: {
      may: may('applyManeuver'),
      available: available('applyManeuver'),
      undoneBy: 'undoManeuver',
      async run({ message, state, target, user }) {
        const actor = await partActor(target);
        // Held by this card also when another card set them already (src/combat/status-holds.ts).
        const held = await holdStatuses(actor, maneuverConditions(state.maneuver));
        target.applied = { by: user.id as string, ...held, feet: feetFor(state, target) };
        delete target.undoNotes;
        await saveCard(message, state);
        Hooks.callAll('gng.applyManeuver', message, target, actor);
      },
    },
    undoManeuver: {
      may: may('undoManeuver'),
      available: available('undoManeuver'),
      // The exact inverse: this Apply's hold goes; a status another card still holds stays.
      async run({ target }) {
        const actor = await partActor(target);
        const notes = await releaseStatuses(actor, target.applied as ManeuverApplied);
        target.applied = null;
        noteUndo(target, notes);
      },
    },
  },
});

/** `CONFIG.queries['gng.maneuverAction']`'s handler: runs on the active GM (`action: 'start'` posts a card). */
export const handleManeuverAction = maneuverCard.handle;

/* -------------------------------------------------------------------------- */
/*  The asking client                                                          */
/* -------------------------------------------------------------------------- */

/**
 * `game.gng.maneuver(actor, kind, options)`: `actor` (owned by the user) attempts a Bull Rush, Trip or
 * Throw against `options.targets` or the user's targeted tokens; the GM rolls the check and posts the
 * card. Resolves with the card, or null (refused: a warning says why).
 */
export async function startManeuver(
  actor: Actor,
  maneuver: Maneuver,
  options: ManeuverOptions = {},
): Promise<ChatMessage | null> {
  if (!actor.isOwner) {
    ui.notifications.warn(f('GNG.Error.Attack.NotAttackerOwner', { name: actor.name }));
    return null;
  }
  if (!(MANEUVERS as readonly string[]).includes(maneuver)) {
    ui.notifications.warn(t('GNG.Maneuver.Error.Unknown'));
    return null;
  }
  if (refusedHere('maneuvers', 'GNG.Model.Action.maneuver')) return null;
  const targets = maneuverTargets(actor, options.targets);
  if (!targets.length) {
    ui.notifications.warn(noTargetWarning(actor));
    return null;
  }
  const result = (await askGM(MANEUVER_QUERY, {
    action: 'start',
    actorUuid: actor.uuid,
    maneuver,
    charging: options.charging === true,
    targets,
  })) as CardActionResult & { messageId?: string };
  return result.ok && result.messageId ? (game.messages.get(result.messageId) ?? null) : null;
}

export function requestManeuverAction(
  messageId: string,
  action: ManeuverAction,
  target: string,
  extra: Record<string, unknown> = {},
): Promise<CardActionResult> {
  return maneuverCard.request(messageId, action, target, extra);
}

/** `renderChatMessageHTML` on a maneuver card: hides what the user may not use (and a refused abort). */
export function decorateManeuverCard(message: ChatMessage, html: HTMLElement): void {
  maneuverCard.decorate(message, html);
}
