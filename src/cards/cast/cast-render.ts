/** The cast card's view: its HTML from its state only, in this client's language. */
import { localText, undoNoteLines } from '../kernel/undo-notes.js';
import { CAST_CARD_TEMPLATE, CAST_TARGET, type CastCardState } from './cast-state.js';
import { t, f } from '../../format.js';

/** The spend line of the card. */
function spentLine(state: CastCardState): string {
  const s = state.spent;
  if (s.kind === 'slot') return f('GNG.CastCard.SpentSlot', { level: s.level, left: s.left, max: s.max });
  if (s.kind === 'points')
    return f('GNG.CastCard.SpentPoints', { points: s.points, left: s.left, max: s.max });
  return f(state.kind === 'spell' ? 'GNG.CastCard.UntrackedSlots' : 'GNG.CastCard.UntrackedPoints', {
    name: state.caster,
  });
}

/** The card's HTML for `state`. */
export function renderCastCard(state: CastCardState): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(CAST_CARD_TEMPLATE, {
    heading: f(state.kind === 'spell' ? 'GNG.CastCard.HeadingSpell' : 'GNG.CastCard.HeadingPower', {
      caster: state.caster,
      spell: state.spell,
    }),
    // A legacy card's line is the text its GM's client wrote.
    line: typeof state.line === 'string' ? state.line : state.line && localText(state.line),
    spent: spentLine(state),
    targetId: CAST_TARGET,
    canUndo: state.applied,
    undone: state.applied
      ? ''
      : t(state.effects.length ? 'GNG.CastCard.UndoneWeapon' : 'GNG.CastCard.Undone'),
    undoNotes: undoNoteLines(state.undoNotes),
  });
}
