/** The grapple card's `system` (subtype `grapple`; grapple-rules.ts `GrappleCardState`). */
import { CardData } from '../kernel/card-data.js';
import { arr, bool, id, int, obj, rec, str } from '../kernel/card-fields.js';
import { b, hpRecord, list, n, opaque, part, s } from '../kernel/undo-fields.js';

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
      // Each resolved step (grapple-rules.ts `GrappleStep`) with what it changed: Undo's record
      // (grapple-undo.ts): the statuses added, held and removed, the timed effects, the weapon, the
      // HP record, the phase before. Its rolls are kept whole.
      steps: arr(
        rec({
          move: s(),
          side: s(),
          by: s(),
          startedBy: s(),
          actor: opaque(),
          opponent: opaque(),
          won: b(),
          relativeDegree: n(),
          reason: s(),
          damage: opaque(),
          save: opaque(),
          throwMaxFeet: n(),
          throwFeet: n(),
          throwKept: b(),
          added: list(part({ actorUuid: s(), status: s(), effectId: s(), hold: s() })),
          held: list(part({ actorUuid: s(), status: s(), hold: s() })),
          removed: list(part({ actorUuid: s(), status: s(), duration: opaque() })),
          timed: list(part({ actorUuid: s(), status: s(), rounds: n(), dice: list(n()), effectId: s() })),
          weaponRemoved: b(),
          others: list(part({ messageId: s(), name: s(), roll: opaque(), ended: b() })),
          mirrorOf: s(),
          hpBefore: part({ actorUuid: s(), ...hpRecord().fields }),
          woundTrauma: part({ dc: n(), save: opaque() }),
          phaseBefore: s(),
          ally: part({ actorUuid: s(), name: s() }),
        }),
      ),
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
