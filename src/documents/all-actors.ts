/**
 * Every actor of the world: the world's actors and the actors of the unlinked tokens of every scene
 * (each its own synthetic actor), each once.
 */
export function allActors(): Actor[] {
  const actors: Actor[] = [...game.actors];
  for (const scene of game.scenes ?? []) {
    for (const token of scene.tokens) {
      if (!token.actorLink && token.actor && !actors.includes(token.actor)) actors.push(token.actor);
    }
  }
  return actors;
}
