/**
 * Hit points across a change of the world's combat model (issue #30; docs/rules.md "Changing the
 * model"): the maximum follows the new model's rules at once (GnG's HP by size, the Saga-style A15),
 * and each creature keeps the HP it had lost. Pure.
 */

/**
 * The current HP after the maximum went from `oldMax` to `newMax` with nothing else changed: the
 * HP lost are kept (`newMax − (oldMax − current)`), never above the new maximum, and a creature
 * that was up (above 0) stays up (at least 1: a change of rules is no blow). A creature at 0 or
 * below keeps its HP: the thresholds below 0 are fixed numbers, not shares of the maximum.
 */
export function hpAfterModelChange(current: number, oldMax: number, newMax: number): number {
  if (current <= 0 || oldMax === newMax) return current;
  return Math.min(newMax, Math.max(1, newMax - (oldMax - current)));
}

/**
 * The current HP of a creature created while the world plays a model other than GnG from data that
 * stores GnG's HP (a pack's creature, an import): stored HP equal to its full HP under GnG
 * (`gngMax`: packs store creatures unhurt) are full HP under the world's model (`modelMax`); any
 * other stored HP (a creature made wounded on purpose) stay as they are.
 */
export function hpAtCreation(stored: number, gngMax: number, modelMax: number): number {
  return stored === gngMax ? modelMax : stored;
}
