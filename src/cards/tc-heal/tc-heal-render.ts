/** The Time Count heal card's view: its HTML from its state only, in this client's language. */
import { escapeHtml } from '../../chat/escape-html.js';
import type { TcHealCardState } from './tc-heal-state.js';
import { t } from '../../format.js';

/** The card's one target: the healed actor. */
export const TC_HEAL_TARGET = 'actor';
const H = 'GNG.Model.TC.Heal';

const f = (key: string, data: Record<string, unknown>) => escapeHtml(game.i18n.format(key, data));

export function renderTcHealCard(state: TcHealCardState): Promise<string> {
  const lines = [
    f(`${H}.Given`, {
      invigoration: state.given.invigoration,
      fatigue: state.given.fatigue,
      before: state.before.fatigue,
      after: state.after.fatigue,
      total: state.after.invigoration,
    }),
  ];
  const capped =
    state.given.invigoration < state.asked.invigoration || state.given.fatigue < state.asked.fatigue;
  if (capped)
    lines.push(f(`${H}.Capped`, { invigoration: state.asked.invigoration, fatigue: state.asked.fatigue }));
  if (state.undone) lines.push(escapeHtml(t(`${H}.Undone`)));
  const undo = state.applied
    ? `<div class="card-buttons"><button type="button" data-action="tcHealUndo" data-target-id="${TC_HEAL_TARGET}">${escapeHtml(t(`${H}.Undo`))}</button></div>`
    : '';
  return Promise.resolve(
    `<div class="gng chat-card tc-heal-card gng-card-paper"><header class="card-header"><h3>${f(`${H}.Heading`, { name: state.name })}</h3></header>` +
      lines.map((line) => `<p class="tc-heal-line">${line}</p>`).join('') +
      undo +
      '</div>',
  );
}
