/** The Time Count stance card's view: its HTML from its state only, in this client's language. */
import { escapeHtml } from '../../chat/escape-html.js';
import { undoNoteLines } from '../kernel/undo-notes.js';
import type { TcStance } from '../../rules/models/tc/state.js';
import type { TcStanceCardState } from './tc-stance-state.js';
import { t } from '../../format.js';

/** The card's one target: the actor that shifted. */
export const TC_STANCE_TARGET = 'actor';

const f = (key: string, data: Record<string, unknown>) => escapeHtml(game.i18n.format(key, data));

export const stanceName = (stance: TcStance) => t(`GNG.Model.TC.Stance.Name.${stance}`);

export function renderTcStanceCard(state: TcStanceCardState): Promise<string> {
  const data = {
    name: state.name,
    from: stanceName(state.from),
    to: stanceName(state.to),
    speed: t(`GNG.Model.TC.Stance.Speed.${state.speedClass}`),
    sf: state.sf ?? 0,
    formula: state.formula ?? '',
    next: state.next ?? '',
  };
  const lines = [
    f(state.sf === null ? 'GNG.Model.TC.Stance.Card.free' : 'GNG.Model.TC.Stance.Card.shift', data),
  ];
  if (state.sf !== null) lines.push(f('GNG.Model.TC.Stance.Card.transition', data));
  if (state.undone) lines.push(escapeHtml(t('GNG.Model.TC.Stance.Card.undone')));
  for (const note of undoNoteLines(state.undoNotes)) lines.push(escapeHtml(note));
  const undo = state.applied
    ? `<div class="card-buttons"><button type="button" data-action="tcStanceUndo" data-target-id="${TC_STANCE_TARGET}">${escapeHtml(t('GNG.Model.TC.Stance.Card.undo'))}</button></div>`
    : '';
  return Promise.resolve(
    `<div class="gng chat-card tc-stance-card gng-card-paper"><header class="card-header"><h3>${f('GNG.Model.TC.Stance.Card.heading', data)}</h3></header>` +
      lines.map((line) => `<p class="tc-stance-line">${line}</p>`).join('') +
      undo +
      '</div>',
  );
}
