/**
 * The cards' one door to the defender's action budget (`action-budget.ts`, read only here): whether
 * an abort is refused now (a lang key) and spending it on the GM's side. The cards never decide a
 * refusal themselves.
 */
import type { AbortAction, AbortContext, ActionBudget } from '../rules/index.js';
import { abortRefusal, restoreBudget, spendAbortFor } from './action-budget.js';
import { Refusal } from '../cards/kernel/index.js';

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
 * key); resolves with the budget before the spend (null out of combat), for {@link giveBack}.
 */
export async function takeAbort(
  actor: Actor,
  abort: AbortAction,
  context: AbortContext = {},
): Promise<ActionBudget | null> {
  const refusal = abortRefusal(actor, abort, context);
  if (refusal) throw new Refusal(refusal, { name: actor.name });
  const spent = await spendAbortFor(actor, abort);
  if (!spent.ok) throw new Refusal(spent.reason, { name: actor.name });
  return spent.before;
}

/** GM side: puts back the budget {@link takeAbort} returned. */
export async function giveBack(actor: Actor, before: ActionBudget | null): Promise<void> {
  await restoreBudget(actor, before);
}
