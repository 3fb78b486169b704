/**
 * Where the automation finds its scene, tokens and combat: from the documents involved — a card's
 * recorded scene, the actor's token documents (`scene.tokens`, a token's `parent` its scene), the
 * combat holding the actor's combatant (`game.combats`) — never from what a client's canvas or
 * combat tracker shows (the viewed scene and its token layer, the viewed combat): the GM may be
 * preparing another scene, or viewing another combat, while the players fight.
 */
import { adjacent, feetBetween, sceneOfToken } from './scene-grid.js';

/** The world's scenes (none where none are loaded). */
export function scenes(): Scene[] {
  return [...(game.scenes ?? [])];
}

/** The scene with this id, or null. */
export function sceneById(id: string | null | undefined): Scene | null {
  return id ? (game.scenes?.get(id) ?? null) : null;
}

/** The token documents on `scene` (none without one). */
export function tokensOn(scene: Scene | null | undefined): TokenDocument[] {
  return scene ? [...scene.tokens] : [];
}

/** Whether `token` stands for `actor` (its linked world actor, or the same synthetic actor). */
export function isTokenOf(token: TokenDocument, actor: Actor): boolean {
  return token.actor === actor || (token.actor !== null && token.actor.uuid === actor.uuid);
}

/** Every token document of `actor`, on every scene. */
export function actorTokens(actor: Actor): TokenDocument[] {
  return scenes().flatMap((scene) => tokensOn(scene).filter((token) => isTokenOf(token, actor)));
}

/** The combats holding a combatant of `actor`, begun ones first, then the active ones. */
function combatantsOf(actor: Actor): Combatant[] {
  const found: Combatant[] = [];
  for (const combat of game.combats ?? [])
    for (const combatant of combat.combatants)
      if (combatant.actor === actor || (combatant.actor !== null && combatant.actor.uuid === actor.uuid))
        found.push(combatant);
  const rank = (c: Combatant) => (c.parent?.started ? 0 : 2) + (c.parent?.active ? 0 : 1);
  return found.sort((a, b) => rank(a) - rank(b));
}

/**
 * The actor's combatant: in the combat that holds it (a begun one before one not begun, the active
 * one first), whatever combat a client's tracker views; null when no combat holds the actor.
 */
export function combatantOf(actor: Actor | null | undefined): Combatant | null {
  return actor ? (combatantsOf(actor)[0] ?? null) : null;
}

/** The actor's combatant and its combat when that combat has begun (round 1 on); null otherwise. */
export function begunCombatantOf(
  actor: Actor | null | undefined,
): { combatant: Combatant; combat: Combat } | null {
  const combatant = combatantOf(actor);
  const combat = combatant?.parent;
  if (!combatant || !combat || combat.round < 1) return null;
  return { combatant, combat };
}

/** The combat holding the actor's combatant, or null. */
export function combatOf(actor: Actor | null | undefined): Combat | null {
  return combatantOf(actor)?.parent ?? null;
}

/** The combatant's token document (its `token`, else its scene's token of its `tokenId`), or null. */
function combatantToken(combatant: Combatant): TokenDocument | null {
  return combatant.token ?? sceneById(combatant.sceneId)?.tokens.get(combatant.tokenId ?? '') ?? null;
}

/**
 * The actor's token document. With `tokenId`, that token of the actor (on `scene` when given); with
 * `scene`, the actor's token there; otherwise the token its combatant stands for, else its token on
 * its combat's scene, on the world's active scene, or its only (first) token. Null when none.
 */
export function tokenOf(
  actor: Actor | null | undefined,
  where: { scene?: Scene | null; tokenId?: string | null } = {},
): TokenDocument | null {
  if (!actor) return null;
  const tokens = actorTokens(actor);
  const { scene, tokenId } = where;
  if (tokenId)
    return tokens.find((token) => token.id === tokenId && (!scene || sceneOfToken(token) === scene)) ?? null;
  if (scene) return tokens.find((token) => sceneOfToken(token) === scene) ?? null;
  const combatant = combatantOf(actor);
  const own = combatant ? combatantToken(combatant) : null;
  if (own && tokens.includes(own)) return own;
  const combatScene = combatant?.parent?.scene ?? null;
  return (
    (combatScene && tokens.find((token) => sceneOfToken(token) === combatScene)) ||
    tokens.find((token) => sceneOfToken(token)?.active) ||
    tokens[0] ||
    null
  );
}

/** The scene the actor acts on: its token's ({@link tokenOf}), or null. */
export function sceneOfActor(actor: Actor | null | undefined): Scene | null {
  return sceneOfToken(tokenOf(actor));
}

/** The other tokens on `origin`'s scene within `feet` of it, nearest first. */
export function tokensWithin(origin: TokenDocument, feet: number): TokenDocument[] {
  return tokensOn(sceneOfToken(origin))
    .filter((token) => token.id !== origin.id)
    .map((token) => ({ token, feet: feetBetween(origin, token) }))
    .filter((entry) => entry.feet <= feet)
    .sort((a, b) => a.feet - b.feet)
    .map((entry) => entry.token);
}

/** The other tokens on `origin`'s scene adjacent to it. */
export function adjacentTokens(origin: TokenDocument): TokenDocument[] {
  return tokensOn(sceneOfToken(origin)).filter((token) => adjacent(origin, token));
}
