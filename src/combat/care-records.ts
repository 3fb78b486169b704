/**
 * What the table keeps between rests for each actor — the days of its healing week so far and a
 * healer's tending waiting for its next rest — stored where only a GM writes: a world setting
 * (`gng.careRecords`, keyed by the actor's uuid), not the actor's flags, which its player may edit
 * (trust model 1: nothing a player's client wrote decides anything). Writes are the GM's (the rest
 * and heal cards run on the active GM) and go one at a time, so two rests at once lose nothing.
 *
 * Before this, the week and the mark lived in the actor's `flags.gng.rest` / `flags.gng.tended`;
 * {@link migrateCareFlags} moves them once, on the active GM's `ready`.
 */
import { SYSTEM_ID } from '../config/document-types.js';
import { DAYS_PER_HEALING_WEEK, type RestWeekProgress } from '../rules/index.js';
import { isActiveGM } from '../documents/active-gm.js';
import { readRecords, registerRecordStore, writeRecords } from '../settings/world-stores.js';

const KEY = 'careRecords';
const MIGRATED = 'careRecordsMigrated';

/** A healer's successful tending, waiting for the patient's next rest (heal card). */
export interface TendedMark {
  /** Tells this tending from a later one (the heal card's Undo clears only its own). */
  id: string;
  /** The healer's name, and the total of the Heal check. */
  healer: string;
  total: number;
}

/** One actor's record. */
export interface CareRecord {
  week?: RestWeekProgress;
  tended?: TendedMark | null;
}

const whole = (v: unknown, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max;

/** A stored week as the rest reads it (0 days when nothing valid is stored). */
export function normalWeek(raw: unknown): RestWeekProgress {
  const { days, bedRestDays } = (raw ?? {}) as Partial<RestWeekProgress>;
  if (!whole(days, DAYS_PER_HEALING_WEEK - 1) || !whole(bedRestDays, days))
    return { days: 0, bedRestDays: 0 };
  return { days, bedRestDays };
}

/** A stored mark, or null when nothing valid is stored. */
export function normalMark(raw: unknown): TendedMark | null {
  if (!raw || typeof raw !== 'object') return null;
  const { id, healer, total } = raw as Partial<TendedMark>;
  if (typeof id !== 'string' || !id || typeof healer !== 'string' || !Number.isInteger(total)) return null;
  return { id, healer, total: total as number };
}

/** The records (none while the store is not registered yet). */
const records = () => readRecords<CareRecord>(KEY);

/** The actor's record (empty when none is kept). */
export function careOf(actor: Actor): CareRecord {
  return records()[actor.uuid] ?? {};
}

let writes: Promise<unknown> = Promise.resolve();

/** GM: changes the actor's record (`undefined` fields are left, `null` clears the mark). */
export function setCare(actor: Actor, patch: CareRecord): Promise<void> {
  const run = writes.then(async () => {
    const all = { ...records() };
    const next: CareRecord = { ...(all[actor.uuid] ?? {}), ...patch };
    if (!next.tended) delete next.tended;
    // Absent in the store's model reads as null: none.
    if (!next.week || (next.week.days === 0 && next.week.bedRestDays === 0)) delete next.week;
    if (Object.keys(next).length) all[actor.uuid] = next;
    else delete all[actor.uuid];
    await writeRecords(KEY, all);
  });
  writes = run.catch(() => undefined);
  return run;
}

/**
 * Active GM, once per world: moves the old `flags.gng.rest` / `flags.gng.tended` of the world's
 * actors into their records (a record already kept wins) and removes the flags.
 */
export async function migrateCareFlags(): Promise<number> {
  if (!isActiveGM() || game.settings.get(SYSTEM_ID, MIGRATED) === true) return 0;
  let moved = 0;
  for (const actor of game.actors) {
    const flags = actor.flags?.[SYSTEM_ID] as Record<string, unknown> | undefined;
    if (!flags || (flags.rest == null && flags.tended == null)) continue;
    const kept = careOf(actor);
    const patch: CareRecord = {};
    if (!kept.week && flags.rest != null) patch.week = normalWeek(flags.rest);
    if (!kept.tended && flags.tended != null) patch.tended = normalMark(flags.tended);
    await setCare(actor, patch);
    // Emptied rather than deleted: nothing reads them any more.
    await actor.update({ [`flags.${SYSTEM_ID}.rest`]: null, [`flags.${SYSTEM_ID}.tended`]: null });
    moved++;
  }
  await game.settings.set(SYSTEM_ID, MIGRATED, true);
  return moved;
}

/** Registers the record and the migration mark (world settings no menu shows), on `init`. */
export function registerCareRecords(): void {
  // By actor uuid: a {@link CareRecord}; each part a free object the rest and heal cards check
  // through normalWeek / normalMark (absent: null).
  registerRecordStore({
    key: KEY,
    name: 'GNG.Rest.Records',
    entry: (f) =>
      new f.SchemaField({
        week: new f.ObjectField({ nullable: true, initial: null }),
        tended: new f.ObjectField({ nullable: true, initial: null }),
      }),
  });
  game.settings.register(SYSTEM_ID, MIGRATED, {
    name: 'GNG.Rest.Records',
    scope: 'world',
    config: false,
    type: Boolean,
    default: false,
  });
}
