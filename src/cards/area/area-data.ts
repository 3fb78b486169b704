/** The area damage card's `system` (subtype `area`; its state, area-state.ts `AreaCardState`). */
import { CardData } from '../kernel/card-data.js';
import { arr, bool, int, obj, rec } from '../kernel/card-fields.js';
import {
  appliedLoss,
  b,
  budgetSpent,
  free,
  migrateDives,
  list,
  n,
  opaque,
  part,
  record,
  s,
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
          id: s(),
          name: s(),
          actorUuid: s(),
          tokenId: s(),
          save: free(),
          // Dive for Cover: its roll, what it paid and its Undo record (`undo`).
          dive: part({
            natural: n(),
            bonus: n(),
            cover: b(),
            jumpTotal: n(),
            margin: n(),
            converted: n(),
            paidWith: s(),
            undo: part(budgetSpent()),
          }),
          // Apply's record (`AreaApplied`): the HP loss, its split, the wound trauma save it called for.
          applied: record({
            ...appliedLoss(),
            lethal: n(),
            nonlethal: n(),
            woundTrauma: part({ dc: n(), save: opaque() }),
          }),
          undoNotes: list(free()),
          diveUndone: b(),
          // What the target takes off the damage, as the GM recorded it (area-state.ts `AreaReduction`).
          reduction: part({ protection: n(), energyResistance: n(), immune: list(s()) }),
        }),
      ),
    };
  }
}
