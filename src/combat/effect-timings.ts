/**
 * When the Active Effects a GM's client made end (issue #28), kept where only a GM writes: a world
 * setting (`gng.effectTimings`, by the effect's parent — an actor, or an item for a weapon spell — and
 * the effect's id). An effect on a player's actor or weapon is the player's to edit, its duration,
 * start and origin included (trust model 1): what decides when a GM's effect ends is read from here.
 *
 * - **Written** by the active GM when a GM's client creates an effect with a duration (rounds, turns
 *   or seconds; the `createActiveEffect` hook's user id is the server's word), from the effect as it
 *   was created, with the start its creator stamped (conditions-timer.ts, world-time.ts).
 * - **Changed** when a GM's client changes the effect's duration or start (a GM's edit counts), only
 *   in the fields it changed; a player's change is never read.
 * - **Forgotten** when the effect is deleted, and on `ready` when its parent is gone.
 *
 * The conditions timer, the world clock and the defensive grants read {@link timingOf}: the record
 * when there is one, else the effect's own fields (an effect its player made is the player's).
 */
import { SYSTEM_ID } from '../config/document-types.js';
import { isActiveGM } from '../documents/active-gm.js';
import { track } from '../cards/kernel/index.js';
import { readRecords, registerRecordStore, storeFields, writeRecords } from '../settings/world-stores.js';

const KEY = 'effectTimings';

/** Where an effect started: the combat's id, and the round and turn of that combat. */
export interface EffectStart {
  combat: string;
  round: number;
  turn: number;
}

