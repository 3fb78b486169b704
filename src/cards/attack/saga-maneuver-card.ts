/**
 * A Saga-style maneuver on the attack card (seed 001:163–185; issue #30), on the active GM's client:
 * its outcome from the resolution against the target's Reflex (a feint's against Will), whether it
 * provoked, and a bull rush's wall d6s rolled as the card's damage. Pure rules in
 * src/rules/models/saga/maneuvers.ts.
 */
import { maneuverOutcome, maneuverProvokes } from '../../rules/models/saga/maneuvers.js';
import type { AttackCardState, CardTarget } from './attack-state.js';
import { sagaOf } from './saga-card-state.js';

/** A maneuver's outcome from its resolution (maneuvers.ts), and whether it provoked. */
export function settleManeuver(
  state: AttackCardState,
  target: CardTarget,
  defender: Actor,
  resolution: { hit: boolean; margin: number },
): void {
  const saga = sagaOf(target);
  const choices = state.options.saga ?? {};
  const attacker = fromUuidSync(state.attacker.actorUuid) as Actor | null;
  const attackerSystem = attacker?.system;
  saga.maneuver = maneuverOutcome({
    maneuver: choices.maneuver as NonNullable<typeof choices.maneuver>,
    hit: resolution.hit,
    margin: resolution.margin,
    ...(attackerSystem ? { attackerSize: attackerSystem.size } : {}),
    targetSize: defender.system.size,
    wallAfter: choices.wallAfter ?? null,
  });
  // "If a character doesn't have an attack bonus of at least +1 … provoking" (001:165).
  if (attackerSystem && maneuverProvokes(attackerSystem.derived.bab)) saga.provokes = true;
}

/**
 * A bull rush into a wall (001:177): the d6s it takes, rolled now and put on the card as its damage
 * (Apply and Undo as any damage: the model's threshold counts). Resolves with the roll, or null.
 */
export async function rollWallDamage(target: CardTarget): Promise<Roll | null> {
  const dice = target.saga?.maneuver?.wallDice ?? 0;
  if (dice <= 0 || target.damage) return null;
  const roll = await new Roll(`${dice}d6`).evaluate();
  const values = roll.dice.flatMap((term) => term.results.map((r) => r.result));
  const total = values.reduce((sum, v) => sum + v, 0);
  target.damage = {
    formula: roll.formula,
    dice: values,
    steps: {
      weapon: total,
      strength: 0,
      other: 0,
      relativeDegree: 0,
      total,
      protection: 0,
      afterProtection: total,
      damageReduction: 0,
      afterDamageReduction: total,
      energyResistance: 0,
      final: total,
    },
    final: total,
    lethal: total,
    nonlethal: 0,
    specialEffects: total > 0,
    bypass: 'none',
    protectionParts: [],
  };
  return roll;
}
