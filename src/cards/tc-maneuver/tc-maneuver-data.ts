/** The Time Count maneuver card's `system` (subtype `tcManeuver`; tc-maneuver-state.ts `TcManeuverCardState`). */
import { CardData } from '../kernel/card-data.js';
import { arr, bool, id, int, num, obj, rec, str } from '../kernel/card-fields.js';
import {
  cardTarget,
  free,
  hpRecord,
  list,
  n,
  opaque,
  part,
  record,
  s,
  statuses,
  statusHold,
} from '../kernel/undo-fields.js';

export class TcManeuverData extends CardData {
  static override defineSchema(): DataSchema {
    return {
      version: int({ initial: 1 }),
      model: str(),
      maneuver: str(),
      attacker: rec({ actorUuid: id(), name: str() }),
      check: rec({ bonus: int(), parts: arr(rec({ label: str(), value: num() })) }),
      fumble: bool(),
      weaponFumble: obj(),
      speed: obj(),
      fatigue: obj(),
      // The schedule's own records the take-back reverts, each kept whole (tc-schedule.ts).
      records: arr(opaque()),
      // Each target (tc-maneuver-state.ts `TcManeuverTarget`): its roll, steps, damage, and what its
      // Apply did (its Undo's record) and notes.
      targets: arr(
        rec(
          cardTarget({
            defenses: list(free()),
            natural: n(),
            total: n(),
            results: list(free()),
            damage: free(),
            applied: record({
              by: s(),
              target: statusHold(),
              removed: statuses(),
              prone: part({ stance: s(), stanceUntil: n() }),
              loss: hpRecord(),
            }),
          }),
        ),
      ),
      withdrawn: obj(),
    };
  }
}
