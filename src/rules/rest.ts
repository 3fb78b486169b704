/**
 * A rest and what it heals (GnG "HEALING", "RECOVERY OF DISABLED BODY PARTS"; core rules for nights,
 * interruptions and nonlethal damage): a night, a day of complete bed rest, a week, a week of complete
 * bed rest. Pure: the dice are passed in and every d% rolled is returned. Decisions: docs/rules.md
 * "Rest, recovery and the dying".
 */
import { ABILITIES, type Ability } from './abilities.js';
import { bodyPartRecoveryChance, rollBodyPartRecovery } from './body-part-recovery.js';
import { abilityPointsRecoveredPerDay, DAYS_PER_HEALING_WEEK, naturalHealingPerWeek } from './hit-points.js';
import type { DiceSource, Size } from './types.js';
import { assertIntegerInRange, assertNonNegativeInteger, assertOneOf, assertSize } from './validate.js';

/** The four rests of the rest action. */
export const REST_KINDS = ['night', 'bed-rest-day', 'week', 'bed-rest-week'] as const;
/** One of {@link REST_KINDS}. */
export type RestKind = (typeof REST_KINDS)[number];

/** Days of rest each kind counts toward the weekly HP (decision "HP come by the week"). */
export const REST_DAYS: Readonly<Record<RestKind, number>> = {
  night: 1,
  'bed-rest-day': 1,
  week: 7,
  'bed-rest-week': 7,
};
/** Hours each kind lasts, for nonlethal damage (decision "nonlethal by the hour"): 8, 24, 7 × 24. */
export const REST_HOURS: Readonly<Record<RestKind, number>> = {
  night: 8,
  'bed-rest-day': 24,
  week: 168,
  'bed-rest-week': 168,
};
/** Whether a rest kind is complete bed rest. */
export function isBedRest(kind: RestKind): boolean {
  return kind === 'bed-rest-day' || kind === 'bed-rest-week';
}

/** Days already rested toward the current healing week (carried from one rest to the next). */
export interface RestWeekProgress {
  /** Days rested so far this week, 0–6. */
  days: number;
  /** How many of those were complete bed rest, 0–days. */
  bedRestDays: number;
}

/** What was lost during the rest's cycle: `true` = HP and ability points. */
export type RestLoss = boolean | 'hp' | 'ability';

/** The creature and the circumstances of one rest. */
export interface RestInput {
  kind: RestKind;
  /** Current Constitution score (≥ 1: Con 0 is dead, no Con does not heal naturally). */
  con: number;
  size: Size;
  /** Character level (or Hit Dice), ≥ 1: nonlethal damage heals 1 per hour per level. */
  characterLevel: number;
  hp: { current: number; max: number };
  /** Nonlethal damage total. */
  nonlethal?: number;
  /** Ability damage per ability (points below the score). */
  abilityDamage?: Partial<Record<Ability, number>>;
  /** Names (or ids) of the lethally disabled body parts. */
  disabledParts?: readonly string[];
  /** The healing week so far (default none). */
  weekProgress?: RestWeekProgress;
  /** A significant interruption of the rest. */
  interrupted?: boolean;
  /** A loss during the day (cycle): HP (stops body parts), ability points (stops abilities), or both. */
  dayWithLoss?: RestLoss;
  /** A healer successfully tended the injuries (raises body-part chances). */
  healer?: boolean;
  /** Dying and unstable: no HP and no body parts recovered. */
  dyingUnstable?: boolean;
}

/** Why a part of the rest healed nothing. */
export type RestBlock = 'interrupted' | 'loss' | 'dying-unstable';

/** One d% rolled for a disabled part on one day of the rest. */
export interface BodyPartRoll {
  part: string;
  /** Day of the rest, 1-based. */
  day: number;
  /** Chance in %, at most 100. */
  chance: number;
  roll: number;
  recovers: boolean;
}

/** Everything a rest changes, and every roll it made. */
export interface RestOutcome {
  kind: RestKind;
  hours: number;
  /** Days this rest counted toward the healing week (0 when interrupted or dying and unstable). */
  daysCounted: number;
  hp: {
    before: number;
    after: number;
    regained: number;
    /** (1 + Con mod) × size multiplier, min 1 (before bed-rest doubling). */
    weeklyRate: number;
    /** A healing week was completed by this rest. */
    weekCompleted: boolean;
    /** That week was all complete bed rest (rate doubled). */
    bedRestWeek: boolean;
    /** The week so far after this rest (carry it to the next rest). */
    progress: RestWeekProgress;
    blocked: RestBlock | null;
  };
  nonlethal: { before: number; after: number; recovered: number };
  abilities: { ability: Ability; before: number; after: number; recovered: number }[];
  abilitiesBlocked: RestBlock | null;
  /** Each disabled part: recovered or not, on which day. */
  bodyParts: { part: string; recovered: boolean; day: number | null }[];
  bodyPartsBlocked: RestBlock | null;
  /** Every d% in the order rolled: day by day, parts in input order. */
  rolls: BodyPartRoll[];
}

function lossOf(loss: RestLoss | undefined): { hp: boolean; ability: boolean } {
  if (loss === undefined || loss === false) return { hp: false, ability: false };
  if (loss === true) return { hp: true, ability: true };
  return { hp: assertOneOf('loss', loss, ['hp', 'ability'] as const) === 'hp', ability: loss === 'ability' };
}

function checkProgress(p: RestWeekProgress | undefined): RestWeekProgress {
  if (p === undefined) return { days: 0, bedRestDays: 0 };
  const days = assertIntegerInRange('week progress days', p.days, 0, DAYS_PER_HEALING_WEEK - 1);
  return { days, bedRestDays: assertIntegerInRange('week progress bed-rest days', p.bedRestDays, 0, days) };
}

