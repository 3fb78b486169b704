/** The rest card's `system` (subtype `rest`; its state, rest-state.ts `RestCardState`). */
import { CardData } from '../kernel/card-data.js';
import { arr, bool, id, int, obj, rec, str } from '../kernel/card-fields.js';
import { list, map, n, opaque, part, record, s } from '../kernel/undo-fields.js';

export class RestData extends CardData {
  static override defineSchema(): DataSchema {
    const week = () => part({ days: n(), bedRestDays: n() });
    return {
      actorUuid: id(),
      name: str(),
      request: rec({ kind: str(), interrupted: bool(), dayWithLoss: bool(), healer: bool(), clock: bool() }),
      // The engine's RestOutcome (HP, abilities, parts, every d%): deep, read as the engine wrote it.
      outcome: obj(),
      // Each disabled part's label by its effect id.
      parts: obj(),
      // What Undo takes back (rest-apply.ts RestApplied), the clock's step, the pools, the TC nights.
      applied: record({
        hpRegained: n(),
        nonlethalRecovered: n(),
        abilities: list(part({ ability: s(), recovered: n() })),
        weekBefore: week(),
        weekAfter: week(),
        // The sources of the effects removed (the recovered parts), recreated whole by Undo.
        removed: list(opaque()),
        tended: part({ id: s(), healer: s(), total: n() }),
        pools: part({ slots: list(n()), powerPoints: n() }),
        tc: part({ invigoration: n(), impairments: map(n()) }),
      }),
      clock: obj(),
      tended: rec({ healer: str(), total: int() }, { nullable: true }),
      pools: obj(),
      tc: obj(),
      undone: bool(),
      undoNotes: arr(obj()),
    };
  }
}
