/**
 * Time outside combat, what is registered on `init` (issue #17 "Time"; issue #29's start budget): the
 * start stamp of an effect counted in seconds, which must be written before the effect is sent, and
 * the `updateWorldTime` hook, whose expiry (world-time.ts, with the rests' clock) the active GM's
 * client loads on first use. The load and the expiry are one tracked call (kernel in-flight.ts), so
 * `attackActionsSettled()` waits for both, as it waited for the expiry; nothing awaits the hook.
 */
import { SYSTEM_ID } from '../config/document-types.js';
import { isActiveGM } from '../documents/active-gm.js';
import { callModule, onDemand } from '../on-demand.js';

const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The expiry and the clock (world-time.ts), loaded on first use. */
const worldTimeModule = onDemand(() => import('./world-time.js'));

/**
 * `preCreateActiveEffect`: an effect with a seconds duration on an actor carries the world time it
 * started. One that already carries a start keeps it (an Undo re-creating an effect, an effect moved
 * between actors: the same effect, the same end).
 */
export function recordEffectStartTime(effect: ActiveEffect): void {
  const actor = effect.parent;
  const seconds = effect.duration?.seconds;
  if (!actor || actor.documentName !== 'Actor' || !isTime(seconds) || seconds <= 0) return;
  if (isTime(effect.flags?.[SYSTEM_ID]?.startTime)) return;
  effect.updateSource({ flags: { [SYSTEM_ID]: { startTime: game.time.worldTime } } });
}

/** `updateWorldTime` (src/hooks/register-hooks.ts): the active GM's client expires what ended. */
export function onWorldTime(worldTime: number): void {
  if (isActiveGM() && isTime(worldTime))
    void callModule(worldTimeModule, (m) => m.expireTimedEffects(worldTime));
}
