/**
 * What the maneuver cards (GnG's, the Enlightened Grognard's, the Time Count's) share about the
 * creatures a maneuver is aimed at: the targets a request names (each actor is read back on the GM's
 * client by the kernel's `partActor`). Loaded with those cards, not at start.
 */

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
