/** The burst card's `system` (subtype `burst`; its state, burst-state.ts `BurstCardState`). */
import { DivingTargetsData } from '../kernel/diving-targets-data.js';
import { arr, bool, int, obj, rec, str } from '../kernel/card-fields.js';
import {
  appliedLoss,
  b,
  cardTarget,
  diveForCover,
  free,
  list,
  n,
  part,
  record,
  s,
} from '../kernel/undo-fields.js';

export class BurstData extends DivingTargetsData {
  static override defineSchema(): DataSchema {
    return {
      version: int({ initial: 1 }),
      kind: str(),
      attacker: obj(),
      weapon: obj(),
      area: obj(),
      template: obj(),
      shots: obj(),
      attack: obj(),
      spent: obj(),
      // Each target in the area (burst-state.ts `BurstTarget`): its Defense, Dive, Apply's record and
      // its own Undo notes.
      targets: arr(
        rec({
          ...cardTarget({
            distance: n(),
            rangePenalty: n(),
            attackTotal: n(),
            size: s(),
            defenseRolls: n(),
            defense: free(),
            dive: diveForCover(),
            // Apply's record (`BurstApplied`): the HP loss, its split, each hit's damage.
            applied: record({
              ...appliedLoss(),
              hits: list(
                part({
                  dice: list(n()),
                  rolled: n(),
                  after: n(),
                  afterProtection: n(),
                  damageReduction: n(),
                  energyResistance: n(),
                  cannotHarm: b(),
                }),
              ),
              lethal: n(),
              nonlethal: n(),
            }),
          }),
          diveUndone: b(),
        }),
      ),
      undone: bool(),
      // What the burst's Undo could not take back: lang keys and data (UndoNote).
      undoNotes: arr(obj({ nullable: false })),
    };
  }
}
