/**
 * The attack card's odds and "What if?" (attack-odds-card.ts) are loaded with the odds engine the
 * first time a card with an open exchange is drawn (issue #29): until then the card is drawn without
 * them, and they are added once the chunk is there (at once on every later render).
 */
import { onDemand, withModule } from '../../on-demand.js';
import { automation } from '../../settings/variant-rules.js';
import { cardState } from './attack-state.js';
import { isGMMessage } from '../kernel/index.js';

/** The card's odds, the "What if?" and the odds engine, with the world's combat model's analysis. */
export const cardOddsModule = onDemand(() =>
  import('./attack-odds-card.js').then(async (module) => {
    await module.modelAnalysis();
    return module;
  }),
);

/**
 * `renderChatMessageHTML` (src/hooks/register-hooks.ts, after the attack card's buttons): the odds'
 * decoration of attack cards.
 */
export function decorateAttackOdds(message: ChatMessage, html: HTMLElement): void {
  if (automation().showOdds === 'off') return;
  const state = isGMMessage(message) ? cardState(message) : null;
  // Odds before Defense, a "What if?" while Block or Roll with the Blow is open: nothing to draw
  // once every creature's damage is applied (or it has none).
  if (!state?.targets.some((t) => t.kind === 'creature' && !t.applied)) return;
  withModule(cardOddsModule, (odds) => odds.decorateOdds(message, html));
}
