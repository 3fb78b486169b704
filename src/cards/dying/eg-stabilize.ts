/**
 * Stabilising a dying creature under the Enlightened Grognard (seed 003:1046–1048, R24; issue #31;
 * decision in docs/rules.md "The Enlightened Grognard tokens" › "Defenses, attacks and health"):
 * the stabilize card's Heal check against the negative HP total (engine `rollEgStabilise`) instead of
 * GnG's DC 15, and "conscious and disabled rather than dying": `dying` gives way to `stable`, and
 * `unconscious` goes too unless something else still calls for it (nonlethal damage, ability damage).
 * One status record, which the card's Undo hands `restoreStatuses`. In a begun combat the Heal check
 * takes the healer's standard action (the EG turn budget, src/combat/eg-turns.ts), given back by Undo
 * while that turn's budget stands. Loaded with the stabilize card.
 */
import type { DiceSource } from '../../rules/index.js';
import { rollEgStabilise } from '../../rules/models/eg/recovery.js';
import { healthOf, modelCreatureOf } from '../../combat/model-health.js';
import { combatModel } from '../../settings/combat-model.js';
import type { EgSpent } from '../../combat/eg-turns.js';
import { Refusal } from '../kernel/index.js';
import { changeStatuses } from '../../combat/status-changes.js';
import { DYING_STATUS, STABLE_STATUS, type StatusChanges } from './dying-state.js';

/** The EG model's id (the stabilize card's own path under it). */
export const EG_ID = 'eg';

/**
 * The EG turn budget (eg-turns.ts), imported on use: the model's loader loads it already, and a static
 * import would fold it into a chunk shared with this card (the loader's import in start code grows).
 */
const egTurns = () => import('../../combat/eg-turns.js');

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
  return rollEgStabilise(dice, bonus, patient.system.hp.value);
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

/**
 * GM side: the healer's standard action of its turn (the text names none for the Heal check: the
 * core rules' "Make a dying character stable" is an attack action, 004:227, the EG standard action).
 * Out of combat nothing (null); refused with the budget's localized reason, nothing written.
 */
export async function spendEgStabilise(healer: Actor): Promise<EgSpent | null> {
  const spend = await (await egTurns()).spendEgActionFor(healer, 'standard');
  if (!spend.ok) throw new Refusal(spend.reason);
  return spend.spent;
}

/** GM side (Undo): the standard action given back while that turn's budget stands; false otherwise. */
export async function refundEgStabilise(healer: Actor, spent: EgSpent | null | undefined): Promise<boolean> {
  return (await egTurns()).refundEgActionFor(healer, spent ?? null);
}
