/**
 * The attack card's `system` (subtype `attack`; its state, attack-state.ts `AttackCardState`). The
 * card's own fields are typed; the deep parts the steps write whole (a Defense, a damage, an Apply
 * with its Undo record, the aborts, a called shot, the models' parts) are objects. A part a card
 * does not use is absent (not required, no initial value), as in the state's type.
 */
import { CardData } from '../kernel/card-data.js';
import { arr, bool, id, num, obj, rec, str } from '../kernel/card-fields.js';
import { OPTIONAL, OPTIONAL_TARGET } from './attack-read.js';

const F = () => foundry.data.fields;
const absent = { required: false, nullable: true, initial: undefined };
/** Optional parts: the card's strings (`model`, `fightingDefensivelyEffect`) and lists; else objects. */
const parts = (keys: string[]) =>
  Object.fromEntries(
    keys.map((key) => [
      key,
      /^(model|fighting)/.test(key) ? new (F().StringField)(absent) : new (F().ObjectField)(absent),
    ]),
  );
const list = (field: DataField) => new (F().ArrayField)(field, absent);

export class AttackData extends CardData {
  static override defineSchema(): DataSchema {
    return {
      version: num({ initial: 1 }),
      attacker: rec({ actorUuid: id(), name: str() }),
      weapon: rec({
        itemUuid: id(),
        itemId: id(),
        name: str(),
        mode: str(),
        grip: str(),
        touch: bool(),
        bypass: str(),
        damage: str(),
      }),
      // The attacker's choices (attack-options.ts: many optional, some nested).
      options: obj({ nullable: false }),
      attack: rec({
        formula: str(),
        natural: num(),
        critical: str({ nullable: true }),
        chainDice: arr(num()),
        chainAdjustment: num(),
        bonus: num(),
        parts: arr(obj()),
        total: num(),
        attackerConditions: arr(str()),
      }),
      targets: arr(
        rec({
          id: str(),
          kind: str(),
          name: str(),
          actorUuid: id(),
          tokenId: id(),
          object: obj(),
          coupDeGrace: obj(),
          defense: obj(),
          result: obj(),
          damage: obj(),
          // Apply's record: what Undo takes back (snapshot, statuses and effects set, hold).
          applied: obj(),
          // What the last Undo could not take back: lang keys and data (UndoNote).
          undoNotes: list(obj()),
          undoneAborts: list(str()),
          ...parts(OPTIONAL_TARGET),
        }),
      ),
      sceneId: new (F().StringField)(absent),
      ...parts(OPTIONAL),
    };
  }
}
