/**
 * The system's Actor document class. Rolls go through cancellable hooks, dnd5e-style:
 * `gng.preRollAbilityCheck` (return false to cancel) and `gng.rollAbilityCheck` afterwards.
 */
import { ABILITIES, type Ability } from '../rules/index.js';
import { postAbilityCheck } from '../chat/ability-check.js';
import type { CreatureData } from '../data/actor/creature-data.js';

export class GnGActor extends Actor {
  /** Typed view of `system` for the two creature types. */
  get creature(): CreatureData {
    return this.system as CreatureData;
  }

  /** Rolls an ability check (d20 + modifier) to chat; resolves with the message, or null if cancelled. */
  async rollAbilityCheck(ability: Ability): Promise<ChatMessage | null> {
    if (!(ABILITIES as readonly string[]).includes(ability)) {
      ui.notifications.warn(game.i18n.format('GNG.Error.UnknownAbility', { ability: String(ability) }));
      return null;
    }
    const config = { ability, modifier: this.creature.abilities[ability].mod };
    if (Hooks.call('gng.preRollAbilityCheck', this, config) === false) return null;
    const message = await postAbilityCheck(this, config.ability, config.modifier);
    Hooks.callAll('gng.rollAbilityCheck', this, message);
    return message;
  }
}
