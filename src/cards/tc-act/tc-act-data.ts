/** The Time Count act card's `system` (subtype `tcAct`; tc-act-state.ts `TcActCardState`). */
import { CardData } from '../kernel/card-data.js';
import { arr, bool, id, obj, rec, str } from '../kernel/card-fields.js';
import { opaque } from '../kernel/undo-fields.js';

export class TcActData extends CardData {
  static override defineSchema(): DataSchema {
    const o = () => obj({ nullable: false });
    return {
      combatId: id(),
      actorUuids: arr(id({ nullable: false })),
      // Each line a key and its data (a value may be a key too: the action's name).
      lines: arr(rec({ key: str(), data: o() })),
      // What Undo reverts: the schedule's and the countdown's own records, each kept whole (their
      // kinds' shapes differ: a count's before/after is a number, a countdown's an object); null once undone.
      applied: arr(opaque(), { nullable: true }),
      undone: bool(),
      undoNotes: arr(o()),
    };
  }
}
