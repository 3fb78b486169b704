/**
 * What a dying round and a stabilization change on the actor (GM side), and their exact inverse
 * (the cards' Undo). A round that stabilizes swaps `dying` for `stable`; a failed round takes 1 HP
 * (a plain update of the HP: no trauma, temporary HP untouched) and, at the size's threshold, sets
 * `dead` in place of `dying`. Undo gives the HP back as a delta on the HP now and puts the statuses
 * back as they were; what it cannot (a status already removed; `dying` or `stable` on an actor now
 * dead or at HP that are not dying, which it leaves off) it says.
 */
import { CARD_HP_UPDATE } from '../../hooks/hp-statuses.js';
import type { DyingRoundOutcome } from '../../rules/index.js';
import { modelOffers } from '../../settings/combat-model.js';
import { Refusal, type UndoNote } from '../kernel/index.js';
import { changeStatuses, notDyingHp, restoreStatuses } from '../../combat/status-changes.js';
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
export async function undoDyingRound(actor: Actor, applied: DyingRoundApplied): Promise<UndoNote[]> {
  if (applied.hpLost) {
    const hp = actor.system.hp.value;
    await actor.update({ 'system.hp.value': hp + applied.hpLost }, CARD_HP_UPDATE);
  }
  return restoreStatuses(actor, applied);
}
