/** The suppressing fire card's `system` (subtype `suppress`; its state, suppress-state.ts `SuppressCardState`). */
import { CardData } from '../kernel/card-data.js';
import { arr, bool, id, int, obj, str } from '../kernel/card-fields.js';

export class SuppressData extends CardData {
  static override defineSchema(): DataSchema {
    const o = () => obj({ nullable: false });
    return {
      version: int({ initial: 1 }),
      shooter: obj(),
      weapon: obj(),
      fullyAutomatic: bool(),
      area: obj(),
      rolled: arr(int()),
      shotsWasted: int(),
      reflexDc: int(),
      freeAttackPenalty: int(),
      shotsPerFreeAttack: int(),
      spent: obj(),
      turn: obj(),
      round: int({ nullable: true }),
      active: bool(),
      template: obj(),
      sceneId: id(),
      endedBy: str({ nullable: true }),
      // Who is in the area, and each free shot's trigger (its save, shot, Apply's record, Undo notes).
      occupants: arr(o()),
      triggers: arr(o()),
      undone: bool(),
      // What the card's Undo could not take back: lang keys and data (UndoNote).
      undoNotes: arr(o()),
    };
  }
}
