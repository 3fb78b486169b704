/**
 * The rest card's registration on `init` (issue #29): the card (rest-actions.ts and the party's rest,
 * rest-party.ts: the rolls, what a rest heals, the rendering) is loaded on first use — its query
 * reaching the GM, one of its cards rendered, `game.gng.rest` or `game.gng.restParty`. The care
 * records (what the sheet and the heal card read) are kept from the start, as before.
 */
import { registerLazyCard } from '../kernel/lazy-card.js';
import { isGMMessage } from '../kernel/gm-message.js';
import { track } from '../kernel/in-flight.js';
import { onDemand } from '../../on-demand.js';
import { migrateCareFlags, registerCareRecords } from '../../combat/care-records.js';
import { REST_CARD_TEMPLATE, REST_QUERY, restCardOf } from './rest-state.js';

/** The card (rest-actions.ts), loaded on first use. */
export const restModule = onDemand(() => import('./rest-actions.js'));
/** The party's rest (rest-party.ts, with the card), loaded on first use. */
export const restPartyModule = onDemand(() => import('./rest-party.js'));

/** `ready`: the care records of older worlds moved to their store (src/hooks/register-hooks.ts). */
export function migrateCareOnReady(): void {
  void track(migrateCareFlags());
}

/** Registers the care records, the query, the render hook and the template (on `init`). */
export function registerRestCard(): void {
  registerCareRecords();
  registerLazyCard({
    module: restModule,
    queries: { [REST_QUERY]: (card, data, sender, context) => card.restCard.handle(data, sender, context) },
    renders: (message) => Boolean(isGMMessage(message) && restCardOf(message)),
    decorate: (card, message, html) => card.restCard.decorate(message, html),
    templates: [REST_CARD_TEMPLATE],
    types: ['rest'],
  });
}
