/**
 * What the maneuver cards (GnG's, the Enlightened Grognard's, the Time Count's) share about the
 * creatures a maneuver is aimed at: the targets a request names, and each actor read back on the GM's
 * client. Loaded with those cards, not at start.
 */
import { actorOf, Refusal } from '../kernel/index.js';

/**
 * The targets of `actor`'s maneuver: `given` (no token), else the user's targeted tokens with an actor
 * other than `actor` itself.
 */
export function maneuverTargets(
  actor: Actor,
  given: readonly Actor[] | undefined,
): { actorUuid: string; tokenId: string | null }[] {
  return given
    ? given.map((target) => ({ actorUuid: target.uuid, tokenId: null }))
    : [...game.user.targets]
        .filter((token) => token.actor && token.actor !== actor)
        .map((token) => ({ actorUuid: (token.actor as Actor).uuid, tokenId: token.id }));
}

/** The actor at `uuid`; refused (naming `name`) when it is gone. */
export async function actorAt(uuid: string, name: string): Promise<Actor> {
  const actor = await actorOf(uuid);
  if (!actor) throw new Refusal('GNG.Error.Attack.NoActor', { name });
  return actor;
}
