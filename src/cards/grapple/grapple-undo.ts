/**
 * A grapple step's Undo (GM side), the exact inverse of the step: the HP it took given back from the
 * values as they are now (later hits stay, `restoreHitPointLoss`), exactly the effects it created
 * deleted (with the dazed or stunned of its wound trauma save), the statuses it cleared set again,
 * the card's phase and pending check as they were. What cannot be undone any more is returned as
 * Undo notes (keys) for the card. The side that lost the undone check keeps its dice for when the
 * check is made again (decision G16).
 */
import { restoreHitPointLoss } from '../../combat/hp-loss.js';
import { releaseStatuses, statusGone } from '../../combat/status-holds.js';
import { actorOf, type UndoNote } from '../kernel/index.js';
import { undoWoundTrauma } from '../shared/wound-trauma.js';
import {
  grappleState,
  other,
  type GrappleCardState,
  type GrappleKeptDice,
  type GrappleStep,
} from './grapple-rules.js';
import { setStatus, timedEffectData } from './grapple-outcomes.js';
import { saveGrappleCard } from './grapple-render.js';

/** Deletes the effect `effectId` of `actor` if it is still there; else a note. */
async function deleteCreated(actor: Actor, effectId: string, status: string, notes: UndoNote[]) {
  if (actor.effects.get(effectId)) await actor.deleteEmbeddedDocuments('ActiveEffect', [effectId]);
  else notes.push(statusGone(actor, status));
}

/** The dice the losing side of `step` keeps (G16), or null when nothing was rolled against anyone. */
function keptDice(step: GrappleStep): GrappleKeptDice | null {
  if (!step.opponent || step.reason || step.mirrorOf) return null;
  const loser = step.won ? other(step.side) : step.side;
  const die = loser === step.side ? step.actor : step.opponent;
  const escape = step.move === 'escape' || step.move === 'escapeArtist';
  return {
    move: step.move,
    side: step.side,
    loser,
    natural: die.natural,
    ...(die.chain ? { chain: die.chain } : {}),
    // A won escape beat every other grappler: their d20s stay too.
    others:
      escape && step.won ? Object.fromEntries(step.others.map((o) => [o.messageId, o.roll.natural])) : {},
  };
}

/** Undoes `step` (already taken off `state.steps`) on the actors and on `state`; the notes of what could not be. */
export async function undoStep(
  state: GrappleCardState,
  step: GrappleStep,
  messageId: string,
): Promise<UndoNote[]> {
  const notes: UndoNote[] = [];
  for (const e of [...step.timed].reverse()) {
    const a = await actorOf(e.actorUuid);
    if (a && e.effectId) await deleteCreated(a, e.effectId, e.status, notes);
  }
  for (const { actorUuid, status, effectId, hold } of [...step.added].reverse()) {
    const a = await actorOf(actorUuid);
    if (!a) continue;
    // Its hold goes (a status another card holds stays); older cards delete the effect they created,
    // or clear the status.
    const effectIds: Record<string, string> = effectId ? { [status]: effectId } : {};
    if (hold) notes.push(...(await releaseStatuses(a, { hold, statusesAdded: [status], effectIds })));
    else if (effectId) await deleteCreated(a, effectId, status, notes);
    else await setStatus(a, status, false);
  }
  for (const { actorUuid, hold } of step.held ?? []) {
    const a = await actorOf(actorUuid);
    if (a) notes.push(...(await releaseStatuses(a, { hold, statusesAdded: [] })));
  }
  for (const { actorUuid, status, duration } of step.removed) {
    const a = await actorOf(actorUuid);
    const partner = await actorOf(
      actorUuid === state.attacker.actorUuid ? state.defender.actorUuid : state.attacker.actorUuid,
    );
    if (a && duration && !a.statuses.has(status))
      await a.createEmbeddedDocuments('ActiveEffect', [timedEffectData(status, duration, messageId)]);
    else if (a) await setStatus(a, status, true, status === 'grappling' ? (partner ?? undefined) : undefined);
  }
  if (step.hpBefore) {
    const a = await actorOf(step.hpBefore.actorUuid);
    // The wound trauma save against this loss goes with it (the step is forgotten, and its save).
    if (a) notes.push(...(await undoWoundTrauma(a, step.woundTrauma)));
    if (a) notes.push(...(await restoreHitPointLoss(a, step.hpBefore)));
  }
  if (step.weaponRemoved && state.bonus) state.bonus.removed = false;
  if (step.move === 'throw') state.throwChoice = null;
  state.phase = step.phaseBefore;
  // Undoing a touch attack or a hold: the acting side's roll waits for the answer again.
  if ((step.move === 'start' || step.move === 'touch') && !step.reason)
    state.pending = { move: step.move, side: 'attacker', by: step.startedBy ?? step.by, roll: step.actor };
  // G16: the side that lost the check keeps its dice for when it is made again.
  const kept = keptDice(step);
  if (kept) state.kept = [...(state.kept ?? []), kept];
  // An escape from several grapplers: the other cards it ended come back too.
  for (const o of step.others.filter((x) => x.ended)) {
    const message = game.messages.get(o.messageId);
    const stored = grappleState(message);
    const mirror = stored?.steps.at(-1);
    if (!message || !stored || mirror?.mirrorOf !== messageId) continue;
    const otherState = structuredClone(stored);
    notes.push(...(await undoStep(otherState, otherState.steps.pop() as GrappleStep, o.messageId)));
    await saveGrappleCard(message, otherState);
  }
  return notes;
}
