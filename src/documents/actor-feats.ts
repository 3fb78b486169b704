/** Whether an actor has a feat: a feat item with that `system.identifier` (its prepared `derived.feats`). */

export function hasFeat(actor: Actor | null | undefined, id: string): boolean {
  return (actor?.system?.derived?.feats ?? []).includes(id);
}
