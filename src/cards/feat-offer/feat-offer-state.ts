/**
 * The state of the feat offer card: its message's `system` (subtype `featOffer`, feat-offer-data.ts),
 * or `flags.gng.featOffer` on a card posted before issue #34.
 */
import { systemPath } from '../../config/document-types.js';
import type { Maneuver } from '../../rules/index.js';
import { cardState } from '../kernel/typed-card.js';
import { legacyFlagState } from '../kernel/typed-card.js';

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
  /** Redirect Force: the maneuver taken (a typed card: null until then). */
  maneuver?: Maneuver | null;
  /** Catch / Reflect: the item made on the holder for the hurl (its id). */
  itemId?: string | null;
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

/** A feat offer card posted before issue #34 (`type: 'base'`, `flags.gng.featOffer`), or null. */
export function legacyFeatOffer(message: ChatMessage | null | undefined): FeatOfferState | null {
  return legacyFlagState(message, 'featOffer', 'featOffer');
}

/** The state of a feat offer card (typed or legacy), or null. */
export const featOfferOf = (message: ChatMessage | null | undefined): FeatOfferState | null =>
  cardState({ type: 'featOffer', legacy: legacyFeatOffer }, message);

/** Whether the holder's answer is still open. */
export function offerOpen(holder: OfferHolder): boolean {
  return holder.takenBy === null && holder.declinedBy === null;
}
