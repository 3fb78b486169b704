/** The maneuver card's `system` (subtype `maneuver`; maneuver-state.ts `ManeuverCardState`). */
import { CardData } from '../kernel/card-data.js';
import { arr, bool, id, int, obj, rec, str } from '../kernel/card-fields.js';
import { effectIds, n, record, s, statuses } from '../kernel/undo-fields.js';

export class ManeuverData extends CardData {
  static override defineSchema(): DataSchema {
    return {
      version: int(),
      maneuver: str(),
      attacker: rec({ actorUuid: id(), name: str(), size: str() }),
      options: rec({ charging: bool() }),
      check: rec({
        formula: str(),
        natural: int(),
        bonus: int(),
        parts: arr(obj({ nullable: false })),
        total: int(),
      }),
      targets: arr(
        rec({
          id: str(),
          name: str(),
          actorUuid: id(),
          tokenId: id(),
          size: str(),
          // The defender's Maintain Footing (its Balance, the budget before the abort), or null.
          footing: obj(),
          footingDeclinedBy: id(),
          // What Apply did (its statuses, hold, feet): Undo's record, null once undone.
          applied: record({
            by: s(),
            effectIds: effectIds(),
            statusesAdded: statuses(),
            hold: s(),
            feet: n(),
          }),
          // What the last Undo could not take back (Undo notes: keys and data, status-holds.ts).
          undoNotes: arr(obj({ nullable: false })),
        }),
      ),
    };
  }
}
