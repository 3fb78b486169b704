/**
 * The dying card's `system` (subtype `dying`, dying-state.ts `DyingCardState`) and the stabilize
 * card's (subtype `stabilize`, `StabilizeCardState`).
 */
import { CardData } from '../kernel/card-data.js';
import { arr, bool, id, int, obj, str } from '../kernel/card-fields.js';
import { egSpent, n, part, record, s, statusChanges, turnSpent } from '../kernel/undo-fields.js';

// What the Undo could not take back: lang keys and data (UndoNote).
const notes = () => arr(obj({ nullable: false }));

export class DyingData extends CardData {
  static override defineSchema(): DataSchema {
    return {
      actorUuid: id(),
      name: str(),
      round: int({ nullable: true }),
      hpBefore: int(),
      outcome: obj(),
      // What Undo takes back (dying-state.ts `DyingRoundApplied`: HP lost, statuses, the round's mark).
      applied: record({
        ...statusChanges(),
        hpLost: n(),
        mark: part({ combatId: s(), combatantId: s(), round: n(), previous: n() }),
      }),
      undone: bool(),
      undoNotes: notes(),
    };
  }
}

export class StabilizeData extends CardData {
  static override defineSchema(): DataSchema {
    return {
      patientUuid: id(),
      patientName: str(),
      healerUuid: id(),
      healerName: str(),
      natural: int(),
      bonus: int(),
      total: int(),
      dc: int(),
      stable: bool(),
      inCombat: bool(),
      // What Undo takes back: the statuses, the healer's action spent (its turn's, or the EG turn's).
      applied: record({ ...statusChanges(), spent: turnSpent(), egSpent: egSpent() }),
      undone: bool(),
      undoNotes: notes(),
      model: str({ nullable: true }),
    };
  }
}
