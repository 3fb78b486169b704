/**
 * Running and sprinting (seed 002:215–232; issue #32, design §2.2 R43): when a creature may start,
 * how fast it goes, its endurance checks and the fatigue they cost. Pure: the caller rolls. Decisions:
 * docs/rules.md "### The Time Count".
 */
import { assertInteger, assertNonNegativeInteger } from '../../validate.js';

/** "you must first move at your base speed for at least 4 TC" / "be running for at least 4 TC" (002:219). */
export const RUN_UP_COUNTS = 4;
/** "every 30 TC spent running" (002:227), "every 20 TC spent sprinting" (002:231). */
export const RUN_CHECK_EVERY = 30;
export const SPRINT_CHECK_EVERY = 20;
/** DC 20 Athletics (Con) to keep going; DC 10 Athletics (Str) to start sprinting (002:227, 229). */
export const ENDURANCE_DC = 20;
export const SPRINT_START_DC = 10;
/** "Once you fail three checks during a single run … you must stop running" (002:227). */
export const RUN_FAILURES_TO_STOP = 3;

/**
 * "In order to start running, you must first move at your base speed for at least 4 TC in the same
 * direction. If you wish to sprint, then you must first be running for at least 4 TC. If you are
 * poised before you begin your run, then these requirements are ignored" (002:219).
 */
export function mayStartRunning(countsAtBaseSpeed: number, poised: boolean): boolean {
  return poised || assertNonNegativeInteger('counts at base speed', countsAtBaseSpeed) >= RUN_UP_COUNTS;
}

export function mayStartSprinting(countsRunning: number, poised: boolean): boolean {
  return poised || assertNonNegativeInteger('counts running', countsRunning) >= RUN_UP_COUNTS;
}

/** "Running increases your movement by half your base speed, rounded down to the nearest 5-foot increment" (002:223). */
export function runningSpeed(baseFeet: number): number {
  const base = assertNonNegativeInteger('base speed', baseFeet);
  return base + Math.floor(base / 2 / 5) * 5;
}

/**
 * The sprint's DC 10 Athletics (Str) check (002:229): a failure keeps the creature running (null); a
 * success runs "as if your base movement were 5 feet faster", 5 ft more for every full 5 points over
 * 10, and "always at least 5 feet faster than running".
 */
export function sprintingSpeed(baseFeet: number, athleticsTotal: number): number | null {
  const base = assertNonNegativeInteger('base speed', baseFeet);
  const total = assertInteger('Athletics check', athleticsTotal);
  if (total < SPRINT_START_DC) return null;
  const effective = base + 5 + 5 * Math.floor((total - SPRINT_START_DC) / 5);
  return Math.max(runningSpeed(effective), runningSpeed(base) + 5);
}

/**
 * Whether an endurance check is due after `countsSinceLast` counts: every 30 TC running, every 20 TC
 * when any of that time was sprinting ("count the whole time as sprinting", 002:231).
 */
export function enduranceCheckDue(countsSinceLast: number, sprintedSinceLast: boolean): boolean {
  const every = sprintedSinceLast ? SPRINT_CHECK_EVERY : RUN_CHECK_EVERY;
  return assertNonNegativeInteger('counts since the last check', countsSinceLast) >= every;
}

export interface EnduranceOutcome {
  passed: boolean;
  /** The check's total after the penalty. */
  total: number;
  penalty: number;
  /** "fail by 5 or less, you gain 1 fatigue point … by more than 5, … 2" (002:227). */
  fatigue: number;
  /** Failures of this run, this one included; 3 stop the run. */
  failures: number;
  mustStop: boolean;
}

/**
 * A DC 20 Athletics (Con) check with "a -1 penalty for each previous check" while running, "-2 …
 * for each previous check" while sprinting, "cumulative with those from running" (002:227, 231):
 * each earlier check of the run costs 1 if it was made running, 2 if made sprinting.
 */
export function enduranceCheck(input: {
  /** The roll's total before the penalty. */
  total: number;
  previousRunChecks: number;
  previousSprintChecks: number;
  failures: number;
}): EnduranceOutcome {
  const penalty =
    assertNonNegativeInteger('previous running checks', input.previousRunChecks) +
    2 * assertNonNegativeInteger('previous sprinting checks', input.previousSprintChecks);
  const total = assertInteger('Athletics check', input.total) - penalty;
  const passed = total >= ENDURANCE_DC;
  const failures = assertNonNegativeInteger('failures', input.failures) + (passed ? 0 : 1);
  const fatigue = passed ? 0 : ENDURANCE_DC - total <= 5 ? 1 : 2;
  return { passed, total, penalty, fatigue, failures, mustStop: failures >= RUN_FAILURES_TO_STOP };
}

/**
 * "If running would cause you to fall unconscious from fatigue, then you instead must stop running,
 * with your fatigue 1 point lower than your current hit points" (002:227); fatigue equal to HP is
 * where the risk begins (002:160). `fatigued`: "If you are forced to stop running … you become
 * fatigued".
 */
export function runningFatigue(
  fatigue: number,
  hp: number,
  gained: number,
): { fatigue: number; mustStop: boolean } {
  const before = assertNonNegativeInteger('fatigue', fatigue);
  const hitPoints = assertInteger('hit points', hp);
  const after = before + assertNonNegativeInteger('fatigue gained', gained);
  if (after < hitPoints) return { fatigue: after, mustStop: false };
  return { fatigue: Math.max(before, hitPoints - 1), mustStop: true };
}

/** "Your penalty to running decreases by 1 for every minute spent resting" (002:232): earlier checks forgotten, sprint ones first. */
export function restFromRunning(
  previous: { run: number; sprint: number },
  minutes: number,
): { run: number; sprint: number } {
  let points = assertNonNegativeInteger('minutes resting', minutes);
  let sprint = assertNonNegativeInteger('previous sprinting checks', previous.sprint);
  let run = assertNonNegativeInteger('previous running checks', previous.run);
  // A sprint check is 2 points of penalty; a point off it leaves a running-sized one.
  while (points > 0 && (sprint > 0 || run > 0)) {
    if (sprint > 0) {
      sprint--;
      run++;
    } else run--;
    points--;
  }
  return { run, sprint };
}
