/** The Time Count maneuver card's `system` (subtype `tcManeuver`; tc-maneuver-state.ts `TcManeuverCardState`). */
import { CardData } from '../kernel/card-data.js';
import { arr, bool, id, int, num, obj, rec, str } from '../kernel/card-fields.js';

export class TcManeuverData extends CardData {
  static override defineSchema(): DataSchema {
    const o = () => obj({ nullable: false });
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
      // The schedule's records the take-back reverts.
      records: arr(o()),
      // Each target's roll, steps, damage, and what its Apply did (its Undo's record) and notes.
      targets: arr(o()),
      withdrawn: obj(),
    };
  }
}
