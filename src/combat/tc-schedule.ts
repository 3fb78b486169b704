/**
 * The Time Count schedule (issue #32; seed 002:239–250; docs/rules.md "The tracker"): the ONLY code
 * that writes the Time Count. The state lives in the Combat's flags, which only a GM writes,
 * `flags.gng.tc = { count, next: { <combatant id>: count | null }, unsteady: { <id>: boolean }, seq }`:
 * `count` the current Time Count (0 before the first act), `next` the count each combatant acts at
 * next (null: none yet — no initiative), `unsteady` who is unsteady until it first acts (surprise,
 * 002:237; a fumble), `seq` how many writes the schedule has had (an Undo of an advance checks it).
 * `combatant.initiative` mirrors `next` for the tracker's display and order (lowest first); nothing
 * reads it back.
 *
 * Any client reads ({@link tcSchedule}). The writers — {@link scheduleAct}, {@link setTcInitiative},
 * {@link markUnsteady}, {@link advanceCount} and {@link revertScheduleAct} — run on a GM's client
 * only, one after the other per combat (a queue), and refuse with a {@link Refusal} (a lang key),
 * changing nothing, when the caller is no GM or the request is malformed or out of turn. Each write
 * returns its record; a card keeps the records it made in its GM-written flags and reverts them on
 * Undo (the exact inverse, refused when that combatant's schedule moved since).
 */
import { SYSTEM_ID } from '../config/document-types.js';
import { Refusal, serialized } from '../cards/kernel/index.js';
import { roundOfCount } from '../rules/models/tc/durations.js';
import { isActingNow, nextScheduledCount as nextCountAfter } from '../rules/models/tc/play-count.js';

/** The key of the schedule in the Combat's flags (`flags.gng.tc`). */
export const TC_FLAG = 'tc';
/** The largest SF or count the store accepts (a guard against nonsense, about 40 minutes of counts). */
export const MAX_COUNT = 5000;
/** The lowest count an initiative may give (1d6 + 4 less a large Wisdom bonus has no floor, 002:247). */
export const MIN_COUNT = -100;

/** The schedule as any client reads it. */
export interface TcSchedule {
  /** The current Time Count (0 until the first advance). */
  count: number;
  /** Whether the count has begun (the first advance made): before it, nobody acts. */
  started: boolean;
  /** Each scheduled combatant's next count (a combatant without initiative is absent). */
  next: Record<string, number>;
  /** The combatants unsteady until they act (surprised, 002:237; or after a fumble). */
  unsteady: Record<string, true>;
  /** How many writes the schedule has had. */
  seq: number;
}

/** One write of the store, enough to undo it exactly. */
export type TcScheduleRecord = TcActRecord | TcAdvanceRecord;

/** A combatant's next count set: an act (R34), a delay, its initiative, or it made unsteady. */
export interface TcActRecord {
  kind: 'act';
  combatId: string;
  combatantId: string;
  /** The Time Count when it was written. */
  count: number;
  /** Its next count before (null: none) and after. */
  before: number | null;
  after: number | null;
  /** Whether it was unsteady before and after. */
  unsteadyBefore: boolean;
  unsteadyAfter: boolean;
  /** The SF added (0 for an initiative or an unsteady mark). */
  sf: number;
  /** What caused it (an action id, `initiative`, `delay`, …), for the reader. */
  reason: string;
}

/** The Time Count advanced (and Foundry's round and turn with it). */
export interface TcAdvanceRecord {
  kind: 'advance';
  combatId: string;
  from: number;
  to: number;
  roundBefore: number;
  turnBefore: number | null;
  /** Whether the count had begun before (the first advance begins it). */
  startedBefore: boolean;
  /** The schedule's `seq` right after the advance: its Undo requires that nothing was written since. */
  seq: number;
  reason: string;
}

const QUEUE = 'gng.tc.schedule';

export const isCount = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= MIN_COUNT && v <= MAX_COUNT;
/** A whole number from 0 (an SF, a seq, a round or turn). */
const isAmount = (v: unknown): v is number => isCount(v) && v >= 0;

