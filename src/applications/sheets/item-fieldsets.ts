/**
 * The details tab's fields of each item type, following its data model, and their context: loaded
 * with the item sheet's tabs when an item sheet first renders (item-sheet-tabs.ts; issue #29).
 */
import {
  BAB_PROGRESSIONS,
  FORTIFICATIONS,
  PROGRESSIONS,
  SAVES,
  SAVE_PROGRESSIONS,
  SHIELD_SIZES,
  SIZES,
} from '../../rules/index.js';
import {
  ARMOR_TYPES,
  CLASS_KINDS,
  DAMAGE_TYPES,
  FIRE_MODES,
  RELOAD_ACTIONS,
  PROTECTION_BYPASS_CHOICES,
  WEAPON_CATEGORIES,
  WEAPON_PROPERTIES,
  WEAPON_SPEED_CLASSES,
  WEAPON_STRENGTH,
  WEAPON_USES,
} from '../../data/item/item-data.js';

type FieldKind = 'number' | 'text' | 'select' | 'checkbox' | 'checkboxes';

/** A field of the details part: `path` under `system`, how it is edited, and its label. */
interface FieldSpec {
  path: string;
  kind: FieldKind;
  /** Choices of a select or of a checkbox list, localized as `<choicePrefix>.<choice>`. */
  choices?: readonly string[];
  choicePrefix?: string;
  /** A label key other than `GNG.Item.FIELDS.<path>.label`. */
  label?: string;
  step?: number;
  min?: number;
  max?: number;
}
interface FieldsetSpec {
  legend: string;
  fields: FieldSpec[];
}

