/**
 * The attack row a weapon has on its actor (derived by the data model, derive-attacks.ts): what the
 * documents and the start code check before an attack, apart from the attack card's preview
 * (cards/attack/attack-preview.ts), which loads with the first sheet, dialog or card that shows one.
 */
import type { AttackSummary } from './derive-attacks.js';

/** The weapon's attack row on the actor, or undefined when it is not an equipped weapon of the actor. */
export function attackRowOf(actor: Actor, weapon: Item): AttackSummary | undefined {
  return actor.system.derived.attacks.find((a) => a.itemId === weapon.id);
}