/** The schedule of `combat` as stored, for the combatants it holds (whatever is malformed is left out). */
export function tcSchedule(combat: Combat): TcSchedule {
  const raw = combat.getFlag(SYSTEM_ID, TC_FLAG) as Record<string, unknown> | undefined;
  const stored = raw && typeof raw === 'object' ? raw : {};
  const next: Record<string, number> = {};
  const unsteady: Record<string, true> = {};
  const nextRaw = (stored.next ?? {}) as Record<string, unknown>;
  const unsteadyRaw = (stored.unsteady ?? {}) as Record<string, unknown>;
  for (const combatant of combat.combatants) {
    const id = combatant.id;
    if (typeof nextRaw === 'object' && isCount(nextRaw[id])) next[id] = nextRaw[id];
    if (typeof unsteadyRaw === 'object' && unsteadyRaw[id] === true) unsteady[id] = true;
  }
  const seq = isAmount(stored.seq) ? stored.seq : 0;
  const started = stored.started === true;
  return { count: started && isCount(stored.count) ? stored.count : 0, started, next, unsteady, seq };
}

/** Foundry's round for a count (A14: 12 counts a round; count 0–11 is round 1), lane count's. */
export { roundOfCount };

/** The combatants acting now: scheduled at or before the count (one who did not act keeps its turn). */
export function actingNow(schedule: TcSchedule): string[] {
  return Object.keys(schedule.next).filter((id) => isActing(schedule, id));
}

/** Whether the combatant acts now (its next count reached). */
export const isActing = (schedule: TcSchedule, combatantId: string): boolean =>
  schedule.started && isActingNow(schedule, combatantId);

/**
 * Whether a turn start Foundry reports is the schedule's own: under the Time Count the active GM's
 * advance sets Foundry's turn on a combatant acting at the count and its round to the count's
 * (A14). Any other turn or round change (a player's client writing `turn` by hand, which v13 may let
 * the current combatant's owner do) starts no turn: its turn-start work (durations, suppressing
 * fire) is skipped. A combat with no schedule yet is core's own.
 */
export function isScheduledTurnStart(combat: Combat, combatantId: string, round: number): boolean {
  if (combat.getFlag(SYSTEM_ID, TC_FLAG) === undefined) return true;
  const schedule = tcSchedule(combat);
  return isActing(schedule, combatantId) && round === roundOfCount(schedule.count);
}

/**
 * The next count after the current one that someone is scheduled at — before the first advance, the
 * lowest initiative (002:248) — or null: none.
 */
export function nextScheduledCount(schedule: TcSchedule): number | null {
  // The engine's (play-count.ts); before the first advance every stored count (≥ MIN_COUNT) is later.
  return nextCountAfter(schedule.started ? schedule : { ...schedule, count: MIN_COUNT - 1 });
}

/** Runs a write in the combat's queue (the store's own files share it); a refusal is thrown on. */
export async function queued<T>(combatId: string, write: () => Promise<T>): Promise<T> {
  let value: T | undefined;
  const result = await serialized(`${QUEUE}.${combatId}`, async () => {
    value = await write();
  });
  if (!result.ok) throw new Refusal(result.error, result.data);
  return value as T;
}

export function assertGM(): void {
  if (!game.user.isGM) throw new Refusal('GNG.Model.TC.Act.Error.GMOnly');
}

export function combatantOrRefuse(combat: Combat, combatantId: unknown): Combatant {
  const combatant = typeof combatantId === 'string' ? combat.combatants.get(combatantId) : undefined;
  if (!combatant) throw new Refusal('GNG.Model.TC.Act.Error.NoCombatant');
  return combatant;
}

/** The combatant's name for a message. */
const nameOf = (combatant: Combatant) => combatant.actor?.name ?? '';

/**
 * Writes one combatant's entry (its next count, its unsteadiness) and the seq, then mirrors the
 * next count in `combatant.initiative` (display and order only).
 */
async function writeEntry(
  combat: Combat,
  combatant: Combatant,
  next: number | null,
  unsteady: boolean,
  seq: number,
): Promise<void> {
  const base = `flags.${SYSTEM_ID}.${TC_FLAG}`;
  await combat.update({
    [`${base}.next.${combatant.id}`]: next,
    [`${base}.unsteady.${combatant.id}`]: unsteady,
    [`${base}.seq`]: seq,
  });
  await mirrorInitiative(combat, [combatant.id]);
}

