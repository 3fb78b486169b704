/**
 * Compact builders of a card's data-model fields (issue #34): each card's schema is registered at
 * `init`, in the start chunk, so a schema is written in few bytes. Every builder makes a required
 * field; `nullable` (default false, true for {@link id} and {@link obj}) and `initial` (default: null
 * when nullable, else the type's empty value) may be given.
 */
export interface FieldOptions {
  nullable?: boolean;
  initial?: unknown;
}

const F = () => foundry.data.fields;

/** The options of a field: required, nullable as asked (or `nullDefault`), initial null or `empty`. */
function opts(o: FieldOptions, empty: unknown, nullDefault = false): DataFieldOptions {
  const nullable = o.nullable ?? nullDefault;
  return { required: true, nullable, initial: 'initial' in o ? o.initial : nullable ? null : empty };
}

/** A document id or uuid (nullable by default). */
export const id = (o: FieldOptions = {}) => new (F().StringField)(opts(o, '', true));
/** A string (a name, a key, an enum value). */
export const str = (o: FieldOptions = {}) => new (F().StringField)({ ...opts(o, ''), trim: false });
/** An integer. */
export const int = (o: FieldOptions = {}) => new (F().NumberField)({ ...opts(o, 0), integer: true });
/** A number. */
export const num = (o: FieldOptions = {}) => new (F().NumberField)(opts(o, 0));
/** A boolean. */
export const bool = (o: FieldOptions = {}) => new (F().BooleanField)(opts(o, false));
/** A free object (ObjectField: a deep shape a schema would only transcribe; nullable by default). */
export const obj = (o: FieldOptions = {}) => new (F().ObjectField)(opts(o, {}, true));
/** A list of `field`'s values. */
export const arr = (field: DataField, o: FieldOptions = {}) => new (F().ArrayField)(field, opts(o, []));
/** A nested schema. */
export const rec = (fields: DataSchema, o: FieldOptions = {}) =>
  new (F().SchemaField)(fields, {
    required: true,
    nullable: o.nullable ?? false,
    ...('initial' in o ? { initial: o.initial } : {}),
  });
