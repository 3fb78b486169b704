/**
 * Called Shots (GnG "CALLED SHOTS": PROCEDURE, Penetration Effects, Condition Effects), with the
 * Improved Called Shot / Advanced Called Shot feats, the Precise weapon property and sneak attack's
 * called shot without attack of opportunity. Effect-based: the attacker picks effects, each with
 * an attack penalty; the penalties are cumulative.
 */
import { parseDice, type DiceExpression } from './dice.js';
import { assertInteger, assertNonNegativeInteger, assertOneOf } from './validate.js';
import { IMPROVED_CALLED_SHOT_REDUCTION } from './appendix-feats.js';
import { bypassedArmorValue } from './protection.js';
import type { ConditionId } from './conditions.js';

/** The called-shot effect ids (GnG "EFFECTS"). */
export const CALLED_SHOT_EFFECTS = [
  'penetration',
  'blindness',
  'daze',
  'deafness',
  'disabled-arm',
  'disabled-ear',
  'disabled-eye',
  'disabled-head',
  'disabled-leg',
  'severe-bleeding',
  'silent-kill',
  'stab-and-grab',
  'stun',
  'vital-strike',
] as const;
/** One of {@link CALLED_SHOT_EFFECTS}. */
export type CalledShotEffect = (typeof CALLED_SHOT_EFFECTS)[number];

/** Armor types for the Penetration Effect (GnG "Penetration Effects"). */
export const CALLED_SHOT_ARMOR = ['light', 'medium', 'heavy', 'natural', 'force'] as const;
/** One of {@link CALLED_SHOT_ARMOR}. */
export type CalledShotArmor = (typeof CALLED_SHOT_ARMOR)[number];

/** Penetration attack penalty by armor type; force-based armor makes penetration impossible. */
export const PENETRATION_PENALTY: Readonly<Record<Exclude<CalledShotArmor, 'force'>, number>> = {
  light: -4,
  medium: -6,
  heavy: -8,
  natural: -8,
};

/** Anatomy traits that grant immunity to some effects (as printed under each effect's "Special"). */
export const ANATOMY_TRAITS = [
  'no-nervous-system',
  'no-brain',
  'no-pain',
  'no-circulatory-system',
  'no-discernible-anatomy',
] as const;
/** One of {@link ANATOMY_TRAITS}. */
export type AnatomyTrait = (typeof ANATOMY_TRAITS)[number];

/** One called-shot effect as data. */
export interface CalledShotEffectData {
  /** Penetration Effect (Reflex vs 10 + RD) or Condition Effect (Fortitude vs 10 + damage). */
  readonly category: 'penetration' | 'condition';
  /** Attack penalty; null for penetration (see {@link PENETRATION_PENALTY}). */
  readonly penalty: number | null;
  /** The target's saving throw. */
  readonly save: 'reflex' | 'fortitude';
  /** Conditions imposed on a failed save (ids of the conditions table). */
  readonly conditions: readonly ConditionId[];
  /** Duration in rounds as dice ("1d4+1", "1"), or null (until recovered / special). */
  readonly duration: string | null;
  /** Any of these traits makes the target immune. */
  readonly immuneIf: readonly AnatomyTrait[];
  /** i18n key of the result text. */
  readonly resultKey: string;
}

const effect = (
  id: CalledShotEffect,
  d: Omit<CalledShotEffectData, 'resultKey' | 'category' | 'save'>,
): CalledShotEffectData => ({
  category: id === 'penetration' ? 'penetration' : 'condition',
  save: id === 'penetration' ? 'reflex' : 'fortitude',
  ...d,
  resultKey: `GNG.CalledShot.${id}.result`,
});

