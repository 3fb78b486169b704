/** The stored state of the feat offer card (`flags.gng.featOffer`) and its rendering. */
import { SYSTEM_ID, systemPath } from '../../config/document-types.js';
import type { Maneuver } from '../../rules/index.js';

/** The card's GM query (feat-offer-register.ts registers it and the template on `init`). */
export const FEAT_OFFER_QUERY = 'gng.featOfferAction';
export const FEAT_OFFER_TEMPLATE = systemPath('templates/chat/feat-offer-card.hbs');

/** The feats whose free attack (or Epic Flow's avoided damage) the card offers. */
export const OFFER_KINDS = [
  'clean-up-blow',
  'redirect-force',
  'catch-projectile',
  'reflect-projectiles',
  'epic-flow-with-enemy',
] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

/** Redirect Force: "you may perform a trip, throw, or bull rush". */
export const REDIRECT_MANEUVERS: readonly Maneuver[] = ['trip', 'throw', 'bull-rush'];

/** The feat's holder, the card's one target (id `holder`). */
export interface OfferHolder {
  id: 'holder';
  actorUuid: string;
  name: string;
  takenBy: string | null;
  declinedBy: string | null;
  /** Redirect Force: the maneuver taken. */
  maneuver?: Maneuver;
  /** Catch / Reflect: the item made on the holder for the hurl (its id). */
  itemId?: string;
  /** Epic Flow: the combat and round it was used in (once per round). */
  usedIn?: { combat: string; round: number } | null;
}

export interface FeatOfferState {
  kind: OfferKind;
  holder: OfferHolder;
  /** Whom the free attack is made against (the attacker, for Epic Flow). */
  opponent: { actorUuid: string; name: string; tokenId: string | null };
  /** The attack (or maneuver) card whose step triggered the offer, and its target there. */
  source: string;
  sourceTarget: string;
}

/** The stored state of a feat offer card, or null. */
export function featOfferOf(message: ChatMessage | null | undefined): FeatOfferState | null {
  const flags = message?.flags?.[SYSTEM_ID];
  if (!flags || flags.type !== 'featOffer') return null;
  return (flags.featOffer as FeatOfferState | undefined) ?? null;
}

/** Whether the holder's answer is still open. */
export function offerOpen(holder: OfferHolder): boolean {
  return holder.takenBy === null && holder.declinedBy === null;
}

const f = (key: string, data: Record<string, unknown>) => game.i18n.format(key, data);
const t = (key: string) => game.i18n.localize(key);

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
