/** The burst card's `system` (subtype `burst`; its state, burst-state.ts `BurstCardState`). */
import { CardData } from '../kernel/card-data.js';
import { arr, bool, int, obj, str } from '../kernel/card-fields.js';

export class BurstData extends CardData {
  static override defineSchema(): DataSchema {
    return {
      version: int({ initial: 1 }),
      kind: str(),
      attacker: obj(),
      weapon: obj(),
      area: obj(),
      template: obj(),
      shots: obj(),
      attack: obj(),
      spent: obj(),
      // Each target in the area (its Defense, Dive, Apply's record and its own Undo notes).
      targets: arr(obj({ nullable: false })),
      undone: bool(),
      // What the burst's Undo could not take back: lang keys and data (UndoNote).
      undoNotes: arr(obj({ nullable: false })),
    };
  }
}
