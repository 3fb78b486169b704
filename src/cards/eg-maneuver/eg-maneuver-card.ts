/**
 * The Enlightened Grognard maneuver card (seed 003:1486–1764; issue #31 R15, R16): `game.gng.egManeuver`
 * asks the active GM to make the acting creature's Athletics or Acrobatics check against each target's
 * Fortitude or Reflex defense (engine `egCheckWay`, `egManeuverSkill`) and post one card whose state
 * lives in `flags.gng.egManeuver` (the GM's message: nobody else writes it). Each target's row shows
 * the check(s) and what they do (engine `egManeuverOutcome`); the acting creature's owners (and the
 * GM) **Apply** it — statuses on the target and on the one acting, held as every card's are
 * (status-holds.ts), an escape's statuses taken off, tokens given through the token store — and
 * **Undo** it, the exact inverse. Only under EG: the card's steps but Undo need the world to play
 * it (model-guard.ts). Every number is re-derived on the GM's client; a request carries only choices.
 *
 * Hooks: `gng.egManeuver(message)` (the card is posted), `gng.applyEgManeuver(message, target)`.
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import type { CreatureData } from '../../data/actor/creature-data.js';
import type { Size } from '../../rules/index.js';
import {
  beatsAll,
  egCheckSucceeds,
  egCheckWay,
  egManeuverOutcome,
  egManeuverSpec,
  EG_ESCAPES,
  EG_MANEUVERS,
  EG_MANEUVER_SKILLS,
  EG_SELF_MANEUVERS,
  type EgEscape,
  type EgManeuver,
  type EgManeuverSkill,
} from '../../rules/models/eg/maneuvers.js';
import { egManeuverSkill } from '../../rules/models/eg/maneuver-skills.js';
import { holdStatuses, releaseStatuses } from '../../combat/status-holds.js';
import { tokenOf } from '../../combat/scene-lookup.js';
import {
  actorOf,
  askGM,
  defineCard,
  noTargetWarning,
  noteUndo,
  owns,
  Refusal,
  withRollMode,
  type CardActionResult,
  type RollMode,
} from '../kernel/index.js';
import { modelGuard, modelStamp } from '../model-guard.js';
import { combatModel } from '../../settings/combat-model.js';
import { ensureEgStatuses, giveAdjacentEnemiesPower, revertTokenRecords } from './eg-maneuver-effects.js';
import { renderEgManeuverCard } from './eg-maneuver-view.js';
import {
  EG_MANEUVER_FLAG,
  EG_MANEUVER_QUERY,
  egManeuverState,
  type EgManeuverAction,
  type EgManeuverApplied,
  type EgManeuverCardState,
  type EgManeuverOptions,
  type EgManeuverTarget,
} from './eg-maneuver-state.js';

export { renderEgManeuverCard } from './eg-maneuver-view.js';
export { handleEgSave, startEgSave } from './eg-save.js';

const t = (key: string) => game.i18n.localize(key);
const creature = (actor: Actor) => actor.system as CreatureData;
const EG = 'eg';

/** Apply, Undo: the acting creature's owners; a GM may do everything. */
export function egManeuverUserMayAct(user: User, state: EgManeuverCardState): boolean {
  return user.isGM || owns(user, state.attacker.actorUuid);
}

/** Apply once; Undo after Apply. */
export function egManeuverActionAvailable(action: EgManeuverAction, target: EgManeuverTarget): boolean {
  return action === 'applyEgManeuver' ? target.applied === null : target.applied !== null;
}

/* -------------------------------------------------------------------------- */
/*  The GM's handler                                                           */
/* -------------------------------------------------------------------------- */

const START_KEYS = new Set(['action', 'actorUuid', 'maneuver', 'skill', 'from', 'charge', 'targets']);

interface StartRequest {
  actorUuid: string;
  maneuver: EgManeuver;
  skill: EgManeuverSkill | null;
  from: EgEscape | null;
  charge: boolean;
  targets: { actorUuid: string; tokenId: string | null }[];
}

const oneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