/** Every called-shot effect: penalty, save, conditions, duration, immunities (GnG "EFFECTS"). */
export const CALLED_SHOT_EFFECT_TABLE: Readonly<Record<CalledShotEffect, CalledShotEffectData>> = {
  penetration: effect('penetration', { penalty: null, conditions: [], duration: null, immuneIf: [] }),
  blindness: effect('blindness', {
    penalty: -4,
    conditions: ['blinded'],
    duration: '1d4+1',
    immuneIf: ['no-nervous-system'],
  }),
  daze: effect('daze', {
    penalty: -2,
    conditions: ['dazed'],
    duration: '1',
    immuneIf: ['no-nervous-system'],
  }),
  deafness: effect('deafness', {
    penalty: -4,
    conditions: ['deafened'],
    duration: '1d4+1',
    immuneIf: ['no-nervous-system'],
  }),
  'disabled-arm': effect('disabled-arm', {
    penalty: -4,
    conditions: ['disabled-arm'],
    duration: null,
    immuneIf: [],
  }),
  'disabled-ear': effect('disabled-ear', {
    penalty: -6,
    conditions: ['disabled-ear'],
    duration: null,
    immuneIf: [],
  }),
  'disabled-eye': effect('disabled-eye', {
    penalty: -6,
    conditions: ['disabled-eye'],
    duration: null,
    immuneIf: [],
  }),
  'disabled-head': effect('disabled-head', {
    penalty: -8,
    conditions: ['disabled-head'],
    duration: null,
    immuneIf: ['no-nervous-system', 'no-brain'],
  }),
  'disabled-leg': effect('disabled-leg', {
    penalty: -4,
    conditions: ['disabled-leg'],
    duration: null,
    immuneIf: [],
  }),
  'severe-bleeding': effect('severe-bleeding', {
    penalty: -8,
    conditions: [],
    duration: null,
    immuneIf: ['no-circulatory-system'],
  }),
  'silent-kill': effect('silent-kill', {
    penalty: -4,
    conditions: [],
    duration: null,
    immuneIf: ['no-nervous-system', 'no-pain'],
  }),
  'stab-and-grab': effect('stab-and-grab', { penalty: -4, conditions: [], duration: null, immuneIf: [] }),
  stun: effect('stun', {
    penalty: -4,
    conditions: ['stunned'],
    duration: '1',
    immuneIf: ['no-nervous-system', 'no-pain'],
  }),
  'vital-strike': effect('vital-strike', {
    penalty: -8,
    conditions: [],
    duration: null,
    immuneIf: ['no-discernible-anatomy'],
  }),
};

/** Data of one called-shot effect; unknown id → RangeError naming it. */
export function calledShotEffect(id: string): CalledShotEffectData {
  return CALLED_SHOT_EFFECT_TABLE[assertOneOf('called-shot effect', id, CALLED_SHOT_EFFECTS)];
}

function assertEffects(effects: readonly string[]): CalledShotEffect[] {
  if (!Array.isArray(effects)) throw new RangeError(`effects must be an array, got ${String(effects)}`);
  const seen = new Set<string>();
  return effects.map((e) => {
    const id = assertOneOf('called-shot effect', e, CALLED_SHOT_EFFECTS);
    if (seen.has(id)) throw new RangeError(`duplicate called-shot effect: ${id}`);
    seen.add(id);
    return id;
  });
}

/**
 * The armor type that sets the Penetration penalty when the target wears several: "choose the
 * highest penalty"; any force-based layer makes penetration impossible (returns `force`).
 */
export function penetrationArmor(types: readonly CalledShotArmor[]): CalledShotArmor {
  if (!Array.isArray(types) || types.length === 0)
    throw new RangeError('armor types must be a non-empty array');
  const checked = types.map((t) => assertOneOf('armor', t, CALLED_SHOT_ARMOR));
  if (checked.includes('force')) return 'force';
  return (checked as Exclude<CalledShotArmor, 'force'>[]).reduce((a, b) =>
    PENETRATION_PENALTY[b] < PENETRATION_PENALTY[a] ? b : a,
  );
}

/** Options of {@link calledShotPenalty}. */
export interface CalledShotPenaltyOptions {
  /** Improved Called Shot (with a proficient weapon): −1 less per effect. */
  improvedCalledShot?: boolean;
  /** Precise weapon: halves the penalty; does not stack with Improved Called Shot (the better applies). */
  precise?: boolean;
  /** The target's armor, for the Penetration effect. */
  armor?: CalledShotArmor;
}

