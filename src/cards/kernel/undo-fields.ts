/**
 * Typed fields of a card's Undo record (issue #34): what one step changed, kept as deltas — a value's
 * before and after, the HP loss (combat/hp-loss.ts `AppliedLoss`, `HitPointRecord`), the statuses
 * added or removed, the effects created, the action budget before and its turn's epoch, the user —
 * so Undo takes back exactly that step. A card's data model builds its record with {@link record}.
 *
 * Every key a record may hold is listed (Foundry drops the keys a schema lacks), and none is added:
 * a part is optional (not required, nullable, no initial value), so a record stored before a part
 * existed is read as it was written. Only values no Undo takes apart (a save's roll, an engine's
 * outcome) stay free objects ({@link opaque}).
 */
import type { ActionBudget } from '../../rules/index.js';

const F = () => foundry.data.fields;

/** Optional: a record may lack it, or hold null. */
const ABSENT = { required: false, nullable: true, initial: undefined };

let Rec: SchemaFieldConstructor | undefined;
/** A nested record whose initial value is its `initial` option (absent or null), never an empty record. */
const nested = (fields: DataSchema, initial: null | undefined) => {
  Rec ??= class extends F().SchemaField {
    override getInitialValue() {
      return this.options.initial;
    }
  };
  return new Rec(fields, { ...ABSENT, initial });
};

/** A card's Undo record (null once undone, and before its step): `fields` built with this module. */
export const record = (fields: DataSchema) => nested(fields, null);
/** A part of a record (absent on older records). */
export const part = (fields: DataSchema) => nested(fields, undefined);
/** An optional free object: a part of a card beside its Undo records (a roll, a Defense). */
export const free = () => new (F().ObjectField)(ABSENT);
/** A number, a string, a boolean. */
export const n = () => new (F().NumberField)(ABSENT);
export const s = () => new (F().StringField)({ ...ABSENT, trim: false });
export const b = () => new (F().BooleanField)(ABSENT);
/** A list of `field`'s values. */
export const list = (field: DataField) => new (F().ArrayField)(field, ABSENT);
/** A record of any keys (ids, statuses), each `field`'s value. */
export const map = (field: DataField) => new (F().TypedObjectField)(field, ABSENT);
/** The free objects of the records: each a value its Undo keeps whole (the record's test knows them). */
export const OPAQUE = new WeakSet<DataField>();
/** A value Undo keeps whole and never takes apart (a roll, an effect's source, a store's own record). */
export const opaque = () => {
  const field = new (F().ObjectField)(ABSENT);
  OPAQUE.add(field);
  return field;
};

/** A value before and after the step. */
export const pair = () => part({ before: n(), after: n() });
/** Status ids (the statuses a step added, or took off). */
export const statuses = () => list(s());
/** The status effects a step created, by status (Undo deletes exactly these). */
export const effectIds = () => map(s());
/** A step's hold on the statuses it set (combat/status-holds.ts `StatusHold`). */
export const statusHold = () => part({ hold: s(), statusesAdded: statuses(), effectIds: effectIds() });
/**
 * Hit points at one moment (hp-loss.ts `HitPointSnapshot`: HP, temporary, nonlethal, the statuses a
 * loss took off with their holds) and the model's own health fields, whose keys vary by model (the
 * Time Count's fatigue and ToP lost…): kept whole, as Undo puts it back.
 */
export const snapshot = () => opaque();
/** An HP loss as the area and burst cards keep it (hp-loss.ts `AppliedLoss`), its fields and `by` (the user). */
export const appliedLoss = (): DataSchema => ({
  by: s(),
  hp: pair(),
  temp: pair(),
  nonlethalTotal: pair(),
  statusesAdded: statuses(),
  effectIds: effectIds(),
  hold: s(),
  snapshot: snapshot(),
  trauma: b(),
  traumaBefore: b(),
});
/** An HP loss's record for `restoreHitPointLoss` (hp-loss.ts `HitPointRecord`). */
export const hpRecord = () =>
  part({
    snapshot: snapshot(),
    after: snapshot(),
    statusesAdded: statuses(),
    effectIds: effectIds(),
    hold: s(),
    traumaBefore: b(),
  });
