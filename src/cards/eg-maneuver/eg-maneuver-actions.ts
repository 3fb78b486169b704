/**
 * The Enlightened Grognard maneuver card (seed 003:1486–1764; issue #31 R15, R16): `game.gng.egManeuver`
 * asks the active GM to make the acting creature's Athletics or Acrobatics check against each target's
 * Fortitude or Reflex defense (engine `egCheckWay`, `egManeuverSkill`) and post one card whose state
 * is the message's `system` (subtype `egManeuver`, eg-maneuver-data.ts; `flags.gng.egManeuver` on a
 * card posted before issue #34: the GM's message, nobody else writes it). Each target's row shows
 * the check(s) and what they do (engine `egManeuverOutcome`); the acting creature's owners (and the
 * GM) **Apply** it — statuses on the target and on the one acting, held as every card's are
 * (status-holds.ts), an escape's statuses taken off, tokens given through the token store — and
 * **Undo** it, the exact inverse. Only under EG: the card's steps but Undo need the world to play
 * it (model-guard.ts). Every number is re-derived on the GM's client; a request carries only choices.
 *
 * Hooks: `gng.egManeuver(message)` (the card is posted), `gng.applyEgManeuver(message, target)`.
 */
import { saveCard as saveTyped } from '../kernel/typed-card.js';
import type { UndoNote } from '../kernel/undo-notes.js';
import { EG_MANEUVERS, EG_SELF_MANEUVERS, type EgManeuver } from '../../rules/models/eg/maneuvers.js';
import { holdStatuses, releaseStatuses } from '../../combat/status-holds.js';
import {
  askGM,
  defineCard,
  noTargetWarning,
  noteUndo,
  owns,
  Refusal,
  type CardActionResult,
  partActor,
} from '../kernel/index.js';
import { maneuverTargets } from '../shared/maneuver-actors.js';
import { modelGuard } from '../model-guard.js';
import { combatModel } from '../../settings/combat-model.js';
import { refundEgActionFor, type EgSpent } from '../../combat/eg-turns.js';
import {
  ensureEgStatuses,
  giveAdjacentEnemiesPower,
  putBackStatuses,
  removeStatuses,
  revertTokenRecords,
} from '../shared/maneuver-statuses.js';
import { renderEgManeuverCard } from './eg-maneuver-render.js';
import { oneOf, parsedStart, parseStart, postCard } from './eg-maneuver-start.js';
import {
  EG_MANEUVER_FLAG,
  EG_MANEUVER_QUERY,
  legacyEgManeuverCard,
  type EgManeuverAction,
  type EgManeuverApplied,
  type EgManeuverCardState,
  type EgManeuverOptions,
  type EgManeuverTarget,
} from './eg-maneuver-state.js';
import { t } from '../../format.js';
import { stepRefusals } from '../shared/card-refusals.js';

export { renderEgManeuverCard } from './eg-maneuver-render.js';
export { handleEgSave, startEgSave } from './eg-save.js';

const EG = 'eg';

/** Apply, Undo: the acting creature's owners; a GM may do everything. */
export function egManeuverUserMayAct(user: User, state: EgManeuverCardState): boolean {
  return user.isGM || owns(user, state.attacker.actorUuid);
}

/** Apply once (not once taken back); Undo after Apply; Take back while no target is applied. */
export function egManeuverActionAvailable(
  action: EgManeuverAction,
  target: EgManeuverTarget,
  state?: EgManeuverCardState,
): boolean {
  if (action === 'takeBackEgManeuver')
    return Boolean(state && !state.withdrawn && state.targets.every((t) => t.applied === null));
  return action === 'applyEgManeuver'
    ? target.applied === null && !state?.withdrawn
    : target.applied !== null;
}

/* -------------------------------------------------------------------------- */
/*  The GM's handler                                                           */
/* -------------------------------------------------------------------------- */

/** The card saved (typed `system`, or a legacy card's flag) before Apply's hook: see Apply. */
const saveCard = (message: ChatMessage, state: EgManeuverCardState) =>
  saveTyped(
    { type: 'egManeuver', render: renderEgManeuverCard, legacyFlag: EG_MANEUVER_FLAG },
    message,
    state,
  );

const may = (user: User, state: EgManeuverCardState) => egManeuverUserMayAct(user, state);
const available = (action: EgManeuverAction) => (state: EgManeuverCardState, target: EgManeuverTarget) =>
  egManeuverActionAvailable(action, target, state);