const num = (path: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({ path, kind: 'number', ...extra });
const text = (path: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({ path, kind: 'text', ...extra });
const check = (path: string): FieldSpec => ({ path, kind: 'checkbox' });
const select = (
  path: string,
  choices: readonly string[],
  choicePrefix: string,
  extra: Partial<FieldSpec> = {},
): FieldSpec => ({
  path,
  kind: 'select',
  choices,
  choicePrefix,
  ...extra,
});
const checks = (path: string, choices: readonly string[], choicePrefix: string): FieldSpec => ({
  path,
  kind: 'checkboxes',
  choices,
  choicePrefix,
});

/** Array fields edited as one checkbox per choice (`system.<path>.<choice>`). */

const GEAR: FieldsetSpec = {
  legend: 'GNG.Sheet.ItemSheet.Gear',
  fields: [
    num('weight', { step: 0.1, min: 0 }),
    num('quantity', { min: 0 }),
    num('price', { step: 0.01, min: 0 }),
    num('hardness', { min: 0 }),
    num('hp.value', { min: 0 }),
    num('hp.max', { min: 0 }),
    check('carried'),
    check('equipped'),
  ],
};

/** The fieldsets of each Item type, matching its data model (src/data/item/item-data.ts). */
export const ITEM_FIELDSETS: Record<string, FieldsetSpec[]> = {
  weapon: [
    {
      legend: 'GNG.Sheet.ItemSheet.Weapon',
      fields: [
        select('category', WEAPON_CATEGORIES, 'GNG.WeaponCategory'),
        select('use', WEAPON_USES, 'GNG.WeaponUse'),
        select('size', SIZES, 'GNG.Size'),
        num('enhancement', { min: 0 }),
        num('attackBonus'),
        select('strength', WEAPON_STRENGTH, 'GNG.WeaponStrength'),
        select('speedClass', WEAPON_SPEED_CLASSES, 'GNG.WeaponSpeedClass'),
        num('rangeIncrement', { min: 0, step: 5 }),
        select('bypass', PROTECTION_BYPASS_CHOICES, 'GNG.Bypass'),
        check('touch'),
        check('energy'),
        check('improvised'),
        checks('properties', WEAPON_PROPERTIES, 'GNG.WeaponProperty'),
      ],
    },
    {
      legend: 'GNG.Item.FIELDS.damage.label',
      fields: [
        ...SIZES.map((size) => text(`damage.${size}`, { label: `GNG.Size.${size}` })),
        checks('damageTypes', DAMAGE_TYPES, 'GNG.DamageType'),
      ],
    },
    {
      legend: 'GNG.Sheet.ItemSheet.Firearm',
      fields: [
        checks('firearm.fireModes', FIRE_MODES, 'GNG.FireMode'),
        num('firearm.capacity', { min: 0 }),
        num('firearm.ammunition', { min: 0 }),
        num('firearm.barrels', { min: 1 }),
        text('firearm.ammoType'),
        select('firearm.reload', RELOAD_ACTIONS, 'GNG.ReloadAction'),
        check('firearm.longarm'),
      ],
    },
    GEAR,
  ],
  armor: [
    {
      legend: 'GNG.Sheet.ItemSheet.Armor',
      fields: [
        select('type', ARMOR_TYPES, 'GNG.ArmorType'),
        num('armorBonus', { min: 0 }),
        num('armorCheckPenalty', { max: 0 }),
        num('enhancement', { min: 0 }),
        select('fortification', FORTIFICATIONS, 'GNG.Fortification'),
      ],
    },
    GEAR,
  ],
  shield: [
    {
      legend: 'GNG.Sheet.ItemSheet.Shield',
      fields: [
        select('shieldSize', SHIELD_SIZES, 'GNG.ShieldSize'),
        num('shieldBonus', { min: 0 }),
        num('enhancement', { min: 0 }),
        num('armorCheckPenalty', { max: 0 }),
      ],
    },
    GEAR,
  ],
  equipment: [GEAR],
  class: [
    {
      legend: 'GNG.Sheet.ItemSheet.Class',
      fields: [
        text('identifier'),
        select('kind', CLASS_KINDS, 'GNG.ClassKind'),
        num('levels', { min: 0 }),
        select('babProgression', BAB_PROGRESSIONS, 'GNG.Progression'),
        select('defenseProgression', PROGRESSIONS, 'GNG.Progression'),
        select('hpProgression', PROGRESSIONS, 'GNG.Progression'),
        // The Saga-style model's HP (issue #30, decision A15); empty: by the HP progression.
        num('hitDie', { min: 4, max: 12, step: 2 }),
        // The Enlightened Grognard's BABs and defense class modifiers a level (issue #31); blank: d20's.
        text('egRates'),
        ...SAVES.map((save) =>
          select(`saves.${save}`, SAVE_PROGRESSIONS, 'GNG.Progression', { label: `GNG.Save.${save}` }),
        ),
      ],
    },
  ],
  feat: [
    {
      legend: 'GNG.Sheet.ItemSheet.Feat',
      fields: [text('identifier'), select('category', ['gng', 'core'], 'GNG.FeatCategory')],
    },
  ],
  spell: [{ legend: 'GNG.Sheet.ItemSheet.Spell', fields: [num('level', { min: 0 }), text('school')] }],
  power: [
    {
      legend: 'GNG.Sheet.ItemSheet.Power',
      fields: [num('level', { min: 0 }), text('discipline'), num('powerPoints', { min: 0 })],
    },
  ],
};

/** The details tab's fieldsets of `item`, their ids under `prefix`. */
export function itemFieldsets(item: Item, prefix: string) {
  return (ITEM_FIELDSETS[item.type] ?? []).map((set) => ({
    legend: game.i18n.localize(set.legend),
    fields: set.fields.map((spec) => {
      const value = foundry.utils.getProperty(item.system as object, spec.path);
      const label = game.i18n.localize(spec.label ?? `GNG.Item.FIELDS.${spec.path}.label`);
      const base = {
        id: `${prefix}-${spec.path.replace(/\./g, '-')}`,
        name: `system.${spec.path}`,
        label,
        value,
        // As strings, so that a limit of 0 still renders.
        step: spec.step?.toString(),
        min: spec.min?.toString(),
        max: spec.max?.toString(),
        [spec.kind]: true,
      };
      if (spec.kind === 'select') {
        return {
          ...base,
          options: (spec.choices ?? []).map((choice) => ({
            value: choice,
            label: game.i18n.localize(`${spec.choicePrefix}.${choice}`),
            selected: choice === value,
          })),
        };
      }
      if (spec.kind === 'checkboxes') {
        const chosen = (value as string[] | undefined) ?? [];
        return {
          ...base,
          checks: (spec.choices ?? []).map((choice) => ({
            id: `${base.id}-${choice}`,
            name: `system.${spec.path}.${choice}`,
            label: game.i18n.localize(`${spec.choicePrefix}.${choice}`),
            checked: chosen.includes(choice),
          })),
        };
      }
      return base;
    }),
  }));
}
