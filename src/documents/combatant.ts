/**
 * The system's Combatant (`CONFIG.Combatant.documentClass`): its initiative roll is d20 + the derived
 * initiative modifier (engine `initiativeModifier`: Dex, Improved Initiative, conditions, injury,
 * effects) + the tiebreaker that orders equal results by that modifier (engine `initiativeFormula`,
 * decision "initiative ties" in docs/rules.md). Foundry's `Combat#rollInitiative` (the tracker's
 * dice buttons, "Roll all", "Roll NPCs") evaluates this Roll, as dnd5e's `Combatant5e` does
 * (evidence in docs/host.md).
 */
import { initiativeFormula } from '../rules/index.js';

/** The initiative formula of `actor` (null: not a GnG creature, e.g. a vehicle of another module). */
export function actorInitiativeFormula(actor: Actor | null): string | null {
  const derived = actor?.system?.derived;
  return derived && typeof derived.initiative === 'number' ? initiativeFormula(derived.initiative) : null;
}

export class GnGCombatant extends foundry.documents.Combatant {
  override getInitiativeRoll(formula?: string): Roll {
    const ours = actorInitiativeFormula(this.actor);
    return ours ? new Roll(ours) : super.getInitiativeRoll(formula);
  }
}
