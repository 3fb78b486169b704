/** The feat action card's content: a Sudden Action's new count, or a Tactical Aid's check and who it aids. */
import { FEAT_ACTION_TEMPLATE, type FeatActionCardState } from './feat-action-state.js';
import { t, f } from '../../format.js';

export { FEAT_ACTION_TEMPLATE };

const signed = (n: number) => (n < 0 ? `− ${-n}` : `+ ${n}`);

/** The card's HTML for `state`. */
export function renderFeatActionCard(state: FeatActionCardState): Promise<string> {
  const name = state.actorName;
  let heading: string;
  let success: boolean;
  let duel: { label: string; total: number; dc: number } | null = null;
  const lines: string[] = [];
  if (state.kind === 'sudden-action' && state.sudden) {
    const s = state.sudden;
    heading = f('GNG.FeatAction.SuddenHeading', { name });
    success = true;
    lines.push(f('GNG.FeatAction.SuddenLine', { from: s.from, to: s.to, steps: s.steps, level: s.level }));
  } else {
    const aid = state.aid;
    heading = f('GNG.FeatAction.AidHeading', { name });
    success = Boolean(aid && aid.bonus > 0);
    if (aid) {
      duel = { label: t('GNG.FeatAction.Knowledge'), total: aid.total, dc: aid.dc };
      lines.push(
        f('GNG.FeatAction.AidCheck', { natural: aid.natural, skill: signed(aid.skill), total: aid.total }),
      );
      if (aid.bonus > 0) {
        lines.push(f(`GNG.FeatAction.AidBonus.${aid.choice}`, { bonus: aid.bonus, rounds: aid.rounds }));
        if (aid.aided.length) lines.push(f('GNG.FeatAction.Aided', { names: aid.aided.join(', ') }));
        if (aid.skipped.length) lines.push(f('GNG.FeatAction.Skipped', { names: aid.skipped.join(', ') }));
      } else lines.push(t('GNG.FeatAction.AidFailed'));
    }
  }
  return foundry.applications.handlebars.renderTemplate(FEAT_ACTION_TEMPLATE, {
    heading,
    result: t(success ? 'GNG.FeatAction.Success' : 'GNG.FeatAction.Failure'),
    success,
    duel,
    lines,
    notes: (state.notes ?? []).map((n) => f(n.key, n.data)),
    targetId: 'actor',
    canUndo: state.applied !== null,
    undone: state.undone ? t('GNG.FeatAction.Undone') : '',
  });
}
