/** The condition-track request card's view: its HTML from its state only, in this client's language. */
import { TRACK_CARD_TEMPLATE, type TrackRequestState } from './track-state.js';
import { t, f } from '../../format.js';

/** A step in words: "normal", "−1" … "unconscious" (lang `GNG.Model.Saga.Track.Step.<n>`). */
export const stepName = (step: number) => t(`GNG.Model.Saga.Track.Step.${step}`);

export async function renderTrackCard(state: TrackRequestState): Promise<string> {
  const data = { name: state.name, user: state.asker, step: stepName(state.asked) };
  return foundry.applications.handlebars.renderTemplate(TRACK_CARD_TEMPLATE, {
    heading: t('GNG.Model.Saga.Track.Request.Heading'),
    ask: f(`GNG.Model.Saga.Track.Request.Ask.${state.move}`, data),
    open: state.status === 'open',
    result:
      state.status === 'approved'
        ? f('GNG.Model.Saga.Track.Request.Approved', {
            name: state.name,
            from: stepName(state.from ?? 0),
            to: stepName(state.to ?? 0),
          })
        : state.status === 'declined'
          ? f('GNG.Model.Saga.Track.Request.Declined', { name: state.name })
          : '',
  });
}
