/**
 * The attacker's own part of an attack bonus under the Saga-style model (issue #30), shared by the
 * attack card (saga-attack.ts) and the sheet's attack rows (saga-sheet.ts), so that both show the
 * same lines and total: the sheet's bonus itemized without GnG's condition rows and injury, then the
 * condition step's penalty (decision A1: "attack rolls"). Small: the sheet loads it.
 */
import { CONDITION_PENALTIES, CONDITION_TRACK_BOTTOM } from '../../rules/models/saga/condition-track.js';
import type { AttackSummary } from '../../data/actor/derive-creature.js';
import { itemizedAttackParts } from './attack-preview.js';
import type { CardPart } from './attack-state.js';

/** The actor's stored condition step (0 when absent or out of range). */
export function conditionStepOf(actor: Actor | null): number {
  const stored = (actor?.system as { model?: { saga?: { conditionStep?: unknown } } } | undefined)?.model
    ?.saga?.conditionStep;
  return typeof stored === 'number' &&
    Number.isInteger(stored) &&
    stored >= 0 &&
    stored <= CONDITION_TRACK_BOTTOM
    ? stored
    : 0;
}

/** The condition step's penalty as a part (none at step 0). */
export function conditionStepParts(actor: Actor): CardPart[] {
  const step = conditionStepOf(actor);
  return step > 0
    ? [{ label: 'GNG.Model.Saga.Option.conditionStep', value: CONDITION_PENALTIES[step] as number }]
    : [];
}

/** The sheet's bonus of `row` without GnG's condition rows and injury. */
export function sagaSheetParts(actor: Actor, row: AttackSummary): CardPart[] {
  return itemizedAttackParts(actor, row).filter(
    (p) => p.label !== 'GNG.Breakdown.Conditions' && p.label !== 'GNG.Breakdown.Injury',
  );
}
