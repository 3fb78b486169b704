/**
 * The Saga-style model's condition track (seed 001; issue #30, design §2.1). The chapter moves
 * creatures "down the condition track" (001:80, 124, 128) without defining it; the steps, the damage
 * threshold and recovery are the project's decisions A1, A2 and A5 (docs/rules.md "The Saga-style
 * condition track"). Pure; not yet wired to a model (issue #30).
 */
import { assertIntegerInRange, assertNonNegativeInteger } from '../../validate.js';
import { CONDITION_TRACK_BOTTOM } from './track-bottom.js';

/** Steps down the track: 0 normal … 5 unconscious and helpless (decision A1). */
export { CONDITION_TRACK_BOTTOM };

/**
 * The penalty of each step to attack rolls, all three defenses, ability and skill checks (decision
 * A1: −1, −2, −5, −10; the last step, unconscious and helpless, keeps the −10).
 */
export const CONDITION_PENALTIES: readonly number[] = [0, -1, -2, -5, -10, -10];

function step(value: number): number {
  return assertIntegerInRange('condition step', value, 0, CONDITION_TRACK_BOTTOM);
}

/** What a step means at the table. */
export function conditionStep(value: number): {
  step: number;
  penalty: number;
  halfSpeed: boolean;
  /** Unconscious and helpless: flat-footed, +5 to melee attacks against it (001:124). */
  helpless: boolean;
} {
  const s = step(value);
  return {
    step: s,
    penalty: CONDITION_PENALTIES[s] as number,
    halfSpeed: s >= 4,
    helpless: s === CONDITION_TRACK_BOTTOM,
  };
}

/** `from` moved `by` steps down the track (never past its bottom). */
export function moveDown(from: number, by: number): number {
  return Math.min(CONDITION_TRACK_BOTTOM, step(from) + assertNonNegativeInteger('steps', by));
}

/**
 * The steps one hit costs (001:128 and decision A2: the damage threshold is the Fortitude Defense,
 * and damage "beats" it when it is at least as much). An ion or electricity hit on a mechanical
 * target (a robot, a vehicle, a creature with cybernetics) costs two.
 */
export function thresholdSteps(input: {
  damage: number;
  threshold: number;
  ion?: boolean;
  mechanical?: boolean;
}): number {
  const damage = assertNonNegativeInteger('damage', input.damage);
  const threshold = assertNonNegativeInteger('damage threshold', input.threshold);
  if (damage < threshold || damage === 0) return 0;
  return input.ion === true && input.mechanical === true ? 2 : 1;
}

/**
 * Ion or electricity damage (001:128): a target that is not mechanical takes half, rounded down
 * (decision A10's rounding); a mechanical one takes it all.
 */
export function ionDamage(damage: number, mechanical: boolean): number {
  const d = assertNonNegativeInteger('damage', damage);
  return mechanical ? d : Math.floor(d / 2);
}

/**
 * A coup de grace's end (001:80): damage that beats the Fortitude Defense kills; otherwise the
 * target still goes one step down the track, and a step that would leave it unconscious kills it.
 */
export function coupDeGraceOutcome(input: { damage: number; fortitudeDefense: number; step: number }): {
  dead: boolean;
  step: number;
} {
  const from = step(input.step);
  if (thresholdSteps({ damage: input.damage, threshold: input.fortitudeDefense }) > 0)
    return { dead: true, step: from };
  const to = moveDown(from, 1);
  return { dead: to === CONDITION_TRACK_BOTTOM, step: to };
}

/** Swift actions a creature spends in one turn to climb one step (decision A5: its whole turn). */
export const RECOVER_SWIFT_ACTIONS = 3;

/** `from` after a Recover (one step up) or a night's rest (back to normal): decision A5. */
export function recover(from: number, how: 'recover' | 'rest'): number {
  const s = step(from);
  return how === 'rest' ? 0 : Math.max(0, s - 1);
}
