/**
 * The suppressing fire card's registration on `init` (issue #29): the card itself (suppress-actions.ts,
 * its shots, areas and rendering) is loaded on first use — its query reaching the GM, one of its
 * cards rendered, `game.gng.suppress`, or a token moving or a turn starting while an area is held.
 */
import { registerLazyCard } from '../kernel/lazy-card.js';
import { isGMMessage } from '../kernel/gm-message.js';
import { track } from '../kernel/in-flight.js';
import { onDemand } from '../../on-demand.js';
import { isActiveGM } from '../../documents/active-gm.js';
import { tokenCentreFeet } from '../../combat/scene-grid.js';
import { SUPPRESS_CARD_TEMPLATE, SUPPRESS_QUERY, suppressState } from './suppress-state.js';

/** The card (suppress-actions.ts), loaded on first use. */
export const suppressModule = onDemand(() => import('./suppress-actions.js'));

/** Whether a GM's suppressing fire card holds its area now (nothing to do for a move or a turn otherwise). */
function anyAreaHeld(): boolean {
  return game.messages.contents.some((m) => isGMMessage(m) && suppressState(m)?.active === true);
}

/** The shooter's next turn start (active GM, from GnGCombat): its areas are no longer held. */
export async function endSuppressionAtTurnStart(combat: Combat, combatant: Combatant): Promise<void> {
  if (anyAreaHeld()) await (await suppressModule()).endSuppressionAtTurnStart(combat, combatant);
}

/** Registers the query, the render hook and the template (on `init`). */
export function registerSuppressCard(): void {
  registerLazyCard({
    module: suppressModule,
    queries: {
      [SUPPRESS_QUERY]: (card, data, sender, context) => card.suppressCard.handle(data, sender, context),
    },
    renders: (message) => Boolean(isGMMessage(message) && suppressState(message)),
    decorate: (card, message, html) => card.suppressCard.decorate(message, html),
    templates: [SUPPRESS_CARD_TEMPLATE],
    types: ['suppress'],
  });
}

/**
 * `moveToken` (active GM, src/hooks/register-hooks.ts): a token moving while an area is held loads
 * the card, which checks the move against each area.
 */
export function suppressOnTokenMoved(
  doc: TokenDocument,
  movement: TokenMovement | undefined,
): Promise<void> | undefined {
  if (!isActiveGM() || !anyAreaHeld()) return;
  // The move's path, read now (a later move may change the document before the queue runs): its
  // origin, then each waypoint it passed (v13 `TokenMovementData`; test/harness/README.md).
  const corners = [movement?.origin, ...(movement?.passed?.waypoints ?? [])].filter(
    (p): p is ScenePoint => typeof p?.x === 'number' && typeof p?.y === 'number',
  );
  if (!corners.length) return;
  const path = corners.map((p) => tokenCentreFeet(doc, { x: p.x, y: p.y }));
  // Returned: Foundry ignores it; the harness's browser clients wait for it (test/harness/README.md).
  return track(suppressModule().then((card) => card.onTokenMoved(doc, { path })));
}