/**
 * One target of a card with a target list (area, burst, maneuvers): who it is (`id`, `name`, its
 * actor and token), the card's own `fields` for it (its rolls, Apply's record) and its Undo notes.
 */
export const cardTarget = (fields: DataSchema): DataSchema => ({
  id: s(),
  name: s(),
  actorUuid: s(),
  tokenId: s(),
  ...fields,
  undoNotes: list(free()),
});
/** An action budget (rules `ActionBudget`). */
export const budget = () => part({ move: b(), attack: b(), freeUsed: map(n()), quickStandUsed: b() });
/** What an abort or action paid: the budget before it and its turn's epoch (Undo refunds while it holds). */
export const budgetSpent = (): DataSchema => ({ budgetBefore: budget(), epoch: n() });
/**
 * A target's Dive for Cover (area and burst cards): its roll, what it paid and its Undo record
 * (`undo`); `more` are the card's own fields after the margin (the area's `converted`).
 */
export const diveForCover = (more: DataSchema = {}) =>
  part({
    natural: n(),
    bonus: n(),
    cover: b(),
    jumpTotal: n(),
    margin: n(),
    ...more,
    paidWith: s(),
    undo: part(budgetSpent()),
  });
/** Statuses set (with the effect made) and removed, with their holds (combat/status-changes.ts `StatusChanges`). */
export const statusChanges = (): DataSchema => ({
  added: map(s()),
  removed: statuses(),
  hold: s(),
  taken: map(opaque()),
});
/** The turn's action a step spent (combat/action-budget.ts `TurnActionSpent`). */
export const turnSpent = () =>
  part({
    combatantId: s(),
    round: n(),
    turn: n(),
    before: part({ round: n(), move: b(), attack: b(), partial: b() }),
  });
/** The Enlightened Grognard turn's action a step spent (combat/eg-turns.ts `EgSpent`). */
export const egSpent = () => part({ action: s(), paidWith: list(s()), attack: b(), round: n() });
/** A change of the EG token store (combat/eg-token-store.ts `TokenChangeRecord`): signed counts. */
export const tokenChange = () =>
  part({
    combatId: s(),
    actorUuid: s(),
    actorId: s(),
    communal: b(),
    encounter: map(n()),
    persistent: map(n()),
    reason: s(),
  });
/** The Time Count schedule's record of one combatant's next count (combat/tc-schedule.ts `TcActRecord`). */
export const tcAct = () =>
  part({
    kind: s(),
    combatId: s(),
    combatantId: s(),
    count: n(),
    before: n(),
    after: n(),
    unsteadyBefore: b(),
    unsteadyAfter: b(),
    sf: n(),
    reason: s(),
  });
/** Rounds of ammunition a step spent from a weapon (combat/ammunition.ts `RoundsSpent`). */
export const roundsSpent = () => part({ itemUuid: s(), name: s(), rounds: n() });

/** An abort's Undo record (a Block, a Dive for Cover): the budget before it and its turn's epoch. */
export interface AbortUndo {
  /** The defender's budget before the abort (null out of combat). */
  budgetBefore: ActionBudget | null;
  /** The defender's turn epoch when it paid (Undo gives back exactly what it paid while it holds). */
  epoch?: number | null;
}

/**
 * A part of an older card that kept its Undo data on itself (`keys`: an abort's `budgetBefore`,
 * `epoch`…): those keys moved into its `undo`, in place. A part with an `undo`, or none of the keys,
 * is left as it is. For a model's `migrateData` and a legacy reader.
 */
export function moveIntoUndo(part: unknown, keys: readonly string[]): void {
  if (!part || typeof part !== 'object' || 'undo' in part) return;
  const record = part as Record<string, unknown>;
  const undo = Object.fromEntries(keys.filter((key) => key in record).map((key) => [key, record[key]]));
  if (!Object.keys(undo).length) return;
  for (const key of keys) delete record[key];
  record.undo = undo;
}

/** Each target's dive of an older area or burst card, its Undo data moved into its `undo`. */
export function migrateDives(targets: unknown): void {
  if (Array.isArray(targets))
    for (const target of targets as { dive?: unknown }[])
      moveIntoUndo(target?.dive, ['budgetBefore', 'epoch']);
}