function parseStart(d: Record<string, unknown>): StartRequest {
  const bad = () => new Refusal('GNG.Error.Attack.BadRequest');
  if (Object.keys(d).some((key) => !START_KEYS.has(key))) throw bad();
  if (typeof d.actorUuid !== 'string' || !oneOf(EG_MANEUVERS, d.maneuver)) throw bad();
  if (d.skill !== undefined && d.skill !== null && !oneOf(EG_MANEUVER_SKILLS, d.skill)) throw bad();
  if (d.from !== undefined && d.from !== null && !oneOf(EG_ESCAPES, d.from)) throw bad();
  if (d.charge !== undefined && typeof d.charge !== 'boolean') throw bad();
  // Standing up is made on no one: its request names no target.
  const self = EG_SELF_MANEUVERS.includes(d.maneuver);
  if (!Array.isArray(d.targets) || d.targets.length > 20 || (d.targets.length === 0) !== self) throw bad();
  const targets = d.targets.map((entry: unknown) => {
    const e = entry as Record<string, unknown> | null;
    if (!e || typeof e.actorUuid !== 'string' || !(e.tokenId === null || typeof e.tokenId === 'string'))
      throw bad();
    return { actorUuid: e.actorUuid, tokenId: e.tokenId };
  });
  const maneuver = d.maneuver;
  // Escape needs what it escapes from; a charge is a bull rush's only (003:1499).
  if (maneuver === 'escape' && !oneOf(EG_ESCAPES, d.from))
    throw new Refusal('GNG.Model.EG.Maneuver.Error.From');
  if (d.charge === true && maneuver !== 'bull-rush') throw bad();
  return {
    actorUuid: d.actorUuid,
    maneuver,
    skill: oneOf(EG_MANEUVER_SKILLS, d.skill) ? d.skill : null,
    from: maneuver === 'escape' ? (d.from as EgEscape) : null,
    charge: d.charge === true,
    targets,
  };
}

/** Each target's d20s (two for a bull rush in a charge), rolled together, one Roll per die. */
async function rollChecks(count: number, bonus: number): Promise<{ natural: number; roll: Roll }[]> {
  const out: { natural: number; roll: Roll }[] = [];
  for (let i = 0; i < count; i++) {
    const roll = await new Roll('1d20 + @bonus', { bonus }).evaluate();
    out.push({ natural: roll.dice[0]?.results[0]?.result ?? 0, roll });
  }
  return out;
}

async function postCard(request: StartRequest, user: User, rollMode: RollMode): Promise<ChatMessage> {
  const attacker = await actorOf(request.actorUuid);
  if (!attacker) throw new Refusal('GNG.Error.Attack.NoActor', { name: request.actorUuid });
  if (!attacker.testUserPermission(user, 'OWNER'))
    throw new Refusal('GNG.Error.Attack.NotAttackerOwner', { name: attacker.name });
  const spec = egManeuverSpec(request.maneuver);
  const way = spec.ways.length ? egCheckWay(request.maneuver, request.skill ?? undefined) : null;
  const attackerSize = creature(attacker).size as Size;
  // A trained-only skill without ranks cannot be used, so it stands in for nothing (decision).
  const totals = Object.fromEntries(
    Object.entries(creature(attacker).derived.skills)
      .filter(([, s]) => s.usable)
      .map(([id, s]) => [id, s.total]),
  );
  // "you are freed from the pin but are still grappled" (003:1761): the pin first.
  if (request.maneuver === 'escape' && request.from === 'grapple' && attacker.statuses.has('pinned'))
    throw new Refusal('GNG.Model.EG.Maneuver.Error.PinFirst', { name: attacker.name });
  const skill = way ? egManeuverSkill(way.skill, totals, attackerSize) : { bonus: 0, parts: [] };
  const count = way ? (request.charge ? 2 : 1) : 0;
  const rolls: Roll[] = [];
  const targets: EgManeuverTarget[] = [];
  const own = tokenOf(attacker);
  if (EG_SELF_MANEUVERS.includes(request.maneuver)) {
    if (!attacker.statuses.has('prone'))
      throw new Refusal('GNG.Model.EG.Maneuver.Error.NotProne', { name: attacker.name });
    targets.push(selfRow(attacker, own, attackerSize));
  }
  for (const entry of request.targets) {
    const actor = await actorOf(entry.actorUuid);
    if (!actor || actor === attacker) throw new Refusal('GNG.Error.Attack.UnknownTarget');
    const token = entry.tokenId ? tokenOf(actor, { tokenId: entry.tokenId }) : undefined;
    if (entry.tokenId && !token) throw new Refusal('GNG.Error.Attack.UnknownTarget');
    const id = token?.id ?? actor.id ?? actor.uuid;
    if (targets.some((existing) => existing.id === id)) continue;
    const size = creature(actor).size as Size;
    const value = way ? creature(actor).derived.modelDefenses?.[way.defense] : undefined;
    if (way && (!value || value.kind !== 'static'))
      throw new Refusal('GNG.Model.EG.Maneuver.Error.NoDefense', { name: actor.name });
    const defense = way && value?.kind === 'static' ? { id: way.defense, value: value.value } : null;
    const checks = (await rollChecks(count, skill.bonus)).map(({ natural, roll }) => {
      rolls.push(roll);
      const total = roll.total as number;
      return { natural, total, success: egCheckSucceeds(total, (defense as { value: number }).value) };
    });
    targets.push({
      id,
      name: token?.name || actor.name,
      actorUuid: actor.uuid,
      tokenId: token?.id ?? null,
      size,
      defense,
      checks,
      // Filled below (an escape's depends on every holder's check).
      outcome: egManeuverOutcome({ maneuver: 'join-grapple', successes: [] }),
      applied: null,
    });
  }
  // "you must beat all of them with individual … checks" (003:1587, 1636): an escape frees only then.
  const all =
    request.maneuver === 'escape' ? beatsAll(targets.map((tg) => tg.checks[0]?.success === true)) : null;
  for (const target of targets)
    target.outcome = egManeuverOutcome({
      maneuver: request.maneuver,
      successes: all === null ? target.checks.map((c) => c.success) : [all],
      charge: request.charge,
      actorSize: attackerSize,
      targetSize: target.size,
      ...(request.from ? { from: request.from } : {}),
    });
  const state: EgManeuverCardState = {
    version: 1,
    ...(modelStamp() as { model: string }),
    maneuver: request.maneuver,
    skill: way?.skill ?? null,
    from: request.from,
    charge: request.charge,
    attacker: {
      actorUuid: attacker.uuid,
      name: attacker.name,
      size: attackerSize,
      tokenId: own?.id ?? null,
    },
    check: { bonus: skill.bonus, parts: skill.parts },
    targets,
  };
  const message = await ChatMessage.create(
    withRollMode(
      {
        content: await renderEgManeuverCard(state),
        rolls,
        speaker: ChatMessage.getSpeaker({ actor: attacker }),
        flags: { [SYSTEM_ID]: { type: 'egManeuverCard', [EG_MANEUVER_FLAG]: state } },
      },
      rollMode,
      user,
    ),
  );
  if (!message) throw new Refusal('GNG.Error.Attack.Cancelled');
  Hooks.callAll('gng.egManeuver', message);
  return message;
}

