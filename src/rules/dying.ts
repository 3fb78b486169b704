/**
 * The dying and temporary HP: a dying creature's own stabilization roll each round and the HP an
 * unstable round costs (core rules with GnG "DISABLED, DYING, AND DEAD": chance = Con), a Heal check
 * by someone else (core "Stabilize Dying Character", DC 15), and temporary HP (GnG "TEMPORARY HIT
 * POINTS": no size multiplier, not added to base HP). Pure; dice are passed in. Decisions:
 * docs/rules.md "Rest, recovery and the dying".
 */
import {
  damageCondition,
  rollStabilization,
  stabilizationChance,
  type DamageCondition,
} from './damage-effects.js';
import type { DiceSource, Size } from './types.js';
import { assertInteger, assertNonNegativeInteger, assertSize } from './validate.js';

/** DC of the Heal check that stabilizes a dying character (core "Stabilize Dying Character"). */
export const STABILIZE_HEAL_DC = 15;
/** HP a dying, unstable character loses each round it does not stabilize (core "Dying"). */
export const DYING_HP_LOSS_PER_ROUND = 1;

/** One round of a dying creature: its d% against Con, and what the round cost. */
export interface DyingRoundOutcome {
  /** d% rolled. */
  roll: number;
  /** Chance in % (the Con score, shown at most 100). */
  chance: number;
  /** Became stable this round (roll ≤ Con): no HP lost. */
  stable: boolean;
  /** HP lost this round: 0 when stable, else 1. */
  hpLost: number;
  /** Current HP after the round. */
  current: number;
  /** Condition after the round: still dying, or dead at the size's threshold. */
  condition: DamageCondition;
}

/**
 * A dying creature's round (core "Dying"/"Stabilizing" with GnG "DISABLED, DYING, AND DEAD"): d% ≤ Con
 * → stable; otherwise it loses 1 HP and may die (at −10, or −8/−4/−2 for Tiny/Diminutive/Fine).
 * Throws unless the creature is dying (below 0 HP, above its death threshold).
 */
export function dyingRound(
  i: { currentHp: number; con: number; size: Size },
  dice: DiceSource,
): DyingRoundOutcome {
  if (typeof i !== 'object' || i === null)
    throw new RangeError(`dying input must be an object, got ${String(i)}`);
  const size = assertSize(i.size);
  const before = assertInteger('current HP', i.currentHp);
  if (damageCondition(before, size) !== 'dying') {
    throw new RangeError(`current HP ${before} is not dying for a ${size} creature`);
  }
  const chance = Math.min(100, stabilizationChance(i.con));
  const { roll, stable } = rollStabilization(dice, i.con);
  const hpLost = stable ? 0 : DYING_HP_LOSS_PER_ROUND;
  const current = before - hpLost;
  return { roll, chance, stable, hpLost, current, condition: damageCondition(current, size) };
}

/** Whether someone's Heal check stabilizes a dying character: total ≥ DC 15 (core "Stabilize Dying Character"). */
export function healCheckStabilizes(healCheckTotal: number): boolean {
  return assertInteger('Heal check total', healCheckTotal) >= STABILIZE_HEAL_DC;
}

/** Rolls someone's Heal check (d20 + bonus) to stabilize a dying character against DC 15. */
export function rollHealToStabilize(
  dice: DiceSource,
  healBonus: number,
): { natural: number; total: number; dc: number; stable: boolean } {
  const bonus = assertInteger('Heal bonus', healBonus);
  const natural = dice.roll(20);
  const total = natural + bonus;
  return { natural, total, dc: STABILIZE_HEAL_DC, stable: healCheckStabilizes(total) };
}

/**
 * Temporary HP a creature gains from an effect (GnG "TEMPORARY HIT POINTS"): the amount as rolled,
 * whatever the size ("Do not apply your size multiplier to your temporary HP").
 */
export function temporaryHitPointsGained(amount: number, size: Size): number {
  assertSize(size);
  return assertNonNegativeInteger('temporary HP', amount);
}

/**
 * Temporary HP after a new grant: they do not stack, the higher of the pool left and the new grant is
 * kept (decision "temporary HP do not stack", after GnG's own wording for temporary HP grants); with
 * `stacks: true` (an effect that says so) they add up.
 */
export function gainTemporaryHitPoints(i: { temporary: number; gained: number; stacks?: boolean }): number {
  const temporary = assertNonNegativeInteger('temporary HP', i.temporary);
  const gained = assertNonNegativeInteger('temporary HP gained', i.gained);
  return i.stacks === true ? temporary + gained : Math.max(temporary, gained);
}

/**
 * HP with temporary HP (GnG "Do not add temporary HP to your base HP total"): the maximum and current
 * HP are unchanged; temporary HP are a separate pool, lost first (`applyDamageToHitPoints`),
 * and `total` is what stands between the creature and 0.
 */
export function hitPointsWithTemporary(i: { current: number; max: number; temporary: number }): {
  current: number;
  max: number;
  temporary: number;
  total: number;
} {
  const current = assertInteger('current HP', i.current);
  const max = assertNonNegativeInteger('max HP', i.max);
  const temporary = assertNonNegativeInteger('temporary HP', i.temporary);
  return { current, max, temporary, total: current + temporary };
}
