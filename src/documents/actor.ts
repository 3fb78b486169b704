/**
 * The system's Actor document class. Rolls go through cancellable hooks, dnd5e-style:
 * `gng.preRollAbilityCheck` / `gng.preRollSave` / `gng.preRollSkill` (return false to cancel) and
 * `gng.rollAbilityCheck` / `gng.rollSave` / `gng.rollSkill` afterwards. Attacks go through the
 * attack dialog to `game.gng.attack` (the attack flow, with its own `gng.preAttack` / `gng.attack`).
 */
import { ABILITIES, SAVES, SKILL_IDS, type Ability, type Save, type SkillId } from '../rules/index.js';
import { postAbilityCheck, postCheck } from '../chat/ability-check.js';
import type { CreatureData } from '../data/actor/creature-data.js';
import { combatModel } from '../settings/combat-model.js';

/** Options of {@link GnGActor#rollAttack}. */
export interface RollAttackOptions {
  /** Start the attack with the default options, without the attack dialog (Shift-click). */
  skipDialog?: boolean;
}

export class GnGActor extends Actor {
  /** Typed view of `system` for the two creature types. */
  get creature(): CreatureData {
    return this.system;
  }

  /** Only the actor's owners (and the GM) roll for it; anyone else is told so (nothing is rolled). */
  #mayRoll(): boolean {
    if (this.isOwner) return true;
    ui.notifications.warn(game.i18n.format('GNG.Error.NotYoursToRoll', { name: this.name }));
    return false;
  }

  /** Rolls an ability check (d20 + modifier) to chat; resolves with the message, or null if cancelled. */
  async rollAbilityCheck(ability: Ability): Promise<ChatMessage | null> {
    if (!this.#mayRoll()) return null;
    if (!(ABILITIES as readonly string[]).includes(ability)) {
      ui.notifications.warn(game.i18n.format('GNG.Error.UnknownAbility', { ability: String(ability) }));
      return null;
    }
    // GnG INJURY: the penalty applies to "ability checks" too; so does a model's (Saga: condition step, A1).
    const derived = this.creature.derived;
    const penalty =
      (derived?.hp.injury.penalty ?? 0) +
      (derived ? (combatModel().checkPenalty?.(derived.modelCreature) ?? 0) : 0);
    const config = { ability, modifier: this.creature.abilities[ability].mod + penalty };
    if (Hooks.call('gng.preRollAbilityCheck', this, config) === false) return null;
    const message = await postAbilityCheck(this, config.ability, config.modifier);
    Hooks.callAll('gng.rollAbilityCheck', this, message);
    return message;
  }

  /** Rolls a saving throw (d20 + the derived save total); null if cancelled or unknown. */
  async rollSave(save: Save): Promise<ChatMessage | null> {
    if (!this.#mayRoll()) return null;
    if (!(SAVES as readonly string[]).includes(save)) {
      ui.notifications.warn(game.i18n.format('GNG.Error.UnknownSave', { save: String(save) }));
      return null;
    }
    const config = { save, modifier: this.creature.saves[save].total ?? 0 };
    if (Hooks.call('gng.preRollSave', this, config) === false) return null;
    const message = await postCheck(this, {
      heading: 'GNG.Chat.Save',
      label: `GNG.Save.${config.save}`,
      modifier: config.modifier,
      flags: { type: 'save', save: config.save },
    });
    Hooks.callAll('gng.rollSave', this, message);
    return message;
  }

  /** Rolls a skill check (d20 + the derived total); a trained-only skill without ranks cannot be rolled. */
  async rollSkill(skill: SkillId): Promise<ChatMessage | null> {
    if (!this.#mayRoll()) return null;
    if (!(SKILL_IDS as readonly string[]).includes(skill)) {
      ui.notifications.warn(game.i18n.format('GNG.Error.UnknownSkill', { skill: String(skill) }));
      return null;
    }
    const label = game.i18n.localize(`GNG.Skill.${skill}`);
    const data = this.creature.skills[skill];
    if (!data.usable) {
      ui.notifications.warn(game.i18n.format('GNG.Error.TrainedOnly', { skill: label }));
      return null;
    }
    const config = { skill, modifier: data.total };
    if (Hooks.call('gng.preRollSkill', this, config) === false) return null;
    const message = await postCheck(this, {
      heading: 'GNG.Chat.Skill',
      label: `GNG.Skill.${skill}`,
      modifier: config.modifier,
      flags: { type: 'skill', skill: config.skill },
    });
    Hooks.callAll('gng.rollSkill', this, message);
    return message;
  }

  /**
   * Attacks with an equipped weapon (the item or its id): the attack dialog asks for the options
   * (unless `skipDialog`: the defaults), then `game.gng.attack` starts the attack. Resolves with the
   * attack card, or null when the weapon cannot attack, the dialog was cancelled or the attack refused.
   */
  rollAttack(weapon: Item | string, options: RollAttackOptions = {}): Promise<ChatMessage | null> {
    // The dialog and the attack flow live above the documents (src/applications/roll-attack.ts).
    return game.gng.rollAttack(this, weapon, options);
  }
}
