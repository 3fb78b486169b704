/**
 * Data fields, as `FoundryFields` declares them. `clean` coerces raw input the way a form submits
 * it (strings to numbers, missing to initial); `validate` returns an error message or undefined,
 * `failure` the same as the path of the field at fault and the reason.
 *
 * Also a build dependency: `scripts/pack-models.ts` validates every pack source with these fields
 * and our data models (see README.md, "Limits of the stand-in").
 */

/** Where a value failed validation: the path of the field inside the validated object, and why. */
export interface FieldFailure {
  path: string[];
  reason: string;
}

function formatFailure(failure: FieldFailure | undefined): string | undefined {
  return failure && [...failure.path, failure.reason].join(': ');
}

abstract class BaseField implements DataField {
  readonly options: DataFieldOptions;

  constructor(options: DataFieldOptions = {}) {
    this.options = { required: false, nullable: false, ...options };
  }

  getInitialValue(): unknown {
    const initial = this.options.initial;
    return typeof initial === 'function' ? (initial as () => unknown)() : structuredClone(initial);
  }

  clean(value: unknown): unknown {
    if (value === undefined) return this.getInitialValue();
    if (value === null && this.options.nullable) return null;
    return this._cast(value);
  }

  validate(value: unknown): string | undefined {
    return formatFailure(this.failure(value));
  }

  /** Why `value` is invalid, and where (nested fields name their path); undefined when it is valid. */
  failure(value: unknown): FieldFailure | undefined {
    if (value === undefined || value === null) {
      if (value === null && this.options.nullable) return undefined;
      if (value === undefined && !this.options.required) return undefined;
      return { path: [], reason: 'may not be null or undefined' };
    }
    const reason = this._validateType(value);
    return reason === undefined ? undefined : { path: [], reason };
  }

  protected abstract _cast(value: unknown): unknown;
  protected abstract _validateType(value: unknown): string | undefined;
}

class NumberField extends BaseField {
  protected _cast(value: unknown): unknown {
    if (typeof value === 'string' && value.trim() !== '') return Number(value);
    return value;
  }

  protected _validateType(value: unknown): string | undefined {
    if (typeof value !== 'number' || !Number.isFinite(value))
      return `${String(value)} is not a finite number`;
    const { integer, min, max, positive, choices } = this.options;
    if (integer && !Number.isInteger(value)) return `${value} is not an integer`;
    if (min !== undefined && value < min) return `${value} is less than the minimum ${min}`;
    if (max !== undefined && value > max) return `${value} is greater than the maximum ${max}`;
    if (positive && value <= 0) return `${value} is not positive`;
    if (Array.isArray(choices) && !choices.includes(String(value))) return `${value} is not a valid choice`;
    return undefined;
  }
}

class StringField extends BaseField {
  constructor(options: DataFieldOptions = {}) {
    super({ blank: true, trim: true, initial: '', ...options });
  }

  protected _cast(value: unknown): unknown {
    const text = String(value);
    return this.options.trim ? text.trim() : text;
  }

  protected _validateType(value: unknown): string | undefined {
    if (typeof value !== 'string') return `${String(value)} is not a string`;
    if (!this.options.blank && value === '') return 'may not be blank';
    const choices = this.options.choices;
    if (choices && value !== '') {
      const allowed = Array.isArray(choices) ? choices : Object.keys(choices);
      if (!allowed.includes(value)) return `"${value}" is not a valid choice`;
    }
    return undefined;
  }
}

class HTMLField extends StringField {
  constructor(options: DataFieldOptions = {}) {
    super({ trim: false, ...options });
  }
}

class BooleanField extends BaseField {
  constructor(options: DataFieldOptions = {}) {
    super({ initial: false, ...options });
  }

  protected _cast(value: unknown): unknown {
    if (value === 'true') return true;
    if (value === 'false') return false;
    return value;
  }

  protected _validateType(value: unknown): string | undefined {
    return typeof value === 'boolean' ? undefined : `${String(value)} is not a boolean`;
  }
}

class ObjectField extends BaseField {
  constructor(options: DataFieldOptions = {}) {
    super({ initial: () => ({}), ...options });
  }

  protected _cast(value: unknown): unknown {
    return value;
  }

  protected _validateType(value: unknown): string | undefined {
    return typeof value === 'object' && !Array.isArray(value) ? undefined : 'is not an object';
  }
}

class SchemaField extends BaseField {
  readonly fields: DataSchema;

  constructor(fields: DataSchema, options: DataFieldOptions = {}) {
    super({ required: true, ...options });
    this.fields = fields;
  }

  override getInitialValue(): unknown {
    return this._cast({});
  }

