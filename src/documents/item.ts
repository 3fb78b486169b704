/** The system's Item document class. */
import { SYSTEM_ID } from '../config/document-types.js';
import { effectItemTarget } from '../data/item/item-effects.js';

export class GnGItem extends Item {
  /** Effects of this item meant for another item (e.g. a weapon spell's effect). */
  get itemTargetedEffects(): ActiveEffect[] {
    return [...(this.effects ?? [])].filter((effect) => effectItemTarget(effect) !== null);
  }

  /**
   * Puts this item's item-targeted effects on `target` (cast *Armor Piercing Weapon* on a sword):
   * copies of the effects whose target is the target's type, with this item as their origin.
   * Refused with a localized warning when nothing here targets that kind of item or when the user
   * may not change the target. Cancellable with `gng.preApplyItemEffects`.
   */
  async applyEffectsTo(target: Item): Promise<ActiveEffect[]> {
    const effects = this.itemTargetedEffects.filter((effect) => effectItemTarget(effect) === target.type);
    if (!effects.length) {
      ui.notifications.warn(
        game.i18n.format('GNG.Error.NoEffectForTarget', {
          source: this.name,
          target: target.name,
          type: game.i18n.localize(`TYPES.Item.${target.type}`),
        }),
      );
      return [];
    }
    if (!target.isOwner) {
      ui.notifications.warn(game.i18n.format('GNG.Error.NotOwner', { name: target.name }));
      return [];
    }
    if (Hooks.call('gng.preApplyItemEffects', this, target, effects) === false) return [];
    const data = effects.map((effect) => {
      const { _id: _unused, ...rest } = effect.toObject();
      return {
        ...rest,
        transfer: false,
        origin: this.uuid,
        flags: { ...effect.flags, [SYSTEM_ID]: { ...effect.flags[SYSTEM_ID], source: this.uuid } },
      };
    });
    const created = (await target.createEmbeddedDocuments('ActiveEffect', data)) as ActiveEffect[];
    Hooks.callAll('gng.applyItemEffects', this, target, created);
    return created;
  }
}
