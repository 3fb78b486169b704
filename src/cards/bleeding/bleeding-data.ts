/** The bleeding card's `system` (subtype `bleeding`; its state, bleeding-state.ts `BleedingCardState`). */
import { CardData } from '../kernel/card-data.js';
import { bool, id, int, rec, str } from '../kernel/card-fields.js';
import { effectIds, map, opaque, record, s, statuses } from '../kernel/undo-fields.js';

export class BleedingData extends CardData {
  static override defineSchema(): DataSchema {
    const after = rec({ status: str(), stage: str(), dc: int() });
    return {
      actorUuid: id(),
      effectId: id(),
      name: str(),
      round: int(),
      dc: int(),
      stage: str(),
      result: rec({ natural: int(), bonus: int(), total: int(), success: bool(), after }, { nullable: true }),
      // What Undo restores (bleeding-state.ts `BleedingUndo`): the effect's state and source before the
      // save, the statuses it set and removed.
      undo: record({
        before: opaque(),
        effect: opaque(),
        added: statuses(),
        removed: statuses(),
        hold: s(),
        effectIds: effectIds(),
        taken: map(opaque()),
      }),
      undone: int(),
    };
  }
}
