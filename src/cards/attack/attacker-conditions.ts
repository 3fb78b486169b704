/** The attacker's conditions an attack card keeps (an invisible attacker costs the defender its Dexterity). */
import { ATTACKER_CONDITIONS, expandConditions, type AttackerCondition } from '../../rules/index.js';

export function attackerConditionsOf(actor: Actor): AttackerCondition[] {
  return [...expandConditions(actor.statuses ?? [])].filter((s): s is AttackerCondition =>
    (ATTACKER_CONDITIONS as readonly string[]).includes(s),
  );
}
