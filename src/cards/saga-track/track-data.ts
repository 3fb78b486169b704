/** A condition-track request card's `system` (subtype `sagaTrack`; track-state.ts `TrackRequestState`). */
import { CardData } from '../kernel/card-data.js';
import { id, int, str } from '../kernel/card-fields.js';

export class TrackData extends CardData {
  static override defineSchema(): DataSchema {
    const step = () => int({ nullable: true });
    return {
      actorUuid: id(),
      name: str(),
      userId: id(),
      asker: str(),
      move: str(),
      asked: int(),
      status: str(),
      from: step(),
      to: step(),
    };
  }
}
