/** The area damage card's `system` (subtype `area`; its state, area-state.ts `AreaCardState`). */
import { CardData } from '../kernel/card-data.js';
import { arr, bool, int, obj, rec } from '../kernel/card-fields.js';
import {
  appliedLoss,
  b,
  cardTarget,
  diveForCover,
  free,
  migrateDives,
  n,
  opaque,
  part,
  record,
} from '../kernel/undo-fields.js';

export class AreaData extends CardData {
  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    migrateDives(source.targets);
    return super.migrateData(source);
  }

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
        }),
      ),
    };
  }
}
