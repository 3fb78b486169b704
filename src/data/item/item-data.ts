/**
 * `system` data of the Item types. Stored fields only: what an item *is*. What it does to its owner
 * (attack bonus, Defense, Protection…) is derived on the actor (src/data/actor/derive-creature.ts)
 * through the rules engine.
 */
import { DAMAGE_TYPES } from '../../config/damage-types.js';
import { SPEED_CLASS_ORDER } from '../../rules/speed-classes.js';
import type { ItemType } from '../../config/document-types.js';
import {
  BAB_PROGRESSIONS,
  diceProblem,
  FORTIFICATIONS,
  HIT_DIE_FACES,
  PROGRESSIONS,
  RELOAD_ACTIONS,
  SAVE_PROGRESSIONS,
  SHIELD_SIZES,
  SIZES,
  itemPropertyAllowed,
  WEAPON_ITEM_PROPERTIES,
  type BabProgression,
  type Fortification,
  type Progression,
  type Save,
  type SaveProgression,
  type ShieldSize,
  type Size,
} from '../../rules/index.js';
import { migrateItemSource } from '../migrations.js';
import { applyOwnItemEffects } from './item-effects.js';
import { atMost, LIMITS, validationError, within } from '../validation.js';
// The rates' reader alone (small, pure): the Enlightened Grognard model itself loads on first use.
import { rateEntries } from '../../rules/models/eg/rates-text.js';

export const WEAPON_CATEGORIES = ['simple', 'martial', 'exotic'] as const;
export const WEAPON_USES = ['unarmed', 'light', 'one-handed', 'two-handed', 'ranged', 'thrown'] as const;
export { DAMAGE_TYPES };
export const FIRE_MODES = ['single', 'semi', 'auto'] as const;
/** The action a reload takes: the engine's list (src/rules/reload.ts). */
export { RELOAD_ACTIONS };
export const PROTECTION_BYPASS_CHOICES = ['none', 'piercing', 'ignoring'] as const;
export const ARMOR_TYPES = ['light', 'medium', 'heavy', 'force'] as const;
export const CLASS_KINDS = ['class', 'prestige', 'racial'] as const;
/** How Strength adds to damage: normally; bows (penalty only); composite bows (bonus too); not at all. */
export const WEAPON_STRENGTH = ['normal', 'bow', 'composite-bow', 'none'] as const;
/**
 * A weapon's speed class under the Time Count model (seed 002, issue #32; decision A10: the text
 * gives no weapon table, so each weapon names its class, Standard by default). The engine's list of
 * ids (src/rules/speed-classes.ts); the classes' dice and static factors are in speed.ts, loaded with the model.
 */
export const WEAPON_SPEED_CLASSES = SPEED_CLASS_ORDER;
/**
 * Descriptive weapon properties (tags for the sheet, chat cards and later automation): the SRD's
 * reach, double, trip… plus GnG's scattershot and continuous beam. Stored only; nothing derives from
 * them yet. An empty list is the default, so older items need no migration.
 */
export const WEAPON_PROPERTIES = [
  'reach',
  'double',
  'nonlethal',
  'trip',
  'disarm',
  'brace',
  'monk',
  'finesse',
  'thrown',
  'mounted-charge',
  'entangle',
  'cannot-be-disarmed',
  'scattershot',
  'beam',
  // Appendix 6 item properties the damage step applies (engine WEAPON_ITEM_PROPERTIES, issue #18).
  ...WEAPON_ITEM_PROPERTIES,
] as const;
export type WeaponProperty = (typeof WEAPON_PROPERTIES)[number];

export type WeaponUse = (typeof WEAPON_USES)[number];
/** How the engine's item properties see a weapon's use (ranged launchers vs melee and thrown). */
export const ITEM_USE: Record<WeaponUse, 'melee' | 'thrown' | 'ranged'> = {
  unarmed: 'melee',
  light: 'melee',
  'one-handed': 'melee',
  'two-handed': 'melee',
  ranged: 'ranged',
  thrown: 'thrown',
};
export type WeaponCategory = (typeof WEAPON_CATEGORIES)[number];
export type ArmorType = (typeof ARMOR_TYPES)[number];

