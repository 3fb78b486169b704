/**
 * Repair of one stored `system` source that the data models refuse or would silently reset: the
 * world repair (world-repair.ts) runs it on the sources a world loaded, so that one unreadable value
 * never costs the whole document. Known old spellings are the models' own `migrateData`
 * (migrations.ts); what is left and cannot be read is reset — that field only — to its default, and
 * noted (path and stored value) so the GM can be told.
 *
 * Only stored data is repaired this way: a value typed on a sheet or sent by an update is still
 * refused whole with its localized message (the data models are unchanged).
 */
import { GnGValidationError } from './validation.js';

type Source = Record<string, unknown>;

/** A value that was reset: its path inside `system` (`abilities.str`, `damageTypes[1]`) and what was stored. */
export interface ResetValue {
  field: string;
  value: unknown;
}

/** The fields a stored source is read against: every field of `defineSchema()`. */
interface FieldLike {
  readonly options?: DataFieldOptions;
  readonly fields?: DataSchema;
  readonly element?: DataField;
}

const isRecord = (value: unknown): value is Source =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What reading one value against its field gave: the value to keep (maybe converted), or a reset. */
type Read = { keep: unknown } | { reset: true; silent?: boolean };

const keep = (value: unknown): Read => ({ keep: value });
const RESET: Read = { reset: true };
/** A missing value (null where none is allowed, a blank where a text is required): its default, nothing lost. */
const EMPTY: Read = { reset: true, silent: true };

function inChoices(value: unknown, choices: DataFieldOptions['choices']): boolean {
  if (!choices) return true;
  const allowed = Array.isArray(choices) ? choices : Object.keys(choices);
  return allowed.includes(String(value));
}

/** A number from a number or a numeric string; a fraction in a whole-number field is rounded down. */
function readNumber(value: unknown, options: DataFieldOptions): Read {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  if (!Number.isFinite(number)) return RESET;
  // Decision `fractional scores` (docs/rules.md): the d20 convention rounds down.
  const whole = options.integer ? Math.floor(number) : number;
  return inChoices(whole, options.choices) ? keep(whole) : RESET;
}

function readString(value: unknown, options: DataFieldOptions): Read {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return RESET;
  const text = String(value);
  if (text.trim() === '') return options.blank === false ? EMPTY : keep(text);
  if (!options.choices) return keep(text);
  // A choice is read without the spaces around it (cleaning trims a text field).
  return inChoices(text.trim(), options.choices) ? keep(text.trim()) : RESET;
}

function readBoolean(value: unknown): Read {
  if (typeof value === 'boolean') return keep(value);
  if (value === 'true' || value === 'false') return keep(value === 'true');
  return RESET;
}

/**
 * Reads `value` against `field`; nested values are repaired in place, each reset noted at its path.
 * A field of a kind not listed here is kept as it is (the data model decides).
 */
function readField(field: DataField, value: unknown, path: string, resets: ResetValue[]): Read {
  const { fields } = foundry.data;
  // Field classes are told apart by class (each is a DataField to the type checker).
  const is = (kind: abstract new (...args: never[]) => unknown): boolean => (field as object) instanceof kind;
  const options = (field as FieldLike).options ?? {};
  if (value === null) return options.nullable ? keep(null) : EMPTY;
  if (is(fields.SchemaField)) {
    if (!isRecord(value)) return RESET;
    repairAgainstSchema((field as FieldLike).fields ?? {}, value, `${path}.`, resets);
    return keep(value);
  }
  if (is(fields.ArrayField)) {
    const element = (field as FieldLike).element;
    const list: unknown[] = Array.isArray(value) ? value : [value];
    if (!element) return keep(list);
    const kept: unknown[] = [];
    list.forEach((entry, index) => {
      const read = readField(element, entry, `${path}[${index}]`, resets);
      if ('keep' in read) kept.push(read.keep);
      else if (!read.silent) resets.push({ field: `${path}[${index}]`, value: entry });
    });
    return keep(kept);
  }
  if (is(fields.NumberField)) return readNumber(value, options);
  if (is(fields.BooleanField)) return readBoolean(value);
  if (is(fields.StringField)) return readString(value, options);
  if (is(fields.ObjectField)) return isRecord(value) ? keep(value) : RESET;
  return keep(value);
}

/**
 * Repairs `source` in place against `schema`: a value its field cannot read is deleted (so the field
 * takes its default) and noted; readable values are kept, converted where needed ("14" → 14, a
 * fraction in a whole-number field rounded down, "true" → true). Keys absent stay absent.
 */
export function repairAgainstSchema(
  schema: DataSchema,
  source: Source,
  prefix: string,
  resets: ResetValue[],
): void {
  for (const [key, field] of Object.entries(schema)) {
    if (!(key in source) || source[key] === undefined) continue;
    const value = source[key];
    const read = readField(field, value, `${prefix}${key}`, resets);
    if ('keep' in read) source[key] = read.keep;
    else {
      delete source[key];
      if (!read.silent) resets.push({ field: `${prefix}${key}`, value });
    }
  }
}

function getPath(source: Source, path: string): { parent: Source; key: string } | null {
  const parts = path.split('.');
  const key = parts.pop() as string;
  let parent: unknown = source;
  for (const part of parts) parent = isRecord(parent) ? parent[part] : undefined;
  return isRecord(parent) && key in parent ? { parent, key } : null;
}

/**
 * A stored `system` source made valid for `Model`, or an error when it cannot be: migrated
 * (`migrateData`), repaired field by field ({@link repairAgainstSchema}), cleaned, then checked by the
 * model's `validateJoint`; a joint check that names a stored field (a score above its bound, more
 * rounds than the weapon holds…) resets that field and checks again. Returns the cleaned source.
 * Throws when a joint check names no stored field (nothing to reset without guessing).
 */
export function repairSystemSource(
  Model: TypeDataModelConstructor,
  stored: Source,
  resets: ResetValue[],
): Source {
  const schema = Model.defineSchema();
  const source = Model.migrateData(structuredClone(stored));
  repairAgainstSchema(schema, source, '', resets);
  const root = new foundry.data.fields.SchemaField(schema);
  for (;;) {
    const cleaned = root.clean(structuredClone(source)) as Source;
    try {
      Model.validateJoint(cleaned);
      return cleaned;
    } catch (error) {
      const field = error instanceof GnGValidationError ? error.field : undefined;
      const at = field ? getPath(source, field) : null;
      if (!field || !at) throw error;
      resets.push({ field, value: at.parent[at.key] });
      delete at.parent[at.key];
    }
  }
}
