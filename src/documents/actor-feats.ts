/** Whether an actor has a feat: a feat item with that `system.identifier` (its prepared `derived.feats`). */
import type { CreatureData } from '../data/actor/creature-data.js';

export function hasFeat(actor: Actor | null | undefined, id: string): boolean {
  return ((actor?.system as CreatureData | undefined)?.derived?.feats ?? []).includes(id);
}
