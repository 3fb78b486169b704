/**
 * The Time Count model's maneuver and stance cards (issue #32, lane maneuvers), registered as the
 * model loads (the TC loader's glue calls {@link registerTcManeuverCards}; nothing of it is in the code
 * a world loads at start): their GM queries, render hooks, and `game.gng.tcStance` /
 * `game.gng.tcManeuver`. Each card's module is loaded on first use.
 */
import { registerLazyCard } from '../kernel/lazy-card.js';
import { isGMMessage } from '../kernel/gm-message.js';
import { onDemand } from '../../on-demand.js';
import { isTcStanceCard } from './tc-stance-state.js';
import { isTcManeuverCard } from './tc-maneuver-state.js';

const stanceModule = onDemand(() => import('./tc-stance-actions.js'));
const maneuverModule = onDemand(() => import('./tc-maneuver-actions.js'));

let registered = false;

/** Registers the cards (once) and sets their calls on `game.gng` (each time). */
export function registerTcManeuverCards(): void {
  const api = game.gng as unknown as Record<string, unknown>;
  api.tcStance = async (actor: Actor, stance: string) =>
    (await stanceModule()).requestTcStance(actor, stance as never);
  api.tcManeuver = async (actor: Actor, maneuver: string, options?: { targets?: Actor[]; weapon?: Item }) =>
    (await maneuverModule()).startTcManeuver(actor, maneuver as never, options);
  if (registered) return;
  registered = true;
  registerLazyCard({
    module: stanceModule,
    queries: {
      'gng.tcStance': (m, data, sender, context) => m.handleTcStance(data, sender, context),
      'gng.tcStanceCard': (m, ...request) => m.tcStanceCard.handle(...request),
    },
    renders: (message) => isTcStanceCard(message) && isGMMessage(message),
    decorate: (m, message, html) => m.tcStanceCard.decorate(message, html),
    templates: [],
    types: ['tcStance'],
  });
  registerLazyCard({
    module: maneuverModule,
    queries: { 'gng.tcManeuverAction': (m, ...request) => m.tcManeuverCard.handle(...request) },
    renders: (message) => isTcManeuverCard(message) && isGMMessage(message),
    decorate: (m, message, html) => m.decorateTcManeuverCard(message, html),
    templates: [],
    types: ['tcManeuver'],
  });
}
