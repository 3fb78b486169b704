/**
 * Exact hit odds (issue #20): the attack d20 + bonus with its d10 chains against the Defense d20 +
 * bonus, the attacker winning ties, as attack.ts resolves it; the Relative Degree distribution.
 * The chains are open-ended (a 9 rolls again), so they are followed to `chainDepth` d10s and what
 * lies beyond is folded onto the smallest value it could take; the folded mass bounds the error.
 */
import {
  COUP_DE_GRACE_RELATIVE_DEGREE,
  DEFENSE_ROLL_USES_CRITICAL_CHAIN,
  TAKE_10_NATURAL,
  defenseRollFromValues,
} from '../attack.js';
import { criticalChain, criticalKindForNatural, type CriticalKind } from '../criticals.js';
import { assertInteger, assertIntegerInRange, assertOneOf } from '../validate.js';
import {
  atLeast,
  below,
  convolve,
  mass,
  maxValue,
  negated,
  pointDistribution,
  type Distribution,
} from './distribution.js';

/** d10s of a chain followed exactly (decision "Exact odds": 10 → an error of at most 1e-11). */
export const DEFAULT_CHAIN_DEPTH = 10;
/** The deepest chain the odds follow (each d10 more multiplies the work a little, the error by 1/10). */
export const MAX_CHAIN_DEPTH = 30;
/** "If the result is 9, you add 9 to your roll and roll an additional 1d10" (ATTACK ROLL). */
const CHAIN_REROLL_FACE = 9;
const D10_FACES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
const D20 = 20;

/** How the Defense total comes about: rolled d20 + bonus, an automatic 1 + bonus, or a fixed total. */
export const DEFENSE_ODDS_KINDS = ['rolled', 'automatic-one', 'fixed'] as const;
/** One of {@link DEFENSE_ODDS_KINDS}. */
export type DefenseOddsKind = (typeof DEFENSE_ODDS_KINDS)[number];

/** Options of {@link hitOdds}. */
export interface HitOddsOptions {
  /** `rolled` (default): d20 + bonus; `automatic-one`: a helpless defender's 1 + bonus; `fixed`: the bonus is the total (a GM's entry, a stationary object). */
  defense?: DefenseOddsKind;
  /** The attacker takes 10: no die, no chain (multiple-target bursts). */
  take10?: boolean;
  /** A coup de grace: an automatic hit with RD 20, no roll matters. */
  coupDeGrace?: boolean;
  /** d10s of each chain followed exactly (default {@link DEFAULT_CHAIN_DEPTH}, 1…{@link MAX_CHAIN_DEPTH}). */
  chainDepth?: number;
}

/** What was cut off the open-ended chains, and how much it can matter. */
export interface ChainTruncation {
  /** d10s of each chain followed exactly. */
  depth: number;
  /** P(a natural 20 whose first `depth` d10s are all 9s): folded onto the value of those 9s. */
  successTail: number;
  /** The same for a natural 1. */
  failureTail: number;
  /** The folded natural 20 already hits every Defense: the cut cannot change hit or miss. */
  successTailSureHit: boolean;
  /** The folded natural 1 already misses every Defense: the cut changes nothing at all. */
  failureTailSureMiss: boolean;
  /** Bound on the error of any probability of the RD distribution (successTail + failureTail). */
  errorBound: number;
  /** Bound on the error of P(hit): 0 when neither cut can change hit or miss. */
  hitErrorBound: number;
}

/** Result of {@link hitOdds}. */
export interface HitOdds {
  hit: number;
  miss: number;
  /** RD = attack total − Defense total over every outcome (negative: a miss). Sums to 1. */
  rd: Distribution;
  /** The hits only: RD ≥ 0, mass = `hit`. */
  hitRd: Distribution;
  /** The attack hits without a roll (coup de grace). */
  automatic: boolean;
  truncation: ChainTruncation;
}

const chainCache = new Map<number, Distribution>();

/**
 * The size of a chain's adjustment (0, 1, 2 …) followed to `depth` d10s: every chain of at most
 * `depth` d10s is valued by the engine's own {@link criticalChain}; the chains whose first `depth`
 * d10s are all 9s (probability 10^−depth) are folded onto 9 × depth, the least they can come to.
 */
export function chainOdds(depth: number = DEFAULT_CHAIN_DEPTH): Distribution {
  assertIntegerInRange('chain depth', depth, 1, MAX_CHAIN_DEPTH);
  const cached = chainCache.get(depth);
  if (cached) return cached;
  const p = new Array<number>(CHAIN_REROLL_FACE * depth + 1).fill(0);
  const nines: number[] = [];
  let reach = 1;
  for (let j = 0; j < depth; j++) {
    const each = reach / D10_FACES.length;
    for (const face of D10_FACES) {
      if (face === CHAIN_REROLL_FACE) continue;
      const value = criticalChain('success', [...nines, face]);
      p[value] = (p[value] as number) + each;
    }
    nines.push(CHAIN_REROLL_FACE);
    reach = each;
  }
  p[CHAIN_REROLL_FACE * depth] = (p[CHAIN_REROLL_FACE * depth] as number) + reach;
  const d = { min: 0, p };
  chainCache.set(depth, d);
  return d;
}

