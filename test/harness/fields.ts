/**
 * Data fields, as `FoundryFields` declares them. `clean` coerces raw input the way a form submits
 * it (strings to numbers, missing to initial); `validate` returns an error message or undefined.
 */
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
    if (value === undefined || value === null) {
      if (value === null && this.options.nullable) return undefined;
      if (value === undefined && !this.options.required) return undefined;
      return 'may not be null or undefined';
    }
    return this._validateType(value);
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
    if (typeof value !== 'object' || value === null) return 'is not an object';
    for (const [key, field] of Object.entries(this.fields)) {
      const error = field.validate((value as Record<string, unknown>)[key]);
      if (error) return `${key}: ${error}`;
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
    if (!Array.isArray(value)) return 'is not an array';
    for (const [index, entry] of value.entries()) {
      const error = this.element.validate(entry);
      if (error) return `[${index}]: ${error}`;
    }
    return undefined;
  }
}

export const fields = {
  SchemaField,
  NumberField,
  StringField,
  BooleanField,
  HTMLField,
  ObjectField,
  ArrayField,
} satisfies FoundryFields;

/** Cleans and validates `source` against a schema; throws an Error naming the bad field. */
export function cleanAndValidate(schema: DataSchema, source: Record<string, unknown>, label: string) {
  const root = new SchemaField(schema);
  const cleaned = root.clean(source) as Record<string, unknown>;
  const error = root.validate(cleaned);
  if (error) throw new Error(`${label} validation failed: ${error}`);
  return cleaned;
}
