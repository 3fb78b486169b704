/**
 * Who can treat someone (a Heal check to stabilize, to tend injuries, a surgery): one set of
 * conditions for every healer, read through the engine (`expandConditions`: dying, stable and dead
 * bring unconscious). Used by stabilize-actions.ts and heal-steps.ts, so both refuse the same healers.
 */
import { expandConditions } from '../../rules/index.js';

/**
 * The statuses in which a creature takes no actions, so heals no one (the first one it has is
 * named): dead, dying, stable and unconscious (core: a stable character is unconscious), helpless,
 * and the GnG conditions that leave no action (stunned, dazed, cowering).
 */
export const HEALER_CANNOT_ACT = [
  'dead',
  'dying',
  'stable',
  'unconscious',
  'helpless',
  'stunned',
  'dazed',
  'cowering',
] as const;

/** Why `healer` cannot treat anyone now (its first status of {@link HEALER_CANNOT_ACT}), or null. */
export function healerCannotAct(healer: Actor): string | null {
  const statuses = expandConditions(healer.statuses ?? new Set<string>());
  return HEALER_CANNOT_ACT.find((status) => statuses.has(status)) ?? null;
}

/** The localized name of a status `healerCannotAct` returned. */
export function conditionLabel(status: string): string {
  return game.i18n.localize(`GNG.Status.${status}`);
}
