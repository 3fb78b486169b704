/**
 * The GnG conditions as data (GnG "CONDITIONS", "Locked"; core "Pin"; the disabled body parts of
 * GnG "CALLED SHOTS"). Each entry lists the mechanical effects the text gives, and nothing else.
 * This is the one place of the conditions' numbers: the condition rows of "Table: Defense Roll
 * Modifiers" (defense.ts) and "Table: Attack Roll Modifiers" (attack-modifiers.ts) are read from here.
 */
import { assertOneOf } from './validate.js';

/** Every condition id this table knows. */
export const CONDITION_IDS = [
  'blinded',
  'cowering',
  'dazed',
  'dazzled',
  'energy-drained',
  'flat-footed',
  'frightened',
  'grappling',
  'helpless',
  'invisible',
  'panicked',
  'prone',
  'shaken',
  'sickened',
  'stunned',
  'suppressed',
  'locked',
  'pinned',
  'disabled-arm',
  'disabled-ear',
  'disabled-eye',
  'disabled-head',
  'disabled-leg',
  'deafened',
  'entangled',
  'exhausted',
  'fatigued',
  'nauseated',
] as const;
/** A condition id. */
export type ConditionId = (typeof CONDITION_IDS)[number];

/** Bonuses to Defense a condition takes away. */
export type DefenseBonusKind = 'dex' | 'class' | 'dodge';

/** Mechanical effects of one condition; absent numbers are 0, absent flags are false. */
export interface ConditionEffects {
  /** Where the text defines it: GnG conditions list, GnG grappling, GnG called shots, or core only. */
  readonly source: 'gng' | 'gng-grappling' | 'gng-called-shot' | 'core';
  /** Modifier to all attack rolls. */
  readonly attack?: number;
  /** Modifier to melee attack rolls only. */
  readonly meleeAttack?: number;
  /** Modifier to Defense rolls against every attack. */
  readonly defense?: number;
  /** Modifier to Defense rolls against melee attacks only. */
  readonly defenseMelee?: number;
  /** Modifier to Defense rolls against ranged attacks only. */
  readonly defenseRanged?: number;
  /** Modifier to all saving throws. */
  readonly saves?: number;
  /** Modifier to Reflex saves only. */
  readonly reflex?: number;
  /** Modifier to all skill checks. */
  readonly skills?: number;
  /** Modifier to the named skills only (see `skillList`). */
  readonly listedSkills?: number;
  /** The skills `listedSkills` applies to (as printed; "such as" lists). */
  readonly skillList?: readonly string[];
  /** Modifier to all ability checks. */
  readonly abilityChecks?: number;
  /** Modifier to Strength checks only. */
  readonly strengthChecks?: number;
  /** Modifier to Dexterity checks only. */
  readonly dexterityChecks?: number;
  /** Modifier to initiative rolls. */
  readonly initiative?: number;
  /** Modifier to weapon damage rolls. */
  readonly weaponDamage?: number;
  /** Modifier to every roll except damage (disabled head). */
  readonly allRollsExceptDamage?: number;
  /** Modifier per negative level (energy drained): applies to the fields marked in `perLevel`. */
  readonly perLevel?: boolean;
  /** Bonuses to Defense lost: always {@link DEXTERITY_LOSS_BONUSES} when present. */
  readonly losesDefenseBonuses?: readonly DefenseBonusKind[];
  /** Loses those bonuses only against opponents the character is not grappling. */
  readonly losesOnlyVsNonGrappled?: boolean;
  /** Treated as Dexterity 0 (−5 modifier). */
  readonly dexterityZero?: boolean;
  /** Automatically rolls a 1 on the d20 of the Defense roll. */
  readonly defenseRollAutoOne?: boolean;
  /** Bonus to melee attacks made against this character (the Defense table prints it as its melee penalty). */
  readonly meleeAttackersBonus?: number;
  /** Can take no actions (or none but the one the text names). */
  readonly noActions?: boolean;
  /** Drops everything held. */
  readonly dropsHeld?: boolean;
  /** Speed multiplier (blinded and exhausted move at half speed). */
  readonly speedMultiplier?: number;
  /** Penalty to the Strength score (an effective score, gone with the condition: fatigued, exhausted). */
  readonly strengthScore?: number;
  /** Penalty to the Dexterity score (an effective score, gone with the condition: fatigued, exhausted). */
  readonly dexterityScore?: number;
  /** Can neither run nor charge (disabled leg, fatigued, exhausted, entangled). */
  readonly noRunOrCharge?: boolean;
  /**
   * Degrees of one condition, lightest first (fatigued, exhausted): only the worst counts, and the
   * next degree replaces the lighter one.
   */
  readonly fatigueDegree?: number;
  /** What complete rest does: after `hours` the condition ends, or becomes `becomes`. */
  readonly rest?: { readonly hours: number; readonly becomes: ConditionId | null };
  /** Cannot make attacks of opportunity. */
  readonly noAttacksOfOpportunity?: boolean;
  /** Immobile (held): cannot move. */
  readonly held?: boolean;
  /** Falls prone. */
  readonly prone?: boolean;
  /** Typical duration in rounds, when the text gives one. */
  readonly typicalRounds?: number;
  /** Penalties from several instances of this condition do not stack (disabled body parts). */
  readonly noStackWithSelf?: boolean;
  /** i18n key of the description. */
  readonly descriptionKey: string;
}

