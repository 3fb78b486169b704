/**
 * The Time Count's initiative from Foundry's buttons (issue #32; 002:237–248): under the model,
 * `GnGCombat#rollInitiative` (src/documents/combat.ts) defers here, and the roll is a request to the
 * active GM (`gng.tcInitiative`, src/cards/tc-act/tc-act-actions.ts), who rolls 1d6 + 4 − Wisdom (+1d6
 * when surprised) for the combatants the asking user owns and posts it on the schedule. Loaded on
 * the first roll under the model.
 */
import { askGM } from '../cards/kernel/index.js';

/** Asks the active GM to roll the Time Count initiative of `ids` (a refusal is shown as a warning). */
export async function rollTcInitiative(combat: Combat, ids: string[]): Promise<void> {
  await askGM('gng.tcInitiative', { combatId: combat.id, combatantIds: [...ids] });
}
