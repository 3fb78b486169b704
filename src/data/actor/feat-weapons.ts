/**
 * What the Appendix 4 weapon feats change on an attack row (glue; the dice step is the engine's
 * `damageDiceSizeUp`). Read by derive-creature for each equipped weapon:
 * - ADVANCED UNARMED STRIKE: "Your unarmed damage increases by one die size" — a weapon whose use is
 *   `unarmed`.
 * - IMPROVISED WEAPON PROFICIENCY: "You may attack without penalty when wielding any improvised
 *   weapon" ("Normal: … –4 penalty"): an item marked `improvised` is nonproficient without it,
 *   whatever its category, and proficient with it.
 * - IMPROVISED WEAPON MASTERY: "Treat an improvised weapon as one size category larger … for the
 *   purpose of determining the damage it deals".
 * Decisions: docs/rules.md "Feats of Appendix 4 at the table (issue #18)".
 */
import { damageDiceSizeUp } from '../../rules/index.js';
import type { WeaponData } from '../item/item-data.js';

export const ADVANCED_UNARMED_STRIKE = 'advanced-unarmed-strike';
export const IMPROVISED_WEAPON_PROFICIENCY = 'improvised-weapon-proficiency';
export const IMPROVISED_WEAPON_MASTERY = 'improvised-weapon-mastery';
export const DYNAMIC_GRIP = 'dynamic-grip';
/** DYNAMIC GRIP: "The blunt end of the weapon inflicts 1d6 bludgeoning damage." */
export const BLUNT_END_DICE = '1d6';

/** The weapon's damage dice with the wielder's feats (the printed dice when no feat applies). */
export function featDamageDice(weapon: WeaponData, feats: readonly string[]): string {
  const printed = weapon.damageDice;
  const steps =
    (weapon.use === 'unarmed' && feats.includes(ADVANCED_UNARMED_STRIKE) ? 1 : 0) +
    (weapon.improvised && feats.includes(IMPROVISED_WEAPON_MASTERY) ? 1 : 0);
  if (!steps || !printed) return printed;
  return damageDiceSizeUp(printed, steps) ?? printed;
}

/** Proficiency with the weapon: `byCategory` (the sheet's ticks), unless it is improvised. */
export function featProficient(weapon: WeaponData, feats: readonly string[], byCategory: boolean): boolean {
  return weapon.improvised ? feats.includes(IMPROVISED_WEAPON_PROFICIENCY) : byCategory;
}

/** An unarmed strike's dice (`printed`, e.g. the grapple's 1d3) with the wielder's Advanced Unarmed Strike. */
export function unarmedDamageDice(printed: string, feats: readonly string[]): string {
  if (!feats.includes(ADVANCED_UNARMED_STRIKE)) return printed;
  return damageDiceSizeUp(printed) ?? printed;
}

/**
 * DYNAMIC GRIP: "When you wield a weapon with a handle about as long as your forearm (or longer), you
 * can use the weapon as a double weapon, striking an opponent with its blunt tip" — and the feat lets
 * you grip "the blade of the weapon (if it's single-edged)". Decision (docs/rules.md): every
 * one-handed or two-handed melee weapon qualifies; light weapons (short handles) and unarmed strikes
 * do not.
 */
export function bluntEndEligible(weapon: WeaponData): boolean {
  return weapon.use === 'one-handed' || weapon.use === 'two-handed';
}

/** The blunt end of `weapon` as a weapon item of its own (simple, 1d6 bludgeoning; marked with its weapon's id). */
export function bluntEndSource(weapon: Item, name: string): Record<string, unknown> {
  const w = weapon.system as WeaponData;
  return {
    name,
    type: 'weapon',
    img: weapon.img,
    system: {
      // A blunt tip strikes as a club does: a simple weapon, whatever the weapon's category.
      category: 'simple',
      use: w.use,
      size: w.size,
      damage: { [w.size]: BLUNT_END_DICE },
      damageTypes: ['bludgeoning'],
      equipped: true,
      weight: 0,
    },
    flags: { gng: { bluntEndOf: weapon.id } },
  };
}
