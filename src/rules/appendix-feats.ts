/**
 * The feats of GnG "APPENDIX 4: NEW AND REVISED FEATS" that change abort actions, called shots and
 * grappling, and the breaking strikes and nerve strikes, as data. Every number lives here once.
 */
import { assertInteger, assertOneOf } from './validate.js';
import type { AbortAction } from './aborts.js';

/** Feat ids that matter to actions, aborts, called shots and grappling. */
export const ACTION_FEAT_IDS = [
  'improved-block',
  'advanced-block',
  'infinite-block',
  'improved-dive-for-cover',
  'advanced-dive-for-cover',
  'improved-maintain-footing',
  'advanced-maintain-footing',
  'improved-roll-with-blow',
  'advanced-roll-with-blow',
  'block-projectile',
  'epic-block-projectile',
  'breaking-block',
  'riposte',
  'improved-called-shot',
  'advanced-called-shot',
  'improved-grapple',
  'advanced-grapple',
] as const;
/** One of {@link ACTION_FEAT_IDS}. */
export type ActionFeatId = (typeof ACTION_FEAT_IDS)[number];

/** How many free aborts of one kind a feat grants each round. */
export type FreeAbortGrant =
  | { readonly kind: 'fixed'; readonly count: number }
  | { readonly kind: 'dex-modifier' }
  | { readonly kind: 'unlimited' };

/** Free abort actions per round, by feat (GnG Appendix 4: Improved/Advanced X, Infinite Block). */
export const FREE_ABORT_FEATS: Readonly<
  Partial<Record<ActionFeatId, { readonly abort: AbortAction; readonly grant: FreeAbortGrant }>>
> = {
  'improved-block': { abort: 'block', grant: { kind: 'fixed', count: 1 } },
  'advanced-block': { abort: 'block', grant: { kind: 'dex-modifier' } },
  'infinite-block': { abort: 'block', grant: { kind: 'unlimited' } },
  'improved-dive-for-cover': { abort: 'dive-for-cover', grant: { kind: 'fixed', count: 1 } },
  'advanced-dive-for-cover': { abort: 'dive-for-cover', grant: { kind: 'dex-modifier' } },
  'improved-maintain-footing': { abort: 'maintain-footing', grant: { kind: 'fixed', count: 1 } },
  'advanced-maintain-footing': { abort: 'maintain-footing', grant: { kind: 'dex-modifier' } },
  'improved-roll-with-blow': { abort: 'roll-with-blow', grant: { kind: 'fixed', count: 1 } },
  'advanced-roll-with-blow': { abort: 'roll-with-blow', grant: { kind: 'dex-modifier' } },
};

/** What a ranged attack is, for Block (GnG "Block", "Block Projectile", "Epic Block Projectile"). */
export const BLOCK_ATTACK_KINDS = ['melee', 'thrown', 'projectile', 'fast', 'energy'] as const;
/**
 * `thrown`: thrown weapons; `projectile`: sling, bow, crossbow or similar mechanical device;
 * `fast`: firearm bullets and other "fast" projectiles; `energy`: energy beams and attacks.
 */
export type BlockAttackKind = (typeof BLOCK_ATTACK_KINDS)[number];

/** Block Projectile: attack-roll modifier per ranged kind; absent = may not block (GnG Appendix 4). */
export const BLOCK_PROJECTILE_PENALTY: Readonly<Partial<Record<BlockAttackKind, number>>> = {
  thrown: 0,
  projectile: -4,
};

/** Epic Block Projectile: attack-roll modifier per ranged kind (GnG Appendix 4). */
export const EPIC_BLOCK_PROJECTILE_PENALTY: Readonly<Partial<Record<BlockAttackKind, number>>> = {
  thrown: 0,
  projectile: -4,
  fast: -8,
  energy: -12,
};

/** Breaking Block: penalty on the opposed roll; no Relative Degree on its damage; melee only. */
export const BREAKING_BLOCK = { penalty: -4, appliesRelativeDegree: false, meleeOnly: true } as const;

/** Improved Called Shot: each effect's penalty is reduced by this much (proficient weapon only). */
export const IMPROVED_CALLED_SHOT_REDUCTION = 1;

/** Improved Grapple: bonus on all grapple checks; may grapple with weapons; no AoO to start. */
export const IMPROVED_GRAPPLE_BONUS = 4;

