/**
 * Every card types its Undo records (issue #34): walking each data model of CARD_DATA_MODELS, the
 * field where a card keeps what Undo takes back is a typed record (a SchemaField, or a list of them)
 * built with the kernel's undo-fields.ts, and no free object hides in it but the values its Undo keeps
 * whole (`opaque`). A key that looks like an Undo record (`applied`, `undo`, `records`, `steps`) and is
 * not in the table below is reported too, so a new card's record is checked as well.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { obj, rec, str } from '../../src/cards/kernel/card-fields.js';
import { OPAQUE, opaque, pair, record, statuses } from '../../src/cards/kernel/undo-fields.js';

await getHarness();
// The models extend `foundry.abstract.TypeDataModel` when evaluated: imported once the runtime is up.
const { CARD_DATA_MODELS } = await import('../../src/cards/card-data-models.js');
const { CardData } = await import('../../src/cards/kernel/card-data.js');
type CardData = InstanceType<typeof CardData>;

type Card = keyof typeof CARD_DATA_MODELS;

/** Where each card keeps its Undo records: a path of schema keys, `[]` for a list's elements. */
const UNDO_RECORDS: Record<Card, string[]> = {
  note: [],
  bleeding: ['undo'],
  quickStand: [],
  cast: ['spent'],
  heal: ['applied'],
  rest: ['applied'],
  opportunity: [],
  featAction: ['applied'],
  featOffer: [],
  flowWithEnemy: [],
  maneuver: ['targets.[].applied'],
  sagaTrack: [],
  tcHeal: ['applied'],
  egTurn: ['applied'],
  sagaTurn: ['applied'],
  egTokens: ['records'],
  egAction: ['applied'],
  attack: [
    'targets.[].applied',
    'targets.[].aborts.block.undo',
    'targets.[].aborts.rollWithBlow.undo',
    'targets.[].calledShot.condition.applied',
    'targets.[].calledShot.condition.vitalStrike.record',
  ],
  tcStance: ['applied'],
  tcAct: ['applied'],
  tcManeuver: ['records', 'targets.[].applied'],
  egManeuver: ['targets.[].applied', 'turn'],
  grapple: ['steps'],
  burst: ['targets.[].applied', 'targets.[].dive.undo'],
  dying: ['applied'],
  stabilize: ['applied'],
  egSave: ['tokens'],
  area: ['targets.[].applied', 'targets.[].dive.undo'],
  suppress: ['spent', 'turn', 'triggers.[].shot.applied'],
};

/** Keys that name an Undo record wherever they appear. */
const RECORD_KEYS = new Set(['applied', 'undo', 'records', 'steps']);

const F = () => foundry.data.fields;
const isSchema = (field: DataField): field is DataField & { fields: DataSchema } =>
  field instanceof F().SchemaField;
const elementOf = (field: DataField): DataField | undefined =>
  field instanceof F().ArrayField || field instanceof F().TypedObjectField
    ? (field as DataField & { element: DataField }).element
    : undefined;

/** The field at `path` in `schema` (undefined: the path goes through an untyped object). */
function fieldAt(schema: DataSchema, path: string): DataField | undefined {
  let fields: DataSchema | undefined = schema;
  let field: DataField | undefined;
  for (const key of path.split('.')) {
    if (key === '[]') field = field && elementOf(field);
    else field = fields?.[key];
    fields = field && isSchema(field) ? field.fields : undefined;
  }
  return field;
}

/** The free objects inside `field` that are not a value Undo keeps whole (their paths). */
function freeObjects(field: DataField, path: string): string[] {
  if (isSchema(field))
    return Object.entries(field.fields).flatMap(([key, inner]) => freeObjects(inner, `${path}.${key}`));
  const element = elementOf(field);
  if (element) return freeObjects(element, `${path}.[]`);
  return field instanceof F().ObjectField && !OPAQUE.has(field) ? [path] : [];
}

/** What is wrong with the Undo record at `path`: missing, not a typed record, or holding free objects. */
function recordProblems(schema: DataSchema, path: string): string[] {
  const field = fieldAt(schema, path);
  if (!field) return [`${path}: no typed field (inside a free object)`];
  const list = elementOf(field);
  const typed = isSchema(field) || (list !== undefined && (isSchema(list) || OPAQUE.has(list)));
  if (!typed) return [`${path}: not a typed record`];
  return freeObjects(field, path).map((p) => `${p}: a free object`);
}

/** A value, not a record (a flag, a count, a name). */
const plain = (field: DataField) =>
  [F().BooleanField, F().NumberField, F().StringField].some((type) => field instanceof type);

/** Keys named like an Undo record (not a plain value) that the table does not list, outside the listed records. */
function unlisted(schema: DataSchema, listed: string[], prefix = ''): string[] {
  return Object.entries(schema).flatMap(([key, field]) => {
    const path = `${prefix}${key}`;
    if (listed.includes(path)) return [];
    const own = RECORD_KEYS.has(key) && !plain(field) ? [`${path}: an Undo record not listed`] : [];
    const inner = isSchema(field) ? field : elementOf(field);
    const nested =
      inner && isSchema(inner)
        ? unlisted(inner.fields, listed, `${path}${isSchema(field) ? '' : '.[]'}.`)
        : [];
    return [...own, ...nested];
  });
}

/** Everything wrong with a card model's Undo records. */
function problems(model: { defineSchema(): DataSchema }, paths: string[]): string[] {
  const schema = model.defineSchema();
  return [...paths.flatMap((path) => recordProblems(schema, path)), ...unlisted(schema, paths)];
}

describe('Undo records are typed', () => {
  it.each(Object.keys(CARD_DATA_MODELS) as Card[])('%s', (card) => {
    expect(UNDO_RECORDS[card]).toBeDefined();
    expect(problems(CARD_DATA_MODELS[card], UNDO_RECORDS[card])).toEqual([]);
  });

  it('the table names every card model, and only those', () => {
    expect(Object.keys(UNDO_RECORDS).sort()).toEqual(Object.keys(CARD_DATA_MODELS).sort());
  });

  it('reports a bare object where the record is, a free object inside one, and an unlisted record', () => {
    class Bare extends CardData {
      static override defineSchema(): DataSchema {
        return { name: str(), applied: obj() };
      }
    }
    expect(problems(Bare, ['applied'])).toEqual(['applied: not a typed record']);
    class Hidden extends CardData {
      static override defineSchema(): DataSchema {
        return { targets: rec({ applied: record({ hp: pair(), extra: obj() }) }) };
      }
    }
    expect(problems(Hidden, ['targets.applied'])).toEqual(['targets.applied.extra: a free object']);
    class Nested extends CardData {
      static override defineSchema(): DataSchema {
        return { targets: obj(), undo: record({ added: statuses(), before: opaque() }) };
      }
    }
    expect(problems(Nested, ['targets.[].applied'])).toEqual([
      'targets.[].applied: no typed field (inside a free object)',
      'undo: an Undo record not listed',
    ]);
    class Typed extends CardData {
      static override defineSchema(): DataSchema {
        return { applied: record({ hp: pair(), statusesAdded: statuses(), source: opaque() }) };
      }
    }
    expect(problems(Typed, ['applied'])).toEqual([]);
  });
});
