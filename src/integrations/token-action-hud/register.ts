/**
 * Token Action HUD Core support, shipped with the system (issue #33). At start only this hook: when
 * the module is active it hands over its API in `tokenActionHudCoreApiReady` (on `ready`), and only
 * then is our integration loaded (system-manager.ts, a chunk of its own) and registered. Without the
 * module the hook never fires and nothing else happens. See docs/host.md "Token Action HUD".
 */
import { track } from '../../cards/kernel/in-flight.js';

/** `tokenActionHudCoreApiReady` (src/hooks/register-hooks.ts): our system manager, loaded then. */
export function onTokenActionHudCore(core: unknown): void {
  void track(import('./system-manager.js').then((m) => m.registerWithCore(core))).catch((error: unknown) =>
    console.error(error),
  );
}
