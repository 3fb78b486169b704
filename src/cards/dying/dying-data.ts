/**
 * The dying card's `system` (subtype `dying`, dying-state.ts `DyingCardState`) and the stabilize
 * card's (subtype `stabilize`, `StabilizeCardState`).
 */
import { CardData } from '../kernel/card-data.js';
import { arr, bool, id, int, obj, str } from '../kernel/card-fields.js';

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
      // What Undo takes back (HP lost, statuses, the round's mark); null once undone.
      applied: obj(),
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
      applied: obj(),
      undone: bool(),
      undoNotes: notes(),
      model: str({ nullable: true }),
    };
  }
}