/** Puts `combatant.initiative` of `ids` in line with the schedule (GM side; the tracker's display). */
export async function mirrorInitiative(combat: Combat, ids: string[]): Promise<void> {
  const { next } = tcSchedule(combat);
  const updates = ids
    .map((id) => combat.combatants.get(id))
    .filter((c): c is Combatant => !!c && (c.initiative ?? null) !== (next[c.id] ?? null))
    .map((c) => ({ _id: c.id, initiative: next[c.id] ?? null }));
  if (updates.length) await combat.updateEmbeddedDocuments('Combatant', updates);
}

/** The SF given, checked: an integer 0 … MAX_COUNT (Free actions take 0, A1). */
function sfOrRefuse(sf: unknown): number {
  if (!isAmount(sf)) throw new Refusal('GNG.Model.TC.Act.Error.BadSpeed');
  return sf;
}

/**
 * GM's client: the combatant acted at the current count and acts next at count + `sf` (R34,
 * 002:250: "add the Speed Factor … to the current Time Count to determine when you next act"); its
 * unsteadiness ends (it has acted, 002:237). With `delay`, it holds instead: the same next count, but
 * it has not acted (unsteady stays). Refuses when the combatant has no initiative or does not act now
 * (out of turn), the SF is malformed, or the caller is no GM.
 */
export function scheduleAct(
  combat: Combat,
  combatantId: string,
  options: { sf: number; reason: string; delay?: boolean },
): Promise<TcActRecord> {
  return queued(combat.id as string, async () => {
    assertGM();
    const combatant = combatantOrRefuse(combat, combatantId);
    const sf = sfOrRefuse(options?.sf);
    const schedule = tcSchedule(combat);
    if (!(combatant.id in schedule.next))
      throw new Refusal('GNG.Model.TC.Act.Error.NoInitiative', { name: nameOf(combatant) });
    if (!isActing(schedule, combatant.id))
      throw new Refusal('GNG.Model.TC.Act.Error.NotActing', {
        name: nameOf(combatant),
        next: schedule.next[combatant.id],
        count: schedule.count,
      });
    const after = schedule.count + sf;
    if (after > MAX_COUNT) throw new Refusal('GNG.Model.TC.Act.Error.BadSpeed');
    const unsteadyBefore = schedule.unsteady[combatant.id] === true;
    const record: TcActRecord = {
      kind: 'act',
      combatId: combat.id as string,
      combatantId: combatant.id,
      count: schedule.count,
      before: schedule.next[combatant.id] as number,
      after,
      unsteadyBefore,
      unsteadyAfter: options.delay === true ? unsteadyBefore : false,
      sf,
      reason: String(options.reason ?? ''),
    };
    await writeEntry(combat, combatant, after, record.unsteadyAfter, schedule.seq + 1);
    return record;
  });
}

/**
 * GM's client: the combatant's first count, its initiative total (R33, 002:246: "the lowest … acts
 * first"; the roll is the caller's, lane count's `tcInitiative`), and — surprised — unsteady until it
 * first acts (002:237). Refuses a malformed total or a non-GM caller.
 */
export function setTcInitiative(
  combat: Combat,
  combatantId: string,
  options: { total: number; surprised?: boolean; reason?: string },
): Promise<TcActRecord> {
  return queued(combat.id as string, async () => {
    assertGM();
    const combatant = combatantOrRefuse(combat, combatantId);
    const total = options?.total;
    if (!isCount(total)) throw new Refusal('GNG.Model.TC.Initiative.Bad', { min: MIN_COUNT, max: MAX_COUNT });
    const schedule = tcSchedule(combat);
    const record: TcActRecord = {
      kind: 'act',
      combatId: combat.id as string,
      combatantId: combatant.id,
      count: schedule.count,
      before: schedule.next[combatant.id] ?? null,
      after: total,
      unsteadyBefore: schedule.unsteady[combatant.id] === true,
      unsteadyAfter: options.surprised === true,
      sf: 0,
      reason: String(options.reason ?? 'initiative'),
    };
    await writeEntry(combat, combatant, total, record.unsteadyAfter, schedule.seq + 1);
    return record;
  });
}

/**
 * GM's client: the combatant is unsteady until it next acts (a fumble, lane card; 002:237's
 * surprise). Its next count is unchanged. Refuses as {@link scheduleAct}.
 */
