/** The heal card's `system` (subtype `heal`; its state, heal-state.ts `HealCardState`). */
import { CardData } from '../kernel/card-data.js';
import { bool, id, int, rec, str } from '../kernel/card-fields.js';
import { n as nr, opaque, part, record, s } from '../kernel/undo-fields.js';

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
      // What Undo takes back (heal-state.ts `HealApplied`): the tending mark, the removed part's effect source.
      applied: record({ tended: part({ id: s(), healer: s(), total: nr() }), removed: opaque() }),
      undone: bool(),
    };
  }
}