/**
 * The attack total d20 + bonus with the chain of a natural 20 (added) or 1 (subtracted), as
 * `rollAttack` rolls it; taking 10, no die and no chain. Sums to 1.
 */
export function attackTotalOdds(
  bonus: number,
  options: { take10?: boolean; chainDepth?: number } = {},
): Distribution {
  assertInteger('attack bonus', bonus);
  if (options.take10) return pointDistribution(TAKE_10_NATURAL + bonus);
  return rolledWithChains(bonus, options.chainDepth ?? DEFAULT_CHAIN_DEPTH);
}

function rolledWithChains(bonus: number, depth: number): Distribution {
  const chain = chainOdds(depth);
  const span = maxValue(chain);
  const min = 1 + bonus - span;
  const p = new Array<number>(D20 + 2 * span).fill(0);
  for (let natural = 1; natural <= D20; natural++) {
    const kind: CriticalKind | null = criticalKindForNatural(natural);
    const base = natural + bonus - min;
    if (kind === null) p[base] = (p[base] as number) + 1 / D20;
    else {
      const sign = kind === 'success' ? 1 : -1;
      for (let k = 0; k < chain.p.length; k++) {
        const i = base + sign * k;
        p[i] = (p[i] as number) + (chain.p[k] as number) / D20;
      }
    }
  }
  return { min, p };
}

/** The Defense total: d20 + bonus (no chain: decision 1), an automatic 1 + bonus, or a fixed total. */
export function defenseTotalOdds(
  bonus: number,
  kind: DefenseOddsKind = 'rolled',
  chainDepth: number = DEFAULT_CHAIN_DEPTH,
): Distribution {
  assertInteger('defense bonus', bonus);
  switch (assertOneOf('defense kind', kind, DEFENSE_ODDS_KINDS)) {
    case 'fixed':
      return pointDistribution(bonus);
    case 'automatic-one':
      return pointDistribution(defenseRollFromValues({ bonus, autoRollOne: true }).total);
    case 'rolled':
      if (DEFENSE_ROLL_USES_CRITICAL_CHAIN) return rolledWithChains(bonus, chainDepth);
      return {
        min: defenseRollFromValues({ natural: 1, bonus }).total,
        p: new Array<number>(D20).fill(1 / D20),
      };
  }
}

/**
 * Exact P(hit) and the RD distribution of an attack with `attackBonus` against a Defense with
 * `defenseBonus` (ATTACK ROLL: "If your result equals or beats the target's Defense, you hit"; no
 * automatic hits or misses; RELATIVE DEGREE). RD is the engine's `relativeDegree`.
 */
export function hitOdds(attackBonus: number, defenseBonus: number, options: HitOddsOptions = {}): HitOdds {
  const depth = assertIntegerInRange(
    'chain depth',
    options.chainDepth ?? DEFAULT_CHAIN_DEPTH,
    1,
    MAX_CHAIN_DEPTH,
  );
  assertInteger('attack bonus', attackBonus);
  const defense = defenseTotalOdds(defenseBonus, options.defense ?? 'rolled', depth);
  if (options.coupDeGrace) {
    const rd = pointDistribution(COUP_DE_GRACE_RELATIVE_DEGREE);
    return { hit: 1, miss: 0, rd, hitRd: rd, automatic: true, truncation: noTruncation(depth) };
  }
  const attack = attackTotalOdds(attackBonus, { take10: options.take10 === true, chainDepth: depth });
  // RD = A − D (the engine's `relativeDegree`) for independent A and D.
  const rd = convolve(attack, negated(defense));
  const hitRd = atLeast(rd, 0);
  const missRd = below(rd, 0);
  const hit = mass(hitRd);
  const truncation = options.take10
    ? noTruncation(depth)
    : chainTruncation(depth, attackBonus, defense.min, maxValue(defense));
  return { hit, miss: mass(missRd), rd, hitRd, automatic: false, truncation };
}

/** A chain not cut short: no tail, no error. */
export function noTruncation(depth: number): ChainTruncation {
  return {
    depth,
    successTail: 0,
    failureTail: 0,
    successTailSureHit: true,
    failureTailSureMiss: true,
    errorBound: 0,
    hitErrorBound: 0,
  };
}

function chainTruncation(
  depth: number,
  bonus: number,
  minDefense: number,
  maxDefense: number,
): ChainTruncation {
  const tail = (1 / D20) * Math.pow(1 / D10_FACES.length, depth);
  const fold = CHAIN_REROLL_FACE * depth;
  const successTailSureHit = D20 + bonus + fold >= maxDefense;
  const failureTailSureMiss = 1 + bonus - fold < minDefense;
  return {
    depth,
    successTail: tail,
    failureTail: tail,
    successTailSureHit,
    failureTailSureMiss,
    errorBound: 2 * tail,
    hitErrorBound: (successTailSureHit ? 0 : tail) + (failureTailSureMiss ? 0 : tail),
  };
}
