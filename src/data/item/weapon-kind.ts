/**
 * A weapon item's footnote-3 family (the engine's rangedWeaponKind) from its data: whether a prone
 * attacker can use it. Shared by data preparation and the attack dialog's preview.
 */
import { rangedWeaponKind, type RangedWeaponKind } from '../../rules/index.js';
import type { WeaponData } from './item-data.js';

/** The family of a ranged or thrown weapon named `name` with data `w`. */
export function weaponRangedKind(name: string, w: WeaponData): RangedWeaponKind {
  const firearm = w.firearm;
  return rangedWeaponKind({
    name,
    thrown: w.use === 'thrown',
    firearm: Boolean(firearm && (firearm.fireModes.length > 0 || firearm.capacity > 0)),
    longarm: firearm?.longarm === true,
    energy: w.energy,
  });
}
