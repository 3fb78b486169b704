/**
 * "The best weapon", shared by every model's fight loop: the attack with the highest expected damage
 * (ties to the first listed), cached per attacker and a key (target, variants, model), since the same
 * snapshots run thousands of fights.
 */
import type { CombatantSnapshot, SimAttack } from './types.js';

/** A cache of best attacks: per attacker, per key. */
export type BestAttackCache = WeakMap<CombatantSnapshot, Map<string, SimAttack | null>>;

/** The attack of `attacker` with the highest `meanDamage` (ties: the first), cached under `key`. */
export function cachedBestAttack(
  cache: BestAttackCache,
  attacker: CombatantSnapshot,
  key: string,
  meanDamage: (attack: SimAttack) => number,
): SimAttack | null {
  let byKey = cache.get(attacker);
  if (!byKey) cache.set(attacker, (byKey = new Map()));
  if (byKey.has(key)) return byKey.get(key) ?? null;
  let best: SimAttack | null = null;
  let bestMean = -1;
  for (const attack of attacker.attacks) {
    const mean = meanDamage(attack);
    if (mean > bestMean) {
      best = attack;
      bestMean = mean;
    }
  }
  byKey.set(key, best);
  return best;
}