function integer(initial: number, options: DataFieldOptions = {}): DataField {
  return new foundry.data.fields.NumberField({
    required: true,
    nullable: false,
    integer: true,
    initial,
    ...options,
  });
}

function choice(choices: readonly string[], initial: string): DataField {
  return new foundry.data.fields.StringField({ required: true, blank: false, initial, choices });
}

function flag(initial = false): DataField {
  return new foundry.data.fields.BooleanField({ required: true, initial });
}

/** An armor check penalty is printed as zero or a negative number, and bounded. */
function checkPenalty(data: Record<string, unknown>): void {
  const value = data.armorCheckPenalty;
  if (typeof value === 'number' && value > 0)
    throw validationError('GNG.Validation.PositivePenalty', { value }, 'armorCheckPenalty');
  within('armorCheckPenalty', value, -LIMITS.modifier, 0);
}

/** Refuses a negative value (message `GNG.Validation.Negative`, or `key`) and one above `max`. */
function bounded(
  data: Record<string, unknown>,
  field: string,
  max: number,
  key = 'GNG.Validation.Negative',
): void {
  const value = data[field];
  if (typeof value === 'number' && value < 0) throw validationError(key, { field, value }, field);
  atMost(field, value, max);
}

/** Shared data of every Item type. */
export class ItemData extends foundry.abstract.TypeDataModel {
  declare description: string;

  static override LOCALIZATION_PREFIXES = ['GNG.Item'];

  static override defineSchema(): DataSchema {
    const { HTMLField } = foundry.data.fields;
    return { description: new HTMLField({ required: true, blank: true, initial: '' }) };
  }

  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    return migrateItemSource(super.migrateData(source));
  }

  /** Effects that target this item (e.g. a weapon spell on a weapon) change its data. */
  override prepareDerivedData(): void {
    applyOwnItemEffects(this.parent as Item, this);
  }

  /** Cross-field checks with localized messages (Foundry calls this after the fields validate). */
  static override validateJoint(_data: Record<string, unknown>): void {}
}

/** Items that have weight and can be carried and equipped. */
export class PhysicalItemData extends ItemData {
  declare weight: number;
  declare quantity: number;
  declare carried: boolean;
  declare equipped: boolean;
  /** Price in gold pieces of one unit, like weight (a stack costs price × quantity); 0 when free. */
  declare price: number;
  /**
   * The item as an object (issue #18, Break Weapon and sundering): its hardness and hit points. A
   * maximum of 0 means "not set": the core table's manufactured object of its size applies
   * (`itemObject` in src/cards/attack/object-damage.ts).
   */
  declare hardness: number;
  declare hp: { value: number; max: number };

  static override defineSchema(): DataSchema {
    const { NumberField } = foundry.data.fields;
    return {
      ...super.defineSchema(),
      weight: new NumberField({ required: true, nullable: false, initial: 0 }),
      quantity: integer(1),
      carried: flag(true),
      equipped: flag(false),
      price: new NumberField({ required: true, nullable: false, initial: 0 }),
      hardness: integer(0),
      hp: new foundry.data.fields.SchemaField({ value: integer(0), max: integer(0) }),
    };
  }

