/**
 * `system` data of the Item types. The foundation gives each type its description; the typed
 * fields each type needs (weapon damage, armor bonus, class progressions…) grow from here.
 */
import type { ItemType } from '../../config/document-types.js';

/** Shared data of every Item type. */
export class ItemData extends foundry.abstract.TypeDataModel {
  declare description: string;

  static override LOCALIZATION_PREFIXES = ['GNG.Item'];

  static override defineSchema(): DataSchema {
    const { HTMLField } = foundry.data.fields;
    return { description: new HTMLField({ required: true, blank: true, initial: '' }) };
  }
}

/** One data model class per Item type, so each can grow its own schema. */
export const ITEM_DATA_MODELS: Record<ItemType, TypeDataModelConstructor> = {
  class: class ClassData extends ItemData {},
  weapon: class WeaponData extends ItemData {},
  armor: class ArmorData extends ItemData {},
  shield: class ShieldData extends ItemData {},
  feat: class FeatData extends ItemData {},
  equipment: class EquipmentData extends ItemData {},
  spell: class SpellData extends ItemData {},
  power: class PowerData extends ItemData {},
};
