/**
 * Breaking strikes and nerve strikes (GnG Appendix 4) and Stab and Grab's requirements, as glue
 * between the documents and the rules engine (`specialStrikeUnmet`, `strikeSaveDc`,
 * `resolveBreakStance`, `resolveBreakBalance`, `resolveBreakGrip`, `stabAndGrabUnmet`).
 *
 * The attack dialog offers the strikes whose feat the attacker has and refuses, with a localized
 * reason, what the text forbids. On the attack card, after Apply, the target's owners click the
 * strike's button: the GM rolls the target's save (or both sides of the opposed check) and puts the
 * effect on the target as Active Effects (statuses with the rolled duration; temporary ability damage
 * as a change of `system.abilities.<ability>.damage`); Break Grip unequips the dropped item. The
 * attack card's Undo deletes exactly what was created and equips the item again. That GM side is in
 * strike-steps.ts, loaded with the card's other steps on first use.
 */

import type { AttackSummary } from '../../data/actor/derive-creature.js';
import type { WeaponData } from '../../data/item/item-data.js';
import {
  RIP_SENSES_CHOICES,
  STRIKES_WITH_ITEM,
  SPECIAL_STRIKE_IDS,
  sizeSteps,
  specialStrike,
  specialStrikeUnmet,
  stabAndGrabUnmet,
  strikeSaveAbilityModifier,
  strikeSaveDc,
  type Grip,
  type RipSensesChoice,
  type SpecialStrikeId,
  type SpecialStrikeRefusal,
  type StabAndGrabWeapon,
} from '../../rules/index.js';
import type { AttackOptions } from './attack-options.js';

import type { CardStrike } from './attack-state.js';
import { hasFeat } from '../../documents/actor-feats.js';

const creature = (actor: Actor) => actor.system;

export { singleTargetActor } from '../kernel/targets.js';

/** An item the target holds that Break Grip or Break Weapon may aim at (an equipped weapon or shield). */
export interface HeldItem {
  id: string;
  name: string;
  /** A melee weapon (Break Grip: otherwise the defender takes −4). */
  melee: boolean;
}

/** The weapons (not unarmed strikes) and shields `actor` has equipped. */
export function heldItems(actor: Actor): HeldItem[] {
  const held: HeldItem[] = [];
  for (const item of actor.items) {
    if (item.type === 'weapon') {
      const w = item.system as WeaponData;
      if (!w.equipped || w.use === 'unarmed') continue;
      held.push({ id: item.id as string, name: item.name, melee: w.use !== 'ranged' });
    } else if (item.type === 'shield' && (item.system as { equipped?: boolean }).equipped) {
      held.push({ id: item.id as string, name: item.name, melee: false });
    }
  }
  return held;
}

/** The strikes whose feat `actor` has, in the order of the text. */
export function strikesOf(actor: Actor): SpecialStrikeId[] {
  return SPECIAL_STRIKE_IDS.filter((id) => hasFeat(actor, specialStrike(id).feat));
}

/**
 * Why the chosen strike cannot be made with this weapon against this target (null: it can). The
 * target matters for nerve strikes (anatomy, size) and for the chosen item.
 */
export function strikeRefusal(
  actor: Actor,
  attack: AttackSummary,
  weapon: WeaponData,
  strike: NonNullable<AttackOptions['strike']>,
  target: Actor | null,
): SpecialStrikeRefusal | null {
  const anatomy = target ? (creature(target).creatureTraits?.().anatomy ?? []) : [];
  const item =
    strike.itemId !== undefined && target !== null && heldItems(target).some((i) => i.id === strike.itemId);
  return specialStrikeUnmet({
    strike: strike.id,
    feats: creature(actor).derived.feats,
    melee: attack.mode === 'melee',
    unarmed: weapon.use === 'unarmed',
    proficient: attack.proficient,
    targetNoAnatomy: anatomy.includes('no-discernible-anatomy'),
    targetSizeSteps: target ? sizeSteps(creature(actor).size, creature(target).size) : 0,
    item,
    ...(strike.sense === undefined ? {} : { sense: strike.sense }),
  });
}

/**
 * Stab and Grab's requirements from the documents: Improved Grapple, a melee weapon held in one hand
 * (light counts as one-handed), slashing or piercing, single-edged if slashing (the attacker's
 * claim: no weapon data says so), and a free hand — not held in two hands, no other weapon and no
 * shield equipped (decision "Stab and Grab's free hand").
 */
export function stabAndGrabWeapon(
  actor: Actor,
  weapon: Item,
  attack: AttackSummary,
  grip: Grip | null,
  singleEdged: boolean,
): StabAndGrabWeapon {
  const w = weapon.system as WeaponData;
  const otherHeld = heldItems(actor).some((i) => i.id !== weapon.id);
  return {
    improvedGrapple: hasFeat(actor, 'improved-grapple'),
    melee: attack.mode === 'melee',
    hands: w.use === 'two-handed' ? 'two-handed' : w.use === 'one-handed' ? 'one-handed' : 'light',
    damageTypes: w.damageTypes.filter((t): t is 'slashing' | 'piercing' | 'bludgeoning' =>
      ['slashing', 'piercing', 'bludgeoning'].includes(t),
    ),
    singleEdged,
    freeHand: !otherHeld && grip !== 'two-handed' && grip !== 'light-two-handed',
  };
}

/** The first unmet Stab and Grab requirement (engine `stabAndGrabUnmet`), or null. */
export function stabAndGrabRefusal(...args: Parameters<typeof stabAndGrabWeapon>): string | null {
  return stabAndGrabUnmet(stabAndGrabWeapon(...args));
}

/** The save DC of `strike` made by `attacker`: 10 + ½ BAB + Str (Feather Touch: Dex if better). */
export function strikeDc(attacker: Actor, strike: SpecialStrikeId): number {
  const sys = creature(attacker);
  const mod = strikeSaveAbilityModifier(
    strike,
    { str: sys.derived.abilities.str.mod, dex: sys.derived.abilities.dex.mod },
    sys.derived.feats,
  );
  return strikeSaveDc(Math.max(0, sys.derived.bab), mod);
}

/** The strike's state against one target when the card is made. */
export function strikeCardState(
  strike: NonNullable<AttackOptions['strike']>,
  attacker: Actor,
  defender: Actor | null,
): CardStrike {
  const data = specialStrike(strike.id);
  const needsItem = (STRIKES_WITH_ITEM as readonly string[]).includes(strike.id);
  const item = needsItem && defender ? heldItems(defender).find((i) => i.id === strike.itemId) : undefined;
  const sense =
    strike.id === 'rip-senses' && (RIP_SENSES_CHOICES as readonly string[]).includes(strike.sense ?? '')
      ? (strike.sense as RipSensesChoice)
      : null;
  return {
    id: strike.id,
    item: item ?? null,
    sense,
    dc: data.resolution === 'fortitude' || data.resolution === 'will' ? strikeDc(attacker, strike.id) : null,
    result: null,
  };
}