/** The one row of a maneuver made on no one (standing up): the one acting. */
function selfRow(actor: Actor, token: TokenDocument | null, size: Size): EgManeuverTarget {
  return {
    id: token?.id ?? actor.id ?? actor.uuid,
    name: token?.name || actor.name,
    actorUuid: actor.uuid,
    tokenId: token?.id ?? null,
    size,
    defense: null,
    checks: [],
    outcome: egManeuverOutcome({ maneuver: 'join-grapple', successes: [] }),
    applied: null,
  };
}

async function actorAt(uuid: string, name: string): Promise<Actor> {
  const actor = await actorOf(uuid);
  if (!actor) throw new Refusal('GNG.Error.Attack.NoActor', { name });
  return actor;
}

async function saveCard(message: ChatMessage, state: EgManeuverCardState): Promise<void> {
  await message.update({
    content: await renderEgManeuverCard(state),
    [`flags.${SYSTEM_ID}.${EG_MANEUVER_FLAG}`]: state,
  });
}

/** Takes `statuses` off `actor` (an escape); resolves with the ones it had. */
async function removeStatuses(actor: Actor, statuses: readonly string[]): Promise<string[]> {
  const removed: string[] = [];
  for (const status of statuses)
    if (actor.statuses.has(status)) {
      await actor.toggleStatusEffect(status, { active: false });
      removed.push(status);
    }
  return removed;
}

const may = (user: User, state: EgManeuverCardState) => egManeuverUserMayAct(user, state);
const available = (action: EgManeuverAction) => (_state: EgManeuverCardState, target: EgManeuverTarget) =>
  egManeuverActionAvailable(action, target);

