/**
 * The effect guard (issue #28): an Active Effect change that would give a field a value its data
 * model refuses — the wrong type, a number that is not finite, a value past the field's bounds, a
 * choice not in the field's list (a size not among the engine's sizes), a path that names no field —
 * is skipped: the field keeps the value it had before that change, the other changes apply, and the
 * skipped change is recorded on the document for the sheet, the GM's warning and pack checks.
 *
 * One check for every field: after the change applies, its new value is validated against the data
 * model's own schema field and `validateJoint` (the bounds of stored numbers, with their localized
 * messages, src/data/validation.ts); the bonus containers that `prepareBaseData` resets (not stored,
 * so not in the schema) are declared by the model's static `effectTargets()` with their bounds.
 * Nothing runs for a document without effects.
 */
import { GnGValidationError, validationError } from '../validation.js';

/** Why a change was skipped (`GNG.EffectGuard.Reason.<reason>` says it in words). */
export type SkipReason =
  | 'unknown-field'
  | 'wrong-type'
  | 'not-finite'
  | 'not-integer'
  | 'unknown-choice'
  | 'out-of-bounds'
  | 'invalid'
  | 'failed'
  /** A field only a GM's client writes (the combat models' stored health: the Saga-style condition step). */
  | 'gm-only';

/** One change of an effect that was not applied. */
export interface SkippedEffectChange {
  effectId: string | null;
  effectName: string;
  /** The name of the item carrying the effect when it is not the changed document itself, else null. */
  source: string | null;
  key: string;
  mode: number;
  /** The change's value as the effect stores it (text). */
  value: string;
  reason: SkipReason;
  /** The data model's localized message when one of its checks refused the value ('' otherwise). */
  detail: string;
}

/** A data model class that may declare, besides its schema, the bonus containers effects write into. */
interface GuardedModel {
  defineSchema(): DataSchema;
  validateJoint(data: Record<string, unknown>): void;
  /** Paths (inside `system`) of the integer bonuses `prepareBaseData` resets, with their bounds. */
  effectTargets?(): Readonly<Record<string, Bounds>>;
}

type Bounds = readonly [min: number, max: number];
/** What a change's path names: a schema field, or a bonus container (an integer within its bounds). */
type Target =
  { kind: 'field'; field: DataField; below: readonly [string, Bounds][] } | { kind: 'bonus'; bounds: Bounds };

const indexes = new WeakMap<object, Map<string, Target>>();
const skipped = new WeakMap<object, SkippedEffectChange[]>();
const NONE: readonly SkippedEffectChange[] = Object.freeze([]);

/**
 * The changes of effects skipped at the document's last preparation (an actor: its own effects and
 * those its items transfer; an item: its own item-targeted effects), in the order they were tried.
 */
export function skippedEffectChanges(doc: object): readonly SkippedEffectChange[] {
  return skipped.get(doc) ?? NONE;
}

/** Forgets the document's skipped changes: called as its preparation starts. */
export function resetSkippedEffectChanges(doc: object): void {
  skipped.delete(doc);
}

/** Every path of the model: schema fields (nested ones too, arrays as a whole) and bonus containers. */
function indexOf(model: GuardedModel): Map<string, Target> {
  let index = indexes.get(model);
  if (index) return index;
  index = new Map();
  const bonuses = Object.entries(model.effectTargets?.() ?? {});
  const { SchemaField } = foundry.data.fields;
  const add = (prefix: string, schema: DataSchema) => {
    for (const [name, field] of Object.entries(schema)) {
      const path = prefix + name;
      const below = bonuses.filter(([bonus]) => bonus.startsWith(`${path}.`));
      (index as Map<string, Target>).set(path, { kind: 'field', field, below });
      if (field instanceof SchemaField) add(`${path}.`, (field as { fields: DataSchema }).fields);
    }
  };
  add('', model.defineSchema());
  for (const [path, bounds] of bonuses) index.set(path, { kind: 'bonus', bounds });
  indexes.set(model, index);
  return index;
}

/** Whether `value` holds a number that is NaN or infinite (at any depth). */
function holdsNonFinite(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  if (value === null || typeof value !== 'object') return false;
  return Object.values(value).some(holdsNonFinite);
}

interface Problem {
  reason: SkipReason;
  detail: string;
}

/** A bonus container's value: an integer within its bounds. */
function bonusProblem(path: string, value: unknown, [min, max]: Bounds): Problem | null {
  if (typeof value !== 'number') return { reason: 'wrong-type', detail: '' };
  if (!Number.isFinite(value)) return { reason: 'not-finite', detail: '' };
  if (!Number.isInteger(value)) return { reason: 'not-integer', detail: '' };
  if (value >= min && value <= max) return null;
  const error = validationError('GNG.Validation.Range', { field: path, value, min, max }, path);
  return { reason: 'out-of-bounds', detail: error.message };
}

