/**
 * `system` data of the two Actor types. Stored fields only; everything derived (ability modifiers,
 * …) is computed in `prepareDerivedData` through the rules engine and never stored.
 */
import { ABILITIES, SIZES, abilityModifier, type Ability, type Size } from '../../rules/index.js';

export interface AbilityData {
  value: number;
  /** Derived: the ability modifier. */
  mod: number;
}

export interface HitPointData {
  value: number;
  nonlethal: number;
  temp: number;
}

function abilityField(): DataField {
  const { SchemaField, NumberField } = foundry.data.fields;
  return new SchemaField({
    value: new NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 10 }),
  });
}

function creatureSchema(): DataSchema {
  const { SchemaField, NumberField, StringField, HTMLField } = foundry.data.fields;
  const abilities: DataSchema = {};
  for (const ability of ABILITIES) abilities[ability] = abilityField();
  return {
    abilities: new SchemaField(abilities),
    size: new StringField({ required: true, blank: false, initial: 'medium', choices: SIZES }),
    hp: new SchemaField({
      value: new NumberField({ required: true, nullable: false, integer: true, initial: 10 }),
      nonlethal: new NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
      temp: new NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
    }),
    biography: new HTMLField({ required: true, blank: true, initial: '' }),
  };
}

/** Shared data of characters and creatures. */
export class CreatureData extends foundry.abstract.TypeDataModel {
  declare abilities: Record<Ability, AbilityData>;
  declare size: Size;
  declare hp: HitPointData;
  declare biography: string;

  static override LOCALIZATION_PREFIXES = ['GNG.Actor'];

  static override defineSchema(): DataSchema {
    return creatureSchema();
  }

  override prepareDerivedData(): void {
    for (const ability of ABILITIES) {
      const data = this.abilities[ability];
      data.mod = abilityModifier(data.value);
    }
  }
}

export class CharacterData extends CreatureData {}

export class NpcData extends CreatureData {}