export function markUnsteady(combat: Combat, combatantId: string, reason = 'unsteady'): Promise<TcActRecord> {
  return queued(combat.id as string, async () => {
    assertGM();
    const combatant = combatantOrRefuse(combat, combatantId);
    const schedule = tcSchedule(combat);
    const next = schedule.next[combatant.id] ?? null;
    const record: TcActRecord = {
      kind: 'act',
      combatId: combat.id as string,
      combatantId: combatant.id,
      count: schedule.count,
      before: next,
      after: next,
      unsteadyBefore: schedule.unsteady[combatant.id] === true,
      unsteadyAfter: true,
      sf: 0,
      reason: String(reason),
    };
    await writeEntry(combat, combatant, next, true, schedule.seq + 1);
    return record;
  });
}

/**
 * GM's client: the Time Count moves on to the next count anyone is scheduled at (002:243: "The TC
 * increases to 7"), and Foundry's round with it (⌊count/12⌋ + 1, A14, so effect durations run) and
 * its turn on the first combatant acting then. A combatant still acting at the old count keeps its
 * turn (it holds). Refuses when nobody is scheduled later, or the caller is no GM.
 */
export function advanceCount(combat: Combat, reason = 'advance'): Promise<TcAdvanceRecord> {
  return queued(combat.id as string, async () => {
    assertGM();
    const schedule = tcSchedule(combat);
    const to = nextScheduledCount(schedule);
    if (to === null) throw new Refusal('GNG.Model.TC.Tracker.Error.NothingScheduled');
    const record: TcAdvanceRecord = {
      kind: 'advance',
      combatId: combat.id as string,
      from: schedule.count,
      to,
      roundBefore: combat.round,
      turnBefore: combat.turn ?? null,
      startedBefore: schedule.started,
      seq: schedule.seq + 1,
      reason: String(reason),
    };
    await writeCount(combat, to, true, record.seq, roundOfCount(to), null, record);
    return record;
  });
}

/**
 * The last advance of the count while nothing was written since (the tracker's "Undo advance"), or
 * null.
 */
export function lastAdvanceOf(combat: Combat): TcAdvanceRecord | null {
  const raw = (combat.getFlag(SYSTEM_ID, TC_FLAG) as { lastAdvance?: unknown } | undefined)?.lastAdvance;
  const record = parseScheduleRecord(raw);
  if (record?.kind !== 'advance' || record.combatId !== combat.id) return null;
  const schedule = tcSchedule(combat);
  return schedule.seq === record.seq && schedule.count === record.to ? record : null;
}

/** Writes the count, the seq, the last advance, and Foundry's round and turn (`turn` null: the first acting then). */
async function writeCount(
  combat: Combat,
  count: number,
  started: boolean,
  seq: number,
  round: number,
  turn: number | null,
  advance: TcAdvanceRecord | null,
): Promise<void> {
  const base = `flags.${SYSTEM_ID}.${TC_FLAG}`;
  await combat.update({
    [`${base}.count`]: count,
    [`${base}.started`]: started,
    [`${base}.seq`]: seq,
    [`${base}.lastAdvance`]: advance,
  });
  const at = turn ?? firstActingTurn(combat);
  const changes: Record<string, unknown> = {};
  if (combat.round !== round) changes.round = round;
  if (at !== null && combat.turn !== at) changes.turn = at;
  if (Object.keys(changes).length) await combat.update(changes);
}

/** The index in the turn order of the first combatant acting now (null: nobody). */
function firstActingTurn(combat: Combat): number | null {
  const schedule = tcSchedule(combat);
  const turns = combat.turns ?? [...combat.combatants];
  const index = turns.findIndex((c) => isActing(schedule, c.id));
  return index < 0 ? null : index;
}

