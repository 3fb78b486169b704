/**
 * The Time Count model's optional impairments (002:82: "Impairments (optional rule)") as a world
 * setting, `tcImpairments` (default off), registered by the model's loader with its glue (so nothing
 * of it is in the code a world loads at start). Read on the GM's client when damage is applied, and
 * by the odds (the dialog's and the card's) so they show what Apply will do: {@link tcApplyOptions}.
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import type { ApplyOptions } from '../../rules/models/types.js';
import type { WeaponData } from '../../data/item/item-data.js';

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

/**
 * The impairment type of a weapon (002:84–90): the first of its damage types that is bludgeoning,
 * piercing or slashing (a "slashing or piercing" weapon: slashing, as listed first); an unarmed strike
 * bludgeons (002:695 names no type; fists, feet, knees and elbows); null: none of the three.
 */
export function tcImpairmentType(weapon: Item | null | undefined): ApplyOptions['damageType'] | null {
  if (weapon?.type !== 'weapon') return null;
  const system = weapon.system as WeaponData;
  const type = system.damageTypes.find((t) => t === 'bludgeoning' || t === 'piercing' || t === 'slashing');
  return (type as ApplyOptions['damageType']) ?? (system.use === 'unarmed' ? 'bludgeoning' : null);
}

/** The model's options of a hit with `weapon`: the world's impairments (an option) and the weapon's type. */
export function tcApplyOptions(weapon: Item | null | undefined): Partial<ApplyOptions> {
  const type = tcImpairmentType(weapon);
  return { impairments: tcImpairmentsOn(), ...(type ? { damageType: type } : {}) };
}