const ARM_SKILLS = [
  'Climb',
  'Craft',
  'Disable Device',
  'Escape Artist',
  'Forgery',
  'Alchemy',
  'Heal',
  'Open Lock',
  'Pick Pocket',
  'Swim',
  'Use Rope',
] as const;
const EAR_SKILLS = [
  'Balance',
  'Bluff',
  'Climb',
  'Diplomacy',
  'Intimidate',
  'Listen',
  'Perform',
  'Tumble',
] as const;
const EYE_SKILLS = [
  'Appraise',
  'Craft',
  'Decipher Script',
  'Disable Device',
  'Forgery',
  'Search',
  'Sense Motive',
  'Spot',
  'Survival',
] as const;
const LEG_SKILLS = ['Climb', 'Swim', 'Jump', 'Ride', 'Tumble', 'Balance', 'Move Silently'] as const;

/**
 * What losing the Dexterity bonus to Defense takes away: the Dexterity, class and dodge bonuses
 * ("Any situation that denies your Dexterity bonus also denies your class bonus"; "Dodge"). Every
 * condition that loses Dexterity loses this list, so it cannot disagree with `defenseBonus` (which
 * also drops haste, a Defense part with the same rule — decision "Dex penalty stays", docs/rules.md).
 */
export const DEXTERITY_LOSS_BONUSES: readonly DefenseBonusKind[] = ['dex', 'class', 'dodge'];
const key = (id: string): string => `GNG.Condition.${id}`;

/**
 * Shaken's and frightened's −2 "on attack rolls, defense rolls, saving throws, skill checks, and ability
 * checks" (000:2245–2247, 2289–2291), one row of "Table: Attack Roll Modifiers" ("Shaken or frightened",
 * 000:1532).
 */
const SHAKEN_OR_FRIGHTENED = { attack: -2, defense: -2, saves: -2, skills: -2, abilityChecks: -2 } as const;

