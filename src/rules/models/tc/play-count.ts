/**
 * The Time Count as a pure reducer (seed 002:237–250; issue #32, design §2.2 R32–R34): one event in,
 * the next schedule out, or a refusal naming why. The tracker's store (src/combat/tc-schedule.ts)
 * keeps the same shape in the Combat's flags; the simulator's fight loop can run on it as is.
 * Decisions: docs/rules.md "### The Time Count".
 */
import { assertFinite } from '../../validate.js';
import { TC_FIRST_COUNT } from './initiative.js';

export interface TcCountState {
  /** The current Time Count (0: before the first act). */
  count: number;
  /** Each scheduled creature's next count. */
  next: Readonly<Record<string, number>>;
  /** Creatures unsteady until they act (surprised, 002:237; after a fumble, 002:66). */
  unsteady: Readonly<Record<string, true>>;
}

export type TcCountEvent =
  /** Its first count (R33); a surprised creature is unsteady until it first acts (R32). */
  | { kind: 'initiative'; id: string; total: number; surprised?: boolean }
  /** It acted at its count: it acts again at count + SF (R34) and is steady again. */
  | { kind: 'act'; id: string; sf: number }
  /** It fumbled (R11): its turn ends, it is unsteady until it acts again, back at count + SF (+1d6 in it). */
  | { kind: 'fumble'; id: string; sf: number }
  /** It waits, acting later at `until` (a later count than now). */
  | { kind: 'delay'; id: string; until: number }
  /** The count moves on to the next one anybody is scheduled at. */
  | { kind: 'advance' }
  /** It leaves the schedule. */
  | { kind: 'remove'; id: string };

export type TcCountRefusal = 'unscheduled' | 'notActing' | 'nobodyLater' | 'badCount';

export type TcCountStep = { ok: true; state: TcCountState } | { ok: false; reason: TcCountRefusal };

const bad = (n: unknown): boolean => typeof n !== 'number' || !Number.isFinite(n);

function without<T>(record: Readonly<Record<string, T>>, id: string): Record<string, T> {
  const copy = { ...record };
  delete copy[id];
  return copy;
}

/** Whether `id` acts now: its count reached and not yet acted ("Once the Time Count reaches that number, your next turn begins", 002:250). */
export function isActingNow(state: TcCountState, id: string): boolean {
  const at = state.next[id];
  return at !== undefined && at <= state.count;
}

/** The next count after the current one anybody is scheduled at (null: none). */
export function nextScheduledCount(state: TcCountState): number | null {
  const later = Object.values(state.next).filter((at) => at > state.count);
  return later.length ? Math.min(...later) : null;
}

/**
 * One event of the Time Count. Acting, fumbling and delaying are refused unless the creature acts now;
 * an advance is refused when nobody is scheduled after the current count. A creature that did not act
 * at its count keeps its turn after an advance (it acts at the new count).
 */
export function playCount(state: TcCountState, event: TcCountEvent): TcCountStep {
  assertFinite('count', state.count);
  switch (event.kind) {
    case 'initiative': {
      if (bad(event.total) || event.total < TC_FIRST_COUNT) return { ok: false, reason: 'badCount' };
      const unsteady = event.surprised
        ? { ...state.unsteady, [event.id]: true as const }
        : without(state.unsteady, event.id);
      return { ok: true, state: { ...state, next: { ...state.next, [event.id]: event.total }, unsteady } };
    }
    case 'act':
    case 'fumble': {
      if (!(event.id in state.next)) return { ok: false, reason: 'unscheduled' };
      if (!isActingNow(state, event.id)) return { ok: false, reason: 'notActing' };
      if (bad(event.sf) || event.sf < 0) return { ok: false, reason: 'badCount' };
      const unsteady =
        event.kind === 'fumble'
          ? { ...state.unsteady, [event.id]: true as const }
          : without(state.unsteady, event.id);
      return {
        ok: true,
        state: { ...state, next: { ...state.next, [event.id]: state.count + event.sf }, unsteady },
      };
    }
    case 'delay': {
      if (!(event.id in state.next)) return { ok: false, reason: 'unscheduled' };
      if (!isActingNow(state, event.id)) return { ok: false, reason: 'notActing' };
      if (bad(event.until) || event.until <= state.count) return { ok: false, reason: 'badCount' };
      return { ok: true, state: { ...state, next: { ...state.next, [event.id]: event.until } } };
    }
    case 'advance': {
      const to = nextScheduledCount(state);
      if (to === null) return { ok: false, reason: 'nobodyLater' };
      return { ok: true, state: { ...state, count: to } };
    }
    case 'remove': {
      if (!(event.id in state.next)) return { ok: false, reason: 'unscheduled' };
      return {
        ok: true,
        state: { ...state, next: without(state.next, event.id), unsteady: without(state.unsteady, event.id) },
      };
    }
  }
}