/**
 * Total attack penalty (≤ 0) of a called shot with these effects (GnG "EFFECTS"; Improved Called
 * Shot; Precise). Unknown or duplicate effect, penetration without armor, or penetration against
 * force armor → RangeError.
 */
export function calledShotPenalty(effects: string[], opts: CalledShotPenaltyOptions = {}): number {
  const ids = assertEffects(effects);
  const armor = opts.armor === undefined ? undefined : assertOneOf('armor', opts.armor, CALLED_SHOT_ARMOR);
  const each = ids.map((id) => {
    const data = CALLED_SHOT_EFFECT_TABLE[id];
    if (data.penalty !== null) return data.penalty;
    if (armor === undefined) throw new RangeError('armor is required for a penetration called shot');
    if (armor === 'force') throw new RangeError('penetration is impossible against force armor');
    return PENETRATION_PENALTY[armor];
  });
  const base = each.reduce((a, b) => a + b, 0);
  let total = base;
  if (opts.improvedCalledShot) total = Math.max(total, base + IMPROVED_CALLED_SHOT_REDUCTION * ids.length);
  if (opts.precise) total = Math.max(total, Math.trunc(base / 2));
  return total === 0 ? 0 : total;
}

/** Stab and Grab's weapon and feat requirements (GnG "Stab and Grab", "Special Requirements"). */
export interface StabAndGrabWeapon {
  /** The attacker has the Improved Grapple feat. */
  improvedGrapple: boolean;
  /** A melee weapon. */
  melee: boolean;
  /** How the weapon is wielded (light weapons count as one-handed). */
  hands: 'light' | 'one-handed' | 'two-handed';
  /** Damage types the weapon deals. */
  damageTypes: readonly ('slashing' | 'piercing' | 'bludgeoning')[];
  /** The weapon has a single edge (needed if it deals slashing damage). */
  singleEdged: boolean;
  /** The attacker has one hand free. */
  freeHand: boolean;
}

/** The first unmet Stab and Grab requirement, or null when all are met. */
export function stabAndGrabUnmet(
  weapon: StabAndGrabWeapon,
): null | 'improved-grapple' | 'melee' | 'one-handed' | 'slashing-or-piercing' | 'single-edge' | 'free-hand' {
  if (!weapon.improvedGrapple) return 'improved-grapple';
  if (!weapon.melee) return 'melee';
  if (assertOneOf('hands', weapon.hands, ['light', 'one-handed', 'two-handed'] as const) === 'two-handed') {
    return 'one-handed';
  }
  if (!Array.isArray(weapon.damageTypes)) {
    throw new RangeError(`damageTypes must be an array, got ${String(weapon.damageTypes)}`);
  }
  const types = weapon.damageTypes.map((t) =>
    assertOneOf('damage type', t, ['slashing', 'piercing', 'bludgeoning']),
  );
  if (!types.includes('slashing') && !types.includes('piercing')) return 'slashing-or-piercing';
  if (types.includes('slashing') && !weapon.singleEdged) return 'single-edge';
  if (!weapon.freeHand) return 'free-hand';
  return null;
}

/** Input of {@link calledShotEligibility}. */
export interface CalledShotRequest {
  effects: string[];
  /** The attack is an attack of opportunity (called shots may not be). */
  attackOfOpportunity?: boolean;
  /** The target has any degree of concealment. */
  concealed?: boolean;
  /** The attack has an attack roll (default true; spells without one cannot make called shots). */
  hasAttackRoll?: boolean;
  /** The target's armor type(s), for penetration (several: highest penalty; any force: impossible). */
  armor?: CalledShotArmor | readonly CalledShotArmor[];
  /** The target's armor has fortification (any degree prevents penetration called shots). */
  fortified?: boolean;
  /** The target's anatomy traits, for immunities. */
  anatomy?: readonly AnatomyTrait[];
  /** Required when `stab-and-grab` is chosen. */
  stabAndGrab?: StabAndGrabWeapon;
  /** Improved Called Shot with a proficient weapon. */
  improvedCalledShot?: boolean;
  /** Advanced Called Shot with a proficient weapon: no attack of opportunity. */
  advancedCalledShot?: boolean;
  /** The attack is a sneak attack: a called shot without attack of opportunity. */
  sneakAttack?: boolean;
  /** The weapon is Precise. */
  precise?: boolean;
}

