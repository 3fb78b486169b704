/**
 * A request's fields checked by a schema (issue #34): `payload({ weapon: 'id', mode: ['single',
 * 'burst'], rounds: 'int?' })` is a `parse` (a card action's, or any GM query's) that refuses
 * (`GNG.Error.Card.BadRequest`) a request with a key the schema does not name, a value of the wrong
 * type or outside its list, or a required field missing, and answers the fields it was given.
 *
 * Kinds: `id` (a non-empty string: a document id or uuid), `str`, `int`, `num` (finite), `bool`,
 * `obj` (a plain object), or a list of the allowed values; a `?` after a kind makes it optional.
 */
import { Refusal } from './result.js';

type Kind = 'id' | 'str' | 'int' | 'num' | 'bool' | 'obj';
export type PayloadField = Kind | `${Kind}?` | readonly (string | number)[];

const CHECKS: Record<Kind, (value: unknown) => boolean> = {
  id: (v) => typeof v === 'string' && v !== '',
  str: (v) => typeof v === 'string',
  int: (v) => Number.isInteger(v),
  num: (v) => Number.isFinite(v),
  bool: (v) => typeof v === 'boolean',
  obj: (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
};

/** The `parse` of a request with these fields (throws a {@link Refusal} on anything else). */
export function payload(
  schema: Record<string, PayloadField>,
  error = 'GNG.Error.Card.BadRequest',
): (extra: Record<string, unknown>) => Record<string, unknown> {
  return (extra) => {
    const bad = () => new Refusal(error);
    if (typeof extra !== 'object' || extra === null) throw bad();
    for (const key of Object.keys(extra)) if (!Object.hasOwn(schema, key)) throw bad();
    for (const [key, field] of Object.entries(schema)) {
      const value = Object.hasOwn(extra, key) ? extra[key] : undefined;
      if (typeof field !== 'string') {
        if (!field.includes(value as string)) throw bad();
        continue;
      }
      if (value === undefined && field.endsWith('?')) continue;
      if (!CHECKS[field.replace('?', '') as Kind](value)) throw bad();
    }
    return { ...extra };
  };
}
