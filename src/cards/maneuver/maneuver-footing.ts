/**
 * The defender's answer to a Bull Rush, Trip or Throw on the maneuver card (GnG "Maintain Footing"):
 * whether it has answered, whether the abort is open to it now, and so whether Apply waits for it.
 */
import { abortShown } from '../../combat/abort-gate.js';
import type { ManeuverTarget } from './maneuver-actions.js';

/** The defender has not answered yet: neither tried to maintain its footing nor declined. */
export const unanswered = (target: ManeuverTarget) => target.footing === null && !target.footingDeclinedBy;

/** Whether Maintain Footing is open to the defender now (its abort is not refused: flat-footed, no actions …). */
export function footingOpen(target: ManeuverTarget): boolean {
  const actor = fromUuidSync(target.actorUuid) as Actor | null;
  return Boolean(actor && abortShown(actor, 'maintain-footing', { forcedMovement: true }));
}

/**
 * GnG "Maintain Footing": "You use this abort action when an opponent makes a successful Bull Rush,
 * Trip, Throw …": Apply waits for the defender's answer (Maintain Footing, or not) while the abort is
 * open to it; a defender that cannot take it (flat-footed, out of actions …) is not waited for.
 */
export function footingAwaited(target: ManeuverTarget): boolean {
  return target.applied === null && unanswered(target) && footingOpen(target);
}