  static override validateJoint(data: Record<string, unknown>): void {
    super.validateJoint(data);
    bounded(data, 'weight', LIMITS.amount, 'GNG.Validation.NegativeWeight');
    bounded(data, 'quantity', LIMITS.amount, 'GNG.Validation.NegativeQuantity');
    bounded(data, 'price', LIMITS.amount);
    bounded(data, 'hardness', LIMITS.bonus);
    const hp = data.hp as { value: number; max: number } | undefined;
    for (const key of ['value', 'max'] as const) {
      const value = hp?.[key] ?? 0;
      if (value < 0)
        throw validationError('GNG.Validation.Negative', { field: `hp.${key}`, value }, `hp.${key}`);
      atMost(`hp.${key}`, value, LIMITS.hitPoints);
    }
    if (hp && hp.max > 0 && hp.value > hp.max)
      throw validationError('GNG.Validation.ObjectHp', { value: hp.value, max: hp.max }, 'hp.value');
  }
}

export class WeaponData extends PhysicalItemData {
  declare category: WeaponCategory;
  declare use: WeaponUse;
  declare size: Size;
  declare damage: Record<Size, string>;
  declare damageTypes: string[];
  declare rangeIncrement: number;
  declare bypass: 'none' | 'piercing' | 'ignoring';
  declare touch: boolean;
  declare energy: boolean;
  /** An improvised weapon (a chair, a bottle): nonproficient (−4) without Improvised Weapon Proficiency (Appendix 4). */
  declare improvised: boolean;
  declare enhancement: number;
  /**
   * A fixed attack bonus (a stat block's printed one, issue #33): when set, it stands for base attack,
   * ability, size, enhancement, proficiency and feats; null (default): the sheet derives the bonus.
   */
  declare attackBonus: number | null;
  declare strength: (typeof WEAPON_STRENGTH)[number];
  /** Its speed class under the Time Count model (A10); readers default to 'standard' when absent. */
  declare speedClass: (typeof WEAPON_SPEED_CLASSES)[number];
  declare properties: WeaponProperty[];
  declare firearm: {
    fireModes: string[];
    capacity: number;
    ammunition: number;
    barrels: number;
    longarm: boolean;
    /** The ammunition it takes ("9mm", "12-gauge", "power pack"); blank when unspecified. */
    ammoType: string;
    /** The action a reload takes. */
    reload: (typeof RELOAD_ACTIONS)[number];
  };

  static override defineSchema(): DataSchema {
    const { SchemaField, StringField, ArrayField } = foundry.data.fields;
    const damage: DataSchema = {};
    for (const size of SIZES) damage[size] = new StringField({ required: true, blank: true, initial: '' });
    return {
      ...super.defineSchema(),
      category: choice(WEAPON_CATEGORIES, 'simple'),
      use: choice(WEAPON_USES, 'one-handed'),
      size: choice(SIZES, 'medium'),
      damage: new SchemaField(damage),
      damageTypes: new ArrayField(new StringField({ required: true, blank: false, choices: DAMAGE_TYPES })),
      rangeIncrement: integer(0),
      bypass: choice(PROTECTION_BYPASS_CHOICES, 'none'),
      touch: flag(),
      energy: flag(),
      improvised: flag(),
      enhancement: integer(0),
      attackBonus: new foundry.data.fields.NumberField({
        required: true,
        nullable: true,
        integer: true,
        initial: null,
      }),
      strength: choice(WEAPON_STRENGTH, 'normal'),
      speedClass: choice(WEAPON_SPEED_CLASSES, 'standard'),
      properties: new ArrayField(
        new StringField({ required: true, blank: false, choices: WEAPON_PROPERTIES }),
      ),
      firearm: new SchemaField({
        fireModes: new ArrayField(new StringField({ required: true, blank: false, choices: FIRE_MODES })),
        capacity: integer(0),
        ammunition: integer(0),
        barrels: integer(1),
        longarm: flag(),
        ammoType: new StringField({ required: true, blank: true, initial: '' }),
        reload: choice(RELOAD_ACTIONS, 'move'),
      }),
    };
  }

