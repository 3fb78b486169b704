/**
 * The suppressing fire card's registration on `init` (issue #29): the card itself (suppress-card.ts,
 * its shots, areas and rendering) is loaded on first use — its query reaching the GM, one of its
 * cards rendered, `game.gng.suppress`, or a token moving or a turn starting while an area is held.
 * Only where tokens were last seen is kept from the start (token-places.ts), as before.
 */
import { registerLazyCard } from '../kernel/lazy-card.js';
import { track } from '../kernel/in-flight.js';
import { onDemand } from '../../on-demand.js';
import { isActiveGM } from '../../documents/active-gm.js';
import { tokenCentreFeet } from '../../combat/scene-grid.js';
import { lastPlaceOf, rememberPlace } from './token-places.js';
import { SUPPRESS_CARD_TEMPLATE, SUPPRESS_QUERY, suppressState } from './suppress-state.js';

/** The card (suppress-card.ts), loaded on first use. */
export const suppressModule = onDemand(() => import('./suppress-card.js'));

/** Whether a GM's suppressing fire card holds its area now (nothing to do for a move or a turn otherwise). */
function anyAreaHeld(): boolean {
  return game.messages.contents.some((m) => m.author?.isGM && suppressState(m)?.active === true);
}

/** The shooter's next turn start (active GM, from GnGCombat): its areas are no longer held. */
export async function endSuppressionAtTurnStart(combat: Combat, combatant: Combatant): Promise<void> {
  if (anyAreaHeld()) await (await suppressModule()).endSuppressionAtTurnStart(combat, combatant);
}

/** Registers the query, the render hook, the token hook and the template (on `init`). */
export function registerSuppressCard(): void {
  registerLazyCard({
    module: suppressModule,
    queries: { [SUPPRESS_QUERY]: (card, data, sender) => card.suppressCard.handle(data, sender) },
    renders: (message) => Boolean(message.author?.isGM && suppressState(message)),
    decorate: (card, message, html) => card.suppressCard.decorate(message, html),
    templates: [SUPPRESS_CARD_TEMPLATE],
  });
  Hooks.on('updateToken', (doc: TokenDocument, changes: Record<string, unknown>) => {
    if (!isActiveGM() || !('x' in changes || 'y' in changes)) return;
    // This move's place, read now (a later move may change the document before the queue runs).
    const at = (key: 'x' | 'y') => (typeof changes[key] === 'number' ? (changes[key] as number) : undefined);
    const to = tokenCentreFeet(doc, { x: at('x'), y: at('y') });
    const from = lastPlaceOf(doc) ?? to;
    rememberPlace(doc, to);
    if (!anyAreaHeld()) return;
    // Returned: Foundry ignores it; the harness's browser clients wait for it (test/harness/README.md).
    return track(suppressModule().then((card) => card.onTokenMoved(doc, { from, to })));
  });
}
