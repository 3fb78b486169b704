/** The bleeding card's view: its HTML from its state only, in this client's language. */
import { BLEEDING_CARD_TEMPLATE, type BleedingCardState } from './bleeding-state.js';
import { t, f } from '../../format.js';

/** The card's one target: the bleeding actor (its buttons carry `data-target-id="actor"`). */
export const BLEEDING_TARGET = 'actor';

export async function renderBleedingCard(state: BleedingCardState): Promise<string> {
  const result = state.result;
  let outcome = '';
  if (result) {
    if (result.after.status === 'dead') outcome = f('GNG.Bleeding.Outcome.dead', { name: state.name });
    else if (result.success) outcome = f('GNG.Bleeding.Outcome.success', { dc: result.after.dc });
    else outcome = f(`GNG.Bleeding.Outcome.${result.after.stage}`, { name: state.name, dc: result.after.dc });
  }
  return foundry.applications.handlebars.renderTemplate(BLEEDING_CARD_TEMPLATE, {
    heading: f('GNG.Bleeding.Heading', { name: state.name }),
    save: f('GNG.Bleeding.Save', { dc: state.dc }),
    stage: state.stage === 'bleeding' ? '' : t(`GNG.Bleeding.BloodLoss.${state.stage}`),
    targetId: BLEEDING_TARGET,
    // Whose save it is: only the bleeding actor's owners (and the GM) see the button.
    action: f('GNG.Bleeding.Action', { name: state.name }),
    // What the card waits for while the save is not rolled (issue #33).
    waiting: f('GNG.Bleeding.Waiting', { name: state.name, dc: state.dc }),
    undone: state.undone ? t('GNG.Bleeding.Undone') : '',
    result: result && {
      success: result.success,
      line: f('GNG.Bleeding.Result', { total: result.total, natural: result.natural, dc: state.dc }),
      outcome,
    },
  });
}
