/**
 * Exact damage odds (issue #20): the weapon's dice convolved with the Relative Degree of each hit,
 * then Protection (bypass, fortification, a failed Penetration save), the after-Protection
 * multiplier, damage reduction and energy resistance — through the engine's own `damagePipeline`,
 * so the odds take every step exactly as the attack card does.
 */
import { penetrationSaveDc } from '../called-shots.js';
import { damagePipeline, type DamagePipelineInput } from '../damage.js';
import { assertInteger, assertNonNegativeInteger } from '../validate.js';
import {
  added,
  convolve,
  diceSum,
  emptyDistribution,
  mapped,
  mass,
  maxValue,
  pointDistribution,
  probabilityOf,
  weighted,
  type Distribution,
} from './distribution.js';
import type { HitOdds } from './hit-odds.js';
import { saveSuccessOdds } from './save-odds.js';

/**
 * What the attack card passes to `damagePipeline`, with the weapon's dice as a count and faces instead
 * of rolled values (the flat part of "1d8+1" goes in `weaponBonus`, as the card puts it there).
 */
export interface DamageOddsInput extends Omit<
  DamagePipelineInput,
  'weaponDice' | 'relativeDegree' | 'penetrated'
> {
  weaponDice?: { count: number; faces: number; bonus?: number };
}

/** Options of {@link damageOdds}. */
export interface DamageOddsOptions {
  /** A Penetration called shot: the target's Reflex save bonus against DC 10 + RD. */
  penetration?: { reflexSave: number };
}

/** Result of {@link damageOdds}: every distribution sums to 1 (a miss deals 0). */
export interface DamageOdds {
  miss: number;
  /** A hit whose damage Protection, damage reduction and energy resistance took to 0. */
  absorbed: number;
  /** The damage dealt (`final` of the pipeline) over every outcome. */
  final: Distribution;
  /** The hits only: `final` of each hit (mass = P(hit)). */
  hitFinal: Distribution;
  /** HP damage (`lethal`): all of `final`, or all on 0 for a nonlethal attack. */
  lethal: Distribution;
  /** Nonlethal damage: all of `final` for a nonlethal attack, else all on 0. */
  nonlethal: Distribution;
  nonlethalAttack: boolean;
  /** Penetration: P(hit and the Reflex save fails: half the Protection ignored), else null. */
  penetrated: number | null;
  /** Penetration: P(hit and the Reflex save is made), else null. */
  penetrationSaved: number | null;
}

/** The hit part of a {@link HitOdds} (what damage needs). */
export type HitPart = Pick<HitOdds, 'hitRd' | 'miss'>;

function checkedDice(input: DamageOddsInput): { count: number; faces: number } {
  const dice = input.weaponDice ?? { count: 0, faces: 1 };
  if ((dice.bonus ?? 0) !== 0)
    throw new RangeError('put the flat part of the weapon dice in weaponBonus, as the attack card does');
  return {
    count: assertNonNegativeInteger('weapon dice count', dice.count),
    faces: assertNonNegativeInteger('weapon dice faces', dice.faces, 1),
  };
}

/**
 * The pipeline's result for a hit whose dice and RD (when RD is added) come to `sum`:
 * `damagePipeline` itself, with the sum as flat weapon damage (the pipeline only ever adds them).
 */
function pipelineAt(input: DamageOddsInput, sum: number, penetrated: boolean) {
  const { weaponDice: _dice, ...rest } = input;
  return damagePipeline({
    ...rest,
    weaponDice: [],
    weaponBonus: (input.weaponBonus ?? 0) + sum,
    relativeDegree: 0,
    penetrated,
  });
}

/**
 * `final` for every sum from `min` to `max`. The pipeline is max(0, …) of a sum at each step, so once
 * a sum deals damage every larger one deals `multiplier` more per point: the pipeline is called for
 * each sum up to the first that deals damage, and once more at `max` to check the line (if it ever
 * disagreed, every sum would be sent through the pipeline).
 */
function finalBySum(input: DamageOddsInput, min: number, max: number, penetrated: boolean): number[] {
  const finals: number[] = [];
  let s = min;
  for (; s <= max; s++) {
    const r = pipelineAt(input, s, penetrated);
    finals.push(r.final);
    if (r.final > 0) break;
  }
  if (s >= max) return finals;
  const base = finals[finals.length - 1] as number;
  const slope = pipelineAt(input, s, penetrated).steps.multiplier ?? 1;
  for (let next = s + 1; next <= max; next++) finals.push(base + slope * (next - s));
  if (pipelineAt(input, max, penetrated).final === finals[finals.length - 1]) return finals;
  return Array.from({ length: max - min + 1 }, (_, i) => pipelineAt(input, min + i, penetrated).final);
}

/**
 * The distribution of the damage of an attack whose hits have the RD distribution `hit.hitRd`
 * (DAMAGE: "Weapon Damage + Relative Degree – Protection"; PROTECTION; damage reduction and energy
 * resistance after it). The totals go through `damagePipeline` (see {@link finalBySum}).
 */
export function damageOdds(
  hit: HitPart,
  input: DamageOddsInput,
  options: DamageOddsOptions = {},
): DamageOdds {
  const { count, faces } = checkedDice(input);
  const dice = diceSum(count, faces);
  // Refuses a bad input at once, hits or not.
  pipelineAt(input, 0, false);
  const rdAdds = input.applyRelativeDegree !== false;
  const reflex = options.penetration ? assertInteger('reflex save', options.penetration.reflexSave) : null;
  const failed = (rd: number) => 1 - saveSuccessOdds(reflex as number, penetrationSaveDc(rd));
  const parts: { rd: Distribution; penetrated: boolean }[] =
    reflex === null
      ? [{ rd: hit.hitRd, penetrated: false }]
      : [
          { rd: weighted(hit.hitRd, (rd) => 1 - failed(rd)), penetrated: false },
          { rd: weighted(hit.hitRd, failed), penetrated: true },
        ];
  let hitFinal = emptyDistribution();
  for (const part of parts) {
    const partMass = mass(part.rd);
    if (partMass === 0) continue;
    const sums = rdAdds ? convolve(dice, part.rd) : weighted(dice, () => partMass);
    const finals = finalBySum(input, sums.min, maxValue(sums), part.penetrated);
    const final = mapped(sums, (sum) => finals[sum - sums.min] as number);
    hitFinal = added(hitFinal, final);
  }
  const final = added(hitFinal, pointDistribution(0, hit.miss));
  const nonlethalAttack = input.nonlethal === true;
  const none = pointDistribution(0);
  const penetrated = reflex === null ? null : mass(parts[1]?.rd ?? emptyDistribution());
  return {
    miss: hit.miss,
    absorbed: probabilityOf(hitFinal, 0),
    final,
    hitFinal,
    lethal: nonlethalAttack ? none : final,
    nonlethal: nonlethalAttack ? final : none,
    nonlethalAttack,
    penetrated,
    penetrationSaved: reflex === null ? null : mass(parts[0]?.rd ?? emptyDistribution()),
  };
}
