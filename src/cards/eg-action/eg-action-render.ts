/** The Enlightened Grognard action card's view: its HTML from its state only, in this client's language. */
import { escapeHtml } from '../../chat/escape-html.js';
import { localText, undoNoteLines } from '../kernel/undo-notes.js';
import type { EgActionCardState } from './eg-action-state.js';
import { t } from '../../format.js';

/** The card's one target: the acting creature. */
export const EG_ACTION_TARGET = 'actor';

export function renderEgActionCard(state: EgActionCardState): Promise<string> {
  const lines = state.lines.map((line) => escapeHtml(localText(line)));
  if (state.undone) lines.push(escapeHtml(t('GNG.Model.EG.Action.Undone')));
  for (const note of undoNoteLines(state.undoNotes)) lines.push(escapeHtml(note));
  const undo = state.applied
    ? `<div class="card-buttons"><button type="button" data-action="egActionUndo" data-target-id="${EG_ACTION_TARGET}">${escapeHtml(t('GNG.Model.EG.Action.Undo'))}</button></div>`
    : '';
  const action = t(`GNG.Model.EG.Action.${state.action}.label`);
  const heading = escapeHtml(game.i18n.format('GNG.Model.EG.Action.Heading', { name: state.name, action }));
  return Promise.resolve(
    `<div class="gng chat-card eg-action-card gng-card-paper"><header class="card-header"><h3>${heading}</h3></header>` +
      lines.map((line) => `<p class="eg-action-line">${line}</p>`).join('') +
      undo +
      '</div>',
  );
}
