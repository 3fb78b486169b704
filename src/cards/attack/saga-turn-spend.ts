/**
 * The attack card under the Saga-style model spends the attacker's action on its own turn (001:5–21,
 * through src/combat/saga-turns.ts on the active GM): an attack or a maneuver is a standard action,
 * a charge (001:66) and a coup de grace full-round actions. Refused, nothing rolled, when the turn has
 * none left. Off its turn (an attack of opportunity, counted by the tracker) nothing is spent. The
 * attacker's "Take back the attack" gives the action back exactly, while that turn's budget stands.
 */
import { combatantOf } from '../../combat/scene-lookup.js';
import { refundSagaActionFor, spendSagaActionFor, type SagaSpent } from '../../combat/saga-turns.js';
import { actorOf, Refusal } from '../kernel/index.js';
import type { AttackOptions } from './attack-options.js';
import type { AttackCardState } from './attack-state.js';

/** The card's record of the action it spent. */
export interface CardSagaTurn {
  spent: SagaSpent;
  /** Taken back: by whom, and whether the action was given back (false: a new turn had begun). */
  withdrawn: { by: string; given: boolean } | null;
}

const t = (key: string) => game.i18n.localize(key);
const f = (key: string, data: Record<string, unknown>) => game.i18n.format(key, data);

/** The action this attack takes: full-round for a charge or a coup de grace, else a standard action. */
export function sagaAttackAction(options: AttackOptions): 'standard' | 'full-round' {
  return options.saga?.charge === true || options.coupDeGrace === true ? 'full-round' : 'standard';
}

/**
 * GM side, before anything is rolled: spends the attack's action when it is the attacker's turn in a
 * begun combat; null when nothing is spent. Throws a localized {@link Refusal} when none is left.
 */
export async function spendSagaAttack(actor: Actor, options: AttackOptions): Promise<CardSagaTurn | null> {
  const combatant = combatantOf(actor);
  const combat = combatant?.parent;
  if (!combatant || !combat || combat.round < 1 || combat.combatant?.id !== combatant.id) return null;
  const result = await spendSagaActionFor(actor, sagaAttackAction(options));
  if (!result.ok) throw new Refusal(result.reason);
  return result.spent ? { spent: result.spent, withdrawn: null } : null;
}

/** GM side: the spend given back (the card was not posted). */
export async function refundSagaAttack(actor: Actor, turn: CardSagaTurn | null): Promise<void> {
  if (turn) await refundSagaActionFor(actor, turn.spent);
}

/** GM side (the attacker's "Take back the attack"): its action back while that turn's budget stands. */
export async function takeBackSagaAttack(state: AttackCardState, user: User): Promise<void> {
  const turn = state.sagaTurn;
  if (!turn || turn.withdrawn) return;
  const attacker = await actorOf(state.attacker.actorUuid);
  const given = attacker ? await refundSagaActionFor(attacker, turn.spent) : false;
  turn.withdrawn = { by: user.id as string, given };
}

/** The card's line: the action spent, and what its taking back did. */
export function sagaTurnContext(state: AttackCardState): { spent: string; withdrawn: string | null } | null {
  const turn = state.sagaTurn;
  if (!turn) return null;
  const action = t(
    `GNG.Model.Saga.Card.Turn.Action.${turn.spent.action === 'full-round' ? 'fullRound' : 'standard'}`,
  );
  return {
    spent: f('GNG.Model.Saga.Card.Turn.spent', { name: state.attacker.name, action }),
    withdrawn: turn.withdrawn
      ? t(turn.withdrawn.given ? 'GNG.Model.Saga.Card.Turn.given' : 'GNG.Model.Saga.Card.Turn.notGiven')
      : null,
  };
}
