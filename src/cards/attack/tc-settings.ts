/**
 * The Time Count model's optional impairments (002:82: "Impairments (optional rule)") as a world
 * setting, `tcImpairments` (default off), registered by the model's loader with its glue (so nothing
 * of it is in the code a world loads at start). Read on the GM's client when damage is applied.
 */
import { SYSTEM_ID } from '../../config/document-types.js';

export const TC_IMPAIRMENTS_SETTING = 'tcImpairments';

/** Registers `tcImpairments` (once). */
export function registerTcImpairmentsSetting(): void {
  try {
    game.settings.get(SYSTEM_ID, TC_IMPAIRMENTS_SETTING);
    return;
  } catch {
    // Not registered yet.
  }
  game.settings.register(SYSTEM_ID, TC_IMPAIRMENTS_SETTING, {
    name: 'GNG.Model.TC.Option.Impairments.name',
    hint: 'GNG.Model.TC.Option.Impairments.hint',
    scope: 'world',
    config: true,
    type: Boolean,
    default: false,
  });
}

/** Whether the world plays impairments (off when unset or not registered). */
export function tcImpairmentsOn(): boolean {
  try {
    return game.settings.get(SYSTEM_ID, TC_IMPAIRMENTS_SETTING) === true;
  } catch {
    return false;
  }
}