/** Advanced Grapple actions: penalty on the grapple check (GnG "Advanced Grappling"). */
export const ADVANCED_GRAPPLE_PENALTY = { choke: -4, lock: -4, throw: -4 } as const;

/** The breaking strikes and nerve strikes (GnG Appendix 4). */
export const SPECIAL_STRIKE_IDS = [
  'break-spirit',
  'break-stance',
  'break-grip',
  'break-balance',
  'break-weapon',
  'break-body',
  'rip-nerves',
  'rip-mind',
  'rip-senses',
  'rip-strength',
  'rip-dexterity',
  'rip-innards',
  'rip-body',
] as const;
/** One of {@link SPECIAL_STRIKE_IDS}. */
export type SpecialStrikeId = (typeof SPECIAL_STRIKE_IDS)[number];

/** A breaking strike or nerve strike as data. */
export interface SpecialStrike {
  /** The feat that grants it. */
  readonly feat:
    | 'basic-breaking-strikes'
    | 'improved-breaking-strikes'
    | 'advanced-breaking-strikes'
    | 'basic-nerve-strikes'
    | 'improved-nerve-strikes'
    | 'advanced-nerve-strikes';
  /** Attack-roll penalty. */
  readonly attackPenalty: number;
  /** Saving throw (DC 10 + ½ BAB + Str modifier, see {@link strikeSaveDc}), or an opposed check. */
  readonly resolution: 'fortitude' | 'will' | 'opposed-strength' | 'opposed-attack' | 'none';
  /** The save (or check) needs at least 1 HP of damage to happen. */
  readonly needsDamage: boolean;
  /** Conditions imposed on a failed save. */
  readonly conditions: readonly string[];
  /** Duration dice of the conditions, when any. */
  readonly duration: string | null;
  /** Temporary ability damage on a failed save. */
  readonly abilityDamage: Readonly<Partial<Record<'str' | 'dex' | 'con', number>>>;
  /** i18n key of the description. */
  readonly descriptionKey: string;
}

const strike = (s: Omit<SpecialStrike, 'descriptionKey'>, id: SpecialStrikeId): SpecialStrike => ({
  ...s,
  descriptionKey: `GNG.Strike.${id}`,
});

/**
 * Rip Strength and Rip Dexterity (Improved Nerve Strikes), one text but for the ability: "an attack
 * roll at a -8 penalty … inflicts at least 1 HP damage … a Fortitude save … 2 points of temporary
 * Strength [Dexterity] damage" (000:3321–3336).
 */
const ripAbility = (id: 'rip-strength' | 'rip-dexterity', ability: 'str' | 'dex'): SpecialStrike =>
  strike(
    {
      feat: 'improved-nerve-strikes',
      attackPenalty: -8,
      resolution: 'fortitude',
      needsDamage: true,
      conditions: [],
      duration: null,
      abilityDamage: { [ability]: 2 },
    },
    id,
  );

