/**
 * `foundry.abstract.TypeDataModel`: schema-cleaned, validated system data with prepare hooks; and
 * `foundry.abstract.DataModel`, the same without a document (a world setting's type).
 */
import { cleanAndValidate, schemaOf } from './fields.js';
import { cloneData } from './utils.js';

export class HarnessTypeDataModel implements TypeDataModel {
  static LOCALIZATION_PREFIXES: string[] = [];
  declare readonly parent: FoundryDocument;

  static defineSchema(): DataSchema {
    return {};
  }

  static migrateData(source: Record<string, unknown>): Record<string, unknown> {
    return source;
  }

  static validateJoint(_data: Record<string, unknown>): void {}

  constructor(source: Record<string, unknown>, options: { parent: FoundryDocument }) {
    const ctor = this.constructor as typeof HarnessTypeDataModel;
    const migrated = ctor.migrateData(cloneData(source ?? {}));
    const cleaned = cleanAndValidate(schemaOf(ctor), migrated, `${options.parent.documentName}.system`);
    // As Foundry does: joint validation after the fields, on the cleaned data.
    ctor.validateJoint(cleaned);
    Object.defineProperty(this, 'parent', { value: options.parent, enumerable: false });
    Object.defineProperty(this, '_source', { value: cleaned, enumerable: false, writable: true });
    Object.assign(this, cloneData(cleaned));
  }

  prepareBaseData(): void {}

  prepareDerivedData(): void {}

  /** The stored (source) data: what `update` and pack extraction see, never derived values. */
  toObject(): Record<string, unknown> {
    return cloneData((this as unknown as { _source: Record<string, unknown> })._source);
  }
}

export const TypeDataModelImpl: TypeDataModelConstructor = HarnessTypeDataModel;

/**
 * `foundry.abstract.DataModel`: source migrated (`migrateData`), cleaned and validated by the
 * schema on construction (unknown keys dropped; a bad field throws), its fields on the instance.
 */
export class HarnessDataModel implements DataModel {
  static defineSchema(): DataSchema {
    return {};
  }

  static migrateData(source: Record<string, unknown>): Record<string, unknown> {
    return source;
  }

  constructor(source: Record<string, unknown> = {}) {
    const ctor = this.constructor as typeof HarnessDataModel;
    const migrated = ctor.migrateData(cloneData(source ?? {}));
    const cleaned = cleanAndValidate(schemaOf(ctor), migrated, ctor.name);
    Object.defineProperty(this, '_source', { value: cleaned, enumerable: false, writable: true });
    Object.assign(this, cloneData(cleaned));
  }

  toObject(): Record<string, unknown> {
    return cloneData((this as unknown as { _source: Record<string, unknown> })._source);
  }
}

export const DataModelImpl: DataModelConstructor = HarnessDataModel;
