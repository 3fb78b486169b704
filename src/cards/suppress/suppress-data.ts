/** The suppressing fire card's `system` (subtype `suppress`; its state, suppress-state.ts `SuppressCardState`). */
import { CardData } from '../kernel/card-data.js';
import { arr, bool, id, int, obj, rec, str } from '../kernel/card-fields.js';
import {
  b,
  free,
  hpRecord,
  list,
  n,
  pair,
  part,
  record,
  roundsSpent,
  s,
  turnSpent,
} from '../kernel/undo-fields.js';

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
      // What the card's Undo gives back: the wasted rounds, the shooter's full-round action.
      spent: roundsSpent(),
      turn: turnSpent(),
      round: int({ nullable: true }),
      active: bool(),
      template: obj(),
      sceneId: id(),
      endedBy: str({ nullable: true }),
      // Who is in the area, and each free shot's trigger (suppress-state.ts `SuppressTrigger`: its save,
      // the suppressed effect it made, its shot with the rounds, the dive's payment and Apply's record).
      occupants: arr(o()),
      triggers: arr(
        rec({
          id: s(),
          tokenId: s(),
          actorUuid: s(),
          name: s(),
          cause: s(),
          save: free(),
          choice: s(),
          shot: part({
            natural: n(),
            chainDice: list(n()),
            chainAdjustment: n(),
            bonus: n(),
            penalty: n(),
            range: n(),
            total: n(),
            rounds: roundsSpent(),
            defense: free(),
            hit: b(),
            relativeDegree: n(),
            dive: part({ paidWith: s(), epoch: n() }),
            damage: free(),
            applied: record({ ...hpRecord().fields, hp: pair() }),
          }),
          suppressedEffectId: s(),
          undone: b(),
          undoNotes: list(free()),
        }),
      ),
      undone: bool(),
      // What the card's Undo could not take back: lang keys and data (UndoNote).
      undoNotes: arr(o()),
    };
  }
}
