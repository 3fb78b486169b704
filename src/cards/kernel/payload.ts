/**
 * A request's fields checked by a schema (issue #34): `payload({ weapon: 'id', mode: ['single',
 * 'burst'], rounds: 'int?' })` is a `parse` (a card action's, a card's start, or any GM query's)
 * that refuses (`GNG.Error.Card.BadRequest`) a request with a key the schema does not name, a value
 * of the wrong type or outside its list, or a required field missing, and answers the fields it was
 * given. It is the only request parser: the kernel's walk (architecture-payloads test) checks that
 * every card action and start and every GM query goes through one.
 *
 * Kinds: `id` (a non-empty string: a document id or uuid), `key` (a document id: 1–64 letters and
 * digits), `str`, `int`, `num` (finite), `bool`, `obj` (a plain object), a list of the allowed
 * values, or another `payload(…)` (a nested record); a `?` after a kind makes it optional. A
 * {@link FieldRule} says more: a list (or a map by document id) of such values, null allowed, a
 * range (a number's value, a string's or a list's length), its own refusal; `maybe` is a field that
 * may be absent or null.
 */
import { Refusal } from './result.js';

type Kind = 'id' | 'key' | 'str' | 'int' | 'num' | 'bool' | 'obj';
type Simple = Kind | `${Kind}?` | readonly (string | number)[] | PayloadParse;

/** A field with more to say than its kind. */
export interface FieldRule {
  /** What the value (each value of a `list`) is: a kind, or a rule of its own (a list's values). */
  kind: Simple | FieldRule;
  /** A list (an array) of such values. */
  list?: true;
  /** A record of such values by document id (a `key`; `min`/`max`: how many). */
  map?: true;
  /** May be absent. */
  optional?: true;
  /** May be null. */
  nullable?: true;
  /** The least and the most: a number's value, a string's length, a list's length. */
  min?: number;
  max?: number;
  /** Its own refusal (a lang key, or one made from the value), instead of the schema's. */
  error?: string | ((value: unknown) => Refusal);
}

export type PayloadField = Simple | FieldRule;

/** A parse built by {@link payload}. */
export type PayloadParse = ((extra: Record<string, unknown>) => Record<string, unknown>) & {
  readonly [SCHEMA]: Readonly<Record<string, PayloadField>>;
};

const SCHEMA = Symbol('gng.payload');

/** A field that may be absent or null (a dialog's unset choice): `rule` says the rest. */
export const maybe = (kind: Simple | FieldRule, rule: Omit<FieldRule, 'kind'> = {}): FieldRule => ({
  kind,
  optional: true,
  nullable: true,
  ...rule,
});

const CHECKS: Record<Kind, (value: unknown) => boolean> = {
  id: (v) => typeof v === 'string' && v !== '',
  key: (v) => typeof v === 'string' && /^[A-Za-z0-9]{1,64}$/.test(v),
  str: (v) => typeof v === 'string',
  int: (v) => Number.isInteger(v),
  num: (v) => Number.isFinite(v),
  bool: (v) => typeof v === 'boolean',
  obj: (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
};

/** How many requests a schema has checked (the architecture test's proof that a GM query used one). */
let checked = 0;
export const payloadChecks = (): number => checked;

/** Whether `parse` was built by {@link payload}. */
export const isPayload = (parse: unknown): parse is PayloadParse =>
  typeof parse === 'function' && SCHEMA in parse;

const isRule = (field: PayloadField): field is FieldRule =>
  typeof field === 'object' && !Array.isArray(field) && 'kind' in field;

const within = (n: number, rule: FieldRule) => n >= (rule.min ?? -Infinity) && n <= (rule.max ?? Infinity);

/** Whether `value` is one `kind` (a nested payload's own refusal propagates). */
function isOne(kind: Simple | FieldRule, value: unknown): boolean {
  if (isRule(kind)) return valid(kind, value);
  if (typeof kind === 'function') return CHECKS.obj(value) && (kind(value as Record<string, unknown>), true);
  if (typeof kind !== 'string') return kind.includes(value as string);
  return CHECKS[kind.replace('?', '') as Kind](value);
}

function valid(rule: FieldRule, value: unknown): boolean {
  if (value === null) return rule.nullable === true;
  if (rule.list)
    return Array.isArray(value) && within(value.length, rule) && value.every((v) => isOne(rule.kind, v));
  if (rule.map) {
    const entries = CHECKS.obj(value) ? Object.entries(value as object) : null;
    return (
      !!entries &&
      within(entries.length, rule) &&
      entries.every(([k, v]) => CHECKS.key(k) && isOne(rule.kind, v))
    );
  }
  if (!isOne(rule.kind, value)) return false;
  if (typeof value === 'number') return within(value, rule);
  return typeof value !== 'string' || within(value.length, rule);
}

/**
 * The `parse` of a request with these fields (throws a {@link Refusal} on anything else); `check`,
 * when given, then checks what the fields say together (and throws its own refusal).
 */
export function payload(
  schema: Record<string, PayloadField>,
  error = 'GNG.Error.Card.BadRequest',
  check?: (fields: Record<string, unknown>) => void,
): PayloadParse {
  const parse = (extra: Record<string, unknown>) => {
    checked += 1;
    const bad = (key = error) => new Refusal(key);
    if (typeof extra !== 'object' || extra === null || Array.isArray(extra)) throw bad();
    for (const key of Object.keys(extra)) if (!Object.hasOwn(schema, key)) throw bad();
    for (const [key, field] of Object.entries(schema)) {
      const value = Object.hasOwn(extra, key) ? extra[key] : undefined;
      const rule: FieldRule = isRule(field) ? field : { kind: field };
      const optional = rule.optional || (typeof rule.kind === 'string' && rule.kind.endsWith('?'));
      if (value === undefined && optional) continue;
      if (!valid(rule, value)) throw typeof rule.error === 'function' ? rule.error(value) : bad(rule.error);
    }
    const fields = { ...extra };
    check?.(fields);
    return fields;
  };
  return Object.assign(parse, { [SCHEMA]: schema });
}
