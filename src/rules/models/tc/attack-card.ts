/**
 * The attack card's own rules under the Time Count and Threshold of Pain model (seed 002; issue #32,
 * lane card): what an attack's options add to the roll (two weapons 002:691, an unarmed strike with
 * the feet 002:695, two attackers striking each other at the same count 002:687), how they change
 * the speed of the attacker's next act (quick strike 002:517, alternating weapons 002:691, a fumble's
 * +1d6 002:66), a quick strike's half damage (002:521–523), what the card says of the health vector
 * after Apply (the ToP split, R21/R22), the Constitution check when one is owed (002:162–166,
 * decision A9) and the simultaneous hits' lowered threshold for impairments (002:683–685, A4).
 * Pure: no Foundry, dice injected by the caller. Decisions: docs/rules.md "### The attack card".
 */
import type { HealthVector, ModelPart } from '../types.js';
import type { TcWeaponCategory } from './damage.js';
import type { TcCover } from './attack-bonus.js';

/** How two weapons are used (002:691): both at once against one target, or alternating. */
export const TC_TWO_WEAPONS = ['together', 'alternate'] as const;
export type TcTwoWeapons = (typeof TC_TWO_WEAPONS)[number];

/** The attacker's choices for one attack under the model (the card's `options.tc`). */
export interface TcAttackChoices {
  /** Quick Strike (002:513–525): the weapon's speed class −1, half damage. */
  quickStrike?: boolean;
  /** Two-weapon combat (002:691). */
  twoWeapons?: TcTwoWeapons;
  /** An unarmed strike with the feet, knees, elbows (002:695): −4. */
  feet?: boolean;
  /** Attacker and target attack each other at the same count (002:687, optional rule): +1. */
  simultaneous?: boolean;
  /** The table's modifiers the attacker claims (002:31–37; proficiency is the sheet's, not a choice). */
  modifiers?: TcChosenModifier[];
  /** The defender's cover (002:38–41). */
  cover?: TcCover;
}

/** The Common Attack Roll Modifiers a player chooses (002:31–37): all but proficiency (the sheet's). */
export const TC_CHOSEN_MODIFIERS = ['higherGround', 'flanked', 'rear', 'noAffinity'] as const;
export type TcChosenModifier = (typeof TC_CHOSEN_MODIFIERS)[number];

/** "You may attack with both weapons simultaneously at a -6 to hit with each" (002:691). */
export const TWO_WEAPONS_TOGETHER_PENALTY = -6;
/** "You may choose to take a -4 penalty to hit and make your attack one speed class faster" (002:691). */
export const TWO_WEAPONS_ALTERNATE_PENALTY = -4;
/** "An unarmed strike with your feet, knees, elbows … imposes a -4 penalty" (002:695). */
export const FEET_PENALTY = -4;
/** "If two characters attack each other at the same moment, they each gain a +1" (002:687). */
export const SIMULTANEOUS_BONUS = 1;

/** The attack roll's parts the choices add (lang keys `GNG.Model.TC.Option.<id>`). */
export function tcOptionParts(choices: TcAttackChoices): ModelPart[] {
  const parts: ModelPart[] = [];
  if (choices.twoWeapons === 'together')
    parts.push({ label: 'GNG.Model.TC.Option.together', value: TWO_WEAPONS_TOGETHER_PENALTY });
  if (choices.twoWeapons === 'alternate')
    parts.push({ label: 'GNG.Model.TC.Option.alternate', value: TWO_WEAPONS_ALTERNATE_PENALTY });
  if (choices.feet) parts.push({ label: 'GNG.Model.TC.Option.feet', value: FEET_PENALTY });
  if (choices.simultaneous)
    parts.push({ label: 'GNG.Model.TC.Option.simultaneous', value: SIMULTANEOUS_BONUS });
  return parts;
}

/**
 * How the attacker's next act is timed: the speed-class steps the choices make (negative = faster:
 * quick strike "Weapon Speed Class-1", 002:517; alternating weapons "one speed class faster",
 * 002:691 — both together two steps; the speed factor never goes faster than Rapid, 002:259, 525,
 * which `speedFactor` applies), the d6s a fumble adds to the SF ("adds 1d6 to his weapon's SF",
 * 002:66), and whether both weapons' SFs are rolled and the worse kept ("Roll both speed factors and
 * take the worse result", 002:691).
 */
export function tcSpeedPlan(
  choices: TcAttackChoices,
  fumble: boolean,
): { classSteps: number; fumbleDice: number; worseOfTwo: boolean } {
  const classSteps = (choices.quickStrike ? -1 : 0) + (choices.twoWeapons === 'alternate' ? -1 : 0);
  return { classSteps, fumbleDice: fumble ? 1 : 0, worseOfTwo: choices.twoWeapons === 'together' };
}

/** What a fumble costs besides its SF (002:66): the turn ends, unsteady until it acts, 1 Durability. */
export const FUMBLE = { turnEnds: true, unsteady: true, durabilityLoss: 1 } as const;

/**
 * A weapon's Durability Points after a fumble (002:66: "reduces the weapon's Durability Points by
 * 1"); null for a weapon that has none (the project's weapons carry no Durability yet).
 */
export function fumbleDurability(durability: number | null | undefined): number | null {
  if (typeof durability !== 'number' || !Number.isFinite(durability)) return null;
  return Math.max(0, durability - FUMBLE.durabilityLoss);
}

