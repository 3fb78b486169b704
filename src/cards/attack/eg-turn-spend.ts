/**
 * The attack card under the Enlightened Grognard model spends the attacker's action (issue #31,
 * round 2; src/combat/eg-turns.ts on the active GM): on its own turn in a begun combat an attack is
 * the turn's standard action ("Making an attack is a standard action", 003:678; a charge too: "move
 * up to your speed and attack as a single standard action", 003:1506–1507), refused after Run or
 * Total Defense; off its turn it is an attack of opportunity (003:528), one of those it has this
 * round. Refused, nothing rolled and nothing spent, when the budget says no. The attacker's "Take
 * back the attack" gives it back exactly while that turn's record stands (eg-steps.ts).
 */
import { refundEgAttackFor, spendEgAttackFor, type EgAttackSpent } from '../../combat/eg-turns.js';
import { actorOf, Refusal } from '../kernel/index.js';
import type { CardTarget } from './attack-state.js';

/**
 * GM side, before anything is rolled: the attack's action (or attack of opportunity) spent; null when
 * nothing is spent (out of combat). The attack of opportunity's target is the first creature target
 * (a grappled, pinned or prone one has cover: none is made against it, 003:1353). Throws a
 * localized {@link Refusal} when it may not be made.
 */
export async function spendEgAttack(
  actor: Actor,
  targets: readonly CardTarget[],
): Promise<EgAttackSpent | null> {
  const first = targets.find((target) => target.kind === 'creature' && target.actorUuid);
  const target = first ? await actorOf(first.actorUuid) : null;
  const result = await spendEgAttackFor(actor, { target });
  if (!result.ok) throw new Refusal(result.reason);
  return result.spent;
}

/** GM side: gives back what {@link spendEgAttack} spent; false when a turn of the attacker began since. */
export async function refundEgAttackTurn(
  attackerUuid: string,
  spent: EgAttackSpent | null,
): Promise<boolean> {
  if (!spent) return true;
  const attacker = await actorOf(attackerUuid);
  return attacker ? refundEgAttackFor(attacker, spent) : false;
}
