/** The Saga-style turn-start card's view: its HTML from its state only, in this client's language. */
import { lethalCondition } from '../../rules/models/saga/health.js';
import { escapeHtml } from '../../chat/escape-html.js';
import { undoNoteLines } from '../kernel/undo-notes.js';
import type { SagaTurnCardState } from './saga-turn-state.js';
import { t } from '../../format.js';

/** The card's one target: the creature whose turn started. */
export const SAGA_TURN_TARGET = 'actor';

const f = (key: string, data: Record<string, unknown>) => escapeHtml(game.i18n.format(key, data));

export function renderSagaTurnCard(state: SagaTurnCardState): Promise<string> {
  const { outcome, name } = state;
  const lines: string[] = [];
  const regen = outcome.regeneration;
  if (regen?.suppressed)
    lines.push(f('GNG.Model.Saga.Round.Suppressed', { name, left: outcome.suppressedTurns }));
  else if (regen)
    lines.push(
      f('GNG.Model.Saga.Round.Regenerated', {
        name,
        healed: regen.healed,
        before: state.hpBefore,
        after: outcome.hpAfterRegeneration,
      }),
    );
  const dying = outcome.dying;
  if (dying) {
    const data = { name, roll: dying.roll, chance: dying.chance, before: outcome.hpAfterRegeneration };
    lines.push(f(`GNG.Model.Saga.Round.Check.${dying.stable ? 'stable' : 'unstable'}`, data));
    const result = dying.stable ? 'stable' : dying.condition;
    lines.push(f(`GNG.Model.Saga.Round.Outcome.${result}`, { ...data, after: dying.current }));
  } else if (lethalCondition(state.hpBefore) === 'dying' && lethalCondition(outcome.hp) !== 'dying')
    lines.push(f('GNG.Model.Saga.Round.NoLongerDying', { name, hp: outcome.hp }));
  if (state.undone) lines.push(escapeHtml(t('GNG.Model.Saga.Round.Undone')));
  for (const note of undoNoteLines(state.undoNotes)) lines.push(escapeHtml(note));
  const undo = state.applied
    ? `<div class="card-buttons"><button type="button" data-action="sagaTurnUndo" data-target-id="${SAGA_TURN_TARGET}">${escapeHtml(t('GNG.Model.Saga.Round.Undo'))}</button></div>`
    : '';
  return Promise.resolve(
    `<div class="gng chat-card saga-turn-card gng-card-paper"><header class="card-header"><h3>${f('GNG.Model.Saga.Round.Heading', { name })}</h3><ul class="card-tags"><li>${f('GNG.Model.Saga.Round.Round', { round: state.round })}</li></ul></header>` +
      lines.map((line) => `<p class="saga-turn-line">${line}</p>`).join('') +
      undo +
      '</div>',
  );
}
