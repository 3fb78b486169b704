/** The EG maneuver card's `system` (subtype `egManeuver`; eg-maneuver-state.ts `EgManeuverCardState`). */
import { CardData } from '../kernel/card-data.js';
import { arr, bool, int, obj, str } from '../kernel/card-fields.js';

export class EgManeuverData extends CardData {
  static override defineSchema(): DataSchema {
    const o = () => obj({ nullable: false });
    return {
      version: int({ initial: 1 }),
      model: str(),
      maneuver: str(),
      skill: str({ nullable: true }),
      from: str({ nullable: true }),
      charge: bool(),
      ally: obj(),
      attacker: o(),
      // The bonus, its parts (label keys) and the token store's record of the tokens spent.
      check: o(),
      // Each target's checks, outcome, what its Apply did (its Undo's record) and notes.
      targets: arr(o()),
      // The turn's action it spent (eg-turns.ts `EgSpent`), returned by the take-back.
      turn: obj(),
      withdrawn: obj(),
    };
  }
}
