/**
 * Weapon sizes under the Saga-style model (001:189, R26): "find the weapon's damage dice on the Damage
 * Dice Chart and raise or lower the damage dice by two steps (if the damage die is 1d8 or lower,
 * raise/lower the damage die by one step)". The chart is missing from the chapter: decision A8 takes a
 * die-step chart that gives all four of the text's examples (Large/Small rapier 1d8/1d4 from 1d6,
 * Large/Small greatsword 3d6/1d8 from 2d6). "1d8 or lower" is tested on the dice before each size
 * step; a change of several sizes takes its steps one size at a time. Pure.
 */
import { diceProblem, parseDice } from '../../dice.js';
import { sizeSteps } from '../../sizes.js';
import type { Size } from '../../types.js';
import { assertInteger } from '../../validate.js';

/** A8's Damage Dice Chart, smallest first. */
export const SAGA_DAMAGE_DICE_CHART = [
  '1d2',
  '1d3',
  '1d4',
  '1d6',
  '1d8',
  '1d10',
  '2d6',
  '2d8',
  '3d6',
  '3d8',
  '4d6',
  '4d8',
  '6d6',
  '6d8',
  '8d6',
  '8d8',
  '12d6',
] as const;

/** Dice at or below this place on the chart move one step a size, the others two (001:189). */
const ONE_STEP_UP_TO = SAGA_DAMAGE_DICE_CHART.indexOf('1d8');

/**
 * `expression` ("2d6", "1d8+1": a flat bonus is kept) changed by `sizes` size categories (+ larger,
 * − smaller). Null when its dice are not on the chart, or the change runs off either end of it: the
 * weapon keeps its printed dice and the GM decides.
 */
export function sagaWeaponDice(expression: string, sizes: number): string | null {
  const change = assertInteger('size change', sizes);
  if (diceProblem(expression)) return null;
  const parsed = parseDice(expression);
  let at = (SAGA_DAMAGE_DICE_CHART as readonly string[]).indexOf(`${parsed.count}d${parsed.faces}`);
  if (at < 0) return null;
  const direction = Math.sign(change);
  for (let i = 0; i < Math.abs(change); i++) {
    at += direction * (at <= ONE_STEP_UP_TO ? 1 : 2);
    if (at < 0 || at >= SAGA_DAMAGE_DICE_CHART.length) return null;
  }
  const bonus = parsed.bonus === 0 ? '' : parsed.bonus > 0 ? `+${parsed.bonus}` : `${parsed.bonus}`;
  return `${SAGA_DAMAGE_DICE_CHART[at]}${bonus}`;
}

/** A Medium weapon's dice for a wielder or weapon of `size` (the chapter's weapons are Medium, 001:189). */
export function sagaWeaponDiceForSize(mediumDice: string, size: Size): string | null {
  return sagaWeaponDice(mediumDice, sizeSteps('medium', size));
}
