/** The rest card's `system` (subtype `rest`; its state, rest-state.ts `RestCardState`). */
import { CardData } from '../kernel/card-data.js';
import { arr, bool, id, int, obj, rec, str } from '../kernel/card-fields.js';

export class RestData extends CardData {
  static override defineSchema(): DataSchema {
    return {
      actorUuid: id(),
      name: str(),
      request: rec({ kind: str(), interrupted: bool(), dayWithLoss: bool(), healer: bool(), clock: bool() }),
      // The engine's RestOutcome (HP, abilities, parts, every d%): deep, read as the engine wrote it.
      outcome: obj(),
      // Each disabled part's label by its effect id.
      parts: obj(),
      // What Undo takes back (rest-apply.ts RestApplied), the clock's step, the pools, the TC nights.
      applied: obj(),
      clock: obj(),
      tended: rec({ healer: str(), total: int() }, { nullable: true }),
      pools: obj(),
      tc: obj(),
      undone: bool(),
      undoNotes: arr(obj()),
    };
  }
}
