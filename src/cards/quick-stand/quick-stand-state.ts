/**
 * Quick Stand's query, template and card state, who shows its button, and the asking client's
 * `game.gng.quickStand` (quick-stand-steps.ts is the GM's side, loaded on first use; issue #29).
 */
import { systemPath } from '../../config/document-types.js';
import { askGM, type CardActionResult } from '../kernel/index.js';

export const QUICK_STAND_QUERY = 'gng.quickStand';
export const QUICK_STAND_TEMPLATE = systemPath('templates/chat/quick-stand.hbs');

/**
 * The Quick Stand card's state: its message's `system` (subtype `quickStand`, quick-stand-data.ts).
 * A card posted before issue #34 kept it in `flags.gng.quickStand` (without `name`); it has no
 * buttons and is shown from its stored content, so nothing reads that flag any more.
 */
export interface QuickStandCard {
  actorUuid: string;
  name: string;
  natural: number;
  bonus: number;
  total: number;
  dc: number;
  stood: boolean;
}

/** Whether the actor shows a Quick Stand button: it is prone. */
export function mayQuickStand(actor: Actor | null | undefined): boolean {
  return Boolean(actor?.statuses?.has('prone'));
}

/** `game.gng.quickStand(actor)`: asks the GM to roll the actor's Quick Stand. */
export function quickStand(actor: Actor): Promise<CardActionResult> {
  return askGM(QUICK_STAND_QUERY, { actorUuid: actor.uuid });
}
