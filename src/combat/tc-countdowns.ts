/**
 * Countdowns on the Time Count (issue #32; docs/rules.md "The tracker"): what a combatant waits for,
 * shown on the tracker — a spell being prepared, ready at a count (R37, 002:263: "you spend the whole
 * of the casting time"), or an unconscious creature's next check to wake (R27, 002:166: lane count's
 * `firstWakeCheckAt` / `nextWakeCheckAt`). Stored beside the schedule in the Combat's flags,
 * `flags.gng.tc.countdowns.<combatant id> = { kind, at } | null`, written in the schedule's queue on
 * a GM's client only; each write returns its record, and {@link revertCountdown} is its exact
 * inverse (refused when that countdown changed since). The card that started one keeps the record.
 */
import { SYSTEM_ID } from '../config/document-types.js';
import { Refusal } from '../cards/kernel/index.js';
import { assertGM, combatantOrRefuse, isCount, queued, TC_FLAG } from './tc-schedule.js';

export const COUNTDOWN_KINDS = ['preparing', 'unconscious'] as const;
export type CountdownKind = (typeof COUNTDOWN_KINDS)[number];

/** What a combatant waits for, and the count it ends at. */
export interface TcCountdown {
  kind: CountdownKind;
  at: number;
}

/** A countdown set or cleared, enough to undo it exactly. */
export interface TcCountdownRecord {
  kind: 'countdown';
  combatId: string;
  combatantId: string;
  before: TcCountdown | null;
  after: TcCountdown | null;
  reason: string;
}

function parseCountdown(raw: unknown): TcCountdown | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (!(COUNTDOWN_KINDS as readonly unknown[]).includes(r.kind) || !isCount(r.at)) return null;
  return { kind: r.kind as CountdownKind, at: r.at };
}

/** Each combatant's countdown as stored (malformed ones and other combats' ids left out). Any client. */
export function tcCountdowns(combat: Combat): Record<string, TcCountdown> {
  const raw = (combat.getFlag(SYSTEM_ID, TC_FLAG) as { countdowns?: unknown } | undefined)?.countdowns;
  const stored = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const out: Record<string, TcCountdown> = {};
  for (const combatant of combat.combatants) {
    const countdown = parseCountdown(stored[combatant.id]);
    if (countdown) out[combatant.id] = countdown;
  }
  return out;
}

const same = (a: TcCountdown | null, b: TcCountdown | null) =>
  a === b || (a !== null && b !== null && a.kind === b.kind && a.at === b.at);

async function write(
  combat: Combat,
  combatantId: string,
  after: TcCountdown | null,
  reason: string,
  expect?: TcCountdown | null,
): Promise<TcCountdownRecord> {
  assertGM();
  const combatant = combatantOrRefuse(combat, combatantId);
  const before = tcCountdowns(combat)[combatant.id] ?? null;
  if (expect !== undefined && !same(before, expect))
    throw new Refusal('GNG.Model.TC.Tracker.Error.CountdownMoved', { name: combatant.actor?.name ?? '' });
  await combat.update({ [`flags.${SYSTEM_ID}.${TC_FLAG}.countdowns.${combatant.id}`]: after });
  return {
    kind: 'countdown',
    combatId: combat.id as string,
    combatantId: combatant.id,
    before,
    after,
    reason,
  };
}

/**
 * GM's client: the combatant now waits for `countdown` (replacing any other), or for nothing
 * (`null`). Refuses a malformed countdown, an unknown combatant or a non-GM caller.
 */
export function setTcCountdown(
  combat: Combat,
  combatantId: string,
  countdown: TcCountdown | null,
  reason = 'countdown',
): Promise<TcCountdownRecord> {
  return queued(combat.id as string, async () => {
    const after = countdown === null ? null : parseCountdown(countdown);
    if (countdown !== null && !after) throw new Refusal('GNG.Model.TC.Tracker.Error.BadCountdown');
    return write(combat, combatantId, after, String(reason));
  });
}

/** GM's client: the exact inverse of a countdown's record; refused when it changed since. */
export function revertCountdown(record: TcCountdownRecord): Promise<TcCountdownRecord> {
  const combat = typeof record?.combatId === 'string' ? game.combats.get(record.combatId) : undefined;
  if (!combat || record.kind !== 'countdown')
    return Promise.reject(new Refusal('GNG.Model.TC.Act.Error.NoCombat'));
  return queued(combat.id as string, async () => {
    const after = record.after === null ? null : parseCountdown(record.after);
    const before = record.before === null ? null : parseCountdown(record.before);
    if ((record.after !== null && !after) || (record.before !== null && !before))
      throw new Refusal('GNG.Model.TC.Act.Error.BadRecord');
    return write(combat, record.combatantId, before, `undo:${String(record.reason)}`, after);
  });
}
