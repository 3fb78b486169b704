/**
 * The world stores (issue #34): records only a GM writes, kept in world settings no menu shows —
 * status holds, effect timings, combat option records, care records (keyed by actor uuid) and the
 * world repair's list of what was told — each typed by a `foundry.abstract.DataModel` whose schema
 * describes its shape. In v13 `game.settings.get` hands back an instance of the model built from
 * the stored source, and `set` takes the plain data (test/harness/README.md names the evidence); the
 * readers here take either, so the stores read the same whatever a client hands back.
 *
 * A store keyed by uuid keeps its records under `records` (a model's top level has fixed fields);
 * a world's value from before (the records themselves, at the top) is read as its records: the
 * model's `migrateData` moves them there, and {@link readRecords} does the same for a raw value.
 * The models are made on `init` (`foundry` is there then), not when this module loads.
 */
import { SYSTEM_ID } from '../config/document-types.js';

/** The store of records keyed by actor uuid (status holds, effect timings, …). */
export interface RecordStore {
  key: string;
  /** The setting's name (a lang key; no menu shows it). */
  name: string;
  /** One record's field (the value kept for one uuid), built from the fields on `init`. */
  entry: (fields: FoundryFields) => DataField;
  onChange?: (records: Record<string, unknown>) => void;
}

const isPlain = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** A setting's value as plain data: a model's source, or the value itself. */
export function plainSetting(value: unknown): Record<string, unknown> {
  const model = value as { toObject?: unknown } | null;
  const plain = typeof model?.toObject === 'function' ? (model.toObject as () => unknown)() : value;
  return isPlain(plain) ? plain : {};
}

/** The records of a store's value: under `records`, or (a value from before) the value itself. */
export function recordsOf<T>(value: unknown): Record<string, T> {
  const plain = plainSetting(value);
  const records = isPlain(plain.records) && Object.keys(plain).length === 1 ? plain.records : plain;
  return records as Record<string, T>;
}

/** Every store's model by its setting key, once registered (modules read them: `game.gng.stores`). */
export const STORE_MODELS: Record<string, DataModelConstructor> = {};

/** Names the model after its store (`StatusHoldsStore`), for messages and modules, and keeps it. */
function named(model: DataModelConstructor, key: string): void {
  Object.defineProperty(model, 'name', { value: `${key[0]?.toUpperCase()}${key.slice(1)}Store` });
  STORE_MODELS[key] = model;
}

/** On `init`: the store's setting, typed by a model of `{ records: { [uuid]: entry } }`. */
export function registerRecordStore(store: RecordStore): void {
  const fields = foundry.data.fields;
  const Base = foundry.abstract.DataModel;
  const model = class extends Base {
    static override defineSchema() {
      return { records: new fields.TypedObjectField(store.entry(fields)) };
    }

    static override migrateData(source: Record<string, unknown>) {
      return isPlain(source.records) ? source : { records: source };
    }
  };
  named(model, store.key);
  game.settings.register(SYSTEM_ID, store.key, {
    name: store.name,
    scope: 'world',
    config: false,
    type: model,
    default: { records: {} },
    ...(store.onChange && { onChange: (value: unknown) => store.onChange?.(recordsOf(value)) }),
  });
}

/** A store's records (empty when it is not registered yet or unreadable). */
export function readRecords<T>(key: string): Record<string, T> {
  try {
    return recordsOf<T>(game.settings.get(SYSTEM_ID, key));
  } catch {
    return {};
  }
}

/** GM: writes a store's records (the whole of them). */
export function writeRecords(key: string, records: Record<string, unknown>): Promise<unknown> {
  return game.settings.set(SYSTEM_ID, key, { records });
}

/** Fields the stores share: a nullable number, a nullable string, a list of strings. */
export const storeFields = {
  num: (f: FoundryFields) => new f.NumberField({ nullable: true, initial: null }),
  str: (f: FoundryFields) => new f.StringField({ nullable: true, initial: null }),
  strs: (f: FoundryFields) => new f.ArrayField(new f.StringField()),
};

/**
 * On `init`: a store with fixed fields (not keyed by uuid), typed by a model of `schema`; its
 * value is the source as it is (the world repair's `{ entries }`).
 */
export function registerFixedStore(
  key: string,
  name: string,
  schema: (fields: FoundryFields) => DataSchema,
  initial: Record<string, unknown>,
): void {
  const fields = foundry.data.fields;
  const model = class extends foundry.abstract.DataModel {
    static override defineSchema() {
      return schema(fields);
    }
  };
  named(model, key);
  game.settings.register(SYSTEM_ID, key, {
    name,
    scope: 'world',
    config: false,
    type: model,
    default: initial,
  });
}
