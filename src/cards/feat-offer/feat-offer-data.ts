/** The feat offer card's `system` (subtype `featOffer`; feat-offer-state.ts `FeatOfferState`). */
import { CardData } from '../kernel/card-data.js';
import { id, obj, rec, str } from '../kernel/card-fields.js';

export class FeatOfferData extends CardData {
  static override defineSchema(): DataSchema {
    const n = { nullable: true };
    return {
      kind: str(),
      holder: rec({
        id: str(),
        actorUuid: id(),
        name: str(),
        takenBy: id(),
        declinedBy: id(),
        maneuver: str(n),
        itemId: id(),
        // Epic Flow: the combat and round it was used in (null until then).
        usedIn: obj(),
      }),
      opponent: rec({ actorUuid: id(), name: str(), tokenId: id() }),
      source: id(),
      sourceTarget: str(),
    };
  }
}
