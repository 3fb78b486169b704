/**
 * One shot's damage off the attack card, for the cards that read it as they stand (a multiple target
 * burst's hits: burst-state.ts; suppressing fire's free shot). Apart from item-properties-damage.ts
 * (the attack card's damage step, loaded with its other steps on first use) because burst-state.ts
 * is read at start.
 */
import type { DamageResult } from '../../rules/index.js';
import { combatModel } from '../../settings/combat-model.js';
import type { CardDamageProperties, HitDamageInputs } from './item-properties-damage.js';

/**
 * One shot of "normal damage" off the attack card — a hit of a multiple target burst, suppressing
 * fire's free shot: the rolled damage (the weapon's dice and flat modifiers) + RD through the world's
 * combat model's damage (GnG: `damagePipeline`) with the target's side of the step
 * (item-properties-damage.ts `hitDamageInputs`), as the card's damage roll; a Brilliant Energy weapon that cannot harm the
 * target, or one immune to the damage, takes none (as `finishPropertyDamage`). Vicious is for melee weapons only, and Wounding's save is the attack
 * card's (decision in docs/rules.md).
 */
export function shotThroughTarget(
  rolled: number,
  relativeDegree: number,
  hit: HitDamageInputs,
): DamageResult {
  const result = combatModel().damage({ weaponBonus: rolled, margin: relativeDegree, ...hit.inputs });
  if (!hitStopped(hit.record)) return result;
  return { ...result, final: 0, lethal: 0, nonlethal: 0, specialEffects: false };
}

/** Whether the hit harms the target at all: not Brilliant Energy against what it cannot harm, no immunity. */
export function hitStopped(record: CardDamageProperties): boolean {
  return record.cannotHarm || Boolean(record.immune?.length);
}
