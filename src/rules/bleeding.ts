/**
 * Severe Bleeding as a pure state machine (GnG "Severe Bleeding" called-shot effect; also the
 * Wounding weapon property): state + Fortitude save result → next state.
 */
import { assertInteger } from './validate.js';

/** The numbers of Severe Bleeding. */
export const SEVERE_BLEEDING = {
  /** "One round after the attack, the victim makes a DC 12 Fortitude save." */
  firstDc: 12,
  /** "another Fortitude save with a cumulative +2 increase in the DC" after each success. */
  dcStepPerSuccess: 2,
  /** "Once the victim becomes fatigued, the DC of the Fortitude save resets to 20." */
  resetDc: 20,
  /** Rounds between the attack and the first save. */
  firstSaveAfterRounds: 1,
} as const;

/** Where the victim stands: what the next failed save does. */
export type BleedingStage = 'bleeding' | 'fatigued' | 'exhausted';

/** State of a Severe Bleeding wound (immutable). */
export interface SevereBleedingState {
  /** `active`: saves continue each round; `stopped`: bound/treated; `dead`: died of blood loss. */
  readonly status: 'active' | 'stopped' | 'dead';
  /** Condition reached so far (`bleeding` = none yet); stays after the bleeding stops. */
  readonly stage: BleedingStage;
  /** DC of the next Fortitude save. */
  readonly dc: number;
}

/** The state right after a Severe Bleeding called shot takes effect: first save DC 12. */
export function startSevereBleeding(): SevereBleedingState {
  return Object.freeze({ status: 'active', stage: 'bleeding', dc: SEVERE_BLEEDING.firstDc });
}

/**
 * One round's Fortitude save (total compared to the DC, or a decided boolean): success raises the
 * DC by 2; failure moves bleeding → fatigued → exhausted (DC resets to 20 each time) → dead.
 * Throws a RangeError once the bleeding has stopped or the victim is dead.
 */
export function advanceSevereBleeding(
  state: SevereBleedingState,
  save: number | boolean,
): SevereBleedingState {
  if (state.status !== 'active') throw new RangeError(`severe bleeding is ${state.status}; no more saves`);
  const dc = assertInteger('dc', state.dc);
  const success = typeof save === 'boolean' ? save : assertInteger('save', save) >= dc;
  if (success) return Object.freeze({ ...state, dc: dc + SEVERE_BLEEDING.dcStepPerSuccess });
  switch (state.stage) {
    case 'bleeding':
      return Object.freeze({ status: 'active', stage: 'fatigued', dc: SEVERE_BLEEDING.resetDc });
    case 'fatigued':
      return Object.freeze({ status: 'active', stage: 'exhausted', dc: SEVERE_BLEEDING.resetDc });
    case 'exhausted':
      return Object.freeze({ status: 'dead', stage: 'exhausted', dc });
    default:
      throw new RangeError(`unknown bleeding stage: ${String(state.stage)}`);
  }
}

/**
 * Binding the wounds (or other treatment) ends the saves; fatigue or exhaustion already suffered
 * remains and is recovered normally. Binding a dead victim → RangeError.
 */
export function bindSevereBleeding(state: SevereBleedingState): SevereBleedingState {
  if (state.status === 'dead') throw new RangeError('cannot bind the wounds of a dead victim');
  return Object.freeze({ ...state, status: 'stopped' });
}

/** The conditions a Severe Bleeding state imposes (fatigued, exhausted or dead). */
export function severeBleedingConditions(state: SevereBleedingState): ('fatigued' | 'exhausted' | 'dead')[] {
  if (state.status === 'dead') return ['dead'];
  if (state.stage === 'bleeding') return [];
  return [state.stage];
}
