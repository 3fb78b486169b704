/**
 * The Undo of a target's Dive for Cover on the area and burst cards: it gives back exactly what the
 * dive paid (combat/abort-gate.ts `giveBack`, while the turn's epoch holds) and takes the dive off
 * the card, marked `diveUndone` so the target's side does not dive again.
 */
import { giveBack } from '../../combat/abort-gate.js';
import type { AbortSpent } from '../../combat/action-budget.js';
import type { UndoNote } from '../kernel/index.js';
import type { AbortUndo } from '../kernel/undo-fields.js';

/** A target of an area or burst card, as far as its Dive for Cover's Undo reads and writes it. */
export interface DivingTarget {
  dive: { paidWith?: AbortSpent['paidWith']; undo?: AbortUndo } | null;
  diveUndone?: boolean;
}

/** GM side: undoes the target's dive, if it has one; Undo notes (keys) of what could not be given back. */
export async function undoDive(actor: Actor, target: DivingTarget): Promise<UndoNote[]> {
  if (!target.dive) return [];
  const spent = {
    paidWith: target.dive.paidWith ?? 'none',
    epoch: target.dive.undo?.epoch ?? null,
  } as const;
  const notes = await giveBack(actor, 'dive-for-cover', spent);
  target.dive = null;
  target.diveUndone = true;
  return notes;
}
