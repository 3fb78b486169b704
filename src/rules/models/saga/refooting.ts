/**
 * Refooting under the Saga-style model (seed 001:156; design R31): "Once per encounter at the end of a
 * round, characters may choose to 'regain their footing' … Those who wish to reroll their initiative
 * may do so, but if they must take the new result even if it's worse." Pure: the glue keeps who has
 * refooted in the Combat's flags (GM-written only) and rerolls as the round ends (src/combat/saga-turns.ts).
 */

/** What a combatant's refooting did (kept for the rest of the encounter, and for Undo). */
export interface RefootRecord {
  /** The round at whose end it refooted. */
  round: number;
  before: number;
  after: number;
}

/** Why a combatant may not refoot (lang keys `GNG.Model.Saga.Turn.Refoot.<reason>`). */
export type RefootRefusal = 'used' | 'notStarted';

/**
 * Whether a combatant may ask to refoot: not yet this encounter ("Once per encounter"), and the
 * encounter has a round to end (round ≥ 1). The reroll itself happens at that round's end.
 */
export function refootRefusal(input: { record: RefootRecord | null; round: number }): RefootRefusal | null {
  if (input.record !== null) return 'used';
  if (!(Number.isInteger(input.round) && input.round >= 1)) return 'notStarted';
  return null;
}

/** The new initiative: the reroll's result, "even if it's worse" (001:156). */
export function refoot(input: { round: number; before: number; rerolled: number }): RefootRecord {
  if (!Number.isFinite(input.rerolled) || !Number.isFinite(input.before))
    throw new RangeError('refooting needs the initiative before and the reroll');
  return { round: input.round, before: input.before, after: input.rerolled };
}

/** A stored record read back (anything malformed: none). */
export function normalizeRefootRecord(raw: unknown): RefootRecord | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const round = r.round;
  const before = r.before;
  const after = r.after;
  if (typeof round !== 'number' || !Number.isInteger(round) || round < 1) return null;
  if (typeof before !== 'number' || !Number.isFinite(before)) return null;
  if (typeof after !== 'number' || !Number.isFinite(after)) return null;
  return { round, before, after };
}
