/** The feat offer card's view: its HTML from its state only, in this client's language. */
import {
  FEAT_OFFER_TEMPLATE,
  offerOpen,
  REDIRECT_MANEUVERS,
  type FeatOfferState,
} from './feat-offer-state.js';
import { t, f } from '../../format.js';

/** The card's HTML for `state`. */
export function renderFeatOffer(state: FeatOfferState): Promise<string> {
  const data = { name: state.holder.name, opponent: state.opponent.name };
  const h = state.holder;
  const answer =
    h.takenBy !== null
      ? f(`GNG.FeatOffer.Taken.${state.kind}`, {
          ...data,
          maneuver: h.maneuver ? t(`GNG.Maneuver.Kind.${h.maneuver}`) : '',
        })
      : h.declinedBy !== null
        ? f('GNG.FeatOffer.Declined', data)
        : f(`GNG.FeatOffer.Offered.${state.kind}`, data);
  const takes =
    state.kind === 'redirect-force'
      ? REDIRECT_MANEUVERS.map((m) => ({
          maneuver: m,
          text: t(`GNG.Maneuver.Kind.${m}`),
          label: f('GNG.FeatOffer.RedirectLabel', { ...data, maneuver: t(`GNG.Maneuver.Kind.${m}`) }),
        }))
      : [
          {
            maneuver: '',
            text: t(`GNG.FeatOffer.Take.${state.kind}`),
            label: f(`GNG.FeatOffer.TakeLabel.${state.kind}`, data),
          },
        ];
  return foundry.applications.handlebars.renderTemplate(FEAT_OFFER_TEMPLATE, {
    heading: f(`GNG.FeatOffer.Heading.${state.kind}`, data),
    rule: t(`GNG.FeatOffer.Rule.${state.kind}`),
    answer,
    open: offerOpen(h),
    takes,
    declineLabel: f('GNG.FeatOffer.DeclineLabel', data),
  });
}
