/** The cast card's `system` (subtype `cast`; its state, cast-state.ts `CastCardState`). */
import { CardData } from '../kernel/card-data.js';
import { arr, bool, id, obj, str } from '../kernel/card-fields.js';

export class CastData extends CardData {
  static override defineSchema(): DataSchema {
    return {
      casterUuid: id(),
      caster: str(),
      spell: str(),
      kind: str(),
      by: id(),
      // The engine's CastSpend: a slot, power points or untracked, each with its own numbers.
      spent: obj(),
      line: obj(),
      effects: arr(str()),
      applied: bool(),
      undoNotes: arr(obj()),
    };
  }
}
