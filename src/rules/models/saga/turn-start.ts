/**
 * What happens to a creature at the start of its turn under the Saga-style model (seed 001; issue #30):
 * its regeneration (R25, 001:145) and, below 0 HP, its dying round (decision A4: the chapter has no
 * lethal HP below 0, so the d20 Modern core rules hold, 004:147 "When it drops to –1, he or she is
 * dying. When it drops to –10, the character is dead."; each round a dying character that does not
 * stabilize (10%) loses 1 HP — docs/rules.md "Dying and regeneration at the turn start"). Pure; dice
 * are passed in.
 */
import type { DiceSource } from '../../types.js';
import { assertInteger } from '../../validate.js';
import { DEAD_AT, lethalCondition } from './health.js';
import { regenerationTurn } from './special-rules.js';

/** Chance in % that a dying creature becomes stable on its round (A4: d% 01–10). */
export const SAGA_STABILIZE_CHANCE = 10;
/** HP a dying creature that does not stabilize loses each round (A4). */
export const SAGA_DYING_HP_LOSS = 1;

/** One dying round (the shape of the GnG dying round's outcome: roll, chance, stable, HP lost). */
export interface SagaDyingRound {
  /** d% rolled. */
  roll: number;
  /** Chance in % to stabilize ({@link SAGA_STABILIZE_CHANCE}). */
  chance: number;
  /** Became stable (roll ≤ chance): no HP lost. */
  stable: boolean;
  /** HP lost: 0 when stable, else 1. */
  hpLost: number;
  /** HP after the round. */
  current: number;
  /** Still dying, or dead at −10 (A4). */
  condition: 'dying' | 'dead';
}

/**
 * A dying creature's round (A4): d% ≤ 10 → stable, else it loses 1 HP and is dead at −10. Throws
 * unless the HP are dying (−1 to −9).
 */
export function sagaDyingRound(hp: number, dice: DiceSource): SagaDyingRound {
  const before = assertInteger('HP', hp);
  if (lethalCondition(before) !== 'dying')
    throw new RangeError(`HP ${before} are not dying (−1 to ${DEAD_AT + 1})`);
  const roll = dice.roll(100);
  const stable = roll <= SAGA_STABILIZE_CHANCE;
  const hpLost = stable ? 0 : SAGA_DYING_HP_LOSS;
  const current = before - hpLost;
  return {
    roll,
    chance: SAGA_STABILIZE_CHANCE,
    stable,
    hpLost,
    current,
    condition: lethalCondition(current) === 'dead' ? 'dead' : 'dying',
  };
}

/** A creature at its turn start: HP, maximum, regeneration (0: none) and its turns still suppressed. */
export interface SagaTurnStartInput {
  hp: number;
  max: number;
  regeneration: number;
  suppressedTurns: number;
  /** Below 0 HP and stabilized already (no dying round). */
  stable: boolean;
  /** Dead: nothing happens. */
  dead: boolean;
}

export interface SagaTurnStart {
  /** Regeneration this turn (null: the creature does not regenerate). */
  regeneration: { healed: number; suppressed: boolean } | null;
  /** Turns of suppression left after this turn. */
  suppressedTurns: number;
  /** HP after regeneration, before the dying round. */
  hpAfterRegeneration: number;
  /** The dying round (null: not dying after regeneration, or stable). */
  dying: SagaDyingRound | null;
  /** HP at the end. */
  hp: number;
}

/**
 * A creature's turn start: first its regeneration ("recovers 5 HP on its turn", unless its bane
 * suppressed it; 001:145), then, when its HP are still dying and it is not stable, its dying round
 * (A4). A dead creature neither regenerates nor dies again (docs/rules.md).
 */
export function sagaTurnStart(input: SagaTurnStartInput, dice: DiceSource): SagaTurnStart {
  const hp = assertInteger('HP', input.hp);
  if (input.dead || lethalCondition(hp) === 'dead')
    return {
      regeneration: null,
      suppressedTurns: input.suppressedTurns,
      hpAfterRegeneration: hp,
      dying: null,
      hp,
    };
  let after = hp;
  let regeneration: SagaTurnStart['regeneration'] = null;
  let suppressedTurns = input.suppressedTurns;
  if (input.regeneration > 0) {
    const turn = regenerationTurn({
      hp,
      max: input.max,
      regeneration: input.regeneration,
      suppressedTurns: input.suppressedTurns,
    });
    regeneration = { healed: turn.healed, suppressed: input.suppressedTurns > 0 };
    suppressedTurns = turn.suppressedTurns;
    after = turn.hp;
  }
  // Regenerated out of dying (or to 0: disabled), there is no dying round; a stable creature has none.
  const dying = lethalCondition(after) === 'dying' && !input.stable ? sagaDyingRound(after, dice) : null;
  return { regeneration, suppressedTurns, hpAfterRegeneration: after, dying, hp: dying?.current ?? after };
}
