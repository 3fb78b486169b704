/**
 * A creature as the combat model reads it (issue #26, `ModelCreature`), gathered from an actor's
 * derived data for the cards' choke points: the defense it meets an attack with (the card may pass
 * the Defense input it adjusted: a sundered item, a defensive option, Brilliant Energy), its size,
 * its saves and statuses. Hit points are the actor's own HP formula inputs as far as the derived
 * data keeps them; the cards never ask a model for maximum HP (the sheet's derived data does).
 */
import type { ModelCreature } from '../rules/index.js';
import type { CreatureData } from '../data/actor/creature-data.js';

/** `actor` as a `ModelCreature`; `defense`: the Defense input the card adjusted (default: the derived one). */
export function modelCreatureOf(actor: Actor, defense?: ModelCreature['defense']): ModelCreature {
  const sys = actor.system as CreatureData;
  const derived = sys.derived;
  return {
    size: sys.size,
    defense: defense ?? derived.defenseInput,
    hitPoints: { con: null, classes: [], size: sys.size },
    saves: {
      fortitude: derived.saves.fort.total,
      reflex: derived.saves.ref.total,
      will: derived.saves.will.total,
    },
    statuses: actor.statuses,
  };
}