/** The card as a table: who may press what, when, and what it does on the GM's client. */
export const egManeuverCard = defineCard<EgManeuverCardState, EgManeuverTarget, EgManeuverAction>({
  query: EG_MANEUVER_QUERY,
  // EG's own card: Apply only while the world plays it; Undo whatever it plays (model-guard.ts).
  guard: modelGuard<EgManeuverCardState, EgManeuverAction>({
    modelOf: (state) => state.model,
    anyModel: ['undoEgManeuver'],
  }),
  type: 'egManeuver',
  render: renderEgManeuverCard,
  legacy: legacyEgManeuverCard,
  legacyFlag: EG_MANEUVER_FLAG,
  targets: (state) => state.targets,
  actors: (state) => [
    state.attacker.actorUuid,
    state.ally?.actorUuid,
    ...state.targets.map((target) => target.actorUuid),
  ],
  refusals: stepRefusals('GNG.Model.EG.Maneuver.Error', 'GNG.Error.Attack.BadRequest'),
  start: (data, sender, rollMode) => {
    if (combatModel().id !== EG) throw new Refusal('GNG.Model.EG.Maneuver.Error.NotEg');
    return postCard(parsedStart(data), sender, rollMode);
  },
  parseStart,
  actions: {
    applyEgManeuver: {
      may,
      available: available('applyEgManeuver'),
      undoneBy: 'undoEgManeuver',
      async run({ message, state, target, user }) {
        const actor = await partActor(target);
        const attacker = await partActor(state.attacker);
        // An escape frees the ally helped, or the one acting.
        const freed = state.ally ? await partActor(state.ally) : attacker;
        const o = target.outcome;
        // The tokens first: a refused gain (all or nothing) leaves everything as it was.
        const tokens =
          o.adjacentEnemiesPower > 0
            ? await giveAdjacentEnemiesPower(
                attacker,
                state.attacker.tokenId,
                o.adjacentEnemiesPower,
                `GNG.Model.EG.Maneuver.Kind.${state.maneuver}`,
              )
            : [];
        ensureEgStatuses();
        target.applied = {
          by: user.id as string,
          target: await holdStatuses(actor, o.target.add),
          actor: await holdStatuses(attacker, o.actor.add),
          removed: await removeStatuses(freed, o.actor.remove),
          tokens,
        } satisfies EgManeuverApplied;
        delete target.undoNotes;
        await saveCard(message, state);
        Hooks.callAll('gng.applyEgManeuver', message, target);
      },
    },
    undoEgManeuver: {
      may,
      available: available('undoEgManeuver'),
      // The exact inverse: the tokens given taken back, the holds released, the statuses removed put back.
      async run({ target, state }) {
        const a = target.applied as EgManeuverApplied;
        const actor = await partActor(target);
        const attacker = await partActor(state.attacker);
        const freed = state.ally ? await partActor(state.ally) : attacker;
        await revertTokenRecords(a.tokens);
        const notes = [
          ...(await releaseStatuses(actor, a.target)),
          ...(await releaseStatuses(attacker, a.actor)),
        ];
        await putBackStatuses(freed, a.removed);
        target.applied = null;
        noteUndo(target, notes);
      },
    },
    // The maneuver taken back before anything was applied: the turn's action it spent (eg-turns.ts)
    // and the tokens spent on its check, returned exactly. One button, on the card's first row.
    takeBackEgManeuver: {
      targets: (state) => state.targets.slice(0, 1),
      may,
      available: available('takeBackEgManeuver'),
      async run({ state, user }) {
        const attacker = await partActor(state.attacker);
        // The tokens first: refused (the store's error), nothing changes.
        await revertTokenRecords(state.check.spent ? [state.check.spent] : []);
        const notes: UndoNote[] = [];
        if (!(await refundEgActionFor(attacker, (state.turn ?? null) as EgSpent | null)))
          notes.push({ key: 'GNG.Model.EG.Maneuver.TurnNotGiven', data: { name: attacker.name } });
        state.withdrawn = { by: user.id as string, notes };
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
  const targets = self ? [] : maneuverTargets(actor, options.targets);
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
    ...(options.tokens ? { tokens: options.tokens } : {}),
    ...(options.ally ? { ally: options.ally.uuid } : {}),
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
