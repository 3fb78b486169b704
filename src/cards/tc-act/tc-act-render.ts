/** The Time Count act card's view: its HTML from its state only, in this client's language. */
import { escapeHtml } from '../../chat/escape-html.js';
import { localText, undoNoteLines } from '../kernel/undo-notes.js';
import type { TcActCardState } from './tc-act-state.js';

/** The card's one target: the combat. */
export const TC_ACT_TARGET = 'combat';

const t = (key: string) => escapeHtml(game.i18n.localize(key));

export function renderTcActCard(state: TcActCardState): Promise<string> {
  const lines = state.lines.map((line) => escapeHtml(localText(line)));
  if (state.undone) lines.push(t('GNG.Model.TC.Act.Undone'));
  for (const note of undoNoteLines(state.undoNotes)) lines.push(escapeHtml(note));
  const undo = state.applied
    ? `<div class="card-buttons"><button type="button" data-action="tcActUndo" data-target-id="${TC_ACT_TARGET}">${t('GNG.Model.TC.Act.Undo')}</button></div>`
    : '';
  return Promise.resolve(
    `<div class="gng chat-card tc-act-card gng-card-paper"><header class="card-header"><h3>${t('GNG.Model.TC.Act.Heading')}</h3></header>` +
      lines.map((line) => `<p class="tc-act-line">${line}</p>`).join('') +
      undo +
      '</div>',
  );
}
