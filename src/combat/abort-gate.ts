/**
 * The cards' one door to the defender's action budget (`action-budget.ts`, read only here): whether
 * an abort is refused now (a lang key) and spending it on the GM's side. The cards never decide a
 * refusal themselves.
 */
import type { AbortAction, AbortContext } from '../rules/index.js';
import { abortRefusal, refundAbortFor, spendAbortFor, type AbortSpent } from './action-budget.js';
import { Refusal, type UndoNote } from '../cards/kernel/index.js';

/**
 * Whether the abort's button is shown to this client: no refusal. Fails closed — if the budget module
 * cannot decide (it throws), the button is hidden and the error logged, so the card still renders.
 */
export function abortShown(actor: Actor, abort: AbortAction, context: AbortContext = {}): boolean {
  try {
    return abortRefusal(actor, abort, context) === null;
  } catch (error) {
    console.error(error);
    return false;
  }
}

/**
 * GM side: checks and spends one `abort` of `actor` (throws a {@link Refusal} with the budget's lang
 * key); resolves with how it was paid, for {@link giveBack}.
 */
export async function takeAbort(
  actor: Actor,
  abort: AbortAction,
  context: AbortContext = {},
): Promise<AbortSpent> {
  const refusal = abortRefusal(actor, abort, context);
  if (refusal) throw new Refusal(refusal, { name: actor.name });
  const spent = await spendAbortFor(actor, abort);
  if (!spent.ok) throw new Refusal(spent.reason, { name: actor.name });
  return { paidWith: spent.paidWith, before: spent.before, epoch: spent.epoch };
}

/** GM side: the exact inverse of {@link takeAbort}; Undo notes (keys) of what could not be given back. */
export function giveBack(
  actor: Actor,
  abort: AbortAction,
  spent: { paidWith: AbortSpent['paidWith']; epoch?: number | null },
): Promise<UndoNote[]> {
  return refundAbortFor(actor, abort, spent);
}