  protected _cast(value: unknown): unknown {
    const source = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
    const cleaned: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(this.fields)) cleaned[key] = field.clean(source[key]);
    return cleaned;
  }

  protected _validateType(value: unknown): string | undefined {
    return typeof value !== 'object' || value === null ? 'is not an object' : undefined;
  }

  override failure(value: unknown): FieldFailure | undefined {
    const own = super.failure(value);
    if (own || value === undefined || value === null) return own;
    for (const [key, field] of Object.entries(this.fields)) {
      const inner = failureOf(field, (value as Record<string, unknown>)[key]);
      if (inner) return { path: [key, ...inner.path], reason: inner.reason };
    }
    return undefined;
  }
}

class ArrayField extends BaseField {
  readonly element: DataField;

  constructor(element: DataField, options: DataFieldOptions = {}) {
    super({ required: true, initial: () => [], ...options });
    this.element = element;
  }

  protected _cast(value: unknown): unknown {
    const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
    return list.map((entry) => this.element.clean(entry));
  }

  protected _validateType(value: unknown): string | undefined {
    return Array.isArray(value) ? undefined : 'is not an array';
  }

  override failure(value: unknown): FieldFailure | undefined {
    const own = super.failure(value);
    if (own || !Array.isArray(value)) return own;
    for (const [index, entry] of value.entries()) {
      const inner = failureOf(this.element, entry);
      if (inner) return { path: [`[${index}]`, ...inner.path], reason: inner.reason };
    }
    return undefined;
  }
}

/** A record of any keys, each value one field (`TypedObjectField`): a world store keyed by uuid. */
class TypedObjectField extends BaseField {
  readonly element: DataField;

  constructor(element: DataField, options: DataFieldOptions = {}) {
    super({ required: true, initial: () => ({}), ...options });
    this.element = element;
  }

  protected _cast(value: unknown): unknown {
    const source = value && typeof value === 'object' && !Array.isArray(value) ? value : {};
    return Object.fromEntries(Object.entries(source).map(([key, entry]) => [key, this.element.clean(entry)]));
  }

  protected _validateType(value: unknown): string | undefined {
    return typeof value === 'object' && !Array.isArray(value) ? undefined : 'is not an object';
  }

  override failure(value: unknown): FieldFailure | undefined {
    const own = super.failure(value);
    if (own || value === undefined || value === null) return own;
    for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
      const inner = failureOf(this.element, entry);
      if (inner) return { path: [key, ...inner.path], reason: inner.reason };
    }
    return undefined;
  }
}

/** A field's failure: its own `failure` (ours), or its `validate` message with no path. */
function failureOf(field: DataField, value: unknown): FieldFailure | undefined {
  if (field instanceof BaseField) return field.failure(value);
  const reason = field.validate(value);
  return reason === undefined ? undefined : { path: [], reason };
}

/**
 * A model class's schema: built by its `defineSchema()` the first time it is used, then reused by
 * every instance of that class, as Foundry's DataModel does ("The schema is populated the first time
 * it is accessed and cached for future reuse": README.md). A subclass has its own.
 */
const schemas = new WeakMap<object, SchemaField>();
export function schemaOf(model: { defineSchema(): DataSchema }): SchemaField {
  let schema = schemas.get(model);
  if (!schema) schemas.set(model, (schema = new SchemaField(model.defineSchema())));
  return schema;
}

export const fields = {
  SchemaField,
  NumberField,
  StringField,
  BooleanField,
  HTMLField,
  ObjectField,
  ArrayField,
  TypedObjectField,
} satisfies FoundryFields;

/**
 * A field of a schema failed validation: `path` names it inside the validated object
 * (`abilities.str.value`, `subtypes[2]`), `reason` says why. The message keeps the harness's
 * `a: b: reason` form.
 */
export class FieldValidationError extends Error {
  readonly path: string;

  constructor(
    readonly label: string,
    segments: readonly string[],
    readonly reason: string,
  ) {
    super(`${label} validation failed: ${[...segments, reason].join(': ')}`);
    this.name = 'FieldValidationError';
    this.path = segments.map((s, i) => (i === 0 || s.startsWith('[') ? s : `.${s}`)).join('');
  }
}

/** Cleans and validates `source` against a schema; throws a {@link FieldValidationError} naming the bad field. */
export function cleanAndValidate(
  schema: DataSchema | SchemaField,
  source: Record<string, unknown>,
  label: string,
) {
  const root = schema instanceof SchemaField ? schema : new SchemaField(schema);
  const cleaned = root.clean(source) as Record<string, unknown>;
  const failure = root.failure(cleaned);
  if (failure) throw new FieldValidationError(label, failure.path, failure.reason);
  return cleaned;
}
