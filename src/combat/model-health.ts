/**
 * An actor as the world's combat model reads it (issue #26): the creature data preparation built
 * (`derived.modelCreature`, derive-creature.ts) and its health vector, and the statuses that health
 * calls for (`model.healthStatus`: GnG's dying and dead by size, another model's own). Glue only.
 */
import type { CombatModel, HealthVector, ModelCreature } from '../rules/index.js';
import { combatModel } from '../settings/combat-model.js';

/** The creature the model reads: the prepared one; before preparation, its size and statuses only. */
export function modelCreatureOf(actor: Actor): ModelCreature {
  const system = actor.system;
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

/**
 * Where `field` of `model`'s health vector is stored, relative to the actor's `system`: the model's
 * own path (`healthPaths`: Saga's condition step at `model.saga.conditionStep`), else `hp.<field>`.
 */
export function healthPathOf(field: string, model?: CombatModel): string {
  return model?.healthPaths?.[field] ?? `hp.${field}`;
}

/**
 * The actor's health as a vector of the model's fields (GnG: value, temp, nonlethal; 0 when unset),
 * or of `fields`, read where the model stores them.
 */
export function healthOf(
  actor: Actor,
  model: CombatModel = combatModel(),
  fields: readonly string[] = model.healthFields,
): HealthVector {
  const health: Record<string, number> = {};
  for (const field of fields) {
    const value = foundry.utils.getProperty(actor.system as object, healthPathOf(field, model));
    health[field] = typeof value === 'number' ? value : 0;
  }
  return health;
}

/** The statuses the actor's health calls for under the world's model (`dying`, `dead` …). */
export function healthStatusesOf(actor: Actor, model: CombatModel = combatModel()): string[] {
  return model.healthStatus(healthOf(actor, model), modelCreatureOf(actor));
}