/**
 * A quick strike's damage: "The target takes half damage" (002:521), and "half of your critical
 * damage" on a critical (002:523, the critical's damage halved alike). Rounded down, but a hit that
 * dealt damage still deals at least 1 (002:54: "any hit always deals at least 1 point of damage");
 * 0 stays 0 (only DR makes it 0, 002:54).
 */
export function halfDamage(damage: number): number {
  return damage > 0 ? Math.max(1, Math.floor(damage / 2)) : 0;
}

/** The health fields the card's split line reads (lane core's health vector). */
const field = (v: HealthVector, key: string): number => v[key] ?? 0;

/**
 * What a hit did, for the card's line "fatigue +6, HP −4, ToP 6→5" (R21: fatigue up to the ToP,
 * the excess from HP; R22: −1 effective ToP per hit; R29: bonus HP and Invigoration lost first):
 * each field's change from `before` to `after`, and the effective ToP before and after (`top`: the
 * effective ToP before the hit; the hit's `topLost` change lowers it, floor 0).
 */
export function topSplit(
  before: HealthVector,
  after: HealthVector,
  top: number,
): {
  fatigue: number;
  hp: number;
  temp: number;
  invigoration: number;
  top: { before: number; after: number };
  impairments: number;
} {
  const delta = (key: string) => field(after, key) - field(before, key);
  const lost = delta('topLost');
  return {
    fatigue: delta('fatigue'),
    hp: delta('value'),
    temp: delta('temp'),
    invigoration: delta('invigoration'),
    top: { before: top, after: Math.max(0, top - lost) },
    impairments: delta('impB') + delta('impP') + delta('impS'),
  };
}

/**
 * Simultaneous attacks (002:683, optional rule): the target's ToP for the impairments of one count
 * is lowered by 1 for each successful attack beyond the first, counting different attackers only
 * ("A character wielding two weapons and hitting with both at once does not lower", 002:685). A4:
 * the lowered ToP decides impairments only; floor 0.
 */
export function simultaneousTop(top: number, hittingAttackers: number): number {
  return Math.max(0, top - Math.max(0, hittingAttackers - 1));
}

/**
 * The impairments a count's simultaneous hits cause: each hit's damage against the lowered ToP
 * (A2: a hit passes the threshold at damage ≥ ToP). `hits`: one per hit, with its attacker's id.
 */
export function simultaneousImpairments(
  top: number,
  hits: readonly { attacker: string; damage: number }[],
): number {
  const lowered = simultaneousTop(top, new Set(hits.map((h) => h.attacker)).size);
  return hits.filter((h) => h.damage >= lowered).length;
}

/**
 * The 002:58 category of a weapon of the project's lists (which carry no category), read from its
 * name: "Your Strength applies to Axes; Gauntlets and Claws; Hammers, Flail, and Picks; Heavy Swords;
 * Javelins; Light Swords; Maces and Clubs; Polearms; and Tools. Your Dexterity applies to Disks and
 * Boomerangs; Bows; Chains and Ropes; Crossbows; Daggers; and Staffs". An unarmed strike is `unarmed`;
 * a name none of these words fits: null (the caller adds Strength in melee, Dexterity at range).
 * The first match wins, so "crossbow" is read before "bow" and "greatsword" before "sword".
 */
const CATEGORY_WORDS: readonly [RegExp, TcWeaponCategory][] = [
  [/crossbow/i, 'crossbows'],
  [/\bbow|longbow|shortbow/i, 'bows'],
  [/dagger|knife|dirk|stiletto|kukri/i, 'daggers'],
  [/staff/i, 'staffs'],
  [/boomerang|disk|chakram/i, 'disks-boomerangs'],
  [/whip|chain|rope|\bnet\b|bola/i, 'chains-ropes'],
  [/javelin/i, 'javelins'],
  [/axe/i, 'axes'],
  [/gauntlet|claw|cestus/i, 'gauntlets-claws'],
  [/hammer|flail|pick/i, 'hammers-flails-picks'],
  [/greatsword|bastard|two-handed sword|falchion/i, 'heavy-swords'],
  [/sword|rapier|scimitar|cutlass|sabre|saber|katana/i, 'light-swords'],
  [/mace|club|morningstar|cudgel|\bsap\b/i, 'maces-clubs'],
  [/glaive|guisarme|halberd|lance|ranseur|spear|pike|trident|scythe/i, 'polearms'],
  [/shovel|sickle|hook|tool/i, 'tools'],
];

export function tcWeaponCategory(weapon: { name: string; use: string }): TcWeaponCategory | null {
  if (weapon.use === 'unarmed') return 'unarmed';
  return CATEGORY_WORDS.find(([words]) => words.test(weapon.name))?.[1] ?? null;
}

/**
 * Which bow a weapon is, for the stances that forbid some (002:596 crouching "cannot use longbows";
 * 002:625 prone "cannot use ranged weapons except for crossbows"): 'crossbow', 'longbow' (a bow whose
 * name says long), else null.
 */
export function tcBowKind(weapon: { name: string; use: string }): 'longbow' | 'crossbow' | null {
  const category = tcWeaponCategory(weapon);
  if (category === 'crossbows') return 'crossbow';
  return category === 'bows' && /long/i.test(weapon.name) ? 'longbow' : null;
}
