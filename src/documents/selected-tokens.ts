/**
 * The actors of the tokens this client's user has selected on the canvas (none without a canvas).
 * This is the one place a card reads the canvas: a selection is the user's own choice, made on the
 * scene that user views (a party to rest, a helper to name), on the asking client. Automation never
 * finds its scene, tokens or combat here (`src/combat/scene-lookup.ts`).
 */
export function selectedActors(): Actor[] {
  const canvas = (globalThis as { canvas?: { tokens?: { controlled?: Token[] } } }).canvas;
  const controlled = canvas?.tokens?.controlled;
  if (!Array.isArray(controlled)) return [];
  return controlled.map((token) => token.actor).filter((actor): actor is Actor => Boolean(actor));
}
