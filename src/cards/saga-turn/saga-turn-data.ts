/** The Saga-style turn-start card's `system` (subtype `sagaTurn`; saga-turn-state.ts `SagaTurnCardState`). */
import { CardData } from '../kernel/card-data.js';
import { arr, bool, id, int, obj, str } from '../kernel/card-fields.js';
import { n, part, record, s, statusChanges } from '../kernel/undo-fields.js';

export class SagaTurnData extends CardData {
  static override defineSchema(): DataSchema {
    return {
      actorUuid: id(),
      name: str(),
      round: int(),
      hpBefore: int(),
      // The engine's turn start (regeneration, the dying round): its shape is rules/models/saga/turn-start.ts's.
      outcome: obj(),
      // What Undo takes back (saga-turn-state.ts `SagaTurnApplied`): the HP delta, the statuses, the
      // Combat's mark before and after.
      applied: record({
        ...statusChanges(),
        hpDelta: n(),
        combatId: s(),
        combatantId: s(),
        markBefore: part({ round: n(), suppressed: n() }),
        markAfter: part({ round: n(), suppressed: n() }),
      }),
      undone: bool(),
      undoNotes: arr(obj({ nullable: false })),
    };
  }
}
