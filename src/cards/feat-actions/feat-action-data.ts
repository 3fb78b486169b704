/** The feat action card's `system` (subtype `featAction`; feat-action-state.ts `FeatActionCardState`). */
import { CardData } from '../kernel/card-data.js';
import { arr, bool, id, int, num, obj, rec, str } from '../kernel/card-fields.js';
import { list, n as nr, part, record, s, turnSpent } from '../kernel/undo-fields.js';

export class FeatActionData extends CardData {
  static override defineSchema(): DataSchema {
    const n = { nullable: true };
    return {
      kind: str(),
      actorUuid: id(),
      actorName: str(),
      sudden: rec(
        {
          steps: int(),
          level: int(),
          combatId: id(),
          combatantId: id(),
          round: int(),
          from: num(),
          to: num(),
        },
        n,
      ),
      aid: rec(
        {
          choice: str(),
          natural: int(),
          skill: int(),
          total: int(),
          dc: int(),
          bonus: int(),
          rounds: int(),
          aided: arr(str()),
          skipped: arr(str()),
        },
        n,
      ),
      // What Undo takes back (feat-action-state.ts `FeatActionApplied`): the initiative, the effects
      // created, the full round spent (null once undone).
      applied: record({
        initiative: part({ combatId: s(), combatantId: s(), from: nr(), to: nr(), round: nr() }),
        effects: list(part({ actorUuid: s(), effectId: s() })),
        turn: turnSpent(),
      }),
      undone: bool(),
      // What Undo could not take back: lang keys and their data.
      notes: arr(rec({ key: str(), data: obj() })),
    };
  }
}
