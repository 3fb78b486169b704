/**
 * Preparing and casting a spell on the Time Count (seed 002:263, 298–300, 648–676; issue #32, design
 * §2.2 R37). Pure state transitions: the caller stores the preparation (the tracker, in the Combat's
 * GM-written flags) and posts the next counts. Decisions: docs/rules.md "### The Time Count".
 */
import type { DiceSource } from '../../types.js';
import { assertFinite, assertInteger, assertNonNegativeInteger } from '../../validate.js';
import { actionSpeedFactor, type ActionSpeedResult } from './action-speeds.js';
import type { SpeedClass } from './speed-factor.js';

/** "a base casting DC of 10 plus the fatigue cost plus your armor spell failure" (002:656). */
export const CASTING_DC_BASE = 10;
/** "add 3 to the casting DC for each prior casting" (002:657). */
export const CASTING_DC_PER_PRIOR_CASTING = 3;
/** "assume a time limit of approximately 1 minute to finish the spell" (002:666): 120 TC (A14). */
export const SPELL_TIME_LIMIT_COUNTS = 120;
/** Casting, charging and releasing a charge each take 1 TC (002:263, 661). */
export const SPELL_STEP_SF = 1;

export interface SpellPreparation {
  /** The count the preparation began at. */
  startedAt: number;
  /** The count it is prepared at (the end of the casting time, 002:660). */
  readyAt: number;
  /** The spell's own fatigue cost (without charges). */
  fatigueCost: number;
  /** The armor's spell failure, added to the DC as a number. */
  armorFailure: number;
  /** Castings of this spell earlier the same day. */
  priorCastings: number;
  /** Damage and fatigue taken before it was prepared (002:658). */
  taken: number;
  /** Turns of movement while preparing (002:659). */
  walked: number;
  /** Charges applied (002:661). */
  charges: number;
}

export interface PrepareSpellInput {
  now: number;
  castingTime: SpeedClass;
  random: boolean;
  dice?: DiceSource;
  fatigueCost: number;
  armorFailure?: number;
  priorCastings?: number;
}

/** Step 1 (002:656): the DC's parts noted, the casting time rolled as the SF; prepared at now + SF. */
export function prepareSpell(input: PrepareSpellInput): { prep: SpellPreparation; sf: ActionSpeedResult } {
  const now = assertFinite('count', input.now);
  const sf = actionSpeedFactor('prepareSpell', {
    random: input.random,
    dice: input.dice,
    castingTime: input.castingTime,
  });
  const prep: SpellPreparation = {
    startedAt: now,
    readyAt: now + sf.sf,
    fatigueCost: assertNonNegativeInteger('fatigue cost', input.fatigueCost),
    armorFailure: assertNonNegativeInteger('armor spell failure', input.armorFailure ?? 0),
    priorCastings: assertNonNegativeInteger('prior castings', input.priorCastings ?? 0),
    taken: 0,
    walked: 0,
    charges: 0,
  };
  return { prep, sf };
}

/** The casting DC now: every step of 002:656–661 added up. */
export function castingDC(prep: SpellPreparation): number {
  return (
    CASTING_DC_BASE +
    prep.fatigueCost +
    prep.armorFailure +
    CASTING_DC_PER_PRIOR_CASTING * prep.priorCastings +
    prep.taken +
    prep.walked +
    prep.charges
  );
}

/** "you spend the fatigue cost of the spell plus any charges" (002:663): each charge counted once. */
export function spellFatigueCost(prep: SpellPreparation): number {
  return prep.fatigueCost + prep.charges;
}

export function isPrepared(prep: SpellPreparation, now: number): boolean {
  return assertFinite('count', now) >= prep.readyAt;
}

/** "not completed and cast within … approximately 1 minute … it is lost" (002:666), from the start. */
export function spellExpired(prep: SpellPreparation, now: number): boolean {
  return assertFinite('count', now) > prep.startedAt + SPELL_TIME_LIMIT_COUNTS;
}

/** Step 3 (002:658): damage or fatigue taken before it is prepared adds to the DC; after, nothing. */
export function hurtWhilePreparing(prep: SpellPreparation, now: number, amount: number): SpellPreparation {
  assertNonNegativeInteger('damage and fatigue taken', amount);
  if (isPrepared(prep, now)) return prep;
  return { ...prep, taken: prep.taken + amount };
}

/** Step 4 (002:659): "each turn of movement adds 1 to the casting DC" while preparing. */
export function walkWhilePreparing(prep: SpellPreparation, now: number, turns = 1): SpellPreparation {
  assertNonNegativeInteger('turns of movement', turns);
  if (isPrepared(prep, now)) return prep;
  return { ...prep, walked: prep.walked + turns };
}

export type SpellStep =
  { ok: true; prep: SpellPreparation; sf: number } | { ok: false; reason: SpellRefusal };
export type SpellRefusal = 'notPrepared' | 'noCharge' | 'expired';

function refuseUnready(prep: SpellPreparation, now: number): SpellRefusal | null {
  if (!isPrepared(prep, now)) return 'notPrepared';
  if (spellExpired(prep, now)) return 'expired';
  return null;
}

/** Step 6 (002:661): 1 TC, casting DC and fatigue cost +1, only "while the spell is prepared". */
export function chargeSpell(prep: SpellPreparation, now: number): SpellStep {
  const refused = refuseUnready(prep, now);
  if (refused) return { ok: false, reason: refused };
  return { ok: true, prep: { ...prep, charges: prep.charges + 1 }, sf: SPELL_STEP_SF };
}

/** Step 6: "release a single charge per TC if the spell has already been charged". */
export function releaseCharge(prep: SpellPreparation, now: number): SpellStep {
  const refused = refuseUnready(prep, now);
  if (refused) return { ok: false, reason: refused };
  if (prep.charges < 1) return { ok: false, reason: 'noCharge' };
  return { ok: true, prep: { ...prep, charges: prep.charges - 1 }, sf: SPELL_STEP_SF };
}

export interface CastOutcome {
  ok: true;
  success: boolean;
  dc: number;
  total: number;
  /** Spent "whether successful or not" (002:663). */
  fatigue: number;
  /** The caster's next act: cast "with a Speed Factor of 1" (002:662). */
  nextAct: number;
  /** "the base DC of the next casting goes up by 3": the caller's prior castings today, plus one. */
  priorCastings: number;
}

/**
 * Step 7 (002:662–663): an Arcana (Int) check against the casting DC, or take 10 (`arcana.take10`
 * with the check's bonus). No natural 1 or 20 rule: the text gives none for this check.
 */
export function castPreparedSpell(
  prep: SpellPreparation,
  now: number,
  arcana: { total: number } | { take10: number },
): CastOutcome | { ok: false; reason: SpellRefusal } {
  const refused = refuseUnready(prep, now);
  if (refused) return { ok: false, reason: refused };
  const total = assertInteger('Arcana check', 'take10' in arcana ? 10 + arcana.take10 : arcana.total);
  const dc = castingDC(prep);
  return {
    ok: true,
    success: total >= dc,
    dc,
    total,
    fatigue: spellFatigueCost(prep),
    nextAct: now + SPELL_STEP_SF,
    priorCastings: prep.priorCastings + 1,
  };
}

/**
 * "You can abandon a spell at any point during the casting time … you lose the spell and you can act
 * again on the following TC" (002:676). A prepared spell is abandoned by not casting it: the schedule
 * does not move (null).
 */
export function abandonSpell(prep: SpellPreparation, now: number): { nextAct: number | null } {
  return { nextAct: isPrepared(prep, now) ? null : now + 1 };
}