  static override validateJoint(data: Record<string, unknown>): void {
    super.validateJoint(data);
    const firearm = data.firearm as WeaponData['firearm'];
    bounded(data, 'rangeIncrement', LIMITS.feet);
    bounded(data, 'enhancement', LIMITS.bonus);
    if (typeof data.attackBonus === 'number')
      within('attackBonus', data.attackBonus, -LIMITS.bonus, LIMITS.bonus);
    // Damage dice are rolled by the engine's parser (attack card): refuse what it cannot roll.
    const damage = data.damage as Record<Size, string>;
    for (const size of SIZES) {
      const dice = damage[size];
      const problem = dice === '' ? null : diceProblem(dice);
      if (problem) throw validationError('GNG.Validation.Dice', { size, dice, problem }, `damage.${size}`);
    }
    // Appendix 6: Brilliant Energy "only to melee weapons, thrown weapons, and ammunition"; "Only melee weapons can be vicious."
    const use = ITEM_USE[data.use as WeaponUse] ?? 'melee';
    for (const property of data.properties as string[]) {
      if ((WEAPON_ITEM_PROPERTIES as readonly string[]).includes(property))
        if (!itemPropertyAllowed(property as (typeof WEAPON_ITEM_PROPERTIES)[number], use))
          throw validationError('GNG.Validation.ItemProperty', { property, use: data.use }, 'properties');
    }
    if (firearm.barrels < 1)
      throw validationError('GNG.Validation.Barrels', { value: firearm.barrels }, 'firearm.barrels');
    atMost('firearm.barrels', firearm.barrels, LIMITS.barrels);
    for (const field of ['ammunition', 'capacity'] as const) {
      if (firearm[field] < 0)
        throw validationError(
          'GNG.Validation.Negative',
          { field, value: firearm[field] },
          `firearm.${field}`,
        );
      atMost(`firearm.${field}`, firearm[field], LIMITS.amount);
    }
    if (firearm.capacity > 0 && firearm.ammunition > firearm.capacity) {
      throw validationError(
        'GNG.Validation.AmmunitionOverCapacity',
        { ammunition: firearm.ammunition, capacity: firearm.capacity },
        'firearm.ammunition',
      );
    }
  }

  /** The damage dice of this weapon at its own size (falls back to the Medium dice). */
  get damageDice(): string {
    return this.damage[this.size] || this.damage.medium;
  }
}

export class ArmorData extends PhysicalItemData {
  declare armorBonus: number;
  declare armorCheckPenalty: number;
  declare type: ArmorType;
  declare enhancement: number;
  declare fortification: Fortification;

  static override defineSchema(): DataSchema {
    return {
      ...super.defineSchema(),
      armorBonus: integer(0),
      armorCheckPenalty: integer(0),
      type: choice(ARMOR_TYPES, 'light'),
      enhancement: integer(0),
      fortification: choice(FORTIFICATIONS, 'none'),
    };
  }

  static override validateJoint(data: Record<string, unknown>): void {
    super.validateJoint(data);
    bounded(data, 'armorBonus', LIMITS.bonus);
    bounded(data, 'enhancement', LIMITS.bonus);
    checkPenalty(data);
  }
}

export class ShieldData extends PhysicalItemData {
  declare shieldBonus: number;
  declare enhancement: number;
  declare shieldSize: ShieldSize;
  declare armorCheckPenalty: number;

  static override defineSchema(): DataSchema {
    return {
      ...super.defineSchema(),
      shieldBonus: integer(1),
      enhancement: integer(0),
      shieldSize: choice(SHIELD_SIZES, 'small'),
      armorCheckPenalty: integer(0),
    };
  }

  static override validateJoint(data: Record<string, unknown>): void {
    super.validateJoint(data);
    bounded(data, 'shieldBonus', LIMITS.bonus);
    bounded(data, 'enhancement', LIMITS.bonus);
    checkPenalty(data);
  }
}

