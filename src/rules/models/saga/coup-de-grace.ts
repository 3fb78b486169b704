/**
 * The coup de grace's end on a creature's health (seed 001:80; issue #30): "If the damage dealt
 * bypasses their Fortitude Defense, they die. Regardless of whether it kills them or not, they're
 * brought one step down the condition track. If this would normally make them unconscious, they
 * instead die." A model whose `applyDamage` lands a coup de grace this way, built on the Saga-style
 * model's own (its health vector's `conditionStep`, its Fortitude Defense, the status `dead`). Pure.
 */
import type { CombatModel, HealthOutcome } from '../types.js';
import { coupDeGraceOutcome } from './condition-track.js';

/** The health field of the condition step (lane core's health vector). */
const STEP = 'conditionStep';
const DEAD = 'dead';

/**
 * `model` with an `applyDamage` that lands a coup de grace: the model's own outcome of the damage,
 * then death when the damage (lethal and nonlethal) is at least the Fortitude Defense, else one step
 * down the track (no further than the model's own outcome went), and death when that step is the
 * track's bottom. Its events gain `coupDeGrace` (and `coupDeGraceDeath` when it kills).
 */
export function coupDeGraceModel(model: CombatModel): CombatModel {
  const applyDamage: CombatModel['applyDamage'] = (before, damage, creature, options) => {
    const outcome = model.applyDamage(before, damage, creature, options);
    const fortitude = model.defenses(creature).fortitude;
    const fortitudeDefense = fortitude?.kind === 'static' ? fortitude.value : 0;
    const end = coupDeGraceOutcome({
      damage: damage.lethal + damage.nonlethal,
      fortitudeDefense,
      step: before[STEP] ?? 0,
    });
    const step = Math.max(outcome.after[STEP] ?? 0, end.step);
    const result: HealthOutcome = {
      ...outcome,
      after: { ...outcome.after, [STEP]: step },
      events: [...outcome.events, 'coupDeGrace', ...(end.dead ? ['coupDeGraceDeath'] : [])],
    };
    if (end.dead) {
      result.statuses = [...new Set([...outcome.statuses, DEAD])];
      result.conditions = { ...outcome.conditions, lethal: DEAD };
    }
    return result;
  };
  return Object.assign(Object.create(model) as CombatModel, { applyDamage });
}
