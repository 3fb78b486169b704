/** The Time Count heal card's `system` (subtype `tcHeal`; tc-heal-state.ts `TcHealCardState`). */
import { CardData } from '../kernel/card-data.js';
import { bool, id, int, rec, str } from '../kernel/card-fields.js';

export class TcHealData extends CardData {
  static override defineSchema(): DataSchema {
    const pair = (o = {}) => rec({ invigoration: int(), fatigue: int() }, o);
    return {
      actorUuid: id(),
      name: str(),
      asked: pair(),
      given: pair(),
      before: pair(),
      after: pair(),
      applied: pair({ nullable: true, initial: null }),
      undone: bool(),
    };
  }
}
