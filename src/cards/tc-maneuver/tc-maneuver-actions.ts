/**
 * The Time Count maneuver card (issue #32 R16; seed 002:308–573; docs/rules.md "### Maneuvers, stances
 * and conditions"): `game.gng.tcManeuver(actor, maneuver, { targets, weapon })` asks the active GM to
 * roll the row's attack against each target's defense(s) and post one card (tc-maneuver-start.ts). The
 * one acting's owners (and the GM) **Apply** a target's result — the statuses it sets (a grab's
 * `grabbed`, `immobilized`), the statuses it takes off the one acting (a broken or escaped grab), a
 * knock prone as the target's stance, the damage through the model (its ToP split) — and **Undo** it,
 * the exact inverse. **Take back** (while nothing is applied) reverts the SF posted and the fatigue
 * spent. Only under TC: Apply needs the world to play it (model-guard.ts); Undo whatever it plays.
 */
import { TC_MANEUVERS, type TcManeuver } from '../../rules/models/tc/maneuver-rows.js';
import { holdStatuses, releaseStatuses } from '../../combat/status-holds.js';
import { applyHitPointLoss, recordOf, restoreHitPointLoss } from '../../combat/hp-loss.js';
import { revertScheduleAct } from '../../combat/tc-schedule.js';
import { CARD_HP_UPDATE } from '../../hooks/hp-statuses.js';
import { ensureEgStatuses, putBackStatuses, removeStatuses } from '../shared/maneuver-statuses.js';
import {
  askGM,
  defineCard,
  noTargetWarning,
  noteUndo,
  owns,
  type CardActionResult,
  partActor,
} from '../kernel/index.js';
import { saveCard as saveTyped } from '../kernel/typed-card.js';
import { maneuverTargets } from '../shared/maneuver-actors.js';
import { modelGuard } from '../model-guard.js';
import { combatModel } from '../../settings/combat-model.js';
import { parseTcManeuver, parseTcManeuverStart, postTcManeuver } from './tc-maneuver-start.js';
import { renderTcManeuverCard } from './tc-maneuver-render.js';
import { tcFields } from './tc-act.js';
import {
  TC_MANEUVER_FLAG,
  TC_MANEUVER_QUERY,
  legacyTcManeuverCard,
  type TcManeuverAction,
  type TcManeuverApplied,
  type TcManeuverCardState,
  type TcManeuverTarget,
} from './tc-maneuver-state.js';
import { TC_MODEL_ID } from '../../rules/models/tc/state.js';
import { stepRefusals } from '../shared/card-refusals.js';

/** The card saved (typed `system`, or a legacy card's flag) before Apply's kernel save: see Apply. */
const saveCard = (message: ChatMessage, state: TcManeuverCardState) =>
  saveTyped(
    { type: 'tcManeuver', render: renderTcManeuverCard, legacyFlag: TC_MANEUVER_FLAG },
    message,
    state,
  );

const may = (user: User, state: TcManeuverCardState) => user.isGM || owns(user, state.attacker.actorUuid);

