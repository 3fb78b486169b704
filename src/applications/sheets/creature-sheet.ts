/**
 * Sheet of characters and creatures (ApplicationV2 + Handlebars). It shows what the data model
 * derived; buttons are `data-action`s handled by the static `actions` map.
 */
import { systemPath } from '../../config/document-types.js';
import { ABILITIES, type Ability } from '../../rules/index.js';
import type { GnGActor } from '../../documents/actor.js';
import type { CreatureData } from '../../data/actor/creature-data.js';

const { ActorSheetV2 } = foundry.applications.sheets;
const { HandlebarsApplicationMixin } = foundry.applications.api;

export class CreatureSheet extends HandlebarsApplicationMixin(ActorSheetV2) {
  static override DEFAULT_OPTIONS: ApplicationV2Options = {
    classes: ['gng', 'sheet', 'actor'],
    position: { width: 560, height: 'auto' },
    window: { resizable: true },
    form: { submitOnChange: true, closeOnSubmit: false },
    actions: { rollAbility: CreatureSheet.onRollAbility },
  };

  static override PARTS: Record<string, HandlebarsTemplatePart> = {
    sheet: { template: systemPath('templates/actor/creature-sheet.hbs') },
  };

  override async _prepareContext(options: ApplicationRenderOptions): Promise<Record<string, unknown>> {
    const context = await super._prepareContext(options);
    const actor = this.actor;
    const system = actor.system as CreatureData;
    return {
      ...context,
      actor,
      system,
      editable: this.isEditable,
      sizeLabel: game.i18n.localize(`GNG.Size.${system.size}`),
      abilities: ABILITIES.map((key) => ({
        key,
        label: game.i18n.localize(`GNG.Ability.${key}.long`),
        abbreviation: game.i18n.localize(`GNG.Ability.${key}.abbr`),
        value: system.abilities[key].value,
        mod: system.abilities[key].mod,
        signedMod: signed(system.abilities[key].mod),
      })),
    };
  }

  /** `data-action="rollAbility" data-ability="str"`: roll that ability's check. */
  static async onRollAbility(this: CreatureSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const ability = target.dataset.ability as Ability;
    await (this.actor as GnGActor).rollAbilityCheck(ability);
  }
}

function signed(value: number): string {
  return value >= 0 ? `+${value}` : `${value}`;
}