/** Why a called shot is refused. */
export type CalledShotRefusal =
  | 'attack-of-opportunity'
  | 'concealed'
  | 'no-attack-roll'
  | 'no-effects'
  | 'penetration-needs-armor'
  | 'penetration-vs-force-armor'
  | 'fortified'
  | 'stab-and-grab-requirements';

/** Result of {@link calledShotEligibility}. */
export type CalledShotEligibility =
  | {
      allowed: true;
      /** Total attack penalty (≤ 0). */
      penalty: number;
      /** Initiating the called shot provokes an attack of opportunity from the target. */
      provokesAttackOfOpportunity: boolean;
      /** Chosen effects the target is immune to (their penalty still applies). */
      immune: CalledShotEffect[];
    }
  | { allowed: false; reason: CalledShotRefusal; detail?: string };

/** Effects of this list the anatomy is immune to (GnG "Special" lines). */
export function calledShotImmunities(effects: string[], anatomy: readonly string[] = []): CalledShotEffect[] {
  const traits = anatomy.map((t) => assertOneOf('anatomy trait', t, ANATOMY_TRAITS));
  return assertEffects(effects).filter((id) =>
    CALLED_SHOT_EFFECT_TABLE[id].immuneIf.some((t) => traits.includes(t)),
  );
}

/**
 * Can this called shot be made, at what penalty, does it provoke, and which effects are wasted on
 * an immune target? (GnG "PROCEDURE", "Penetration Effects", "Stab and Grab", Advanced Called
 * Shot, "SNEAK ATTACK", "SPELLS AND CALLED SHOTS", Fortification.)
 */
export function calledShotEligibility(request: CalledShotRequest): CalledShotEligibility {
  const effects = assertEffects(request.effects);
  if (effects.length === 0) return { allowed: false, reason: 'no-effects' };
  if (request.hasAttackRoll === false) return { allowed: false, reason: 'no-attack-roll' };
  if (request.attackOfOpportunity) return { allowed: false, reason: 'attack-of-opportunity' };
  if (request.concealed) return { allowed: false, reason: 'concealed' };
  let armor: CalledShotArmor | undefined;
  if (request.armor !== undefined) {
    armor =
      typeof request.armor === 'string'
        ? assertOneOf('armor', request.armor, CALLED_SHOT_ARMOR)
        : penetrationArmor(request.armor);
  }
  if (effects.includes('penetration')) {
    if (armor === undefined) return { allowed: false, reason: 'penetration-needs-armor' };
    if (armor === 'force') return { allowed: false, reason: 'penetration-vs-force-armor' };
    if (request.fortified) return { allowed: false, reason: 'fortified' };
  }
  if (effects.includes('stab-and-grab')) {
    if (!request.stabAndGrab)
      return { allowed: false, reason: 'stab-and-grab-requirements', detail: 'weapon' };
    const unmet = stabAndGrabUnmet(request.stabAndGrab);
    if (unmet) return { allowed: false, reason: 'stab-and-grab-requirements', detail: unmet };
  }
  const penaltyOpts: CalledShotPenaltyOptions = {};
  if (request.improvedCalledShot) penaltyOpts.improvedCalledShot = true;
  if (request.precise) penaltyOpts.precise = true;
  if (armor !== undefined) penaltyOpts.armor = armor;
  return {
    allowed: true,
    penalty: calledShotPenalty(effects, penaltyOpts),
    provokesAttackOfOpportunity: !(request.advancedCalledShot || request.sneakAttack),
    immune: calledShotImmunities(effects, request.anatomy ?? []),
  };
}

/** Penetration save: Reflex DC 10 + the attack's Relative Degree (a hit, so RD ≥ 0). */
export function penetrationSaveDc(relativeDegree: number): number {
  return 10 + assertNonNegativeInteger('relativeDegree', relativeDegree);
}