export class ClassData extends ItemData {
  declare identifier: string;
  declare kind: (typeof CLASS_KINDS)[number];
  declare levels: number;
  declare defenseProgression: Progression;
  declare hpProgression: Progression;
  /**
   * Its hit die's faces (d4–d12) for the Saga-style model's HP (A15); null (every class stored before
   * it, the schema's default): by its HP progression.
   */
  declare hitDie: number | null;
  declare babProgression: BabProgression;
  declare saves: Record<Save, SaveProgression>;
  /** Its Enlightened Grognard rates a level (`dex 1, con 1/2, ac 2/3`, issue #31); blank: its d20 progressions. */
  declare egRates: string;

  static override defineSchema(): DataSchema {
    const { SchemaField, StringField, NumberField } = foundry.data.fields;
    return {
      ...super.defineSchema(),
      identifier: new StringField({ required: true, blank: true, initial: '' }),
      kind: choice(CLASS_KINDS, 'class'),
      levels: integer(1),
      defenseProgression: choice(PROGRESSIONS, 'average'),
      hpProgression: choice(PROGRESSIONS, 'average'),
      hitDie: new NumberField({ required: true, nullable: true, integer: true, initial: null }),
      babProgression: choice(BAB_PROGRESSIONS, 'average'),
      saves: new SchemaField({
        fort: choice(SAVE_PROGRESSIONS, 'poor'),
        ref: choice(SAVE_PROGRESSIONS, 'poor'),
        will: choice(SAVE_PROGRESSIONS, 'poor'),
      }),
      egRates: new StringField({ required: true, blank: true, initial: '' }),
    };
  }

  static override validateJoint(data: Record<string, unknown>): void {
    super.validateJoint(data);
    bounded(data, 'levels', LIMITS.levels, 'GNG.Validation.NegativeLevels');
    within('hitDie', data.hitDie, HIT_DIE_FACES.min, HIT_DIE_FACES.max);
    if (typeof data.egRates === 'string' && rateEntries(data.egRates) === null)
      throw validationError('GNG.Validation.EgRates', { value: data.egRates }, 'egRates');
  }
}

export class FeatData extends ItemData {
  declare identifier: string;
  declare category: 'gng' | 'core';

  static override defineSchema(): DataSchema {
    const { StringField } = foundry.data.fields;
    return {
      ...super.defineSchema(),
      identifier: new StringField({ required: true, blank: true, initial: '' }),
      category: choice(['gng', 'core'], 'gng'),
    };
  }
}

export class EquipmentData extends PhysicalItemData {}

export class SpellData extends ItemData {
  declare level: number;
  declare school: string;

  static override defineSchema(): DataSchema {
    const { StringField } = foundry.data.fields;
    return {
      ...super.defineSchema(),
      level: integer(0),
      school: new StringField({ required: true, blank: true, initial: '' }),
    };
  }

  static override validateJoint(data: Record<string, unknown>): void {
    super.validateJoint(data);
    bounded(data, 'level', LIMITS.spellLevel, 'GNG.Validation.NegativeLevels');
  }
}

export class PowerData extends ItemData {
  declare level: number;
  declare discipline: string;
  declare powerPoints: number;

  static override defineSchema(): DataSchema {
    const { StringField } = foundry.data.fields;
    return {
      ...super.defineSchema(),
      level: integer(1),
      discipline: new StringField({ required: true, blank: true, initial: '' }),
      powerPoints: integer(1),
    };
  }

  static override validateJoint(data: Record<string, unknown>): void {
    super.validateJoint(data);
    bounded(data, 'level', LIMITS.spellLevel, 'GNG.Validation.NegativeLevels');
    bounded(data, 'powerPoints', LIMITS.amount);
  }
}

/** One data model class per Item type. */
export const ITEM_DATA_MODELS: Record<ItemType, TypeDataModelConstructor> = {
  class: ClassData,
  weapon: WeaponData,
  armor: ArmorData,
  shield: ShieldData,
  feat: FeatData,
  equipment: EquipmentData,
  spell: SpellData,
  power: PowerData,
};
