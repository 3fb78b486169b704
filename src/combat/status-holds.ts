/**
 * Statuses the cards set, held step by step (issue #28): two Trips knock the same target prone, the
 * second finding it prone already; undoing the first must not stand the target up while the second
 * still stands on it. Every card step that sets statuses asks for them here ({@link holdStatuses})
 * and its Undo gives them back ({@link releaseStatuses}): the status goes when no step holds it any
 * more, and only if a step created it (a status the GM set by hand before stays).
 *
 * Kept where only a GM writes: a world setting (`gng.statusHolds`), by actor uuid and status — the
 * effect that carries it, whether a step created it, and the steps (hold ids, one per step, kept in
 * the step's own record on its card) that hold it. The active GM writes, one write at a time. An
 * effect removed by other means (the GM's hand, Quick Stand, its player) takes its holds with it:
 * the removal is respected, and an Undo then has nothing to remove (the step that set it says so).
 */
import { isActiveGM } from '../documents/active-gm.js';
import { track, type UndoNote } from '../cards/kernel/index.js';
import { readRecords, registerRecordStore, storeFields, writeRecords } from '../settings/world-stores.js';

const KEY = 'statusHolds';

/** One status on one actor: the effect carrying it, whether a step created it, who holds it. */
interface Held {
  effect: string;
  created: boolean;
  holders: string[];
}

type Holds = Record<string, Record<string, Held>>;

/** What a step set: its hold (null: nothing held), the statuses it added and the effects it created. */
export interface StatusHold {
  hold: string | null;
  statusesAdded: string[];
  effectIds: Record<string, string>;
}

/** A step's record as the cards keep it (older cards have no `hold`). */
export interface HeldRecord {
  hold?: string | null | undefined;
  statusesAdded: readonly string[];
  effectIds?: Record<string, string> | undefined;
}

/** The holds (none while the store is not registered yet). */
const holds = (): Holds => readRecords<Holds[string]>(KEY);

let writes: Promise<unknown> = Promise.resolve();

/** Active GM: changes the holds (`change` gets a copy), one write at a time. */
function changeHolds(change: (all: Holds) => void): Promise<void> {
  const run = writes.then(async () => {
    const all = structuredClone(holds());
    change(all);
    for (const [uuid, byStatus] of Object.entries(all)) if (!Object.keys(byStatus).length) delete all[uuid];
    await writeRecords(KEY, all);
  });
  writes = run.catch(() => undefined);
  return run;
}

/** The effect that still carries `status` for this hold entry, or null (removed since). */
const carrier = (actor: Actor, held: Held | undefined, status: string): ActiveEffect | null => {
  const effect = held ? actor.effects.get(held.effect) : undefined;
  return effect && effect.statuses.has(status) ? effect : null;
};

/** The Undo note for a status the step added that is gone already (localized when the card renders). */
export const statusGone = (actor: Actor, status: string): UndoNote => ({
  key: 'GNG.Undo.Note.StatusGone',
  data: { name: actor.name, status: { key: `GNG.Status.${status}` } },
});

/**
 * GM: the step sets `statuses` on `actor` — each one it lacks is created (a status effect), each one
 * it has is held too, by the step's new hold id. Resolves with what the step keeps for its Undo.
 */
export async function holdStatuses(actor: Actor, statuses: readonly string[]): Promise<StatusHold> {
  await writes;
  const result: StatusHold = { hold: null, statusesAdded: [], effectIds: {} };
  if (!statuses.length) return result;
  const hold = foundry.utils.randomID();
  const mine = holds()[actor.uuid] ?? {};
  const entries: Record<string, Held> = {};
  for (const status of new Set(statuses)) {
    const held = mine[status];
    if (carrier(actor, held, status)) {
      entries[status] = { ...(held as Held), holders: [...(held as Held).holders, hold] };
      continue;
    }
    if (actor.statuses.has(status)) {
      // Set by hand (or by a step before this record): held, but never removed by an Undo.
      const effect = actor.effects.find((e) => e.statuses.has(status));
      if (effect) entries[status] = { effect: effect.id as string, created: false, holders: [hold] };
      continue;
    }
    const made = await actor.toggleStatusEffect(status, { active: true });
    const effect =
      made && typeof made === 'object' ? made : actor.effects.find((e) => e.statuses.has(status));
    result.statusesAdded.push(status);
    if (!effect?.id) continue;
    result.effectIds[status] = effect.id;
    entries[status] = { effect: effect.id, created: true, holders: [hold] };
  }
  if (Object.keys(entries).length) {
    result.hold = hold;
    await changeHolds((all) => {
      all[actor.uuid] = { ...(all[actor.uuid] ?? {}), ...entries };
    });
  }
  return result;
}

/**
 * GM: the Undo of a step that held statuses on `actor` — its hold goes, and each status no step holds
 * any more goes too if a step created it. `stands(status)`: whether the status still stands without
 * this step (the HP statuses: `dying` only while the HP are dying); one that no longer stands goes
 * though others hold it. A status the step added that is gone already is noted (Undo notes: keys).
 * A record without a hold (a card stored before holds) deletes the effects it created, unless a
 * step holds them now.
 */
