/**
 * The attack card under the Saga-style model spends the attacker's action on its own turn (001:5–21,
 * through src/combat/saga-turns.ts on the active GM): an attack or a maneuver is a standard action,
 * a charge (001:66) and a coup de grace full-round actions. Off its turn in a begun combat an attack
 * is an attack of opportunity, one of those the creature has this round (001:43; the tracker counts
 * them), never against a target with total concealment (001:73). Refused, nothing rolled, when none
 * is left. The attacker's "Take back the attack" gives the
 * action or the attack of opportunity back exactly, while that turn's record stands.
 */
import { begunCombatantOf, combatantOf } from '../../combat/scene-lookup.js';
import {
  refundOpportunityFor,
  refundSagaActionFor,
  opportunityPerRoundOf,
  sagaRecordOf,
  spendOpportunityFor,
  spendSagaActionFor,
  type SagaSpent,
} from '../../combat/saga-turns.js';
import { actorOf, Refusal } from '../kernel/index.js';
import { mayMakeOpportunityAttack } from '../../rules/models/saga/opportunity.js';
import type { AttackOptions } from './attack-options.js';
import type { AttackCardState } from './attack-state.js';
import { t, f } from '../../format.js';

/** The lang key (`GNG.Model.Saga.Turn.Refusal.*`) of each reason an attack of opportunity is refused. */
const OPPORTUNITY_REFUSAL = {
  noneLeft: 'noOpportunity',
  totalConcealment: 'opportunityTotalConcealment',
} as const;

/** The card's record of the action it spent. */
export interface CardSagaTurn {
  /** The turn's action it spent (on the attacker's turn); absent for an attack of opportunity. */
  spent?: SagaSpent;
  /** Off the attacker's turn: the attack of opportunity it spent, with its record's round then. */
  opportunity?: { round: number };
  /** Taken back: by whom, and whether the action was given back (false: a new turn had begun). */
  withdrawn: { by: string; given: boolean } | null;
}

/** The action this attack takes: full-round for a charge or a coup de grace, else a standard action. */
export function sagaAttackAction(options: AttackOptions): 'standard' | 'full-round' {
  return options.saga?.charge === true || options.coupDeGrace === true ? 'full-round' : 'standard';
}

/**
 * GM side, before anything is rolled: spends the attack's action when it is the attacker's turn in a
 * begun combat; null when nothing is spent. Throws a localized {@link Refusal} when none is left.
 */
export async function spendSagaAttack(actor: Actor, options: AttackOptions): Promise<CardSagaTurn | null> {
  const begun = begunCombatantOf(actor);
  if (!begun) return null;
  const { combatant, combat } = begun;
  if (combat.combatant?.id !== combatant.id) {
    const record = sagaRecordOf(combatant);
    const may = mayMakeOpportunityAttack({
      perRound: opportunityPerRoundOf(actor),
      used: record.aooUsed,
      targetTotalConcealment: Object.values(options.saga?.concealment ?? {}).includes('total'),
    });
    if (!may.ok) throw new Refusal(`GNG.Model.Saga.Turn.Refusal.${OPPORTUNITY_REFUSAL[may.reason]}`);
    if (!(await spendOpportunityFor(actor))) throw new Refusal('GNG.Model.Saga.Turn.Refusal.noOpportunity');
    return { opportunity: { round: record.round }, withdrawn: null };
  }
  const result = await spendSagaActionFor(actor, sagaAttackAction(options));
  if (!result.ok) throw new Refusal(result.reason);
  return result.spent ? { spent: result.spent, withdrawn: null } : null;
}

/** GM side: the spend given back (the card was not posted). */
export async function refundSagaAttack(actor: Actor, turn: CardSagaTurn | null): Promise<void> {
  if (turn) await giveBack(actor, turn);
}

/** Gives back what `turn` spent while its record stands; false when a turn of the creature began since. */
async function giveBack(actor: Actor, turn: CardSagaTurn): Promise<boolean> {
  if (turn.spent) return refundSagaActionFor(actor, turn.spent);
  const combatant = combatantOf(actor);
  if (!turn.opportunity || !combatant || sagaRecordOf(combatant).round !== turn.opportunity.round)
    return false;
  await refundOpportunityFor(actor);
  return true;
}

/** GM side (the attacker's "Take back the attack"): its action back while that turn's budget stands. */
export async function takeBackSagaAttack(state: AttackCardState, user: User): Promise<void> {
  const turn = state.sagaTurn;
  if (!turn || turn.withdrawn) return;
  const attacker = await actorOf(state.attacker.actorUuid);
  const given = attacker ? await giveBack(attacker, turn) : false;
  turn.withdrawn = { by: user.id as string, given };
}

/** The card's line: the action spent, and what its taking back did. */
export function sagaTurnContext(state: AttackCardState): { spent: string; withdrawn: string | null } | null {
  const turn = state.sagaTurn;
  if (!turn) return null;
  const kind = !turn.spent ? 'opportunity' : turn.spent.action === 'full-round' ? 'fullRound' : 'standard';
  const action = t(`GNG.Model.Saga.Card.Turn.Action.${kind}`);
  return {
    spent: f('GNG.Model.Saga.Card.Turn.spent', { name: state.attacker.name, action }),
    withdrawn: turn.withdrawn
      ? t(turn.withdrawn.given ? 'GNG.Model.Saga.Card.Turn.given' : 'GNG.Model.Saga.Card.Turn.notGiven')
      : null,
  };
}