/**
 * The Protection that still applies after a successful penetration ("you ignore one-half of your
 * target's Protection score"): ⌊P/2⌋, the armor-piercing halving of `bypassedArmorValue` (decision D15).
 */
export function penetratedProtection(protection: number): number {
  return bypassedArmorValue(assertNonNegativeInteger('protection', protection), 'piercing');
}

/**
 * Condition-effect save: Fortitude DC 10 + damage inflicted (after Protection, DR, ER…); null when
 * less than 1 HP got through (no save, no condition) (GnG "Condition Effects").
 */
export function conditionSaveDc(damageDealt: number): number | null {
  const damage = assertNonNegativeInteger('damageDealt', damageDealt);
  return damage >= 1 ? 10 + damage : null;
}

/** A save given as the rolled total (compared to the DC, success on ≥) or as already decided. */
export type SaveResult = number | boolean;

function saved(save: SaveResult, dc: number): boolean {
  if (typeof save === 'boolean') return save;
  return assertInteger('save', save) >= dc;
}

/**
 * Penetration step of a hit: Reflex save against 10 + RD; on a failed save, half the target's
 * Protection is ignored (use {@link penetratedProtection}).
 */
export function resolvePenetration(
  relativeDegree: number,
  reflexSave: SaveResult,
): { dc: number; penetrated: boolean } {
  const dc = penetrationSaveDc(relativeDegree);
  return { dc, penetrated: !saved(reflexSave, dc) };
}

/**
 * Condition step of a hit: needs ≥ 1 HP of damage, then a Fortitude save against 10 + damage; on a
 * failure every chosen condition effect the target is not immune to takes place.
 */
export function resolveConditionEffects(input: {
  effects: string[];
  damageDealt: number;
  fortitudeSave?: SaveResult;
  anatomy?: readonly AnatomyTrait[];
}): { dc: number | null; applied: CalledShotEffect[]; immune: CalledShotEffect[] } {
  const conditionIds = assertEffects(input.effects).filter((id) => id !== 'penetration');
  const immune = calledShotImmunities(conditionIds, input.anatomy ?? []);
  const dc = conditionSaveDc(input.damageDealt);
  if (dc === null || conditionIds.length === 0) return { dc, applied: [], immune };
  if (input.fortitudeSave === undefined)
    throw new RangeError('fortitudeSave is required when damage got through');
  if (saved(input.fortitudeSave, dc)) return { dc, applied: [], immune };
  return { dc, applied: conditionIds.filter((id) => !immune.includes(id)), immune };
}

/** Vital Strike: "Double all damage inflicted upon the target after applying Protection, DR, ER". */
export function vitalStrikeDamage(damageAfterReductions: number): number {
  return 2 * assertNonNegativeInteger('damageAfterReductions', damageAfterReductions);
}

/** Stab and Grab numbers: +4 on the immediate grapple check; +4 on all grapple checks while lodged. */
export const STAB_AND_GRAB = {
  initialGrappleBonus: 4,
  lodgedGrappleBonus: 4,
  barbedDiceMultiplier: 2,
} as const;

/**
 * Damage of pulling a lodged Stab-and-Grab weapon out: the weapon's dice only (no Strength,
 * RD or other flat modifiers), dice doubled if barbed, ignoring Protection (GnG "Removing the Weapon").
 */
export function stabAndGrabRemovalDamage(
  weaponDamage: string | DiceExpression,
  opts: { barbed?: boolean } = {},
): { dice: DiceExpression; ignoresProtection: true } {
  const parsed = typeof weaponDamage === 'string' ? parseDice(weaponDamage) : weaponDamage;
  const count = assertNonNegativeInteger('dice count', parsed.count);
  const faces = assertNonNegativeInteger('dice faces', parsed.faces, 1);
  return {
    dice: { count: opts.barbed ? count * STAB_AND_GRAB.barbedDiceMultiplier : count, faces, bonus: 0 },
    ignoresProtection: true,
  };
}
