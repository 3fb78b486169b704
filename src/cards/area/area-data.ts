/** The area damage card's `system` (subtype `area`; its state, area-state.ts `AreaCardState`). */
import { CardData } from '../kernel/card-data.js';
import { arr, bool, int, obj } from '../kernel/card-fields.js';

export class AreaData extends CardData {
  static override defineSchema(): DataSchema {
    return {
      version: int({ initial: 1 }),
      damage: obj(),
      save: obj(),
      metamagic: obj(),
      source: obj(),
      cover: bool({ nullable: true }),
      // Each target (its save, Dive, Apply's record and its own Undo notes).
      targets: arr(obj({ nullable: false })),
    };
  }
}
