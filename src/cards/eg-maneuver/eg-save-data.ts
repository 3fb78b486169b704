/** The EG save message's `system` (subtype `egSave`; its record, eg-save.ts `EgSaveRecord`). */
import { CardData } from '../kernel/card-data.js';
import { bool, id, int, str } from '../kernel/card-fields.js';
import { record, tokenChange } from '../kernel/undo-fields.js';

export class EgSaveData extends CardData {
  static override defineSchema(): DataSchema {
    const n = { nullable: true };
    return {
      actorUuid: id(),
      name: str(),
      save: str(),
      natural: int(),
      bonus: int(),
      granted: int(),
      insight: int(),
      total: int(),
      success: bool(),
      automatic: str(n),
      grantedBy: id(),
      granterName: str(n),
      // The insight tokens spent (the token store's record).
      tokens: record(tokenChange().fields),
    };
  }
}
