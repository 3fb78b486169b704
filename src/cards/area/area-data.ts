/** The area damage card's `system` (subtype `area`; its state, area-state.ts `AreaCardState`). */
import { DivingTargetsData } from '../kernel/diving-targets-data.js';
import { arr, bool, int, obj, rec } from '../kernel/card-fields.js';
import {
  appliedLoss,
  b,
  cardTarget,
  diveForCover,
  free,
  list,
  n,
  opaque,
  part,
  record,
  s,
} from '../kernel/undo-fields.js';

export class AreaData extends DivingTargetsData {
  static override defineSchema(): DataSchema {
    return {
      version: int({ initial: 1 }),
      damage: obj(),
      save: obj(),
      metamagic: obj(),
      source: obj(),
      cover: bool({ nullable: true }),
      // Each target (area-state.ts `AreaTarget`): its save, Dive, Apply's record and its own Undo notes.
      targets: arr(
        rec({
          ...cardTarget({
            save: free(),
            dive: diveForCover({ converted: n() }),
            // Apply's record (`AreaApplied`): the HP loss, its split, the wound trauma save it called for.
            applied: record({
              ...appliedLoss(),
              lethal: n(),
              nonlethal: n(),
              woundTrauma: part({ dc: n(), save: opaque() }),
            }),
          }),
          diveUndone: b(),
          // What the target takes off the damage, as the GM recorded it (area-state.ts `AreaReduction`).
          reduction: part({ protection: n(), energyResistance: n(), immune: list(s()) }),
        }),
      ),
    };
  }
}
