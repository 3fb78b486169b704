/** The attack-of-opportunity card's `system` (subtype `opportunity`; opportunity-state.ts `OpportunityCardState`). */
import { CardData } from '../kernel/card-data.js';
import { arr, id, rec, str } from '../kernel/card-fields.js';

export class OpportunityData extends CardData {
  static override defineSchema(): DataSchema {
    return {
      shooterUuid: id(),
      shooterTokenId: id(),
      sceneId: id(),
      shooterName: str(),
      source: id(),
      threateners: arr(rec({ id: id(), actorUuid: id(), name: str(), takenBy: id(), declinedBy: id() })),
    };
  }
}