/** GnG "CONDITIONS" (and Locked, Pinned, disabled body parts): id → mechanical effects. */
export const CONDITION_TABLE: Readonly<Record<ConditionId, ConditionEffects>> = {
  blinded: {
    source: 'gng',
    defense: -2,
    losesDefenseBonuses: DEXTERITY_LOSS_BONUSES,
    speedMultiplier: 0.5,
    listedSkills: -4,
    skillList: ['Search', 'most Strength- and Dexterity-based skills'],
    descriptionKey: key('blinded'),
  },
  cowering: {
    source: 'gng',
    defense: -2,
    losesDefenseBonuses: DEXTERITY_LOSS_BONUSES,
    descriptionKey: key('cowering'),
  },
  dazed: { source: 'gng', noActions: true, typicalRounds: 1, descriptionKey: key('dazed') },
  dazzled: {
    source: 'gng',
    attack: -1,
    defense: -1,
    listedSkills: -1,
    skillList: ['Search', 'Spot'],
    descriptionKey: key('dazzled'),
  },
  'energy-drained': {
    source: 'gng',
    perLevel: true,
    attack: -1,
    defense: -1,
    saves: -1,
    skills: -1,
    abilityChecks: -1,
    descriptionKey: key('energy-drained'),
  },
  'flat-footed': {
    source: 'gng',
    losesDefenseBonuses: DEXTERITY_LOSS_BONUSES,
    noAttacksOfOpportunity: true,
    descriptionKey: key('flat-footed'),
  },
  frightened: { source: 'gng', ...SHAKEN_OR_FRIGHTENED, descriptionKey: key('frightened') },
  grappling: {
    source: 'gng',
    losesDefenseBonuses: DEXTERITY_LOSS_BONUSES,
    losesOnlyVsNonGrappled: true,
    descriptionKey: key('grappling'),
  },
  helpless: {
    source: 'gng',
    dexterityZero: true,
    defenseRollAutoOne: true,
    losesDefenseBonuses: DEXTERITY_LOSS_BONUSES,
    meleeAttackersBonus: 4,
    descriptionKey: key('helpless'),
  },
  invisible: { source: 'gng', attack: 2, descriptionKey: key('invisible') },
  panicked: {
    source: 'gng',
    defense: -2,
    saves: -2,
    skills: -2,
    abilityChecks: -2,
    dropsHeld: true,
    noActions: true,
    descriptionKey: key('panicked'),
  },
  prone: { source: 'gng', meleeAttack: -4, defenseMelee: -4, defenseRanged: 4, descriptionKey: key('prone') },
  shaken: { source: 'gng', ...SHAKEN_OR_FRIGHTENED, descriptionKey: key('shaken') },
  sickened: {
    source: 'gng',
    attack: -2,
    defense: -2,
    weaponDamage: -2,
    saves: -2,
    skills: -2,
    abilityChecks: -2,
    descriptionKey: key('sickened'),
  },
  stunned: {
    source: 'gng',
    dropsHeld: true,
    noActions: true,
    defense: -2,
    losesDefenseBonuses: DEXTERITY_LOSS_BONUSES,
    descriptionKey: key('stunned'),
  },
  suppressed: {
    source: 'gng',
    prone: true,
    noActions: true,
    typicalRounds: 1,
    descriptionKey: key('suppressed'),
  },
  locked: {
    source: 'gng-grappling',
    held: true,
    defenseMelee: -4,
    defenseRollAutoOne: true,
    losesDefenseBonuses: DEXTERITY_LOSS_BONUSES,
    typicalRounds: 1,
    descriptionKey: key('locked'),
  },
  pinned: {
    source: 'gng-grappling',
    held: true,
    noActions: true,
    defenseMelee: -4,
    defenseRollAutoOne: true,
    losesDefenseBonuses: DEXTERITY_LOSS_BONUSES,
    typicalRounds: 1,
    descriptionKey: key('pinned'),
  },
  'disabled-arm': {
    source: 'gng-called-shot',
    attack: -2,
    strengthChecks: -2,
    listedSkills: -2,
    skillList: ARM_SKILLS,
    noStackWithSelf: true,
    descriptionKey: key('disabled-arm'),
  },
  'disabled-ear': {
    source: 'gng-called-shot',
    initiative: -2,
    defense: -2,
    reflex: -2,
    listedSkills: -2,
    skillList: EAR_SKILLS,
    noStackWithSelf: true,
    descriptionKey: key('disabled-ear'),
  },
  'disabled-eye': {
    source: 'gng-called-shot',
    dexterityChecks: -2,
    attack: -2,
    defense: -2,
    reflex: -2,
    listedSkills: -2,
    skillList: EYE_SKILLS,
    noStackWithSelf: true,
    descriptionKey: key('disabled-eye'),
  },
  'disabled-head': {
    source: 'gng-called-shot',
    allRollsExceptDamage: -2,
    noStackWithSelf: true,
    descriptionKey: key('disabled-head'),
  },
  'disabled-leg': {
    source: 'gng-called-shot',
    defense: -2,
    reflex: -2,
    dexterityChecks: -2,
    listedSkills: -2,
    skillList: LEG_SKILLS,
    noRunOrCharge: true,
    noStackWithSelf: true,
    descriptionKey: key('disabled-leg'),
  },
  deafened: { source: 'core', descriptionKey: key('deafened') },
  // Entangled's attack and Dexterity numbers are rows of the attacker/Defense tables (attack-modifiers.ts).
  entangled: { source: 'core', noRunOrCharge: true, descriptionKey: key('entangled') },
  // Core rules condition summary (decision "fatigue numbers", docs/rules.md): effective −6 Str and Dex, half speed,
  // no run or charge; 1 hour of complete rest makes the character fatigued.
  exhausted: {
    source: 'core',
    strengthScore: -6,
    dexterityScore: -6,
    speedMultiplier: 0.5,
    noRunOrCharge: true,
    fatigueDegree: 2,
    rest: { hours: 1, becomes: 'fatigued' },
    descriptionKey: key('exhausted'),
  },
  // Effective −2 Str and Dex, no run or charge; 8 hours of complete rest end it; more fatigue → exhausted.
  fatigued: {
    source: 'core',
    strengthScore: -2,
    dexterityScore: -2,
    noRunOrCharge: true,
    fatigueDegree: 1,
    rest: { hours: 8, becomes: null },
    descriptionKey: key('fatigued'),
  },
  nauseated: { source: 'core', descriptionKey: key('nauseated') },
};

/** Whether a status id is one of the conditions of the table (other ids: other modules' statuses). */
export function isConditionId(id: string): id is ConditionId {
  return (CONDITION_IDS as readonly string[]).includes(id);
}

/** The mechanical effects of a condition (GnG "CONDITIONS"); unknown id → RangeError. */
export function conditionEffects(id: string): ConditionEffects {
  return CONDITION_TABLE[assertOneOf('condition', id, CONDITION_IDS)];
}

/**
 * Whether a condition takes away the character's Dexterity bonus to Defense against this opponent
 * (GnG "CONDITIONS"; `vsGrappledOpponent` matters only for Grappling).
 */
export function conditionLosesDexterity(id: string, vsGrappledOpponent = false): boolean {
  const effects = conditionEffects(id);
  if (effects.dexterityZero) return true;
  if (!effects.losesDefenseBonuses?.includes('dex')) return false;
  return !(effects.losesOnlyVsNonGrappled && vsGrappledOpponent);
}
