/**
 * The vocabulary of the Time Count chapter's maneuver rows (seed 002:308–573; issue #32 R16, A12):
 * the maneuvers' ids and the shape of a row (maneuver-rows.ts holds the rows). Pure types and ids.
 */
import type { SpeedClass } from './speed-factor.js';
import type { TcDefenseId } from './defenses.js';

/** The speed classes of the chapter (A1; speed-factor.ts). */
export type TcSpeedClassId = SpeedClass;

export const TC_MANEUVERS = [
  'break-grab',
  'drag',
  'escape-grab',
  'grab',
  'pummel',
  'shove',
  'throw',
  'tumble',
  'bull-rush',
  'coup-de-grace',
  'disarm',
  'distract',
  'feint',
  'pin-to-wall',
  'tackle',
  'trip',
] as const;
export type TcManeuver = (typeof TC_MANEUVERS)[number];

/**
 * What the attack roll adds (002:7, 319 …): a skill made with an ability ("Athletics (Str)"), an
 * ability alone ("Strength - 2"), the weapon's attack bonus ("Weapon-4"), an unarmed strike, or the
 * melee attack in hand ("Melee"); `mod` the text's own number.
 */
export type TcManeuverAttack =
  | { kind: 'skill'; skill: 'athletics' | 'acrobatics'; ability: 'str' | 'dex'; mod: number }
  | { kind: 'ability'; ability: 'str'; mod: number }
  | { kind: 'weapon'; mod: number }
  | { kind: 'unarmed'; mod: number }
  | { kind: 'melee'; mod: number };

/**
 * The defense(s) rolled against: `one` a single defense; `choice` the target's choice of two
 * (decision: the higher); `both` one roll read against each (throw, 002:410).
 */
export type TcManeuverDefense =
  | { kind: 'one'; defense: TcDefenseId }
  | { kind: 'choice'; defenses: readonly [TcDefenseId, TcDefenseId] }
  | { kind: 'both'; defenses: readonly [TcDefenseId, TcDefenseId] };

/**
 * Its speed: a class of its own; the weapon's SF; the weapon's class `steps` slower; or half the
 * weapon's SF (feint, 002:505).
 */
export type TcManeuverSpeed =
  | { kind: 'class'; speedClass: TcSpeedClassId }
  | { kind: 'weapon' }
  | { kind: 'weapon-steps'; steps: number }
  | { kind: 'weapon-half' };

/** Damage a step deals to the target: equal to an ability (`half`: half of it), or dice. */
export type TcManeuverDamage = { ability: 'str' | 'dex'; half?: true } | { dice: string };

/** One line of the block: its lang key's last part, what it does that the card can apply. */
export interface TcManeuverStep {
  /** `GNG.Model.TC.Maneuver.Effect.<key>`. */
  key: string;
  damage?: TcManeuverDamage;
  /** Statuses the target gains / loses (the hold's `grabbed`, `immobilized`). */
  targetAdd?: readonly string[];
  /** Statuses the one acting loses (a broken or escaped grab). */
  actorRemove?: readonly string[];
  /** The target is knocked prone: its stance becomes prone (decision). */
  prone?: true;
}

/** What the one acting must meet before the roll (002:317 …); the card checks what it can read. */
export type TcRequirement =
  | 'targetHoldsYouOrAlly'
  | 'grabbedByTarget'
  | 'grabbingTarget'
  | 'noTwoHandedOrTowerShield'
  | 'noWeaponInHand'
  | 'atMostOneSizeLarger'
  | 'roomInTargetSpace'
  | 'targetHelpless'
  | 'wallBehindTarget'
  | 'piercingWeapon'
  | 'movedTowardTarget';

export interface TcManeuverRow {
  id: TcManeuver;
  /** The block's seed line (its first line). */
  line: number;
  requires: readonly TcRequirement[];
  attack: TcManeuverAttack;
  defense: TcManeuverDefense;
  speed: TcManeuverSpeed;
  /** A preparation before the attack (coup de grâce: Slow, immobile meanwhile, 002:461, 471). */
  preparation?: TcSpeedClassId;
  /** Fatigue the one acting takes (002:336 …). */
  fatigue: number;
  range: 'touch' | 'melee' | '5 ft' | 'weapon' | 'weapon-10ft';
  hit: TcManeuverStep;
  /** Throw's second reading, against Celerity (002:424). */
  hitSecond?: TcManeuverStep;
  /** "Great Success (N)": the attack beats the defense by N or more; cumulative (002:386–388). */
  great: readonly { margin: number; step: TcManeuverStep }[];
  critical?: TcManeuverStep;
  /** `GNG.Model.TC.Maneuver.Special.<key>` lines the card shows. */
  special: readonly string[];
}
