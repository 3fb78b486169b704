/** The heal card's `system` (subtype `heal`; its state, heal-state.ts `HealCardState`). */
import { CardData } from '../kernel/card-data.js';
import { bool, id, int, obj, rec, str } from '../kernel/card-fields.js';

export class HealData extends CardData {
  static override defineSchema(): DataSchema {
    const n = { nullable: true };
    return {
      kind: str(),
      patientUuid: id(),
      patientName: str(),
      healerName: str(n),
      part: rec({ effectId: str(), label: str() }, n),
      check: rec({ natural: int(), bonus: int(), total: int(), dc: int(), success: bool() }, n),
      extraordinary: rec({ formula: str(), amount: int(), d20: int(), success: bool() }, n),
      // What Undo takes back: the tending mark and the removed part's effect source.
      applied: obj(),
      undone: bool(),
    };
  }
}