export async function releaseStatuses(
  actor: Actor,
  record: HeldRecord,
  stands: (status: string) => boolean = () => true,
): Promise<UndoNote[]> {
  await writes;
  const notes: UndoNote[] = [];
  const mine = holds()[actor.uuid] ?? {};
  const remove: string[] = [];
  const next: Record<string, Held | null> = {};
  if (!record.hold) {
    for (const status of record.statusesAdded) {
      const id = record.effectIds?.[status];
      const held = mine[status]?.effect === id && id !== undefined ? mine[status] : undefined;
      if (id === undefined) {
        if (actor.statuses.has(status)) await actor.toggleStatusEffect(status, { active: false });
      } else if (!actor.effects.get(id)) notes.push(statusGone(actor, status));
      // Held by later steps: theirs now, to remove when the last of them lets go.
      else if (held?.holders.length) next[status] = { ...held, created: true };
      else remove.push(id);
    }
  } else {
    for (const [status, held] of Object.entries(mine)) {
      if (!held.holders.includes(record.hold)) continue;
      const holders = held.holders.filter((h) => h !== record.hold);
      const effect = carrier(actor, held, status);
      if (!effect) next[status] = null;
      else if (holders.length && stands(status)) next[status] = { ...held, holders };
      else {
        next[status] = null;
        if (held.created) remove.push(effect.id as string);
      }
    }
    for (const status of record.statusesAdded) {
      const held = mine[status];
      if (!held?.holders.includes(record.hold) || !carrier(actor, held, status))
        notes.push(statusGone(actor, status));
    }
  }
  if (Object.keys(next).length)
    await changeHolds((all) => {
      const byStatus = (all[actor.uuid] ??= {});
      for (const [status, held] of Object.entries(next))
        if (held) byStatus[status] = held;
        else delete byStatus[status];
    });
  const ids = [...new Set(remove)].filter((id) => actor.effects.get(id));
  if (ids.length) await actor.deleteEmbeddedDocuments('ActiveEffect', ids);
  return notes;
}

/** The holds a step took off with a status (kept in its record, for its Undo to put back). */
export interface TakenHolds {
  created: boolean;
  holders: string[];
}

/**
 * GM: a step takes `status` off `actor` (exhausted replacing fatigued, dying giving way to stable);
 * resolves with the holds that went with it, for {@link putBackStatus}.
 */
export async function takeOffStatus(actor: Actor, status: string): Promise<TakenHolds | null> {
  await writes;
  const held = holds()[actor.uuid]?.[status];
  const live = carrier(actor, held, status) ? (held as Held) : null;
  await actor.toggleStatusEffect(status, { active: false });
  return live ? { created: live.created, holders: [...live.holders] } : null;
}

/** GM: the Undo of {@link takeOffStatus}: the status set again, held as it was. */
export async function putBackStatus(
  actor: Actor,
  status: string,
  taken: TakenHolds | null | undefined,
): Promise<void> {
  await writes;
  const had = actor.statuses.has(status);
  if (!had) await actor.toggleStatusEffect(status, { active: true });
  const effect = actor.effects.find((e) => e.statuses.has(status));
  if (!taken?.holders.length || !effect?.id) return;
  const now = holds()[actor.uuid]?.[status];
  const live = carrier(actor, now, status) ? (now as Held) : null;
  const entry: Held = live
    ? { ...live, holders: [...new Set([...live.holders, ...taken.holders])] }
    : { effect: effect.id, created: had ? false : taken.created, holders: taken.holders };
  await changeHolds((all) => {
    (all[actor.uuid] ??= {})[status] = entry;
  });
}

/** Active GM: the holds on an effect deleted by other means go with it (the removal is respected). */
function onDelete(effect: ActiveEffect): void {
  const actor = effect.parent as Actor | null;
  if (!isActiveGM() || !actor || actor.documentName !== 'Actor') return;
  const mine = holds()[actor.uuid] ?? {};
  const statuses = Object.keys(mine).filter((s) => mine[s]?.effect === effect.id);
  if (!statuses.length) return;
  void track(
    changeHolds((all) => {
      const byStatus = all[actor.uuid];
      for (const status of statuses) if (byStatus?.[status]?.effect === effect.id) delete byStatus[status];
    }),
  );
}

/** Active GM, on `ready`: holds whose effect is gone (its actor deleted) are dropped. */
function prune(): Promise<void> {
  const gone = Object.entries(holds()).flatMap(([uuid, byStatus]) =>
    Object.entries(byStatus)
      .filter(([, held]) => !fromUuidSync(`${uuid}.ActiveEffect.${held.effect}`))
      .map(([status]) => [uuid, status] as const),
  );
  if (!gone.length) return Promise.resolve();
  return changeHolds((all) => {
    for (const [uuid, status] of gone) delete all[uuid]?.[status];
  });
}

/** Registers the record (a world setting no menu shows), on `init`. */
export function registerStatusHolds(): void {
  // By actor uuid, by status: a {@link Held}.
  registerRecordStore({
    key: KEY,
    name: 'GNG.Undo.StatusHolds',
    entry: (f) =>
      new f.TypedObjectField(
        new f.SchemaField({
          effect: new f.StringField(),
          created: new f.BooleanField(),
          holders: storeFields.strs(f),
        }),
      ),
  });
}

/** The hooks' handlers (src/hooks/register-hooks.ts): a removed effect's holds go; pruned on `ready`. */
export const statusHoldHooks = {
  deleteActiveEffect: onDelete,
  ready(): void {
    if (isActiveGM()) void track(prune());
  },
};
