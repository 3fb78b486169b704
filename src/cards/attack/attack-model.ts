/**
 * The attack card under the world's combat model (issue #26). The card records the model it was
 * posted under; its steps are refused on a card of another model except the Undo steps (the card's
 * guard, model-guard.ts), and each GnG-only step (Defense, aborts, called shots, strikes, wound
 * trauma) needs its capability; the dialog offers no fire mode the model does not. What the GM's
 * client does with the model when it makes and renders a card is in attack-model-steps.ts.
 */
import type { CombatModel, ModelCapability } from '../../rules/index.js';
import { combatModel } from '../../settings/combat-model.js';
import { modelGuard } from '../model-guard.js';
import type { AttackCardState, CardAction } from './attack-state.js';

/** The capability each GnG-only step of the card needs (the others work under any model). */
const NEEDS: Partial<Record<CardAction, ModelCapability>> = {
  rollDefense: 'rolledDefense',
  setDefense: 'rolledDefense',
  block: 'aborts',
  rollWithBlow: 'aborts',
  riposte: 'aborts',
  penetrationSave: 'calledShots',
  conditionSave: 'calledShots',
  attackOfOpportunity: 'opportunity',
  declineAttackOfOpportunity: 'opportunity',
  strike: 'strikes',
  woundTraumaSave: 'woundVariants',
};

/** The lang key of each step's name in a refusal. */
const NAMES = Object.fromEntries(
  Object.keys(NEEDS).map((action) => [action, `GNG.Model.Action.${action}`]),
) as Partial<Record<CardAction, string>>;

/** The attack card's guard (`CardSpec.guard`): Undo works under any model. */
export const attackGuard = modelGuard<AttackCardState, CardAction>({
  modelOf: (state) => state.model,
  anyModel: ['undoDamage', 'undoAborts', 'undoAttack'],
  needs: NEEDS,
  names: NAMES,
});

/** Whether the world's model offers a fire mode (a single shot: always; the dialog lists the others). */
export function fireModeOffered(mode: string, model: CombatModel = combatModel()): boolean {
  if (mode === 'burst') return model.capabilities.bursts;
  if (mode === 'accelerated-pair') return model.capabilities.firearms;
  return true;
}