/** Why the schema field refuses `value`, or null. */
function fieldProblem(field: DataField, value: unknown): Problem | null {
  if (holdsNonFinite(value)) return { reason: 'not-finite', detail: '' };
  if (field.validate(value) === undefined) return null;
  const { NumberField, StringField } = foundry.data.fields;
  if (field instanceof NumberField && typeof value === 'number' && !Number.isInteger(value))
    return { reason: 'not-integer', detail: '' };
  if (field instanceof StringField && typeof value === 'string' && value !== '')
    return { reason: 'unknown-choice', detail: '' };
  return { reason: 'wrong-type', detail: '' };
}

/** The model's checks that are about a value's form, not its size (every other one is a bound). */
const FORM_CHECKS = new Set([
  'GNG.Validation.Dice',
  'GNG.Validation.DamageReduction',
  'GNG.Validation.ItemProperty',
]);

/** Why the model's joint validation refuses the data as it is now, or null. */
function jointProblem(model: GuardedModel, system: object): Problem | null {
  try {
    model.validateJoint(system as Record<string, unknown>);
    return null;
  } catch (error) {
    if (!(error instanceof GnGValidationError)) return { reason: 'wrong-type', detail: '' };
    return { reason: FORM_CHECKS.has(error.key) ? 'invalid' : 'out-of-bounds', detail: error.message };
  }
}

function problemOf(
  target: Target,
  path: string,
  value: unknown,
  model: GuardedModel,
  system: object,
): Problem | null {
  if (target.kind === 'bonus') return bonusProblem(path, value, target.bounds);
  const own = fieldProblem(target.field, value);
  if (own) return own;
  // Replacing a whole object (`system.hp`) must not lose the bonus containers inside it.
  for (const [bonus, bounds] of target.below) {
    const inner = bonusProblem(bonus, foundry.utils.getProperty(system, bonus), bounds);
    if (inner) return { reason: 'wrong-type', detail: '' };
  }
  return jointProblem(model, system);
}

function record(doc: FoundryDocument, effect: ActiveEffect, change: ActiveEffectChange, problem: Problem) {
  let list = skipped.get(doc);
  if (!list) skipped.set(doc, (list = []));
  const carrier = effect.parent;
  list.push({
    effectId: effect.id,
    effectName: effect.name,
    source: carrier && carrier !== doc ? carrier.name : null,
    key: change.key,
    mode: change.mode,
    value: String(change.value),
    reason: problem.reason,
    detail: problem.detail,
  });
}

/**
 * Applies one change of `effect` to `system` (the data of `doc`) through `apply` (Foundry's own application, or the
 * item's), then checks the changed field: a value the data model refuses is put back as it was before
 * this change and the change is recorded (see {@link skippedEffectChanges}). Keys outside `system.`
 * are not the data model's: they apply unchecked. Returns what `apply` returned, or undefined when
 * the change was skipped.
 */
export function applyGuardedChange<T>(
  doc: FoundryDocument,
  system: object,
  effect: ActiveEffect,
  change: ActiveEffectChange,
  apply: () => T,
): T | undefined {
  const key = String(change.key ?? '');
  if (!key.startsWith('system.')) return apply();
  const model = system.constructor as unknown as GuardedModel;
  const path = key.slice('system.'.length);
  const target = indexOf(model).get(path);
  // The combat models' stored health (`model.*`: the Saga-style condition step) is the GM's to move;
  // the Time Count model's attributes are the character's build (issue #32, A6), as the abilities.
  if (!target || (path.startsWith('model.') && !path.startsWith('model.tc.attributes.'))) {
    record(doc, effect, change, { reason: target ? 'gm-only' : 'unknown-field', detail: '' });
    return undefined;
  }
  const before = foundry.utils.getProperty(system, path);
  let result: T;
  try {
    result = apply();
  } catch {
    foundry.utils.setProperty(system, path, before);
    record(doc, effect, change, { reason: 'failed', detail: '' });
    return undefined;
  }
  const after = foundry.utils.getProperty(system, path);
  if (after === before && (after === null || typeof after !== 'object')) return result;
  const problem = problemOf(target, path, after, model, system);
  if (!problem) return result;
  foundry.utils.setProperty(system, path, before);
  record(doc, effect, change, problem);
  return undefined;
}

/** The reason of a skipped change in words (the data model's own message when one of its checks refused it). */
export function skippedChangeReason(skip: SkippedEffectChange): string {
  return skip.detail || game.i18n.localize(`GNG.EffectGuard.Reason.${skip.reason}`);
}