/** What decides when an effect ends. */
export interface EffectTiming {
  rounds: number | null;
  turns: number | null;
  seconds: number | null;
  /** Our stamp (`flags.gng.start`), when made in a begun combat. */
  start: EffectStart | null;
  /** Core's `duration.startRound` / `startTurn`: the fallback for effects made before our stamp. */
  startRound: number | null;
  startTurn: number | null;
  /** The world time it started: our `flags.gng.startTime`, else core's `duration.startTime`. */
  startTime: number | null;
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const count = (value: unknown) => (isCount(value) ? value : null);
const time = (value: unknown) => (isTime(value) ? value : null);

/** A start as stored (`flags.gng.start` or a record's), or null when malformed. */
export function startOf(raw: unknown): EffectStart | null {
  const s = raw as Partial<EffectStart> | null | undefined;
  if (!s || typeof s !== 'object' || typeof s.combat !== 'string' || !s.combat) return null;
  if (!isCount(s.round) || !isCount(s.turn)) return null;
  return { combat: s.combat, round: s.round, turn: s.turn };
}

/** The timing written on `effect` itself (every field checked: a malformed one counts as none). */
export function ownTiming(effect: ActiveEffect): EffectTiming {
  const d = effect.duration ?? {};
  const flags = effect.flags?.[SYSTEM_ID];
  return {
    rounds: count(d.rounds),
    turns: count(d.turns),
    seconds: time(d.seconds),
    start: startOf(flags?.start),
    startRound: count(d.startRound),
    startTurn: count(d.startTurn),
    startTime: time(flags?.startTime) ?? time(d.startTime),
  };
}

/** A stored record read back field by field (a malformed field counts as none). */
function timingFrom(raw: Partial<EffectTiming>): EffectTiming {
  return {
    rounds: count(raw.rounds),
    turns: count(raw.turns),
    seconds: time(raw.seconds),
    start: startOf(raw.start),
    startRound: count(raw.startRound),
    startTurn: count(raw.startTurn),
    startTime: time(raw.startTime),
  };
}

type Records = Record<string, Record<string, Partial<EffectTiming>>>;

/** The records (none while the store is not registered yet). */
const records = (): Records => readRecords<Records[string]>(KEY);

const parentUuid = (effect: ActiveEffect): string | null =>
  (effect.parent as { uuid?: string } | null | undefined)?.uuid ?? null;

/** The timing a GM's client gave `effect` (null: none recorded, e.g. a player made it). */
export function recordedTiming(effect: ActiveEffect): EffectTiming | null {
  const uuid = parentUuid(effect);
  const raw = uuid && effect.id ? records()[uuid]?.[effect.id] : undefined;
  return raw && typeof raw === 'object' ? timingFrom(raw) : null;
}

/** What decides when `effect` ends: the GM's record when there is one, else the effect's own fields. */
export function timingOf(effect: ActiveEffect): EffectTiming {
  return recordedTiming(effect) ?? ownTiming(effect);
}

/** Whether the timing counts rounds or turns. */
export const countsTurns = (t: Pick<ActiveEffectDuration, 'rounds' | 'turns'>): boolean =>
  (t.rounds ?? 0) > 0 || (t.turns ?? 0) > 0;

/**
 * The round and turn of `combat` at which a timing started: our stamp when it is this combat's; core's
 * start round (and turn) when there is no stamp; otherwise null (a start in another combat is unknown).
 */
export function startIn(t: EffectTiming, combat: Combat): { round: number; turn: number } | null {
  if (t.start) return t.start.combat === combat.id ? { round: t.start.round, turn: t.start.turn } : null;
  return t.startRound === null ? null : { round: t.startRound, turn: t.startTurn ?? 0 };
}

/**
 * Whether an effect of `duration` that started at `start` has run out at (`round`, `turn`) of a
 * combat of `turnsPerRound` combatants: the turns passed since its start
 * (`(round − start.round) × turnsPerRound + (turn − start.turn)`) reach its duration
 * (`rounds × turnsPerRound + turns`). No duration or no known start → never.
 */
export function effectExpired(
  duration: Pick<ActiveEffectDuration, 'rounds' | 'turns'>,
  start: { round: number; turn: number } | null,
  round: number,
  turn: number,
  turnsPerRound: number,
): boolean {
  if (!countsTurns(duration) || !start) return false;
  const perRound = Math.max(1, turnsPerRound);
  const elapsed = (round - start.round) * perRound + (turn - start.turn);
  return elapsed >= (duration.rounds ?? 0) * perRound + (duration.turns ?? 0);
}

/** Whether `effect` has run out at the current round and turn of `combat` (its timing as above). */
export function expiredIn(effect: ActiveEffect, combat: Combat | null | undefined): boolean {
  if (!combat?.id) return false;
  const t = timingOf(effect);
  return effectExpired(t, startIn(t, combat), combat.round, combat.turn, combat.combatants?.size ?? 1);
}

/** When `effect` ends on the world clock (seconds), or null: no seconds duration, or no known start. */
export function endsAt(effect: ActiveEffect): number | null {
  const t = timingOf(effect);
  if (t.seconds === null || t.seconds <= 0 || t.startTime === null) return null;
  return t.startTime + t.seconds;
}

/**
 * `effect`'s source with the timing the GM's record gives it (the effect's own fields when there is
 * none), for a GM's client that deletes the effect and may re-create it as it was (a rest's Undo).
 */
export function sourceWithTiming(effect: ActiveEffect): Record<string, unknown> {
  const source = effect.toObject();
  const t = recordedTiming(effect);
  if (!t) return source;
  const flags = (source.flags ?? {}) as Record<string, Record<string, unknown>>;
  const ours: Record<string, unknown> = { ...(flags[SYSTEM_ID] ?? {}) };
  delete ours.start;
  delete ours.startTime;
  if (t.start) ours.start = t.start;
  if (t.startTime !== null) ours.startTime = t.startTime;
  return {
    ...source,
    duration: {
      ...((source.duration as Record<string, unknown> | undefined) ?? {}),
      rounds: t.rounds,
      turns: t.turns,
      seconds: t.seconds,
      startRound: t.startRound,
      startTurn: t.startTurn,
      startTime: t.startTime,
    },
    flags: { ...flags, [SYSTEM_ID]: ours },
  };
}

let writes: Promise<unknown> = Promise.resolve();

/** Resolves when every record write asked for so far is done (the expiry reads after them). */
export function effectTimingsSettled(): Promise<void> {
  return writes.then(() => undefined);
}

/** Active GM: changes the records (`change` gets a copy), one write at a time. */
function changeRecords(change: (all: Records) => void): Promise<void> {
  const run = writes.then(async () => {
    const all = structuredClone(records());
    change(all);
    for (const [uuid, byId] of Object.entries(all)) if (!Object.keys(byId).length) delete all[uuid];
    await writeRecords(KEY, all);
  });
  writes = run.catch(() => undefined);
  return run;
}

const timed = (t: EffectTiming) => countsTurns(t) || (t.seconds ?? 0) > 0;

/** The fields of a timing an update's `changes` touched (duration fields, our start stamps). */
function touched(changes: Record<string, unknown>): (keyof EffectTiming)[] {
  const duration = (changes.duration ?? {}) as Record<string, unknown>;
  const ours = ((changes.flags as Record<string, unknown> | undefined)?.[SYSTEM_ID] ?? {}) as Record<
    string,
    unknown
  >;
  const has = (o: Record<string, unknown>, key: string) => key in o || `-=${key}` in o;
  const fields: (keyof EffectTiming)[] = [];
  for (const key of ['rounds', 'turns', 'seconds', 'startRound', 'startTurn'] as const)
    if (has(duration, key)) fields.push(key);
  if (has(ours, 'start')) fields.push('start');
  if (has(ours, 'startTime') || has(duration, 'startTime')) fields.push('startTime');
  return fields;
}

/** Whether the change was a GM's (the hook's user id, which the server gives). */
const byGM = (userId: string) => game.users.get(userId)?.isGM === true;

function onCreate(effect: ActiveEffect, userId: string): void {
  const uuid = parentUuid(effect);
  const id = effect.id;
  if (!isActiveGM() || !byGM(userId) || !uuid || !id) return;
  const timing = ownTiming(effect);
  if (!timed(timing)) return;
  void track(
    changeRecords((all) => {
      all[uuid] = { ...(all[uuid] ?? {}), [id]: timing };
    }),
  );
}

function onUpdate(effect: ActiveEffect, changes: Record<string, unknown>, userId: string): void {
  const uuid = parentUuid(effect);
  const id = effect.id;
  if (!isActiveGM() || !byGM(userId) || !uuid || !id) return;
  const fields = touched(changes);
  if (!fields.length) return;
  // Read now, in the hook: the effect as the GM's change left it.
  const now = ownTiming(effect);
  void track(
    changeRecords((all) => {
      const old = all[uuid]?.[id];
      // No record yet: the GM has taken the effect's timing into its hands, as it stands.
      const next = old ? timingFrom(old) : now;
      for (const field of fields) (next as unknown as Record<string, unknown>)[field] = now[field];
      all[uuid] = { ...(all[uuid] ?? {}), [id]: next };
    }),
  );
}

function onDelete(effect: ActiveEffect): void {
  const uuid = parentUuid(effect);
  const id = effect.id;
  if (!isActiveGM() || !uuid || !id || !records()[uuid]?.[id]) return;
  void track(
    changeRecords((all) => {
      if (all[uuid]) delete all[uuid][id];
    }),
  );
}

/** Active GM, on `ready`: the records of effects that are gone (their parent deleted) are dropped. */
function prune(): Promise<void> {
  const gone = Object.entries(records()).flatMap(([uuid, byId]) =>
    Object.keys(byId)
      .filter((id) => !fromUuidSync(`${uuid}.ActiveEffect.${id}`))
      .map((id) => [uuid, id] as const),
  );
  if (!gone.length) return Promise.resolve();
  return changeRecords((all) => {
    for (const [uuid, id] of gone) if (all[uuid]) delete all[uuid][id];
  });
}

/** Registers the record (a world setting no menu shows), on `init`. */
export function registerEffectTimings(): void {
  // By actor uuid, by effect id: an {@link EffectTiming}.
  const { num } = storeFields;
  registerRecordStore({
    key: KEY,
    name: 'GNG.ConditionTimer.Records',
    entry: (f) =>
      new f.TypedObjectField(
        new f.SchemaField({
          rounds: num(f),
          turns: num(f),
          seconds: num(f),
          start: new f.SchemaField(
            { combat: new f.StringField(), round: new f.NumberField(), turn: new f.NumberField() },
            { nullable: true },
          ),
          startRound: num(f),
          startTurn: num(f),
          startTime: num(f),
        }),
      ),
  });
}

/** The hooks' handlers (src/hooks/register-hooks.ts): the records follow the effects; pruned on `ready`. */
export const effectTimingHooks = {
  createActiveEffect: (effect: ActiveEffect, _options: unknown, userId: string) => onCreate(effect, userId),
  updateActiveEffect: (
    effect: ActiveEffect,
    changes: Record<string, unknown>,
    _options: unknown,
    userId: string,
  ) => onUpdate(effect, changes, userId),
  deleteActiveEffect: onDelete,
  ready(): void {
    if (isActiveGM()) void track(prune());
  },
};
