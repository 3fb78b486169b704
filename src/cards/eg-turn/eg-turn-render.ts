/** The Enlightened Grognard turn-start card's view: its HTML from its state only, in this client's language. */
import { escapeHtml } from '../../chat/escape-html.js';
import { undoNoteLines } from '../kernel/undo-notes.js';
import type { EgTurnCardState } from './eg-turn-state.js';
import { t } from '../../format.js';

/** The card's one target: the dying creature. */
export const EG_TURN_TARGET = 'actor';

const f = (key: string, data: Record<string, unknown>) => escapeHtml(game.i18n.format(key, data));

export function renderEgTurnCard(state: EgTurnCardState): Promise<string> {
  const { save, name } = state;
  const lines: string[] = [];
  if (save.natural === null) lines.push(f('GNG.Model.EG.Turn.NoSave', { name }));
  else
    lines.push(
      f(`GNG.Model.EG.Turn.${save.saved ? 'Saved' : 'Failed'}`, {
        name,
        natural: save.natural,
        bonus: save.bonus,
        total: save.total ?? 0,
      }),
    );
  if (save.revived) lines.push(f('GNG.Model.EG.Turn.Revived', { name, hp: save.hp ?? 0 }));
  if (save.conDamage)
    lines.push(
      f(`GNG.Model.EG.Turn.${state.dead ? 'ConDamageDead' : 'ConDamage'}`, {
        name,
        damage: save.conDamage,
        total: state.conDamageBefore + save.conDamage,
        con: state.con,
      }),
    );
  if (state.undone) lines.push(escapeHtml(t('GNG.Model.EG.Turn.Undone')));
  for (const note of undoNoteLines(state.undoNotes)) lines.push(escapeHtml(note));
  const undo = state.applied
    ? `<div class="card-buttons"><button type="button" data-action="egTurnUndo" data-target-id="${EG_TURN_TARGET}">${escapeHtml(t('GNG.Model.EG.Turn.Undo'))}</button></div>`
    : '';
  return Promise.resolve(
    `<div class="gng chat-card eg-turn-card gng-card-paper"><header class="card-header"><h3>${f('GNG.Model.EG.Turn.Heading', { name })}</h3><ul class="card-tags"><li>${f('GNG.Model.EG.Turn.Round', { round: state.round })}</li></ul></header>` +
      lines.map((line) => `<p class="eg-turn-line">${line}</p>`).join('') +
      undo +
      '</div>',
  );
}
