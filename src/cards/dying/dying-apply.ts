/**
 * What a dying round and a stabilization change on the actor (GM side), and their exact inverse
 * (the cards' Undo). A round that stabilizes swaps `dying` for `stable`; a failed round takes 1 HP
 * (a plain update of the HP: no trauma, temporary HP untouched) and, at the size's threshold, sets
 * `dead` in place of `dying`. Undo gives the HP back as a delta on the HP now and puts the statuses
 * back as they were; what it cannot (a status already removed; `dying` or `stable` on an actor now
 * dead or at HP that are not dying, which it leaves off) it says.
 */
import { CARD_HP_UPDATE } from '../../hooks/hp-statuses.js';
import { holdStatuses, putBackStatus, releaseStatuses, takeOffStatus } from '../../combat/status-holds.js';
import type { DyingRoundOutcome } from '../../rules/index.js';
import { healthStatusesOf } from '../../combat/model-health.js';
import { modelOffers } from '../../settings/combat-model.js';
import { Refusal } from '../kernel/index.js';
import { DYING_STATUS, STABLE_STATUS, type DyingRoundApplied, type StatusChanges } from './dying-state.js';

/**
 * Refuses a dying round or a stabilization under a combat model without GnG's dying rule (capability
 * `dying`): `action` names it (a lang key).
 */
export function refuseWithoutDying(action: string): void {
  if (!modelOffers('dying'))
    throw new Refusal('GNG.Error.Model.Capability', { action: game.i18n.localize(action) });
}

/**
 * Why `actor` is not dying now, or null when it is: `'status'` without the `dying` status (or with
 * `dead`), `'hp'` when its HP are not dying for its size (a stale status). The dying round and the
 * Heal check to stabilize both ask this (each with its own refusal).
 */
export function notDyingNow(actor: Actor): 'status' | 'hp' | null {
  if (!actor.statuses.has(DYING_STATUS) || actor.statuses.has('dead')) return 'status';
  return notDyingHp(actor) ? 'hp' : null;
}

/**
 * Whether `actor` is dead, or its HP are not dying (the world's model's `healthStatus`; GnG: not
 * below 0, or at the size's threshold).
 */
function notDyingHp(actor: Actor): boolean {
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
export async function restoreStatuses(actor: Actor, changes: StatusChanges): Promise<string[]> {
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
      notes.push(
        game.i18n.format('GNG.Dying.NotRestored', {
          name: actor.name,
          hp: actor.system.hp.value,
          status: game.i18n.localize(`GNG.Status.${status}`),
        }),
      );
      continue;
    }
    await putBackStatus(actor, status, changes.taken?.[status]);
  }
  return notes;
}

/** The actor is stable: `dying` gives way to `stable`. */
export function stabilizeActor(actor: Actor): Promise<StatusChanges> {
  return changeStatuses(actor, [STABLE_STATUS], [DYING_STATUS]);
}

/** Applies a dying round's outcome to `actor`. */
export async function applyDyingRound(
  actor: Actor,
  outcome: DyingRoundOutcome,
): Promise<StatusChanges & { hpLost: number }> {
  if (outcome.stable) return { ...(await stabilizeActor(actor)), hpLost: 0 };
  const hp = actor.system.hp.value;
  await actor.update({ 'system.hp.value': hp - outcome.hpLost }, CARD_HP_UPDATE);
  // Still dying, it is not stable (a `stable` left from before the damage goes); dead, it is neither.
  const changes =
    outcome.condition === 'dead'
      ? await changeStatuses(actor, ['dead'], [DYING_STATUS, STABLE_STATUS])
      : await changeStatuses(actor, [], [STABLE_STATUS]);
  return { ...changes, hpLost: outcome.hpLost };
}

/** Undoes a dying round: the HP lost given back to the HP now, the statuses as before. */
export async function undoDyingRound(actor: Actor, applied: DyingRoundApplied): Promise<string[]> {
  if (applied.hpLost) {
    const hp = actor.system.hp.value;
    await actor.update({ 'system.hp.value': hp + applied.hpLost }, CARD_HP_UPDATE);
  }
  return restoreStatuses(actor, applied);
}