/** The card as a table: who may press what, when, and what it does on the GM's client. */
export const egManeuverCard = defineCard<EgManeuverCardState, EgManeuverTarget, EgManeuverAction>({
  query: EG_MANEUVER_QUERY,
  // EG's own card: Apply only while the world plays it; Undo whatever it plays (model-guard.ts).
  guard: modelGuard<EgManeuverCardState, EgManeuverAction>({
    modelOf: (state) => state.model,
    anyModel: ['undoEgManeuver'],
  }),
  state: egManeuverState,
  targets: (state) => state.targets,
  actors: (state) => [state.attacker.actorUuid, ...state.targets.map((target) => target.actorUuid)],
  save: saveCard,
  refusals: {
    badRequest: 'GNG.Error.Attack.BadRequest',
    noCard: 'GNG.Model.EG.Maneuver.Error.NoCard',
    unknownTarget: 'GNG.Error.Attack.UnknownTarget',
    notAllowed: 'GNG.Model.EG.Maneuver.Error.NotAllowed',
    unavailable: (action) => `GNG.Model.EG.Maneuver.Error.Unavailable.${action}`,
  },
  start: (data, sender, rollMode) => {
    if (combatModel().id !== EG) throw new Refusal('GNG.Model.EG.Maneuver.Error.NotEg');
    return postCard(parseStart(data), sender, rollMode);
  },
  actions: {
    applyEgManeuver: {
      may,
      available: available('applyEgManeuver'),
      undoneBy: 'undoEgManeuver',
      async run({ message, state, target, user }) {
        const actor = await actorAt(target.actorUuid, target.name);
        const attacker = await actorAt(state.attacker.actorUuid, state.attacker.name);
        const o = target.outcome;
        ensureEgStatuses();
        const applied: EgManeuverApplied = {
          by: user.id as string,
          target: await holdStatuses(actor, o.target.add),
          actor: await holdStatuses(attacker, o.actor.add),
          removed: await removeStatuses(attacker, o.actor.remove),
          tokens: [],
        };
        // Saved before the tokens: a refused gain leaves the statuses recorded for Undo.
        target.applied = applied;
        delete target.undoNotes;
        await saveCard(message, state);
        if (o.adjacentEnemiesPower > 0)
          applied.tokens = await giveAdjacentEnemiesPower(
            attacker,
            state.attacker.tokenId,
            o.adjacentEnemiesPower,
          );
        Hooks.callAll('gng.applyEgManeuver', message, target);
      },
    },
    undoEgManeuver: {
      may,
      available: available('undoEgManeuver'),
      // The exact inverse: the tokens given taken back, the holds released, the statuses removed put back.
      async run({ target, state }) {
        const a = target.applied as EgManeuverApplied;
        const actor = await actorAt(target.actorUuid, target.name);
        const attacker = await actorAt(state.attacker.actorUuid, state.attacker.name);
        await revertTokenRecords(a.tokens);
        const notes = [
          ...(await releaseStatuses(actor, a.target)),
          ...(await releaseStatuses(attacker, a.actor)),
        ];
        ensureEgStatuses();
        for (const status of a.removed)
          if (!attacker.statuses.has(status)) await attacker.toggleStatusEffect(status, { active: true });
        target.applied = null;
        noteUndo(target, notes);
      },
    },
  },
});

/** `CONFIG.queries['gng.egManeuverAction']`'s handler: runs on the active GM (`action: 'start'` posts a card). */
export const handleEgManeuverAction = egManeuverCard.handle;

/* -------------------------------------------------------------------------- */
/*  The asking client                                                          */
/* -------------------------------------------------------------------------- */

/**
 * `game.gng.egManeuver(actor, maneuver, options)`: `actor` (owned by the user) attempts an EG
 * maneuver against `options.targets` or the user's targeted tokens (for an escape: the creatures
 * holding it); the GM rolls and posts the card. Resolves with the card, or null (a warning says why).
 */
export async function startEgManeuver(
  actor: Actor,
  maneuver: EgManeuver,
  options: EgManeuverOptions = {},
): Promise<ChatMessage | null> {
  if (!actor.isOwner) {
    ui.notifications.warn(game.i18n.format('GNG.Error.Attack.NotAttackerOwner', { name: actor.name }));
    return null;
  }
  if (!oneOf(EG_MANEUVERS, maneuver)) {
    ui.notifications.warn(t('GNG.Model.EG.Maneuver.Error.Unknown'));
    return null;
  }
  if (combatModel().id !== EG) {
    ui.notifications.warn(t('GNG.Model.EG.Maneuver.Error.NotEg'));
    return null;
  }
  const self = EG_SELF_MANEUVERS.includes(maneuver);
  const targets = self
    ? []
    : options.targets
      ? options.targets.map((target) => ({ actorUuid: target.uuid, tokenId: null }))
      : [...game.user.targets]
          .filter((token) => token.actor && token.actor !== actor)
          .map((token) => ({ actorUuid: (token.actor as Actor).uuid, tokenId: token.id }));
  if (!targets.length && !self) {
    ui.notifications.warn(noTargetWarning(actor));
    return null;
  }
  const result = (await askGM(EG_MANEUVER_QUERY, {
    action: 'start',
    actorUuid: actor.uuid,
    maneuver,
    ...(options.skill ? { skill: options.skill } : {}),
    ...(options.from ? { from: options.from } : {}),
    ...(options.charge ? { charge: true } : {}),
    targets,
  })) as CardActionResult & { messageId?: string };
  return result.ok && result.messageId ? (game.messages.get(result.messageId) ?? null) : null;
}

export function requestEgManeuverAction(
  messageId: string,
  action: EgManeuverAction,
  target: string,
): Promise<CardActionResult> {
  return egManeuverCard.request(messageId, action, target);
}

/** `renderChatMessageHTML` on an EG maneuver card: hides what the user may not use. */
export function decorateEgManeuverCard(message: ChatMessage, html: HTMLElement): void {
  egManeuverCard.decorate(message, html);
}