export const tcManeuverCard = defineCard<TcManeuverCardState, TcManeuverTarget, TcManeuverAction>({
  query: TC_MANEUVER_QUERY,
  guard: modelGuard<TcManeuverCardState, TcManeuverAction>({
    modelOf: (state) => state.model,
    anyModel: ['undoTcManeuver'],
  }),
  type: 'tcManeuver',
  render: renderTcManeuverCard,
  legacy: legacyTcManeuverCard,
  legacyFlag: TC_MANEUVER_FLAG,
  targets: (state) => state.targets,
  actors: (state) => [state.attacker.actorUuid, ...state.targets.map((target) => target.actorUuid)],
  refusals: stepRefusals('GNG.Model.TC.Maneuver.Error', 'GNG.Error.Attack.BadRequest'),
  start: (data, sender, rollMode) => postTcManeuver(parseTcManeuver(data), sender, rollMode),
  parseStart: parseTcManeuverStart,
  actions: {
    applyTcManeuver: {
      may,
      available: (state, target) => target.applied === null && !state.withdrawn,
      undoneBy: 'undoTcManeuver',
      async run({ message, state, target, user }) {
        const actor = await partActor(target);
        const attacker = await partActor(state.attacker);
        const steps = target.results.flatMap((r) => r.steps);
        ensureEgStatuses();
        const add = [...new Set(steps.flatMap((s) => s.targetAdd ?? []))];
        const removed = await removeStatuses(attacker, new Set(steps.flatMap((s) => s.actorRemove ?? [])));
        let prone: TcManeuverApplied['prone'] = null;
        if (steps.some((s) => s.prone)) {
          const fields = tcFields(actor);
          prone = {
            stance: typeof fields.stance === 'string' ? fields.stance : 'basic',
            stanceUntil: typeof fields.stanceUntil === 'number' ? fields.stanceUntil : 0,
          };
          await actor.update({ 'system.model.tc.stance': 'prone', 'system.model.tc.stanceUntil': 0 });
        }
        const loss = target.damage
          ? await applyHitPointLoss(actor, { lethal: target.damage.amount, nonlethal: 0 }, () => true)
          : null;
        target.applied = {
          by: user.id as string,
          target: await holdStatuses(actor, add),
          removed,
          prone,
          loss: loss ? recordOf(loss) : null,
        };
        delete target.undoNotes;
        await saveCard(message, state);
      },
    },
    undoTcManeuver: {
      may,
      available: (_state, target) => target.applied !== null,
      async run({ target, state }) {
        const a = target.applied as TcManeuverApplied;
        const actor = await partActor(target);
        const attacker = await partActor(state.attacker);
        const notes = a.loss ? await restoreHitPointLoss(actor, a.loss, combatModel()) : [];
        notes.push(...(await releaseStatuses(actor, a.target)));
        if (a.prone)
          await actor.update({
            'system.model.tc.stance': a.prone.stance,
            'system.model.tc.stanceUntil': a.prone.stanceUntil,
          });
        await putBackStatuses(attacker, a.removed);
        target.applied = null;
        noteUndo(target, notes);
      },
    },
    // The attempt taken back before anything was applied: its SF (the schedule's exact inverse,
    // refused when the one acting's place or the Time Count moved since) and the fatigue it cost.
    takeBackTcManeuver: {
      targets: (state) => state.targets.slice(0, 1),
      may,
      available: (state) => !state.withdrawn && state.targets.every((t) => t.applied === null),
      async run({ state, user }) {
        const attacker = await partActor(state.attacker);
        for (const record of [...state.records].reverse())
          await revertScheduleAct(record, { sameCount: true });
        if (state.fatigue) {
          const now = tcFields(attacker).fatigue;
          const fatigue = Math.max(
            0,
            (typeof now === 'number' ? now : 0) - (state.fatigue.after - state.fatigue.before),
          );
          await attacker.update({ 'system.model.tc.fatigue': fatigue }, CARD_HP_UPDATE);
        }
        state.withdrawn = { by: user.id as string, notes: [] };
      },
    },
  },
});

/**
 * `game.gng.tcManeuver(actor, maneuver, options)`: `actor` (owned by the user) attempts a maneuver
 * against `options.targets` or the user's targeted tokens; the GM rolls and posts the card. Resolves
 * with the card, or null (a warning says why).
 */
export async function startTcManeuver(
  actor: Actor,
  maneuver: TcManeuver,
  options: { targets?: Actor[]; weapon?: Item } = {},
): Promise<ChatMessage | null> {
  const warn = (key: string, data: Record<string, unknown> = {}) => {
    ui.notifications.warn(game.i18n.format(key, data));
    return null;
  };
  if (!actor.isOwner) return warn('GNG.Error.Attack.NotAttackerOwner', { name: actor.name });
  if (!(TC_MANEUVERS as readonly string[]).includes(maneuver))
    return warn('GNG.Model.TC.Maneuver.Error.Unknown');
  if (combatModel().id !== TC_MODEL_ID) return warn('GNG.Model.TC.Maneuver.Error.NotTc');
  const targets = maneuverTargets(actor, options.targets);
  if (!targets.length) {
    ui.notifications.warn(noTargetWarning(actor));
    return null;
  }
  const result = (await askGM(TC_MANEUVER_QUERY, {
    action: 'start',
    actorUuid: actor.uuid,
    maneuver,
    ...(options.weapon ? { weaponId: options.weapon.id } : {}),
    targets,
  })) as CardActionResult & { messageId?: string };
  return result.ok && result.messageId ? (game.messages.get(result.messageId) ?? null) : null;
}

export function decorateTcManeuverCard(message: ChatMessage, html: HTMLElement): void {
  tcManeuverCard.decorate(message, html);
}
