/** The Flow with Enemy card's `system` (subtype `flowWithEnemy`; flow-with-enemy.ts `FlowCard`). */
import { CardData } from '../kernel/card-data.js';
import { bool, id, int, rec, str } from '../kernel/card-fields.js';

export class FlowWithEnemyData extends CardData {
  static override defineSchema(): DataSchema {
    const roll = () => rec({ natural: int(), bonus: int(), total: int() });
    return {
      holderUuid: id(),
      opponentUuid: id(),
      holderName: str(),
      opponentName: str(),
      holder: roll(),
      opponent: roll(),
      flows: bool(),
      rounds: int(),
    };
  }
}
