/** The cast card's `system` (subtype `cast`; its state, cast-state.ts `CastCardState`). */
import { CardData } from '../kernel/card-data.js';
import { arr, bool, id, obj, str } from '../kernel/card-fields.js';
import { n, record, s } from '../kernel/undo-fields.js';

export class CastData extends CardData {
  static override defineSchema(): DataSchema {
    return {
      casterUuid: id(),
      caster: str(),
      spell: str(),
      kind: str(),
      by: id(),
      // What Undo gives back (rules CastSpend): a slot of a level, power points, or nothing (untracked).
      spent: record({ kind: s(), level: n(), points: n(), left: n(), max: n() }),
      line: obj(),
      effects: arr(str()),
      applied: bool(),
      undoNotes: arr(obj()),
    };
  }
}
