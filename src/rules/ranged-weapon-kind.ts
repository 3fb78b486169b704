/**
 * Which ranged weapon family of "Table: Attack Roll Modifiers" footnote 3 a weapon belongs to, so a
 * prone attacker's ranged attack can be allowed or refused (GnG v4.0: "You cannot use bows, thrown
 * spears, and similar ranged weapons while prone, but you can use pistols, rifles, crossbows, or small
 * throwing knives while prone at no penalty.").
 *
 * Decision (docs/rules.md, "Prone ranged attacks"): what the item's data says comes first (an energy
 * weapon; a firearm, a longarm being a rifle); then its name (crossbow, sling, bow; a thrown dagger,
 * knife, dart or shuriken is a small throwing knife); any other thrown or ranged weapon is one of the
 * "similar ranged weapons" (a thrown spear, a javelin, a thrown axe, a net) and cannot be used prone.
 */
import type { RangedWeaponKind } from './attack-modifiers.js';

/** What the family is read from. */
export interface RangedWeaponFacts {
  /** The item's name (any language: only the English names of the packs are recognised). */
  name: string;
  /** A thrown weapon (the weapon's use is "thrown"). */
  thrown: boolean;
  /** A firearm (it has fire modes or a magazine). */
  firearm: boolean;
  /** A firearm held in two hands (SIDEARMS AND LONGARMS). */
  longarm: boolean;
  /** An energy weapon (ENERGY WEAPONS). */
  energy: boolean;
}

const SMALL_THROWING = /\b(dagger|knife|knives|dart|shuriken)s?\b/i;

/** The footnote-3 family of a ranged or thrown weapon. */
export function rangedWeaponKind(weapon: RangedWeaponFacts): RangedWeaponKind {
  if (weapon.energy) return 'energy-weapon';
  if (weapon.firearm) return weapon.longarm ? 'rifle' : 'pistol';
  const name = weapon.name;
  if (/crossbow/i.test(name)) return 'crossbow';
  if (/\bsling\b/i.test(name)) return 'sling';
  if (/bow\b/i.test(name)) return 'bow';
  if (weapon.thrown && SMALL_THROWING.test(name)) return 'small-throwing-knife';
  return 'thrown-spear';
}