/** Breaking strikes and nerve strikes: penalties, saves, effects (GnG Appendix 4). */
export const SPECIAL_STRIKES: Readonly<Record<SpecialStrikeId, SpecialStrike>> = {
  'break-spirit': strike(
    {
      feat: 'basic-breaking-strikes',
      attackPenalty: -4,
      resolution: 'will',
      needsDamage: true,
      conditions: ['shaken'],
      duration: '1d4',
      abilityDamage: {},
    },
    'break-spirit',
  ),
  'break-stance': strike(
    {
      feat: 'basic-breaking-strikes',
      attackPenalty: -4,
      resolution: 'opposed-strength',
      needsDamage: false,
      conditions: [],
      duration: null,
      abilityDamage: {},
    },
    'break-stance',
  ),
  'break-grip': strike(
    {
      feat: 'improved-breaking-strikes',
      attackPenalty: -6,
      resolution: 'opposed-attack',
      needsDamage: true,
      conditions: [],
      duration: null,
      abilityDamage: {},
    },
    'break-grip',
  ),
  'break-balance': strike(
    {
      feat: 'improved-breaking-strikes',
      attackPenalty: -6,
      resolution: 'opposed-strength',
      needsDamage: false,
      conditions: ['prone'],
      duration: null,
      abilityDamage: {},
    },
    'break-balance',
  ),
  'break-weapon': strike(
    {
      feat: 'advanced-breaking-strikes',
      attackPenalty: -4,
      resolution: 'none',
      needsDamage: false,
      conditions: [],
      duration: null,
      abilityDamage: {},
    },
    'break-weapon',
  ),
  'break-body': strike(
    {
      feat: 'advanced-breaking-strikes',
      attackPenalty: -8,
      resolution: 'fortitude',
      needsDamage: true,
      conditions: [],
      duration: null,
      abilityDamage: { str: 1, con: 1 },
    },
    'break-body',
  ),
  'rip-nerves': strike(
    {
      feat: 'basic-nerve-strikes',
      attackPenalty: -4,
      resolution: 'fortitude',
      needsDamage: true,
      conditions: ['sickened'],
      duration: '1d4+1',
      abilityDamage: {},
    },
    'rip-nerves',
  ),
  'rip-mind': strike(
    {
      feat: 'basic-nerve-strikes',
      attackPenalty: -4,
      resolution: 'fortitude',
      needsDamage: true,
      conditions: ['stunned'],
      duration: '1',
      abilityDamage: {},
    },
    'rip-mind',
  ),
  'rip-senses': strike(
    {
      feat: 'basic-nerve-strikes',
      attackPenalty: -4,
      resolution: 'fortitude',
      needsDamage: true,
      conditions: ['blinded-or-deafened'],
      duration: '1d4+1',
      abilityDamage: {},
    },
    'rip-senses',
  ),
  'rip-strength': ripAbility('rip-strength', 'str'),
  'rip-dexterity': ripAbility('rip-dexterity', 'dex'),
  'rip-innards': strike(
    {
      feat: 'advanced-nerve-strikes',
      attackPenalty: -8,
      resolution: 'fortitude',
      needsDamage: true,
      conditions: ['internal-hemorrhage'],
      duration: '1d4',
      abilityDamage: { con: 2 },
    },
    'rip-innards',
  ),
  'rip-body': strike(
    {
      feat: 'advanced-nerve-strikes',
      attackPenalty: -8,
      resolution: 'fortitude',
      needsDamage: true,
      conditions: ['nauseated', 'sickened'],
      duration: '1d4+1',
      abilityDamage: {},
    },
    'rip-body',
  ),
};

/** Rip Innards: HP lost per round during the hemorrhage (for `duration` rounds). */
export const RIP_INNARDS_BLEED_PER_ROUND = '1d4';

/** Nerve strikes cannot target creatures this many size categories (or more) larger than you. */
export const NERVE_STRIKE_MAX_SIZE_STEPS_LARGER = 2;

/** A breaking strike or nerve strike's data; unknown id → RangeError. */
export function specialStrike(id: string): SpecialStrike {
  return SPECIAL_STRIKES[assertOneOf('special strike', id, SPECIAL_STRIKE_IDS)];
}

/**
 * DC 10 + one-half base attack bonus (rounded down) + ability modifier: the save DC of Choke,
 * breaking strikes and nerve strikes (Str modifier; Dex with Feather Touch) (GnG Appendix 4).
 */
export function strikeSaveDc(baseAttackBonus: number, abilityModifier: number): number {
  const bab = assertInteger('baseAttackBonus', baseAttackBonus);
  if (bab < 0) throw new RangeError(`baseAttackBonus must be ≥ 0, got ${bab}`);
  return 10 + Math.floor(bab / 2) + assertInteger('abilityModifier', abilityModifier);
}

/** Validates a list of feat ids against {@link ACTION_FEAT_IDS}; unknown id → RangeError. */
export function assertActionFeats(feats: readonly string[] | undefined): readonly ActionFeatId[] {
  if (feats === undefined) return [];
  if (!Array.isArray(feats)) throw new RangeError(`feats must be an array, got ${String(feats)}`);
  return feats.map((f) => assertOneOf('feat', f, ACTION_FEAT_IDS));
}

/** The two families of special strikes: breaking strikes and nerve strikes (GnG Appendix 4). */
export type SpecialStrikeFamily = 'breaking' | 'nerve';

/** Which family a strike belongs to (by the feat that grants it). */
export function strikeFamily(id: string): SpecialStrikeFamily {
  return specialStrike(id).feat.endsWith('nerve-strikes') ? 'nerve' : 'breaking';
}

