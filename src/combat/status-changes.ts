/**
 * Statuses a card's step sets and removes, recorded so that its Undo takes back exactly that step
 * (the dying, stabilize and the models' turn and action cards share it).
 */
import {
  holdStatuses,
  putBackStatus,
  releaseStatuses,
  takeOffStatus,
  type TakenHolds,
} from './status-holds.js';
import { healthStatusesOf } from './model-health.js';
import type { UndoNote } from '../cards/kernel/index.js';

/** The status a dying character carries: dying and unstable. */
export const DYING_STATUS = 'dying';
/** Below 0 HP and stable (no more HP lost). */
export const STABLE_STATUS = 'stable';

/** Statuses a step set or removed, for Undo. */
export interface StatusChanges {
  /** Statuses set, with the id of the effect made (null: none found). */
  added: Record<string, string | null>;
  /** Statuses removed (Undo sets them again). */
  removed: string[];
  /** Its hold on the statuses it set (src/combat/status-holds.ts; absent on older cards). */
  hold?: string | null;
  /** The holds that went with the statuses it removed (Undo puts them back). */
  taken?: Record<string, TakenHolds | null>;
}

/**
 * Whether `actor` is dead, or its HP are not dying (the world's model's `healthStatus`; GnG: not
 * below 0, or at the size's threshold).
 */
export function notDyingHp(actor: Actor): boolean {
  return actor.statuses.has('dead') || !healthStatusesOf(actor).includes(DYING_STATUS);
}

/** Sets and removes statuses (only those that change), recording what changed. */
export async function changeStatuses(
  actor: Actor,
  add: readonly string[],
  remove: readonly string[],
): Promise<StatusChanges> {
  const changes: StatusChanges = { added: {}, removed: [] };
  for (const status of remove) {
    if (!actor.statuses.has(status)) continue;
    (changes.taken ??= {})[status] = await takeOffStatus(actor, status);
    changes.removed.push(status);
  }
  // Held per step like every card's statuses: an Undo leaves what another card still holds.
  const held = await holdStatuses(actor, add);
  for (const status of held.statusesAdded) changes.added[status] = held.effectIds[status] ?? null;
  if (held.hold) changes.hold = held.hold;
  return changes;
}

/** Undoes {@link changeStatuses}: the effects it made deleted, the statuses it removed set again. */
export async function restoreStatuses(actor: Actor, changes: StatusChanges): Promise<UndoNote[]> {
  // This step's hold goes (a status another card still holds stays); older cards delete their effects.
  const effectIds = Object.fromEntries(
    Object.entries(changes.added).filter((e): e is [string, string] => e[1] !== null),
  );
  const notes = await releaseStatuses(actor, {
    hold: changes.hold,
    statusesAdded: Object.keys(changes.added),
    effectIds,
  });
  for (const status of changes.removed) {
    if (actor.statuses.has(status)) continue;
    // `dying` and `stable` are below 0 HP and alive: not put back on the dead or on dying-free HP.
    if ((status === DYING_STATUS || status === STABLE_STATUS) && notDyingHp(actor)) {
      notes.push({
        key: 'GNG.Dying.NotRestored',
        data: { name: actor.name, hp: actor.system.hp.value, status: { key: `GNG.Status.${status}` } },
      });
      continue;
    }
    await putBackStatus(actor, status, changes.taken?.[status]);
  }
  return notes;
}
