/**
 * The range penalty of a ranged attack under the Time Count model (seed 002:45; issue #32, R10): the
 * distance measured on the scene's grid as the GnG card measures it (`distanceToTarget`, firearms.ts:
 * nearest spaces, the scene's diagonal rule), the penalty and reach the engine's (`tcRangePenalty`).
 * With several targets the farthest measured counts (one roll for all); where no distance can be
 * measured (no token on the target's scene), none. Decisions: docs/rules.md "### The attack card".
 */
import { tcRangePenalty } from '../../rules/models/tc/attack-bonus.js';
import { tcAbilityMod } from '../../rules/models/tc/defenses.js';
import type { WeaponData } from '../../data/item/item-data.js';
import { modelCreatureOf } from '../../combat/model-health.js';
import { Refusal } from '../kernel/index.js';
import { distanceToTarget } from './firearms.js';

/** The measured distance, the penalty (≤ 0) and whether the target is within the weapon's reach. */
export interface TcRange {
  feet: number;
  penalty: number;
  inRange: boolean;
  maxRange: number;
}

/**
 * The range of a ranged attack with `weapon` at `targets` (null: a melee attack, a weapon with no
 * range increment, or no distance measured). A thrown weapon reaches 10 + the attacker's Strength
 * modifier increments (002:45).
 */
export function tcRangeOf(
  actor: Actor,
  weapon: Item,
  mode: 'melee' | 'ranged',
  targets: readonly { actor: Actor | null; tokenId: string | null }[],
): TcRange | null {
  const data = weapon.type === 'weapon' ? (weapon.system as WeaponData) : null;
  const increment = data?.rangeIncrement ?? 0;
  if (mode !== 'ranged' || !data || increment <= 0) return null;
  const measured = targets
    .map((t) => distanceToTarget(actor, t.actor, t.tokenId))
    .filter((d): d is number => d !== null);
  if (!measured.length) return null;
  const feet = Math.round(Math.max(...measured));
  const thrown = data.use === 'thrown' ? { strMod: tcAbilityMod(modelCreatureOf(actor), 'str') } : undefined;
  return { feet, ...tcRangePenalty(feet, increment, thrown) };
}

/** GM side, before the roll: a target beyond the weapon's reach is refused (nothing is rolled). */
export function assertTcInRange(range: TcRange | null, weapon: Item): void {
  if (range && !range.inRange)
    throw new Refusal('GNG.Model.TC.Card.Refusal.range', {
      name: weapon.name,
      feet: range.feet,
      max: range.maxRange,
    });
}
