/**
 * The Time Count chapter's special combat actions as data rows (seed 002:308–573; issue #32, design
 * §2.2 R16, A12): each row is the text's own block — requirements, "Attack: X vs. Defense", speed,
 * fatigue, range, hit, great successes by margin and a critical success. The names the text lost are
 * inferred (A12). Quick strike (002:513) is the attack card's (R13). Pure data: no Foundry, no dice.
 * Decisions: docs/rules.md "### Maneuvers, stances and conditions".
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

const str = { ability: 'str' } as const;

export const TC_MANEUVER_ROWS: Readonly<Record<TcManeuver, TcManeuverRow>> = {
  'break-grab': {
    id: 'break-grab',
    line: 315,
    requires: ['targetHoldsYouOrAlly'],
    attack: { kind: 'skill', skill: 'athletics', ability: 'str', mod: 0 },
    defense: { kind: 'one', defense: 'vigor' },
    speed: { kind: 'class', speedClass: 'swift' },
    fatigue: 0,
    range: 'touch',
    hit: { key: 'grabBroken', actorRemove: ['grabbed', 'immobilized'] },
    great: [{ margin: 5, step: { key: 'damageStr', damage: str } }],
    special: [],
  },
  // A12: "Drag" — grabbed by the target, you move it and yourself 5 ft (002:330–342).
  drag: {
    id: 'drag',
    line: 330,
    requires: ['grabbedByTarget'],
    attack: { kind: 'ability', ability: 'str', mod: -2 },
    defense: { kind: 'one', defense: 'vigor' },
    speed: { kind: 'class', speedClass: 'standard' },
    fatigue: 1,
    range: 'touch',
    hit: { key: 'dragged', damage: str },
    great: [{ margin: 5, step: { key: 'mayBreakGrab', actorRemove: ['grabbed', 'immobilized'] } }],
    special: [],
  },
  'escape-grab': {
    id: 'escape-grab',
    line: 344,
    requires: ['grabbedByTarget'],
    attack: { kind: 'skill', skill: 'acrobatics', ability: 'dex', mod: 0 },
    defense: { kind: 'one', defense: 'celerity' },
    speed: { kind: 'class', speedClass: 'fast' },
    fatigue: 0,
    range: 'touch',
    hit: { key: 'escaped', actorRemove: ['grabbed', 'immobilized'] },
    great: [{ margin: 5, step: { key: 'damageHalfDex', damage: { ability: 'dex', half: true } } }],
    special: [],
  },
  // A12: "Grab" (002:358–373).
  grab: {
    id: 'grab',
    line: 359,
    requires: ['noTwoHandedOrTowerShield', 'atMostOneSizeLarger'],
    attack: { kind: 'unarmed', mod: 0 },
    defense: { kind: 'one', defense: 'celerity' },
    speed: { kind: 'class', speedClass: 'standard' },
    fatigue: 0,
    range: 'touch',
    hit: { key: 'grabbed', targetAdd: ['grabbed', 'immobilized'] },
    great: [{ margin: 5, step: { key: 'grabTight' } }],
    critical: { key: 'grabNoAttacks' },
    special: ['grabAdjacent'],
  },
  // A12: "Pummel" — hitting the one you hold (002:375–388).
  pummel: {
    id: 'pummel',
    line: 376,
    requires: ['grabbingTarget', 'noWeaponInHand'],
    attack: { kind: 'weapon', mod: 0 },
    defense: { kind: 'one', defense: 'vigor' },
    speed: { kind: 'class', speedClass: 'standard' },
    fatigue: 0,
    range: 'touch',
    hit: { key: 'pummelStep1' },
    great: [
      { margin: 5, step: { key: 'pummelStep2' } },
      { margin: 10, step: { key: 'pummelStep3' } },
    ],
    special: [],
  },
  // A12: "Shove" — sliding the one you hold (002:390–405).
  shove: {
    id: 'shove',
    line: 391,
    requires: ['grabbingTarget'],
    attack: { kind: 'ability', ability: 'str', mod: 0 },
    defense: { kind: 'one', defense: 'vigor' },
    speed: { kind: 'class', speedClass: 'standard' },
    fatigue: 1,
    range: 'touch',
    hit: { key: 'slid' },
    great: [{ margin: 5, step: { key: 'slidFurther' } }],
    special: ['shoveRelease'],
  },
  // A12: "Throw" (002:407–424): one roll read against Vigor and against Celerity.
  throw: {
    id: 'throw',
    line: 408,
    requires: ['grabbingTarget'],
    attack: { kind: 'ability', ability: 'str', mod: 0 },
    defense: { kind: 'both', defenses: ['vigor', 'celerity'] },
    speed: { kind: 'class', speedClass: 'slow' },
    fatigue: 2,
    range: 'touch',
    hit: { key: 'thrown', damage: str },
    hitSecond: { key: 'thrownProne', prone: true },
    great: [
      { margin: 5, step: { key: 'damage1d6', damage: { dice: '1d6' } } },
      { margin: 10, step: { key: 'thrownFurther' } },
    ],
    special: [],
  },
  // A12: "Tumble" — into the target's space (002:428–439).
  tumble: {
    id: 'tumble',
    line: 429,
    requires: ['roomInTargetSpace'],
    attack: { kind: 'skill', skill: 'acrobatics', ability: 'dex', mod: 0 },
    defense: { kind: 'choice', defenses: ['vigor', 'celerity'] },
    speed: { kind: 'class', speedClass: 'fast' },
    fatigue: 0,
    range: '5 ft',
    hit: { key: 'entered' },
    great: [],
    special: ['tumbleEach'],
  },
  'bull-rush': {
    id: 'bull-rush',
    line: 441,
    requires: [],
    attack: { kind: 'ability', ability: 'str', mod: 0 },
    defense: { kind: 'choice', defenses: ['vigor', 'celerity'] },
    speed: { kind: 'class', speedClass: 'standard' },
    fatigue: 1,
    range: 'touch',
    // "For every 5 points by which your attack beats your opponent's defense … another 5 feet" (002:451).
    hit: { key: 'pushed' },
    great: [],
    critical: { key: 'damageStr', damage: str },
    special: ['bullRushStart', 'bullRushSize'],
  },
  'coup-de-grace': {
    id: 'coup-de-grace',
    line: 457,
    requires: ['targetHelpless'],
    preparation: 'slow',
    attack: { kind: 'weapon', mod: 10 },
    defense: { kind: 'one', defense: 'passive' },
    speed: { kind: 'weapon' },
    fatigue: 0,
    range: 'weapon-10ft',
    hit: { key: 'coupDamage' },
    great: [],
    special: ['coupPrepare', 'coupImmune'],
  },
  // A12: "Disarm" (002:473–488).
  disarm: {
    id: 'disarm',
    line: 474,
    requires: [],
    attack: { kind: 'weapon', mod: -4 },
    defense: { kind: 'one', defense: 'celerity' },
    speed: { kind: 'weapon-steps', steps: 1 },
    fatigue: 1,
    range: 'weapon',
    hit: { key: 'disarmed' },
    great: [
      { margin: 5, step: { key: 'disarmDamage', damage: { ability: 'dex' } } },
      { margin: 8, step: { key: 'disarmTake' } },
    ],
    special: ['disarmTwoHands', 'disarmRanged'],
  },
  distract: {
    id: 'distract',
    line: 490,
    requires: [],
    attack: { kind: 'melee', mod: 0 },
    defense: { kind: 'one', defense: 'spirit' },
    speed: { kind: 'class', speedClass: 'fast' },
    fatigue: 0,
    range: 'melee',
    hit: { key: 'distracted' },
    great: [],
    critical: { key: 'distractedBoth' },
    special: [],
  },
  // A12: "Feint" (002:502–511).
  feint: {
    id: 'feint',
    line: 503,
    requires: [],
    attack: { kind: 'melee', mod: 0 },
    defense: { kind: 'one', defense: 'spirit' },
    speed: { kind: 'weapon-half' },
    fatigue: 0,
    range: 'melee',
    hit: { key: 'feintHit' },
    great: [{ margin: 5, step: { key: 'feintDamage' } }],
    special: [],
  },
  // A12: "Pin to Wall" (002:527–540).
  'pin-to-wall': {
    id: 'pin-to-wall',
    line: 528,
    requires: ['wallBehindTarget', 'piercingWeapon'],
    attack: { kind: 'weapon', mod: -4 },
    defense: { kind: 'one', defense: 'celerity' },
    speed: { kind: 'weapon-steps', steps: 1 },
    fatigue: 1,
    range: 'weapon',
    hit: { key: 'pinned', targetAdd: ['immobilized'] },
    great: [{ margin: 5, step: { key: 'pinnedFlesh', damage: { ability: 'dex' } } }],
    special: ['pinEscape'],
  },
  // A12: "Tackle" (002:542–555).
  tackle: {
    id: 'tackle',
    line: 543,
    requires: ['atMostOneSizeLarger', 'movedTowardTarget'],
    attack: { kind: 'unarmed', mod: 0 },
    defense: { kind: 'one', defense: 'vigor' },
    speed: { kind: 'class', speedClass: 'standard' },
    fatigue: 1,
    range: 'touch',
    hit: { key: 'tackled', damage: str, prone: true },
    great: [{ margin: 5, step: { key: 'damage1d6', damage: { dice: '1d6' } } }],
    special: ['tackleGrab'],
  },
  // A12: "Trip" (002:557–572).
  trip: {
    id: 'trip',
    line: 558,
    requires: ['atMostOneSizeLarger'],
    attack: { kind: 'unarmed', mod: 0 },
    defense: { kind: 'one', defense: 'vigor' },
    speed: { kind: 'class', speedClass: 'fast' },
    fatigue: 1,
    range: 'melee',
    hit: { key: 'tripped', prone: true },
    great: [{ margin: 5, step: { key: 'damageStr', damage: str } }],
    special: ['tripWeapon'],
  },
};
