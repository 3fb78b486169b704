/** The grapple card's `system` (subtype `grapple`; grapple-rules.ts `GrappleCardState`). */
import { CardData } from '../kernel/card-data.js';
import { arr, bool, id, int, obj, rec, str } from '../kernel/card-fields.js';

export class GrappleData extends CardData {
  static override defineSchema(): DataSchema {
    return {
      version: int(),
      source: str(),
      attacker: rec({ actorUuid: id(), name: str(), weaponId: id() }),
      defender: rec({ actorUuid: id(), name: str(), tokenId: id(), weaponId: id() }),
      provokes: bool(),
      aoo: obj(),
      aooDeclinedBy: id(),
      phase: str(),
      pending: obj(),
      // Each resolved step with what it changed: Undo's record (grapple-undo.ts).
      steps: arr(obj({ nullable: false })),
      join: bool(),
      throwChoice: obj(),
      bonus: obj(),
      kept: arr(obj({ nullable: false })),
      // What the last Undo could not take back.
      undoNotes: obj(),
      // Its two actors as the card draws them, GM-written (grapple-view.ts).
      view: obj(),
    };
  }
}
