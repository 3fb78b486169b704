/**
 * Objects on the attack card (issue #18, "objects with hardness and HP, so Break Weapon and sundering
 * are resolved, not noted"): Break Weapon (Appendix 4: "Resolve damage by the normal means and apply
 * the damage to both your target and the item you selected to sunder") damages the chosen item at
 * Apply, on the GM's client, from the documents — the item's hardness and hit points (engine
 * `damageObject`: the hit's total before the wielder's Protection, ÷2 / ÷4 for electricity, fire and
 * cold, less hardness). An item at 0 HP is destroyed and unequipped. Undo gives the HP back (from the
 * values as they are now) and equips it again.
 */
import type { UndoNote } from '../kernel/index.js';
import {
  damageObject,
  ENERGY_TYPES,
  MANUFACTURED_OBJECTS,
  weaponPropertiesAgainst,
  WEAPON_ITEM_PROPERTIES,
  type EnergyType,
  type ObjectState,
  type Size,
  type WeaponItemProperty,
} from '../../rules/index.js';
import type { PhysicalItemData, WeaponData } from '../../data/item/item-data.js';

/** What Break Weapon did to the item (Undo takes it back). */
export interface CardObjectHit {
  itemId: string;
  name: string;
  damage: number;
  before: { value: number; max: number };
  after: { value: number; max: number };
  state: ObjectState;
  /** The destroyed item was unequipped (Undo equips it again). */
  unequipped: boolean;
}

const PHYSICAL = ['bludgeoning', 'piercing', 'slashing'];

/**
 * An item as an object: its own hardness and hit points, or — while its maximum is 0 (not set) — the
 * core table's manufactured object of its size (a weapon's size, a shield's, else Medium): "minimum
 * values" (decision in docs/rules.md).
 */
export function itemObject(item: Item): { hardness: number; hp: number; maxHp: number } {
  const sys = item.system as PhysicalItemData & { size?: Size; shieldSize?: string };
  if ((sys.hp?.max ?? 0) > 0) return { hardness: sys.hardness ?? 0, hp: sys.hp.value, maxHp: sys.hp.max };
  const size = (sys.size ??
    (sys.shieldSize === 'large' || sys.shieldSize === 'tower' ? 'medium' : 'small')) as Size;
  const row = MANUFACTURED_OBJECTS[size] ?? MANUFACTURED_OBJECTS.medium;
  return { hardness: Math.max(sys.hardness ?? 0, row.hardness), hp: row.hp, maxHp: row.hp };
}

/**
 * GM side, at Apply of a Break Weapon hit: the item the strike named takes the hit's total (before
 * the wielder's Protection) through its hardness. Null when the item is gone from the defender.
 */
export async function breakWeaponHit(
  defender: Actor,
  itemId: string,
  weapon: WeaponData | null,
  total: number,
): Promise<CardObjectHit | null> {
  const item = defender.items.get(itemId);
  if (!item) return null;
  const object = itemObject(item);
  const properties = (weapon?.properties ?? []).filter((p): p is WeaponItemProperty =>
    (WEAPON_ITEM_PROPERTIES as readonly string[]).includes(p),
  );
  // Brilliant Energy "cannot harm … objects"; Mace of Ruin "ignores the hardness".
  const effect = weaponPropertiesAgainst({
    properties,
    target: { traits: ['object'], protection: {}, hardness: object.hardness },
  });
  const types = weapon?.damageTypes ?? [];
  const energy = types.some((t) => PHYSICAL.includes(t))
    ? undefined
    : (ENERGY_TYPES.find((t) => types.includes(t)) as EnergyType | undefined);
  const result = effect.canHarm
    ? damageObject(
        { hp: object.hp, maxHp: object.maxHp },
        { total, hardness: effect.hardness, ...(energy ? { energy } : {}) },
      )
    : { damage: 0, hp: object.hp, state: object.hp > 0 ? ('intact' as const) : ('destroyed' as const) };
  const sys = item.system as PhysicalItemData;
  const before = { value: sys.hp?.value ?? 0, max: sys.hp?.max ?? 0 };
  const after = { value: result.hp, max: object.maxHp };
  const unequipped = result.state === 'destroyed' && sys.equipped === true;
  await item.update({
    'system.hp.value': after.value,
    'system.hp.max': after.max,
    ...(unequipped ? { 'system.equipped': false } : {}),
  });
  return { itemId, name: item.name, damage: result.damage, before, after, state: result.state, unequipped };
}

/**
 * Undo (GM side): the item gets back the HP it lost (as it is now), and is equipped again. Resolves
 * with a note (a lang key and its data) when that cannot be done any more: the item is gone (trust model 4).
 */
export async function undoObjectHit(
  defender: Actor,
  hit: CardObjectHit | null | undefined,
): Promise<UndoNote | null> {
  if (!hit) return null;
  const item = defender.items.get(hit.itemId);
  if (!item)
    return {
      key: 'GNG.Attack.Property.ObjectGone',
      data: { item: hit.name, name: defender.name, damage: hit.damage },
    };
  const sys = item.system as PhysicalItemData;
  const lost = (hit.before.max > 0 ? hit.before.value : hit.after.max) - hit.after.value;
  const max = sys.hp?.max || hit.after.max;
  const value = Math.min(max, (sys.hp?.value ?? 0) + lost);
  // An item whose HP were "not set" before the hit is "not set" again once whole.
  const unset = hit.before.max === 0 && value >= max && max === hit.after.max;
  await item.update({
    'system.hp.value': unset ? hit.before.value : value,
    'system.hp.max': unset ? 0 : max,
    ...(hit.unequipped ? { 'system.equipped': true } : {}),
  });
  return null;
}
