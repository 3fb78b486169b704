/**
 * Healing under the Time Count model (seed 002; issue #32; R29): "Spells that heal damage can be split
 * between granting temporary hit points that disappear once the character heals from an overnight rest
 * (known as Invigoration), and permanently reducing fatigue" (002:151); "Magical healing can never
 * cause your current hit point total to exceed your maximum, or your fatigue to drop below 0. All
 * healing is recorded separately from normal hit points" (002:149). The current hit point total is
 * HP + Invigoration + bonus HP (`currentHitPoints`: bonus HP "can cause your current hit point total
 * to exceed your maximum", 002:155, so they count in it). The healer chooses the split; each part is
 * capped on its own: the Invigoration at what the maximum leaves, the fatigue removed at the fatigue
 * there is. HP themselves are never raised by healing. Pure.
 */
import { assertNonNegativeInteger } from '../../validate.js';
import type { HealthVector } from '../types.js';
import { currentHitPoints } from './health.js';

export interface TcHealing {
  /** Invigoration and fatigue after the healing. */
  invigoration: number;
  fatigue: number;
  /** What was given: Invigoration gained, fatigue removed (each ≤ what was asked). */
  given: { invigoration: number; fatigue: number };
}

/**
 * Heals `health` by `split` (Invigoration to give, fatigue to remove) under the maximum HP `max`.
 * Example (002:151): 8 points as 5 Invigoration and 3 fatigue on a creature at 20 of 28 HP with 6
 * fatigue: Invigoration 5, fatigue 3.
 */
export function tcHealing(
  health: HealthVector,
  split: { invigoration: number; fatigue: number },
  max: number,
): TcHealing {
  const askedInvigoration = assertNonNegativeInteger('Invigoration to give', split.invigoration);
  const askedFatigue = assertNonNegativeInteger('fatigue to remove', split.fatigue);
  assertNonNegativeInteger('maximum HP', max);
  const invigoration = assertNonNegativeInteger('Invigoration', health.invigoration ?? 0);
  const fatigue = assertNonNegativeInteger('fatigue', health.fatigue ?? 0);
  const room = Math.max(0, max - currentHitPoints(health));
  const given = { invigoration: Math.min(askedInvigoration, room), fatigue: Math.min(askedFatigue, fatigue) };
  return { invigoration: invigoration + given.invigoration, fatigue: fatigue - given.fatigue, given };
}
