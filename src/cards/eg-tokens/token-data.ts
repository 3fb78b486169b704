/** The Enlightened Grognard token card's `system` (subtype `egTokens`; token-state.ts `EgTokenCardState`). */
import { CardData } from '../kernel/card-data.js';
import { arr, id, int, rec, str } from '../kernel/card-fields.js';
import { tokenChange } from '../kernel/undo-fields.js';

export class EgTokenData extends CardData {
  static override defineSchema(): DataSchema {
    const n = { nullable: true };
    return {
      kind: str(),
      actorUuid: id(),
      name: str(),
      combatId: id(),
      gain: int(),
      recipientUuid: id(),
      recipientName: str(n),
      type: str(n),
      amount: int(),
      status: str(),
      choice: rec({ power: int(), speed: int(), insight: int() }, { ...n, initial: null }),
      // The token store's records of what the card did (src/combat/eg-token-store.ts), for Undo.
      records: arr(tokenChange()),
    };
  }
}
