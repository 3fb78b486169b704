/**
 * The EG maneuver card's rendering (eg-maneuver-actions.ts is its table): the check's parts, each
 * target's check(s) against its defense, what the maneuver does, and what Apply did.
 */
import { undoNoteLines } from '../kernel/undo-notes.js';
import { egManeuverSpec } from '../../rules/models/eg/maneuvers.js';
import {
  EG_MANEUVER_TEMPLATE,
  type EgManeuverAction,
  type EgManeuverCardState,
  type EgManeuverTarget,
} from './eg-maneuver-state.js';
import { t, f, signed } from '../../format.js';

const statusName = (id: string) => t(`GNG.Status.${id}`);

function targetContext(state: EgManeuverCardState, target: EgManeuverTarget) {
  const button = (action: EgManeuverAction) => ({
    action,
    disabled: action === 'applyEgManeuver' ? target.applied !== null : target.applied === null,
    label: f(`GNG.Model.EG.Maneuver.Action.${action}`, { name: target.name }),
  });
  const o = target.outcome;
  // An escape's effects are those of the creature it frees (an ally helped, or the one acting).
  const freed = state.ally?.name ?? state.attacker.name;
  const defense = target.defense;
  const a = target.applied;
  const statuses = (ids: readonly string[]) => ids.map(statusName).join(', ');
  return {
    id: target.id,
    name: target.name,
    success: o.success,
    checks: target.checks.map((c) =>
      f(c.success ? 'GNG.Model.EG.Maneuver.CheckBeats' : 'GNG.Model.EG.Maneuver.CheckFails', {
        total: c.total,
        natural: c.natural,
        defense: defense ? t(`GNG.Model.EG.Maneuver.Defense.${defense.id}`) : '',
        value: defense?.value ?? 0,
      }),
    ),
    effects: o.effects.map((e) =>
      f(`GNG.Model.EG.Maneuver.Effect.${e}`, { name: target.name, actor: freed }),
    ),
    targetStatuses: o.target.add.length
      ? f('GNG.Model.EG.Maneuver.Gains', { name: target.name, statuses: statuses(o.target.add) })
      : null,
    actorStatuses: o.actor.add.length
      ? f('GNG.Model.EG.Maneuver.Gains', { name: state.attacker.name, statuses: statuses(o.actor.add) })
      : null,
    actorFreed: o.actor.remove.length
      ? f('GNG.Model.EG.Maneuver.Loses', { name: freed, statuses: statuses(o.actor.remove) })
      : null,
    applied: a && {
      text: f('GNG.Model.EG.Maneuver.Applied', {
        statuses:
          statuses([...a.target.statusesAdded, ...a.actor.statusesAdded]) ||
          t('GNG.Model.EG.Maneuver.Nothing'),
      }),
      tokens: a.tokens.length ? f('GNG.Model.EG.Maneuver.TokensGiven', { count: a.tokens.length }) : null,
    },
    undoNotes: undoNoteLines(target.undoNotes),
    buttons: { applyEgManeuver: button('applyEgManeuver'), undoEgManeuver: button('undoEgManeuver') },
  };
}

export function egManeuverCardContext(state: EgManeuverCardState): Record<string, unknown> {
  const spec = egManeuverSpec(state.maneuver);
  const kind = t(`GNG.Model.EG.Maneuver.Kind.${state.maneuver}`);
  return {
    heading: state.ally
      ? f('GNG.Model.EG.Maneuver.HeadingFor', {
          actor: state.attacker.name,
          maneuver: kind,
          ally: state.ally.name,
        })
      : f('GNG.Model.EG.Maneuver.Heading', { actor: state.attacker.name, maneuver: kind }),
    skill: state.skill ? t(`GNG.Model.EG.Maneuver.Skill.${state.skill}`) : null,
    bonus: signed(state.check.bonus),
    charge: state.charge ? t('GNG.Model.EG.Maneuver.Charge') : null,
    from: state.from ? t(`GNG.Model.EG.Maneuver.From.${state.from}`) : null,
    lines: state.check.parts.map((p) => ({ label: t(p.label), value: signed(p.value) })),
    action: t(
      `GNG.Model.EG.Maneuver.ActionType.${state.ally ? 'standard' : spec.action === 'part of a move' ? 'partOfMove' : spec.action}`,
    ),
    provokes: spec.provokes ? t('GNG.Model.EG.Maneuver.Provokes') : null,
    targets: state.targets.map((target) => targetContext(state, target)),
    // "Take back the maneuver" (its action and the check's tokens), on the first row's id.
    takeBack: state.targets[0]
      ? {
          target: state.targets[0].id,
          label: f('GNG.Model.EG.Maneuver.Action.takeBackEgManeuver', { name: state.attacker.name }),
          disabled: Boolean(state.withdrawn) || state.targets.some((target) => target.applied !== null),
        }
      : null,
    withdrawn: state.withdrawn
      ? [
          f('GNG.Model.EG.Maneuver.Withdrawn', { name: state.attacker.name }),
          ...undoNoteLines(state.withdrawn.notes),
        ]
      : [],
  };
}

export async function renderEgManeuverCard(state: EgManeuverCardState): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(EG_MANEUVER_TEMPLATE, egManeuverCardContext(state));
}
