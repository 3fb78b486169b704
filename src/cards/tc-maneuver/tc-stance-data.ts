/** The Time Count stance card's `system` (subtype `tcStance`; tc-stance-state.ts `TcStanceCardState`). */
import { CardData } from '../kernel/card-data.js';
import { arr, bool, id, int, obj, str } from '../kernel/card-fields.js';
import { record, tcAct } from '../kernel/undo-fields.js';

export class TcStanceData extends CardData {
  static override defineSchema(): DataSchema {
    const n = () => int({ nullable: true });
    return {
      actorUuid: id(),
      name: str(),
      from: str(),
      to: str(),
      speedClass: str(),
      sf: n(),
      formula: str({ nullable: true }),
      next: n(),
      untilBefore: int(),
      // What Undo takes back: the schedule's record (tc-schedule.ts `TcActRecord`), or null once undone.
      applied: record({ record: tcAct() }),
      undone: bool(),
      undoNotes: arr(obj({ nullable: false })),
    };
  }
}