/** A stored record read back (a card's flags), or null when it is not one. */
export function parseScheduleRecord(raw: unknown): TcScheduleRecord | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.combatId !== 'string') return null;
  const reason = typeof r.reason === 'string' ? r.reason : '';
  const countOrNull = (v: unknown) => v === null || isCount(v);
  if (r.kind === 'act') {
    if (typeof r.combatantId !== 'string' || !isCount(r.count) || !isAmount(r.sf)) return null;
    if (!countOrNull(r.before) || !countOrNull(r.after)) return null;
    return {
      kind: 'act',
      combatId: r.combatId,
      combatantId: r.combatantId,
      count: r.count,
      before: r.before as number | null,
      after: r.after as number | null,
      unsteadyBefore: r.unsteadyBefore === true,
      unsteadyAfter: r.unsteadyAfter === true,
      sf: r.sf,
      reason,
    };
  }
  if (r.kind === 'advance') {
    if (!isCount(r.from) || !isCount(r.to) || !isAmount(r.seq) || !isAmount(r.roundBefore)) return null;
    const turnBefore = isAmount(r.turnBefore) ? r.turnBefore : null;
    return {
      kind: 'advance',
      combatId: r.combatId,
      from: r.from,
      to: r.to,
      roundBefore: r.roundBefore,
      turnBefore,
      startedBefore: r.startedBefore === true,
      seq: r.seq,
      reason,
    };
  }
  return null;
}

/**
 * GM's client: the exact inverse of a record (Undo); returns the inverse's record. Refuses (nothing
 * changes) when the record is malformed, its combat or combatant is gone, or what it wrote moved
 * since: the combatant's next count or unsteadiness (an act), or any write of the schedule (an
 * advance). With `sameCount` (a card's take-back, which its player may press) an act is also refused
 * once the Time Count has moved on from the count it was written at: time has passed, the act
 * stays spent (as a GnG or Saga-style action taken back after a new turn).
 */
export function revertScheduleAct(
  record: TcScheduleRecord,
  options: { sameCount?: boolean } = {},
): Promise<TcScheduleRecord> {
  const parsed = parseScheduleRecord(record);
  const combat = parsed ? game.combats.get(parsed.combatId) : undefined;
  if (!parsed || !combat)
    return Promise.reject(
      new Refusal(parsed ? 'GNG.Model.TC.Act.Error.NoCombat' : 'GNG.Model.TC.Act.Error.BadRecord'),
    );
  return queued(combat.id as string, async () => {
    assertGM();
    const schedule = tcSchedule(combat);
    if (parsed.kind === 'advance') {
      if (schedule.seq !== parsed.seq || schedule.count !== parsed.to)
        throw new Refusal('GNG.Model.TC.Tracker.Error.AdvanceMoved');
      const inverse: TcAdvanceRecord = {
        ...parsed,
        from: parsed.to,
        to: parsed.from,
        roundBefore: combat.round,
        turnBefore: combat.turn ?? null,
        startedBefore: schedule.started,
        seq: schedule.seq + 1,
        reason: `undo:${parsed.reason}`,
      };
      await writeCount(
        combat,
        parsed.from,
        parsed.startedBefore,
        inverse.seq,
        parsed.roundBefore,
        parsed.turnBefore,
        null,
      );
      return inverse;
    }
    const combatant = combatantOrRefuse(combat, parsed.combatantId);
    if (options.sameCount && schedule.count !== parsed.count)
      throw new Refusal('GNG.Model.TC.Act.Error.CountMoved', {
        name: nameOf(combatant),
        count: parsed.count,
        now: schedule.count,
      });
    const now = schedule.next[combatant.id] ?? null;
    const unsteady = schedule.unsteady[combatant.id] === true;
    if (now !== parsed.after || unsteady !== parsed.unsteadyAfter)
      throw new Refusal('GNG.Model.TC.Act.Error.Moved', { name: nameOf(combatant) });
    const inverse: TcActRecord = {
      ...parsed,
      count: schedule.count,
      before: parsed.after,
      after: parsed.before,
      unsteadyBefore: parsed.unsteadyAfter,
      unsteadyAfter: parsed.unsteadyBefore,
      reason: `undo:${parsed.reason}`,
    };
    await writeEntry(combat, combatant, parsed.before, parsed.unsteadyBefore, schedule.seq + 1);
    return inverse;
  });
}

export {
  registerTcSpeedFactorsSetting,
  rollsSpeedFactor,
  tcSpeedFactorMode,
  TC_SPEED_FACTORS_SETTING,
  TC_SPEED_FACTOR_MODES,
  type TcSpeedFactorMode,
} from './tc-speed-setting.js';
