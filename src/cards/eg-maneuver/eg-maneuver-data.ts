/** The EG maneuver card's `system` (subtype `egManeuver`; eg-maneuver-state.ts `EgManeuverCardState`). */
import { CardData } from '../kernel/card-data.js';
import { arr, bool, int, obj, rec, str } from '../kernel/card-fields.js';
import {
  cardTarget,
  egSpent,
  free,
  list,
  record,
  s,
  statuses,
  statusHold,
  tokenChange,
} from '../kernel/undo-fields.js';

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
      // Each target (eg-maneuver-state.ts `EgManeuverTarget`): its checks, outcome, what its Apply
      // did (its Undo's record) and notes.
      targets: arr(
        rec(
          cardTarget({
            size: s(),
            defense: free(),
            checks: list(free()),
            outcome: free(),
            applied: record({
              by: s(),
              target: statusHold(),
              actor: statusHold(),
              removed: statuses(),
              tokens: list(tokenChange()),
            }),
          }),
        ),
      ),
      // The turn's action it spent (eg-turns.ts `EgSpent`), returned by the take-back.
      turn: egSpent(),
      withdrawn: obj(),
    };
  }
}