/** Strikes that target an item the attacker chooses before attacking (Break Grip, Break Weapon). */
export const STRIKES_WITH_ITEM: readonly SpecialStrikeId[] = ['break-grip', 'break-weapon'];

/** Rip Senses: the sense chosen before the strike, as the condition it sets. */
export const RIP_SENSES_CHOICES = ['blinded', 'deafened'] as const;
/** One of {@link RIP_SENSES_CHOICES}. */
export type RipSensesChoice = (typeof RIP_SENSES_CHOICES)[number];

/** Why a breaking strike or nerve strike cannot be made (GnG Appendix 4). */
export type SpecialStrikeRefusal =
  | 'feat'
  | 'melee'
  | 'proficient'
  | 'improved-unarmed-strike'
  | 'no-discernible-anatomy'
  | 'target-too-large'
  | 'charge'
  | 'item'
  | 'sense';

/** Input of {@link specialStrikeUnmet}. */
export interface SpecialStrikeRequest {
  strike: string;
  /** The attacker's feat ids. */
  feats: readonly string[];
  /** A melee attack ("special melee attacks"). */
  melee: boolean;
  /** An unarmed strike (needs Improved Unarmed Strike instead of proficiency). */
  unarmed: boolean;
  /** The attacker is proficient with the weapon. */
  proficient: boolean;
  /** The attack ends a charge (nerve strikes may not). */
  charging?: boolean;
  /** The target has no discernible anatomy (nerve strikes may not target it). */
  targetNoAnatomy?: boolean;
  /** How many size categories the target is larger than the attacker (negative: smaller). */
  targetSizeSteps?: number;
  /** Break Grip / Break Weapon: the attacker chose an item the target holds. */
  item?: boolean;
  /** Rip Senses: the chosen sense. */
  sense?: string;
}

/**
 * The first unmet requirement of a breaking strike or nerve strike, or null when it can be made:
 * the feat; a melee attack; a proficient weapon, or Improved Unarmed Strike when unarmed; nerve
 * strikes: not against no discernible anatomy, not against a target two or more sizes larger, not at
 * the end of a charge; Break Grip / Break Weapon: an item chosen; Rip Senses: a sense chosen.
 */
export function specialStrikeUnmet(request: SpecialStrikeRequest): SpecialStrikeRefusal | null {
  const data = specialStrike(request.strike);
  if (!Array.isArray(request.feats)) throw new RangeError('feats must be an array');
  if (!request.feats.includes(data.feat)) return 'feat';
  if (!request.melee) return 'melee';
  if (request.unarmed) {
    if (!request.feats.includes('improved-unarmed-strike')) return 'improved-unarmed-strike';
  } else if (!request.proficient) return 'proficient';
  if (strikeFamily(request.strike) === 'nerve') {
    if (request.targetNoAnatomy) return 'no-discernible-anatomy';
    const steps = assertInteger('targetSizeSteps', request.targetSizeSteps ?? 0);
    if (steps >= NERVE_STRIKE_MAX_SIZE_STEPS_LARGER) return 'target-too-large';
    if (request.charging) return 'charge';
  }
  if ((STRIKES_WITH_ITEM as readonly string[]).includes(request.strike) && !request.item) return 'item';
  if (request.strike === 'rip-senses') {
    if (request.sense === undefined || !(RIP_SENSES_CHOICES as readonly string[]).includes(request.sense))
      return 'sense';
  }
  return null;
}

/**
 * The ability modifier of a strike's save DC: Strength; Feather Touch lets a nerve strike use
 * Dexterity instead ("you may substitute"), so the better of the two.
 */
export function strikeSaveAbilityModifier(
  strike: string,
  modifiers: { str: number; dex: number },
  feats: readonly string[] = [],
): number {
  const str = assertInteger('str', modifiers.str);
  const dex = assertInteger('dex', modifiers.dex);
  if (strikeFamily(strike) === 'nerve' && feats.includes('feather-touch')) return Math.max(str, dex);
  return str;
}

/**
 * Whether a strike's save (or check) happens after the hit: saves and Break Grip need at least 1 HP
 * of damage; Break Stance and Break Balance happen on any hit; Break Weapon has none.
 */
export function strikeResolves(strike: string, damageDealt: number): boolean {
  const data = specialStrike(strike);
  const damage = assertInteger('damageDealt', damageDealt);
  if (data.resolution === 'none') return false;
  return !data.needsDamage || damage >= 1;
}
