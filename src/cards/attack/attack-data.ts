/**
 * The attack card's `system` (subtype `attack`; its state, attack-state.ts `AttackCardState`). The
 * card's own fields are typed; the deep parts the steps write whole (a Defense, a damage, an Apply
 * with its Undo record, the aborts, a called shot, the models' parts) are objects. A part a card
 * does not use is absent (`part()`: not required, no initial value), as in the state's type.
 */
import { CardData } from '../kernel/card-data.js';
import { arr, bool, id, int, num, obj, rec, str } from '../kernel/card-fields.js';

/** An optional part of the state (absent when the card does not use it). */
const part = () =>
  new foundry.data.fields.ObjectField({ required: false, nullable: true, initial: undefined });
/** An optional string (absent when unused). */
const optStr = () =>
  new foundry.data.fields.StringField({ required: false, nullable: true, blank: true, initial: undefined });
/** An optional list of lang-key notes (`{ key, data }`) or, on older cards, localized strings. */
const optList = () =>
  new foundry.data.fields.ArrayField(new foundry.data.fields.ObjectField({ nullable: true }), {
    required: false,
    initial: undefined,
  });

export class AttackData extends CardData {
  static override defineSchema(): DataSchema {
    return {
      version: int({ initial: 1 }),
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
          // What the last Undo could not take back.
          undoNotes: optList(),
          undoneAborts: new foundry.data.fields.ArrayField(str(), { required: false, initial: undefined }),
          aborts: part(),
          calledShot: part(),
          strike: part(),
          concealment: part(),
          sunder: part(),
          eg: part(),
          saga: part(),
          tc: part(),
        }),
      ),
      sceneId: optStr(),
      fire: part(),
      scattershot: part(),
      model: optStr(),
      sagaTurn: part(),
      offHand: part(),
      fightingDefensivelyEffect: optStr(),
      eg: part(),
      tc: part(),
    };
  }
}
