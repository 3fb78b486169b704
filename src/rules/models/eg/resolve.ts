/**
 * One attack against a static defense under the Enlightened Grognard (seed 003): "If your result
 * equals or beats the target's defense, you hit" (003:129). "A natural 1 … is always a miss. A natural
 * 20 … is always a hit. A natural 20 is also a critical hit" (003:133–134), without a confirmation
 * roll: its damage is the maximum (damage.ts). Pure.
 */
import { resolveStaticD20 } from '../static-model.js';
import type { Resolution } from '../types.js';

export { NATURAL_CRITICAL, NATURAL_MISS } from '../static-model.js';

/** `attackTotal` against `defense`; `natural` the d20 (null or absent: no die). */
export const resolveEg: (attackTotal: number, defense: number, natural?: number | null) => Resolution =
  resolveStaticD20;

/**
 * Helpless defenders (003:1445–1446): "bound, sleeping, paralyzed, unconscious, or otherwise at your
 * mercy"; "any successful attack that targets a helpless defender always scores a critical hit".
 */
export const HELPLESS_STATUSES = ['helpless', 'unconscious', 'paralyzed', 'sleeping', 'bound'] as const;

/** Whether a creature with `statuses` is helpless (R8). */
export function isHelpless(statuses: Iterable<string>): boolean {
  for (const s of statuses) if ((HELPLESS_STATUSES as readonly string[]).includes(s)) return true;
  return false;
}

/** The resolution against a helpless defender: a hit is a critical hit (003:1446). */
export function againstHelpless(resolution: Resolution, helpless: boolean): Resolution {
  return helpless && resolution.hit ? { ...resolution, critical: true } : resolution;
}
