/**
 * Taking damage, as every card applies it (attack, area, grapple): lethal damage comes off
 * temporary HP first, nonlethal damage adds up, and the rules engine says what follows (trauma,
 * disabled/dying/dead by size, unconscious from nonlethal). Runs on the active GM's client, inside
 * the cards' GM queries. The result is the card's record of what changed, and what Undo restores.
 */
import {
  applyDamageToHitPoints,
  applyNonlethalDamage,
  damageConsequences,
  type Size,
} from '../rules/index.js';
import type { CreatureData } from '../data/actor/creature-data.js';
import { setTrauma } from './action-budget.js';

export interface HitPointSnapshot {
  value: number;
  temp: number;
  nonlethal: number;
}

export interface HitPointLoss {
  before: HitPointSnapshot;
  after: HitPointSnapshot;
  hpLost: number;
  trauma: boolean;
  condition: ReturnType<typeof damageConsequences>['condition'];
  nonlethalCondition: ReturnType<typeof applyNonlethalDamage>['condition'];
  injury: string;
  statusesAdded: string[];
  /** The actor's trauma flag before this loss set it (null: not set, e.g. out of combat). */
  traumaBefore: boolean | null;
}

function hitPoints(actor: Actor): HitPointSnapshot {
  const hp = (actor.system as CreatureData).hp;
  return { value: hp.value, temp: hp.temp, nonlethal: hp.nonlethal };
}

/**
 * Applies `lethal` and `nonlethal` damage to `actor`. `allow(changes)` is the caller's cancellable
 * pre-hook; when it returns false nothing changes and the result is null.
 */
export async function applyHitPointLoss(
  actor: Actor,
  damage: { lethal: number; nonlethal: number; nonlethalAttack?: boolean },
  allow: (changes: Record<string, unknown>) => boolean,
): Promise<HitPointLoss | null> {
  const before = hitPoints(actor);
  const lethal = applyDamageToHitPoints({
    current: before.value,
    temporary: before.temp,
    damage: damage.lethal,
  });
  const nonlethal = applyNonlethalDamage({
    currentHp: lethal.current,
    nonlethal: before.nonlethal,
    damage: damage.nonlethal,
  });
  const consequences = damageConsequences({
    currentHp: before.value,
    hpLost: lethal.hpLost,
    size: (actor.system as CreatureData).size as Size,
    nonlethal: damage.nonlethalAttack === true,
  });
  const wanted: string[] = [];
  if (consequences.condition === 'dying') wanted.push('dying');
  if (consequences.condition === 'dead') wanted.push('dead');
  if (nonlethal.condition === 'unconscious') wanted.push('unconscious');
  const statusesAdded = wanted.filter((status) => !actor.statuses.has(status));
  const changes: Record<string, unknown> = {
    'system.hp.value': lethal.current,
    'system.hp.temp': lethal.temporary,
    'system.hp.nonlethal': nonlethal.nonlethal,
  };
  if (!allow(changes)) return null;
  await actor.update(changes);
  for (const status of statusesAdded) await actor.toggleStatusEffect(status, { active: true });
  // Trauma: only a partial action on the actor's next turn (kept on its combatant; null out of combat).
  const traumaBefore = consequences.trauma ? await setTrauma(actor, true) : null;
  return {
    before,
    after: hitPoints(actor),
    hpLost: lethal.hpLost,
    trauma: consequences.trauma,
    condition: consequences.condition,
    nonlethalCondition: nonlethal.condition,
    injury: (actor.system as CreatureData).hp.injury?.level ?? 'none',
    statusesAdded,
    traumaBefore,
  };
}

/** Undoes a loss: hit points as they were, the statuses it added removed, trauma as it was. */
export async function restoreHitPointLoss(
  actor: Actor,
  loss: { snapshot: HitPointSnapshot; statusesAdded: readonly string[]; traumaBefore: boolean | null },
): Promise<void> {
  await actor.update({
    'system.hp.value': loss.snapshot.value,
    'system.hp.temp': loss.snapshot.temp,
    'system.hp.nonlethal': loss.snapshot.nonlethal,
  });
  for (const status of loss.statusesAdded) {
    if (actor.statuses.has(status)) await actor.toggleStatusEffect(status, { active: false });
  }
  if (loss.traumaBefore === false) await setTrauma(actor, false);
}
