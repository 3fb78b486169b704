/**
 * An actor as the world's combat model reads it (issue #26): the creature data preparation built
 * (`derived.modelCreature`, derive-creature.ts) and its health vector, and the statuses that health
 * calls for (`model.healthStatus`: GnG's dying and dead by size, another model's own). Glue only.
 */
import type { CreatureData } from '../data/actor/creature-data.js';
import type { CombatModel, HealthVector, ModelCreature } from '../rules/index.js';
import { combatModel } from '../settings/combat-model.js';

/** The creature the model reads: the prepared one; before preparation, its size and statuses only. */
export function modelCreatureOf(actor: Actor): ModelCreature {
  const system = actor.system as CreatureData;
  const prepared = system.derived?.modelCreature;
  if (prepared) return prepared;
  const size = system.size;
  return {
    size,
    defense: { dexMod: 0, classes: [], size },
    hitPoints: { con: null, classes: [], size },
    saves: { fortitude: 0, reflex: 0, will: 0 },
    statuses: new Set(actor.statuses ?? []),
  };
}

/** The actor's health as a vector of the model's fields (GnG: value, temp, nonlethal; 0 when unset). */
export function healthOf(actor: Actor, model: CombatModel = combatModel()): HealthVector {
  const hp = (actor.system as CreatureData).hp as unknown as Record<string, unknown>;
  const health: Record<string, number> = {};
  for (const field of model.healthFields) {
    const value = hp?.[field];
    health[field] = typeof value === 'number' ? value : 0;
  }
  return health;
}

/** The statuses the actor's health calls for under the world's model (`dying`, `dead` …). */
export function healthStatusesOf(actor: Actor, model: CombatModel = combatModel()): string[] {
  return model.healthStatus(healthOf(actor, model), modelCreatureOf(actor));
}
