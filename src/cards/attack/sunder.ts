/**
 * Sundering (issue #18, "objects with hardness and HP, so Break Weapon and sundering are resolved"):
 * an attack at a weapon or shield a creature holds, on its own. Decision "Sundering a held object"
 * in docs/rules.md: the item is a moving object (GnG ATTACKING INANIMATE OBJECTS), so its holder's
 * owner rolls a standard Defense roll with the item's size modifier in place of the holder's, and
 * without a shield (core: "+ 5 + the opponent's Dexterity modifier + the opponent's class bonus").
 * The hit's total (with RD, before any Protection: the holder's armor does not cover its sword)
 * goes through the item's hardness to its hit points at Apply (object-damage.ts; destroyed and
 * unequipped at 0), Undo gives them back; the holder takes no damage. Striking a held object
 * provokes an attack of opportunity from its holder (the called-shot machinery,
 * `calledShot.provokes`), unless the attacker has Improved Sunder, which also gives +4.
 *
 * The request names only the item id; the GM checks it is an equipped weapon or shield of the one
 * targeted actor (`checkSunder`).
 */

import type { PhysicalItemData } from '../../data/item/item-data.js';
import { expandConditions, type DefenseInput, type Size } from '../../rules/index.js';
import { Refusal } from '../kernel/index.js';
import type { AttackOptions } from './attack-options.js';
import { blockWeapons, type AttackCardState, type CardTarget } from './attack-state.js';
import { heldItems } from './strikes.js';
import { itemObject } from './object-damage.js';

import { hasFeat } from '../../documents/actor-feats.js';
import { modelOffers } from '../../settings/combat-model.js';
import { t, f } from '../../format.js';

/** The feat that removes the attack of opportunity and adds +4 (packs/_source/feats/core-improved-sunder.json). */
export const IMPROVED_SUNDER = 'improved-sunder';
/** "Your sunder attempts provoke no attack of opportunity and get +4." */
export const IMPROVED_SUNDER_BONUS = 4;

/** The options a sunder cannot be combined with (each aims at the creature, not at its item). */
const NOT_WITH_SUNDER = ['calledShots', 'strike', 'coupDeGrace', 'object', 'nonlethal'] as const;

/** An item's size as an object: a weapon's own size; a large or tower shield Medium, others Small. */
export function sunderSize(item: Item): Size {
  const sys = item.system as { size?: Size; shieldSize?: string };
  if (item.type === 'weapon') return sys.size ?? 'medium';
  return sys.shieldSize === 'large' || sys.shieldSize === 'tower' ? 'medium' : 'small';
}

/** The lang key of why these options cannot sunder (null: they can). */
function combinedRefusal(options: AttackOptions): string | null {
  for (const key of NOT_WITH_SUNDER) {
    const value = options[key];
    if (value === undefined || value === false || (Array.isArray(value) && value.length === 0)) continue;
    return 'GNG.Sunder.Refusal.Combined';
  }
  if (options.fire && options.fire.mode !== 'single') return 'GNG.Sunder.Refusal.Combined';
  return null;
}

/**
 * The attack preview's part of a sunder: Improved Sunder's +4, and why it cannot be made (the
 * targeted actor does not hold the item; combined with an option aimed at the creature).
 */
export function sunderPreview(
  actor: Actor,
  options: AttackOptions,
  target: Actor | null | undefined,
): { lines: { label: string; value: number }[]; total: number; refusal: string | null } {
  if (!options.sunder) return { lines: [], total: 0, refusal: null };
  const improved = hasFeat(actor, IMPROVED_SUNDER);
  const lines = improved ? [{ label: 'GNG.Sunder.ImprovedBonus', value: IMPROVED_SUNDER_BONUS }] : [];
  const combined = combinedRefusal(options);
  const held = target ? heldItems(target).some((i) => i.id === options.sunder?.itemId) : false;
  const refusal = combined
    ? t(combined)
    : !target
      ? t('GNG.Sunder.Refusal.OneTarget')
      : !held
        ? f('GNG.Sunder.Refusal.NotHeld', { name: target.name })
        : null;
  return { lines, total: improved ? IMPROVED_SUNDER_BONUS : 0, refusal };
}

/**
 * GM side, before anything is rolled: a sunder needs exactly one target on the card (`cardTargets`:
 * a scattershot's aisle adds more), whose equipped weapon or shield the request names (an item of another actor, or one not held, is refused).
 */
export function checkSunder(
  options: AttackOptions,
  targets: readonly (Actor | null)[],
  cardTargets: number,
): void {
  if (!options.sunder) return;
  if (cardTargets !== 1 || targets.length !== 1 || !targets[0])
    throw new Refusal('GNG.Sunder.Refusal.OneTarget');
  const combined = combinedRefusal(options);
  if (combined) throw new Refusal(combined);
  const holder = targets[0];
  if (!heldItems(holder).some((i) => i.id === options.sunder?.itemId))
    throw new Refusal('GNG.Sunder.Refusal.NotHeld', { name: holder.name });
}

/**
 * GM side, when the card is made: the target's sunder (the item named), and the holder's attack of
 * opportunity — a melee blow at its held object provokes it, unless the attacker has Improved Sunder
 * or the holder cannot take it (helpless, no melee weapon). A ranged sunder provokes only as any
 * shot within reach does (scattershot.ts `provokeWhileThreatened`).
 */
export function sunderCardState(
  attacker: Actor,
  state: AttackCardState,
  target: CardTarget,
  defender: Actor | null,
): void {
  const itemId = state.options.sunder?.itemId;
  const item = itemId && defender ? defender.items.get(itemId) : undefined;
  if (!item || !defender) return;
  const object = itemObject(item);
  const sys = item.system as PhysicalItemData;
  const improved = hasFeat(attacker, IMPROVED_SUNDER);
  target.sunder = {
    itemId: item.id as string,
    name: item.name,
    size: sunderSize(item),
    hardness: object.hardness,
    hp: { value: (sys.hp?.max ?? 0) > 0 ? sys.hp.value : object.hp, max: object.maxHp },
    improved,
  };
  if (improved || state.weapon.mode !== 'melee') return;
  const conditions = expandConditions(defender.statuses);
  if (conditions.has('helpless') || conditions.has('unconscious') || !blockWeapons(defender).length) return;
  target.calledShot = {
    effects: [],
    immune: [],
    provokes: true,
    aooBy: null,
    penetration: null,
    condition: null,
  };
}

/** The Defense input of a sundered item's holder: the item's size in place of its own, no shield. */
export function sunderDefenseInput(target: CardTarget): Partial<DefenseInput> {
  return target.sunder ? { size: target.sunder.size, shield: 0, shieldEnhancement: 0 } : {};
}

/** The dialog's sunder choice: the single targeted actor's held weapons and shields (none: hidden). */
export function sunderView(
  targets: readonly Token[],
  chosen: AttackOptions | null,
  id: (name: string) => string,
) {
  const holder = targets.length === 1 ? targets[0]?.actor : null;
  const held = holder ? heldItems(holder) : [];
  return {
    // Not offered under a combat model without sunder (issue #26).
    show: held.length > 0 && modelOffers('sunder'),
    id: id('sunder'),
    choices: [
      { value: '', label: t('GNG.Sunder.None'), selected: !chosen?.sunder },
      ...held.map((i) => ({
        value: i.id,
        label: f('GNG.Sunder.Choice', { item: i.name }),
        selected: chosen?.sunder?.itemId === i.id,
      })),
    ],
  };
}
