/** The Enlightened Grognard turn-start card's `system` (subtype `egTurn`; eg-turn-state.ts `EgTurnCardState`). */
import { CardData } from '../kernel/card-data.js';
import { arr, bool, id, int, obj, rec, str } from '../kernel/card-fields.js';
import { n as nr, record, s, statusChanges } from '../kernel/undo-fields.js';

export class EgTurnData extends CardData {
  static override defineSchema(): DataSchema {
    const n = () => int({ nullable: true });
    return {
      actorUuid: id(),
      name: str(),
      round: int(),
      save: rec({
        natural: n(),
        bonus: int(),
        total: n(),
        saved: bool(),
        revived: bool(),
        hp: n(),
        conDamage: int(),
      }),
      conDamageBefore: int(),
      con: int(),
      dead: bool(),
      // What Undo takes back: HP and Con damage deltas, the statuses, the Combat's mark before and after.
      applied: record({
        ...statusChanges(),
        hpDelta: nr(),
        conDelta: nr(),
        combatId: s(),
        combatantId: s(),
        markBefore: nr(),
        markAfter: nr(),
      }),
      undone: bool(),
      // Keys and data (or a string from older glue).
      undoNotes: arr(obj({ nullable: false })),
    };
  }
}
