/** The Enlightened Grognard action card's `system` (subtype `egAction`; eg-action-state.ts `EgActionCardState`). */
import { CardData } from '../kernel/card-data.js';
import { arr, bool, id, obj, str } from '../kernel/card-fields.js';

export class EgActionData extends CardData {
  static override defineSchema(): DataSchema {
    return {
      actorUuid: id(),
      name: str(),
      action: str(),
      // Its lines: lang keys and their data (a data value may itself be a key).
      lines: arr(obj({ nullable: false })),
      // What Undo takes back: HP deltas, the status record, the token store's records, the turn's action.
      applied: obj(),
      undone: bool(),
      undoNotes: arr(obj({ nullable: false })),
    };
  }
}
