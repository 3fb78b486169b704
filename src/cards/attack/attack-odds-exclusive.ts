/**
 * The odds as a player reads them (issue #20, a newcomer's report): the engine's outcome records
 * (src/rules/odds/outcome-odds.ts) are each a distribution of the state AFTER the attack — a miss
 * leaves the target as it was, so "Dying" counts a miss against a dying target too, and the records
 * overlap one another (trauma, the injury grade and the condition are all true at once). Here they are
 * split into disjoint outcomes that add up to 1 — miss; hit for no harm (Protection / DR took it all);
 * then the worst state a harmful hit leaves (still up / disabled / dying / dead, or for a nonlethal
 * attack still up / staggered / unconscious) — and the overlapping chances of any hit (trauma, the
 * injury grade it leaves), shown apart.
 *
 * The split: a hit that deals 0 leaves the target exactly as a miss does (`stays`, the engine's
 * outcome of a sure miss, a point mass), so P(harmed and state X) = P(X) − P(no effect)·[stays is X].
 */
import type { OutcomeOdds } from '../../rules/odds/index.js';

/** The disjoint outcomes of a lethal attack, in order. */
export const LETHAL_OUTCOMES = ['miss', 'absorbed', 'hurt', 'disabled', 'dying', 'dead'] as const;
/** The disjoint outcomes of a nonlethal attack, in order. */
export const NONLETHAL_OUTCOMES = ['miss', 'absorbed', 'hurt', 'staggered', 'unconscious'] as const;
/** The overlapping chances of any hit (lethal attacks). */
export const ANY_HIT_OUTCOMES = ['trauma', 'light', 'moderate', 'severe'] as const;

export type ExclusiveOutcome = (typeof LETHAL_OUTCOMES)[number] | (typeof NONLETHAL_OUTCOMES)[number];
export type AnyHitOutcome = (typeof ANY_HIT_OUTCOMES)[number];

export interface ExclusiveOdds {
  /** Disjoint, summing to 1: the keys of LETHAL_OUTCOMES or NONLETHAL_OUTCOMES. */
  exclusive: Partial<Record<ExclusiveOutcome, number>>;
  /** Overlapping (each may happen with others): P(trauma), P(a harmful hit leaves this injury grade). */
  anyHit: Record<AnyHitOutcome, number>;
}

const clamp = (x: number) => Math.min(1, Math.max(0, x));

/**
 * The split of `o` (the attack's outcome odds) mixed with `stays` (the target untouched) at chance `c`
 * (concealment's miss, a Block), for an attack that hits with chance `hit`.
 */
export function exclusiveOdds(
  o: OutcomeOdds,
  stays: OutcomeOdds,
  c: number,
  hit: number,
  nonlethal: boolean,
): ExclusiveOdds {
  const miss = clamp(1 - (1 - c) * hit);
  const noEffect = clamp(c + (1 - c) * o.noEffect);
  // P(harmed and the record's key is `k`), from the attack's own odds (a stop before it harms nothing).
  const harmed = <K extends string>(after: Record<K, number>, before: Record<K, number>, k: K) =>
    clamp((1 - c) * (after[k] - o.noEffect * before[k]));
  const exclusive: Partial<Record<ExclusiveOutcome, number>> = {
    miss,
    absorbed: clamp(noEffect - miss),
  };
  const worst: readonly ('disabled' | 'dying' | 'dead' | 'staggered' | 'unconscious')[] = nonlethal
    ? ['staggered', 'unconscious']
    : ['disabled', 'dying', 'dead'];
  let rest = 1 - noEffect;
  for (const k of worst) {
    const p = nonlethal
      ? harmed(o.nonlethal, stays.nonlethal, k as 'staggered' | 'unconscious')
      : harmed(o.condition, stays.condition, k as 'disabled' | 'dying' | 'dead');
    exclusive[k] = p;
    rest -= p;
  }
  exclusive.hurt = clamp(rest);
  const trauma = (x: OutcomeOdds) => (x.woundTrauma ? x.woundTrauma.owed : x.trauma);
  return {
    exclusive: Object.fromEntries(
      (nonlethal ? NONLETHAL_OUTCOMES : LETHAL_OUTCOMES).map((k) => [k, exclusive[k] ?? 0]),
    ),
    anyHit: {
      trauma: clamp((1 - c) * trauma(o)),
      light: harmed(o.injury, stays.injury, 'light'),
      moderate: harmed(o.injury, stays.injury, 'moderate'),
      severe: harmed(o.injury, stays.injury, 'severe'),
    },
  };
}
