/**
 * Where the active GM last saw each token (its centre, in feet): the start of its next move. The
 * `updateToken` hook gives only the new place, so the GM remembers the old one itself: every token
 * of the area's scene when an area is claimed, and every token after each of its moves. Kept from
 * `init` (suppress-register.ts), before the card itself is loaded, so a move's start is known then too.
 */
import { tokenCentreFeet } from '../../combat/scene-grid.js';
import type { Point } from '../../rules/index.js';

const lastPlace = new Map<string, Point>();

/** Remembers where the token is (or `at`, the place a move put it). */
export function rememberPlace(doc: TokenDocument, at: Point = tokenCentreFeet(doc)): void {
  lastPlace.set(doc.id as string, at);
}

/** Where the token was last seen, when it was. */
export function lastPlaceOf(doc: TokenDocument): Point | undefined {
  return lastPlace.get(doc.id as string);
}
