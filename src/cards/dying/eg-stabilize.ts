/**
 * Stabilising a dying creature under the Enlightened Grognard (seed 003:1046–1048, R24; issue #31;
 * decision in docs/rules.md "The Enlightened Grognard tokens" › "Defenses, attacks and health"):
 * the stabilize card's Heal check against the negative HP total (engine `rollEgStabilise`) instead of
 * GnG's DC 15, and "conscious and disabled rather than dying": `dying` gives way to `stable`, and
 * `unconscious` goes too unless something else still calls for it (nonlethal damage, ability damage).
 * One status record, which the card's Undo hands `restoreStatuses`. Loaded with the stabilize card.
 */
import type { CreatureData } from '../../data/actor/creature-data.js';
import type { DiceSource } from '../../rules/index.js';
import { rollEgStabilise } from '../../rules/models/eg/recovery.js';
import { healthOf, modelCreatureOf } from '../../combat/model-health.js';
import { combatModel } from '../../settings/combat-model.js';
import { changeStatuses } from './dying-apply.js';
import { DYING_STATUS, STABLE_STATUS, type StatusChanges } from './dying-state.js';

/** The EG model's id (the stabilize card's own path under it). */
export const EG_ID = 'eg';

/** Whether the world plays the Enlightened Grognard now. */
export function playsEg(): boolean {
  return combatModel().id === EG_ID;
}

/** The healer's Heal check against the patient's negative HP total (the patient is dying: below 0). */
export function egStabiliseRoll(
  dice: DiceSource,
  bonus: number,
  patient: Actor,
): { natural: number; total: number; dc: number; stable: boolean } {
  return rollEgStabilise(dice, bonus, (patient.system as CreatureData).hp.value);
}

/**
 * The patient is stable (003:1048): `dying` gives way to `stable`, and `unconscious` goes when the
 * model's health, stable, no longer calls for it.
 */
export function egStabiliseActor(patient: Actor): Promise<StatusChanges> {
  const model = combatModel();
  const creature = modelCreatureOf(patient);
  const statuses = new Set([...creature.statuses, STABLE_STATUS]);
  statuses.delete(DYING_STATUS);
  const health = model.healthStatus(healthOf(patient, model), { ...creature, statuses });
  const remove = health.includes('unconscious') ? [DYING_STATUS] : [DYING_STATUS, 'unconscious'];
  return changeStatuses(patient, [STABLE_STATUS], remove);
}
