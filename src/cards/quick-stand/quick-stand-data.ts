/** The Quick Stand card's `system` (subtype `quickStand`; quick-stand-state.ts `QuickStandCard`). */
import { CardData } from '../kernel/card-data.js';
import { bool, id, int, str } from '../kernel/card-fields.js';

export class QuickStandData extends CardData {
  static override defineSchema(): DataSchema {
    return {
      actorUuid: id(),
      name: str(),
      natural: int(),
      bonus: int(),
      total: int(),
      dc: int(),
      stood: bool(),
    };
  }
}
