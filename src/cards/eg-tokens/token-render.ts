/** The Enlightened Grognard token card's view: its HTML from its state only, in this client's language. */
import { initiativeChoices, type TokenCounts } from '../../rules/models/eg/tokens.js';
import { EG_TOKEN_CARD_TEMPLATE, type EgTokenCardState } from './token-state.js';
import { t, f } from '../../format.js';

/** "2 power, 1 speed": the counts above 0, in words. */
export function tokenWords(counts: TokenCounts): string {
  const parts = (['power', 'speed', 'insight'] as const)
    .filter((type) => counts[type] > 0)
    .map((type) =>
      f('GNG.Model.EG.Token.Count', { count: counts[type], type: t(`GNG.Model.EG.Token.Type.${type}`) }),
    );
  return parts.join(', ');
}

export async function renderEgTokenCard(state: EgTokenCardState): Promise<string> {
  const initiative = state.kind === 'initiative';
  const given = { power: 0, speed: 0, insight: 0, [state.type ?? 'power']: state.amount } as TokenCounts;
  const data = { name: state.name, recipient: state.recipientName ?? '', tokens: tokenWords(given) };
  const result =
    state.status === 'undone'
      ? f('GNG.Model.EG.Gift.Undone', data)
      : state.status === 'done'
        ? initiative
          ? f('GNG.Model.EG.Token.Initiative.Chosen', {
              name: state.name,
              tokens: tokenWords(state.choice as TokenCounts),
            })
          : f('GNG.Model.EG.Gift.Given', data)
        : '';
  return foundry.applications.handlebars.renderTemplate(EG_TOKEN_CARD_TEMPLATE, {
    heading: t(initiative ? 'GNG.Model.EG.Token.Initiative.Heading' : 'GNG.Model.EG.Gift.Heading'),
    ask:
      initiative && state.status === 'open'
        ? f('GNG.Model.EG.Token.Initiative.Ask', { name: state.name, count: state.gain })
        : '',
    // Whose move it is (issue #33), for everyone: the buttons show to the PC's owners only.
    waiting:
      initiative && state.status === 'open'
        ? f('GNG.Model.EG.Token.Initiative.Waiting', { name: state.name })
        : '',
    choices:
      initiative && state.status === 'open'
        ? initiativeChoices(state.gain).map((choice, index) => ({ index, label: tokenWords(choice) }))
        : [],
    result,
    undo: state.status === 'done',
  });
}