/** HP of the rest: days add to the week; a completed week gives the weekly rate (×2 if all bed rest). */
function restHp(i: RestInput, counted: number, bedRest: boolean, progress: RestWeekProgress) {
  const weeklyRate = naturalHealingPerWeek({ con: i.con, size: i.size });
  const total = progress.days + counted;
  const weekCompleted = total >= DAYS_PER_HEALING_WEEK;
  let bedRestWeek = false;
  let next: RestWeekProgress = {
    days: total,
    bedRestDays: progress.bedRestDays + (bedRest ? counted : 0),
  };
  if (weekCompleted) {
    bedRestWeek = progress.bedRestDays === progress.days && bedRest;
    const carried = total - DAYS_PER_HEALING_WEEK;
    next = { days: carried, bedRestDays: bedRest ? carried : 0 };
  }
  const gain = weekCompleted ? naturalHealingPerWeek({ con: i.con, size: i.size, bedRest: bedRestWeek }) : 0;
  const { current, max } = i.hp;
  const after = Math.max(current, Math.min(max, current + gain));
  return { weeklyRate, weekCompleted, bedRestWeek, progress: next, after };
}

function checkInput(i: RestInput) {
  if (typeof i !== 'object' || i === null)
    throw new RangeError(`rest input must be an object, got ${String(i)}`);
  const kind = assertOneOf('rest kind', i.kind, REST_KINDS);
  assertNonNegativeInteger('con', i.con, 1);
  assertSize(i.size);
  assertNonNegativeInteger('character level', i.characterLevel, 1);
  if (typeof i.hp !== 'object' || i.hp === null)
    throw new RangeError(`hp must be { current, max }, got ${String(i.hp)}`);
  const max = assertNonNegativeInteger('max HP', i.hp.max);
  assertIntegerInRange('current HP', i.hp.current, -1_000_000, max);
  const nonlethal = assertNonNegativeInteger('nonlethal damage', i.nonlethal ?? 0);
  const damage = Object.entries(i.abilityDamage ?? {})
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ({
      ability: assertOneOf('ability', key, ABILITIES),
      before: assertNonNegativeInteger(`${key} damage`, value),
    }));
  const parts = [...(i.disabledParts ?? [])].map((p) => {
    if (typeof p !== 'string' || p.length === 0)
      throw new RangeError(`disabled part must be a name, got ${String(p)}`);
    return p;
  });
  if (new Set(parts).size !== parts.length)
    throw new RangeError(`disabled parts must differ: ${parts.join(', ')}`);
  return { kind, nonlethal, damage, parts, progress: checkProgress(i.weekProgress) };
}

/**
 * The outcome of one rest (GnG "HEALING" and "RECOVERY OF DISABLED BODY PARTS"): HP by the healing
 * week, ability points per day, a d% per disabled part per day, nonlethal damage by the hour.
 * Rolls d% from `dice` only for parts that can recover. Bad input throws a RangeError.
 */
export function restOutcome(i: RestInput, dice: DiceSource): RestOutcome {
  const { kind, nonlethal, damage, parts, progress } = checkInput(i);
  const bedRest = isBedRest(kind);
  const days = REST_DAYS[kind];
  const hours = REST_HOURS[kind];
  const interrupted = i.interrupted === true;
  const dying = i.dyingUnstable === true;
  const loss = lossOf(i.dayWithLoss);

  const hpBlocked: RestBlock | null = interrupted ? 'interrupted' : dying ? 'dying-unstable' : null;
  const counted = hpBlocked === null ? days : 0;
  const hp = restHp(i, counted, bedRest, progress);

  const perDay = abilityPointsRecoveredPerDay({
    bedRest,
    restInterrupted: interrupted,
    abilityLossToday: loss.ability,
  });
  const abilitiesBlocked: RestBlock | null = interrupted ? 'interrupted' : loss.ability ? 'loss' : null;
  const abilities = damage.map(({ ability, before }) => {
    const recovered = Math.min(before, perDay * days);
    return { ability, before, after: before - recovered, recovered };
  });

  const partInput = {
    con: i.con,
    bedRest,
    tendedByHealer: i.healer === true,
    restInterrupted: interrupted,
    hpLostThisCycle: loss.hp,
    dyingUnstable: dying,
  };
  const chance = Math.min(100, bodyPartRecoveryChance(partInput));
  const bodyPartsBlocked: RestBlock | null = interrupted
    ? 'interrupted'
    : dying
      ? 'dying-unstable'
      : loss.hp
        ? 'loss'
        : null;
  const recoveredOn = new Map<string, number>();
  const rolls: BodyPartRoll[] = [];
  for (let day = 1; chance > 0 && day <= days; day++) {
    for (const part of parts) {
      if (recoveredOn.has(part)) continue;
      const { roll, recovers } = rollBodyPartRecovery(dice, partInput);
      rolls.push({ part, day, chance, roll, recovers });
      if (recovers) recoveredOn.set(part, day);
    }
  }
  const recovered = Math.min(nonlethal, hours * i.characterLevel);
  return {
    kind,
    hours,
    daysCounted: counted,
    hp: {
      before: i.hp.current,
      after: hp.after,
      regained: hp.after - i.hp.current,
      weeklyRate: hp.weeklyRate,
      weekCompleted: hp.weekCompleted,
      bedRestWeek: hp.bedRestWeek,
      progress: hp.progress,
      blocked: hpBlocked,
    },
    nonlethal: { before: nonlethal, after: nonlethal - recovered, recovered },
    abilities,
    abilitiesBlocked,
    bodyParts: parts.map((part) => ({
      part,
      recovered: recoveredOn.has(part),
      day: recoveredOn.get(part) ?? null,
    })),
    bodyPartsBlocked,
    rolls,
  };
}
