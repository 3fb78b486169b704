/**
 * Quick Stand's query, template and card flag, who shows its button, and the asking client's
 * `game.gng.quickStand` (quick-stand.ts is the GM's side, loaded on first use; issue #29).
 */
import { systemPath } from '../../config/document-types.js';
import { askGM, type CardActionResult } from '../kernel/index.js';

export const QUICK_STAND_QUERY = 'gng.quickStand';
export const QUICK_STAND_TEMPLATE = systemPath('templates/chat/quick-stand.hbs');

/** `flags.gng.quickStand` of the posted card. */
export interface QuickStandCard {
  actorUuid: string;
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
