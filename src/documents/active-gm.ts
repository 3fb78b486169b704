/**
 * Whether this client is the active GM's: the one client that runs the world's automatic work
 * (turn events, conditions that run themselves, migrations), so it happens once.
 */
export function isActiveGM(): boolean {
  return game.users.activeGM?.id === game.user.id;
}
