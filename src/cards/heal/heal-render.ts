/** The heal card's content: who heals whom, the rolls against what they needed, and the outcome. */
import { HEAL_CARD_TEMPLATE, type HealCardState } from './heal-state.js';
import { t, f } from '../../format.js';

export { HEAL_CARD_TEMPLATE };

/** The outcome of the step, by kind and success. */
function outcomeLine(state: HealCardState, success: boolean): string {
  const data = { patient: state.patientName, part: state.part?.label ?? '' };
  return f(`GNG.Heal.Outcome.${state.kind}.${success ? 'success' : 'failure'}`, data);
}

/**
 * The roll lines, the big total and its label, and what it is compared with (`against`, labelled
 * `againstLabel`): the check's DC, or, on extraordinary healing, the HP healed the d20 must not exceed.
 */
function rollLines(state: HealCardState): {
  total: number;
  label: string;
  against: number;
  againstLabel: string;
  lines: string[];
  success: boolean;
} {
  if (state.check) {
    const { natural, bonus, total, dc, success } = state.check;
    return {
      total,
      label: t('GNG.Heal.CheckLabel'),
      against: dc,
      againstLabel: t('GNG.Heal.Dc'),
      lines: [f('GNG.Heal.Check', { natural, bonus: bonus < 0 ? `− ${-bonus}` : `+ ${bonus}`, total, dc })],
      success,
    };
  }
  const roll = state.extraordinary as NonNullable<HealCardState['extraordinary']>;
  return {
    total: roll.d20,
    label: t('GNG.Heal.D20Label'),
    against: roll.amount,
    againstLabel: t('GNG.Heal.AtMost'),
    lines: [
      f('GNG.Heal.Amount', { formula: roll.formula, amount: roll.amount }),
      f(roll.success ? 'GNG.Heal.D20.Restores' : 'GNG.Heal.D20.Fails', {
        d20: roll.d20,
        amount: roll.amount,
      }),
    ],
    success: roll.success,
  };
}

/** The card's HTML for `state`. */
export function renderHealCard(state: HealCardState): Promise<string> {
  const { total, label, against, againstLabel, lines, success } = rollLines(state);
  const names = { healer: state.healerName ?? '', patient: state.patientName, part: state.part?.label ?? '' };
  const heading =
    state.kind === 'extraordinary' && !state.healerName
      ? f('GNG.Heal.Heading.extraordinaryGM', names)
      : f(`GNG.Heal.Heading.${state.kind}`, names);
  return foundry.applications.handlebars.renderTemplate(HEAL_CARD_TEMPLATE, {
    heading,
    kind: t(`GNG.Heal.Kind.${state.kind}`),
    result: t(success ? 'GNG.Heal.Result.success' : 'GNG.Heal.Result.failure'),
    total,
    label,
    against,
    againstLabel,
    lines,
    outcome: outcomeLine(state, success),
    success,
    targetId: 'patient',
    canUndo: state.applied !== null,
    undone: state.undone ? t('GNG.Heal.Undone') : '',
  });
}
