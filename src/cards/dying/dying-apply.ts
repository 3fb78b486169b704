/**
 * What a dying round and a stabilization change on the actor (GM side), and their exact inverse
 * (the cards' Undo). A round that stabilizes swaps `dying` for `stable`; a failed round takes 1 HP
 * (a plain update of the HP: no trauma, temporary HP untouched) and, at the size's threshold, sets
 * `dead` in place of `dying`. Undo gives the HP back as a delta on the HP now and puts the statuses
 * back as they were; what it cannot (a status already removed) it says.
 */
import type { CreatureData } from '../../data/actor/creature-data.js';
import type { DyingRoundOutcome } from '../../rules/index.js';
import { DYING_STATUS, STABLE_STATUS, type StatusChanges } from './dying-state.js';

/** Sets and removes statuses (only those that change), recording what changed. */
export async function changeStatuses(
  actor: Actor,
  add: readonly string[],
  remove: readonly string[],
): Promise<StatusChanges> {
  const changes: StatusChanges = { added: {}, removed: [] };
  for (const status of remove) {
    if (!actor.statuses.has(status)) continue;
    await actor.toggleStatusEffect(status, { active: false });
    changes.removed.push(status);
  }
  for (const status of add) {
    if (actor.statuses.has(status)) continue;
    const effect = await actor.toggleStatusEffect(status, { active: true });
    changes.added[status] = effect && typeof effect === 'object' && effect.id ? effect.id : null;
  }
  return changes;
}

/** Undoes {@link changeStatuses}: the effects it made deleted, the statuses it removed set again. */
export async function restoreStatuses(actor: Actor, changes: StatusChanges): Promise<string[]> {
  const notes: string[] = [];
  for (const [status, effectId] of Object.entries(changes.added)) {
    if (effectId && actor.effects.get(effectId))
      await actor.deleteEmbeddedDocuments('ActiveEffect', [effectId]);
    else if (!effectId && actor.statuses.has(status))
      await actor.toggleStatusEffect(status, { active: false });
    else
      notes.push(
        game.i18n.format('GNG.Undo.Note.StatusGone', {
          name: actor.name,
          status: game.i18n.localize(`GNG.Status.${status}`),
        }),
      );
  }
  for (const status of changes.removed)
    if (!actor.statuses.has(status)) await actor.toggleStatusEffect(status, { active: true });
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
  const hp = (actor.system as CreatureData).hp.value;
  await actor.update({ 'system.hp.value': hp - outcome.hpLost });
  // Still dying, it is not stable (a `stable` left from before the damage goes); dead, it is neither.
  const changes =
    outcome.condition === 'dead'
      ? await changeStatuses(actor, ['dead'], [DYING_STATUS, STABLE_STATUS])
      : await changeStatuses(actor, [], [STABLE_STATUS]);
  return { ...changes, hpLost: outcome.hpLost };
}

/** Undoes a dying round: the HP lost given back to the HP now, the statuses as before. */
export async function undoDyingRound(
  actor: Actor,
  applied: StatusChanges & { hpLost: number },
): Promise<string[]> {
  if (applied.hpLost) {
    const hp = (actor.system as CreatureData).hp.value;
    await actor.update({ 'system.hp.value': hp + applied.hpLost });
  }
  return restoreStatuses(actor, applied);
}
