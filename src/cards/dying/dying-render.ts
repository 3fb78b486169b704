/** The content of the dying card (d% against Con, what the round did) and of the stabilize card. */
import {
  DYING_CARD_TEMPLATE,
  STABILIZE_CARD_TEMPLATE,
  type DyingCardState,
  type StabilizeCardState,
} from './dying-state.js';
import { undoNoteLines } from '../kernel/undo-notes.js';
import { t, f, signedMinus } from '../../format.js';

export { DYING_CARD_TEMPLATE, STABILIZE_CARD_TEMPLATE };
/** Each card's one target: its actor (the dying one; the stabilize card's patient). */
export const DYING_TARGET = 'actor';

/** Whether the round left the creature dying (not stable, not dead): someone may stabilize it. */
export function leftDying(state: DyingCardState): boolean {
  return !state.outcome.stable && state.outcome.condition === 'dying';
}

const dead = (state: DyingCardState) => !state.outcome.stable && state.outcome.condition === 'dead';

function dyingOutcome(state: DyingCardState): string {
  const { outcome, name, hpBefore } = state;
  if (outcome.stable) return f('GNG.Dying.Outcome.stable', { name });
  const data = { name, before: hpBefore, after: outcome.current, lost: outcome.hpLost };
  return f(outcome.condition === 'dead' ? 'GNG.Dying.Outcome.dead' : 'GNG.Dying.Outcome.dying', data);
}

/** The dying card's HTML for `state`. */
export function renderDyingCard(state: DyingCardState): Promise<string> {
  const { outcome } = state;
  return foundry.applications.handlebars.renderTemplate(DYING_CARD_TEMPLATE, {
    // The round that kills is headed so, not "is dying" above a Dead badge.
    heading: f(dead(state) ? 'GNG.Dying.HeadingDead' : 'GNG.Dying.Heading', { name: state.name }),
    when: state.round === null ? t('GNG.Dying.OutOfCombat') : f('GNG.Dying.Round', { round: state.round }),
    roll: outcome.roll,
    chance: `${outcome.chance}%`,
    stable: outcome.stable,
    check: f(outcome.stable ? 'GNG.Dying.Check.stable' : 'GNG.Dying.Check.unstable', {
      roll: outcome.roll,
      chance: outcome.chance,
    }),
    state: t(`GNG.Dying.State.${outcome.stable ? 'stable' : outcome.condition}`),
    outcome: dyingOutcome(state),
    targetId: DYING_TARGET,
    canStabilize: state.applied !== null && leftDying(state),
    canUndo: state.applied !== null,
    undone: state.undone ? t('GNG.Dying.Undone') : '',
    undoNotes: undoNoteLines(state.undoNotes),
  });
}

/**
 * Names the healer on the dying card's Stabilize button as this client shows it (the stored card is
 * the same for everyone; whose Heal check it is depends on the user: `healerFor`): "Stabilize:
 * Fighter's Heal check", its accessible name adding the DC and the patient.
 */
export function nameStabilizeHealer(html: HTMLElement, healer: string, patient: string): void {
  const button = html.querySelector<HTMLButtonElement>('button[data-action="dyingStabilize"]');
  if (!button) return;
  button.textContent = f('GNG.Dying.StabilizeBy', { healer });
  button.setAttribute('aria-label', f('GNG.Dying.StabilizeLabel', { healer, name: patient }));
}

/** The stabilize card's HTML for `state`. */
export function renderStabilizeCard(state: StabilizeCardState): Promise<string> {
  const names = { healer: state.healerName, patient: state.patientName };
  const eg = state.model === 'eg';
  const stableKey = eg ? 'GNG.Model.EG.Stabilise.Stable' : 'GNG.Stabilize.Stable';
  const lines = [f(state.stable ? stableKey : 'GNG.Stabilize.StillDying', names)];
  if (state.inCombat) lines.push(f(eg ? 'GNG.Model.EG.Stabilise.Spent' : 'GNG.Stabilize.Spent', names));
  return foundry.applications.handlebars.renderTemplate(STABILIZE_CARD_TEMPLATE, {
    heading: f('GNG.Stabilize.Heading', names),
    result: t(state.stable ? 'GNG.Stabilize.Success' : 'GNG.Stabilize.Failure'),
    stable: state.stable,
    total: state.total,
    dc: state.dc,
    check: f('GNG.Stabilize.Check', { total: state.total, dc: state.dc }),
    steps: [
      { label: t('GNG.Stabilize.Die'), value: String(state.natural) },
      { label: t('GNG.Stabilize.Bonus'), value: signedMinus(state.bonus) },
    ],
    lines,
    provokes: state.inCombat && !eg ? t('GNG.Stabilize.Provokes') : '',
    targetId: DYING_TARGET,
    canUndo: state.applied !== null,
    undone: state.undone ? t('GNG.Stabilize.Undone') : '',
    undoNotes: undoNoteLines(state.undoNotes),
  });
}
