/** The Enlightened Grognard action card's `system` (subtype `egAction`; eg-action-state.ts `EgActionCardState`). */
import { CardData } from '../kernel/card-data.js';
import { arr, bool, id, obj, str } from '../kernel/card-fields.js';
import { egSpent, list, n, part, record, statusChanges, tokenChange } from '../kernel/undo-fields.js';

export class EgActionData extends CardData {
  static override defineSchema(): DataSchema {
    return {
      actorUuid: id(),
      name: str(),
      action: str(),
      // Its lines: lang keys and their data (a data value may itself be a key).
      lines: arr(obj({ nullable: false })),
      // What Undo takes back: HP deltas, the statuses, the token store's changes, the turn's action.
      applied: record({
        hpDelta: n(),
        nonlethalDelta: n(),
        statuses: part(statusChanges()),
        records: list(tokenChange()),
        turn: egSpent(),
      }),
      undone: bool(),
      undoNotes: arr(obj({ nullable: false })),
    };
  }
}
