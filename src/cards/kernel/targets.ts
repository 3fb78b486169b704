/**
 * What to tell a user who starts an action that needs a targeted token and has none: whether the
 * acting actor has no token on the scene (place it first) or simply nothing is targeted (target the
 * defender's token: hover it and press T, or use the target control of its token HUD).
 */

/** The localized warning for `actor` acting with no target. */
export function noTargetWarning(actor: Actor): string {
  const onScene = actor.getActiveTokens().length > 0;
  return game.i18n.format(onScene ? 'GNG.Error.Target.None' : 'GNG.Error.Target.NoToken', {
    name: actor.name,
  });
}

/** The actor of the user's single targeted token (null: none or several). */
export function singleTargetActor(): Actor | null {
  const targets = [...game.user.targets];
  return targets.length === 1 ? (targets[0]?.actor ?? null) : null;
}
