/**
 * The order of a Time Count schedule (seed 002:243–250; issue #32, design §2.2 R33, R34), pure: who
 * acts next and when. The tracker (src/combat/tc-schedule.ts) keeps the state; this only reads it.
 * Decisions: docs/rules.md "### The Time Count".
 */
import { assertFinite } from '../../validate.js';

export interface NextToAct {
  /** The count at which the next creatures act. */
  count: number;
  /** Everyone acting at that count, in id order: "If two numbers match, then the actions occur at
   *  the same time" (002:248). */
  ids: string[];
}

/**
 * The lowest scheduled count and who acts at it ("the character or creature with the lowest resulting
 * number acts first", 002:248). A creature whose count is already behind the current one (added late,
 * or the schedule advanced past it) acts at the current count, never in the past. Null when nobody is
 * scheduled.
 */
export function nextToAct(next: Readonly<Record<string, number>>, count: number): NextToAct | null {
  assertFinite('count', count);
  let lowest = Infinity;
  for (const [id, at] of Object.entries(next)) {
    assertFinite(`next count of ${id}`, at);
    lowest = Math.min(lowest, Math.max(at, count));
  }
  if (lowest === Infinity) return null;
  const ids = Object.keys(next)
    .filter((id) => Math.max(next[id] as number, count) === lowest)
    .sort();
  return { count: lowest, ids };
}

/**
 * The whole schedule in acting order: groups of simultaneous creatures, lowest count first (what the
 * tracker lists).
 */
export function scheduleOrder(next: Readonly<Record<string, number>>, count: number): NextToAct[] {
  assertFinite('count', count);
  const groups = new Map<number, string[]>();
  for (const id of Object.keys(next).sort()) {
    const at = Math.max(assertFinite(`next count of ${id}`, next[id] as number), count);
    const group = groups.get(at);
    if (group) group.push(id);
    else groups.set(at, [id]);
  }
  return [...groups.entries()].sort((a, b) => a[0] - b[0]).map(([at, ids]) => ({ count: at, ids }));
}
