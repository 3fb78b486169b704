/**
 * The Time Count's world setting `tcSpeedFactors` (issue #32; R35, 002:257): who rolls the speed
 * factor (the Random SF column) and who takes the Static SF. Re-exported by tc-schedule.ts.
 */
import { SYSTEM_ID } from '../config/document-types.js';

/** The world setting: who rolls its SF (R35, 002:254: PCs roll, NPCs use the static SF, the GM may roll). */
export const TC_SPEED_FACTORS_SETTING = 'tcSpeedFactors';
export const TC_SPEED_FACTOR_MODES = ['pc-random', 'all-random', 'all-static'] as const;
export type TcSpeedFactorMode = (typeof TC_SPEED_FACTOR_MODES)[number];

/** Whether the setting is registered (reading one that is not throws). */
function speedFactorsRegistered(): boolean {
  try {
    game.settings.get(SYSTEM_ID, TC_SPEED_FACTORS_SETTING);
    return true;
  } catch {
    return false;
  }
}

/** Registers `tcSpeedFactors` (once; the TC loader's glue calls it). */
export function registerTcSpeedFactorsSetting(): void {
  if (speedFactorsRegistered()) return;
  game.settings.register(SYSTEM_ID, TC_SPEED_FACTORS_SETTING, {
    name: 'GNG.Model.TC.Setting.SpeedFactors.name',
    hint: 'GNG.Model.TC.Setting.SpeedFactors.hint',
    scope: 'world',
    config: true,
    type: String,
    default: 'pc-random',
    choices: Object.fromEntries(
      TC_SPEED_FACTOR_MODES.map((mode) => [mode, `GNG.Model.TC.Setting.SpeedFactors.choices.${mode}`]),
    ),
  });
}

/** The world's mode (`pc-random` when unset, unknown or not registered). */
export function tcSpeedFactorMode(): TcSpeedFactorMode {
  try {
    const value = game.settings.get(SYSTEM_ID, TC_SPEED_FACTORS_SETTING);
    return (TC_SPEED_FACTOR_MODES as readonly unknown[]).includes(value)
      ? (value as TcSpeedFactorMode)
      : 'pc-random';
  } catch {
    return 'pc-random';
  }
}

/**
 * Whether the actor rolls its SF (the Random SF column) rather than taking the Static SF (R35,
 * 002:254): a player character does, an NPC does not — unless the world says all roll or none do.
 */
export function rollsSpeedFactor(actor: Actor | null): boolean {
  const mode = tcSpeedFactorMode();
  if (mode === 'all-random') return true;
  if (mode === 'all-static') return false;
  return actor?.type === 'character';
}
